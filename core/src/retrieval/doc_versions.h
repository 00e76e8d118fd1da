// Latest-wins for versioned documents: each document version seals its own subtree,
// and doc_id + version_ms on its summaries say which version is current.
#pragma once

#include "retrieval/summary_rows.h"

#include <memlens/db.h>
#include <memlens/status.h>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace memlens::detail {

// The newest version_ms of each doc_id among its non-deleted summaries (the whole vault, not
// just the rows at hand, so a stale version is recognised even when the current one lies
// outside the caller's window).
Result<std::unordered_map<std::string, std::int64_t>>
newest_doc_versions(const Database& db, const std::vector<std::string>& doc_ids);

// Removes rows whose doc_id has a newer version than theirs.
Status drop_stale_versions(const Database& db, const VaultColumns& cols,
                           std::vector<SummaryRow>& rows);

} // namespace memlens::detail
