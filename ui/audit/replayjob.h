// Replays a logged query on the query thread (replay_audit): with the settings it was logged
// with (any movement is then data), or with the vault's current settings (a diff).
#pragma once

#include "vault/vaultref.h"

#include <memlens/audit.h>

#include <QString>

#include <map>
#include <optional>
#include <string>

namespace memlens::ui {

struct ReplayOutcome {
    qint64 id = 0;
    bool withLoggedSettings = true;
    std::optional<AuditComparison> comparison;
    // Every node of the comparison (the rerun's hits, and the gone ones looked up), by id.
    std::map<std::string, RetrievalHit> nodes;
    QString error;
};

ReplayOutcome runReplay(const VaultRef& ref, qint64 auditId, bool withLoggedSettings);

} // namespace memlens::ui
