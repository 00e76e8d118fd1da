// The rows of ml_settings (key → value) on any connection: the vault's own settings
// (Vault::setting), the topic index's file keys (core/src/topic/topic_store.cpp) and the audit
// log's merge marker (core/src/audit/audit_pending.cpp) read and write them here.
#pragma once

#include <memlens/db.h>

#include <optional>
#include <string>
#include <string_view>

namespace memlens {

// The value stored under `key`, or nullopt when there is none.
Result<std::optional<std::string>> read_setting(const Database& db, std::string_view key);
// Stores `value` under `key`, replacing what was there.
Status write_setting(const Database& db, std::string_view key, std::string_view value);

} // namespace memlens
