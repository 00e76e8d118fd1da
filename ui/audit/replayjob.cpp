#include "audit/replayjob.h"

#include "core/format.h"
#include "vault/workervault.h"

#include <memlens/overview.h>
#include <memlens/search.h>
#include <memlens/vault.h>

namespace memlens::ui {

ReplayOutcome runReplay(const VaultRef& ref, qint64 auditId, bool withLoggedSettings,
                        const std::optional<RetrievalSettings>& settings) {
    ReplayOutcome out;
    out.id = auditId;
    out.withLoggedSettings = withLoggedSettings;
    auto engine = workerEngine(ref);
    if (!engine) {
        out.error = formatStatus(engine.status());
        return out;
    }
    auto comparison = withLoggedSettings ? replay_audit(**engine, auditId, true)
                                         : diff_audit(**engine, auditId, settings);
    if (!comparison) {
        out.error = formatStatus(comparison.status());
        return out;
    }
    out.comparison = std::move(comparison).value();
    const AuditComparison& c = *out.comparison;
    for (const RetrievalHit& hit : c.rerun.result.hits)
        out.nodes.emplace(hit.node_id, hit);
    // Hits that are gone are no longer in the answer: read them, so the diff can show them.
    for (const RankMove& move : c.moves) {
        if (out.nodes.count(move.node_id) != 0)
            continue;
        auto node = find_node((*engine)->vault(), move.node_id);
        if (node && node->has_value())
            out.nodes.emplace(move.node_id, std::move(**node));
    }
    return out;
}

} // namespace memlens::ui
