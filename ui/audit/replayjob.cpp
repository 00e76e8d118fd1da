#include "audit/replayjob.h"

#include "core/format.h"
#include "vault/workervault.h"

#include <memlens/overview.h>
#include <memlens/search.h>
#include <memlens/vault.h>

namespace memlens::ui {

namespace {

using Ranking = std::vector<std::pair<std::string, double>>;

Ranking rankingOf(const SearchResponse& response) {
    Ranking out;
    for (const RetrievalHit& hit : response.result.hits)
        out.emplace_back(hit.node_id, hit.score);
    return out;
}

bool sameOrder(const Ranking& a, const Ranking& b) {
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].first != b[i].first)
            return false;
    return true;
}

// The logged query run with `settings` as they are: its overrides of the day are inside the
// logged settings, and a diff must not have them override the settings on screen.
Result<SearchResponse> runWith(SearchEngine& engine, SearchRequest request,
                               const RetrievalSettings& settings) {
    request.audit = false;
    request.fusion.reset();
    request.profile.reset();
    request.mmr_lambda.reset();
    request.recency_boost.reset();
    request.include_summaries.reset();
    request.mode = settings.mode;
    request.settings = settings;
    return engine.search(request);
}

// The diff against given settings, built from the same parts replay_audit uses (audit.h), plus
// one rerun per changed setting to tell which of them moved what.
Status diffWith(SearchEngine& engine, qint64 auditId, RetrievalSettings target,
                ReplayOutcome& out) {
    auto rec = get_audit(engine.vault().db(), auditId);
    if (!rec)
        return rec.status();
    auto parsed = parse_audit_row(*rec);
    if (!parsed)
        return parsed.status();
    const RetrievalSettings& logged = parsed->settings;
    target.mode = logged.mode; // the logged query's own mode, whatever the vault's is
    Ranking loggedRanking;
    for (const AuditSource& s : parsed->sources)
        loggedRanking.emplace_back(s.node_id, s.score);

    auto baseline = runWith(engine, parsed->request, logged);
    if (!baseline)
        return baseline.status();
    auto rerun = runWith(engine, parsed->request, target);
    if (!rerun)
        return rerun.status();
    const Ranking base = rankingOf(*baseline);
    const Ranking now = rankingOf(*rerun);

    AuditComparison cmp;
    cmp.used_logged_settings = false;
    cmp.moves = rank_moves(loggedRanking, now);
    cmp.identical = sameOrder(loggedRanking, now);
    cmp.logged_revision = rec->vault_revision;
    cmp.current_revision = rerun->vault_revision;
    cmp.data_changed = cmp.logged_revision != cmp.current_revision;
    const auto loggedMap = to_settings_map(logged);
    const auto targetMap = to_settings_map(target);
    cmp.changed_settings = changed_setting_keys(loggedMap, targetMap);
    cmp.settings_changed = !cmp.changed_settings.empty();
    out.dataKeepsOrder = sameOrder(loggedRanking, base);

    // Each changed setting alone, on the logged settings, against the logged settings rerun
    // today (so a data change is not counted as the setting's).
    for (const std::string& key : cmp.changed_settings) {
        auto map = loggedMap;
        auto it = targetMap.find(key);
        if (it == targetMap.end())
            map.erase(key);
        else
            map[key] = it->second;
        auto alone = retrieval_settings_from_map(map);
        if (!alone)
            return alone.status();
        auto run = runWith(engine, parsed->request, *alone);
        if (!run)
            return run.status();
        const Ranking r = rankingOf(*run);
        if (!sameOrder(r, base))
            out.reordering.push_back(key);
        else if (r != base)
            out.rescoring.push_back(key);
        else
            out.inert.push_back(key);
    }
    const bool settingsMoved = !sameOrder(base, now);
    const bool dataMoved = !out.dataKeepsOrder;
    cmp.cause = dataMoved && settingsMoved ? "data+settings"
                : dataMoved                ? "data"
                : settingsMoved            ? "settings"
                                           : "none";
    cmp.logged = std::move(rec).value();
    cmp.rerun = std::move(rerun).value();
    out.comparison = std::move(cmp);
    return Status::ok();
}

} // namespace

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
    if (!withLoggedSettings && settings) {
        if (Status st = diffWith(**engine, auditId, *settings, out); !st) {
            out.error = formatStatus(st);
            return out;
        }
    } else {
        auto comparison = replay_audit(**engine, auditId, withLoggedSettings);
        if (!comparison) {
            out.error = formatStatus(comparison.status());
            return out;
        }
        out.comparison = std::move(comparison).value();
    }
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
