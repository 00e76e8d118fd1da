// Replays a logged query on the query thread: with the settings it was logged with (replay_audit;
// any movement is then data), or with given settings, those on screen (diff_audit, which also
// names the settings that move a hit: AuditComparison::reordering …).
#pragma once

#include "vault/vaultref.h"

#include <memlens/audit.h>

#include <QString>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace memlens::ui {

struct ReplayOutcome {
    qint64 id = 0;
    bool withLoggedSettings = true;
    std::optional<AuditComparison> comparison;
    // Every node of the comparison (the rerun's hits, and the gone ones looked up), by id.
    std::map<std::string, RetrievalHit> nodes;
    QString error;
};

// withLoggedSettings = true: a replay. Otherwise a diff against `settings` (the vault's current
// settings when nullopt); the logged query keeps its mode.
ReplayOutcome runReplay(const VaultRef& ref, qint64 auditId, bool withLoggedSettings,
                        const std::optional<RetrievalSettings>& settings = std::nullopt);

} // namespace memlens::ui
