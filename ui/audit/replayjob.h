// Replays a logged query on the query thread: with the settings it was logged with (replay_audit;
// any movement is then data), or with given settings, those on screen (a diff). A diff reruns
// the query once more per changed setting, that setting alone on the logged ones, to name the
// settings that move a hit.
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
    // A diff: of comparison->changed_settings (the logged settings vs. the ones given), those
    // that alone reorder the logged query's hits (or change which hits it returns), those that
    // alone change scores but not the order, and those that alone change nothing.
    std::vector<std::string> reordering;
    std::vector<std::string> rescoring;
    std::vector<std::string> inert;
    // A diff: the logged settings rerun today give the logged order (false: the data moved it).
    bool dataKeepsOrder = true;
    QString error;
};

// withLoggedSettings = true: a replay. Otherwise a diff against `settings` (the vault's current
// settings when nullopt); the logged query keeps its mode.
ReplayOutcome runReplay(const VaultRef& ref, qint64 auditId, bool withLoggedSettings,
                        const std::optional<RetrievalSettings>& settings = std::nullopt);

} // namespace memlens::ui
