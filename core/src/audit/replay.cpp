// Replay and diff of a logged query. A replay re-runs it with the settings it was logged with,
// so any movement comes from the data; a diff re-runs it with today's settings, and the two
// flags (revision, changed keys) tell which of the two moved it.
#include "json/string_array.h"
#include "search/pipeline.h"
#include "search/rank_rules.h"

#include <memlens/audit.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <unordered_map>

namespace memlens {

std::vector<RankMove> rank_moves(const std::vector<std::pair<std::string, double>>& logged,
                                 const std::vector<std::pair<std::string, double>>& rerun) {
    std::unordered_map<std::string, std::size_t> logged_at, rerun_at;
    for (std::size_t i = 0; i < logged.size(); ++i)
        logged_at.emplace(logged[i].first, i);
    for (std::size_t i = 0; i < rerun.size(); ++i)
        rerun_at.emplace(rerun[i].first, i);
    std::vector<RankMove> out;
    for (std::size_t i = 0; i < rerun.size(); ++i) {
        RankMove m;
        m.node_id = rerun[i].first;
        m.new_rank = static_cast<int>(i) + 1;
        m.new_score = rerun[i].second;
        auto it = logged_at.find(m.node_id);
        if (it != logged_at.end()) {
            m.logged_rank = static_cast<int>(it->second) + 1;
            m.logged_score = logged[it->second].second;
        }
        m.movement = movement_between(m.logged_rank, m.new_rank);
        out.push_back(std::move(m));
    }
    for (std::size_t i = 0; i < logged.size(); ++i) {
        if (rerun_at.count(logged[i].first))
            continue;
        RankMove m;
        m.node_id = logged[i].first;
        m.logged_rank = static_cast<int>(i) + 1;
        m.logged_score = logged[i].second;
        m.movement = Movement::Gone;
        out.push_back(std::move(m));
    }
    return out;
}

namespace {

using Ranking = std::vector<std::pair<std::string, double>>;

Ranking ranking_of(const SearchResponse& response) {
    Ranking out;
    for (const RetrievalHit& hit : response.result.hits)
        out.emplace_back(hit.node_id, hit.score);
    return out;
}

// The same ids in the same order (scores aside).
bool same_order(const Ranking& a, const Ranking& b) {
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].first != b[i].first)
            return false;
    return true;
}

Result<std::vector<std::pair<std::string, double>>> logged_sources(const AuditRecord& r) {
    auto j = nlohmann::json::parse(r.sources, nullptr, false);
    if (j.is_discarded() || !j.is_array())
        return Status::corruption("audit row " + std::to_string(r.id) + ": sources is not a list");
    std::vector<std::pair<std::string, double>> out;
    for (const auto& e : j) {
        if (!e.is_object() || !e.contains("node_id") || !e["node_id"].is_string())
            continue;
        const double score =
            e.contains("score") && e["score"].is_number() ? e["score"].get<double>() : 0.0;
        out.emplace_back(e["node_id"].get<std::string>(), score);
    }
    return out;
}

// The embedder that ranked under `settings`, or "" when they never ask it for the query's
// vector (keyword mode, the vector leg and the profile's vector signal both weighed 0).
std::string embedder_in_play(const std::string& signature, const RetrievalSettings& settings) {
    const auto plan = search::leg_plan(settings, search::lexical_vectors(signature));
    return search::needs_query_vector(settings, plan) ? signature : std::string();
}

// The embedders that ranked the logged query and its rerun (AuditComparison::embedder_changed).
// A row without candidate pools (logged before they were kept) names none.
void note_embedders(const AuditRecord& logged, const RetrievalSettings& logged_settings,
                    const SearchResponse& rerun, AuditComparison& cmp) {
    if (auto pools = candidates_from_audit(logged))
        cmp.logged_embedder = embedder_in_play(pools->vector_index, logged_settings);
    cmp.current_embedder = embedder_in_play(rerun.candidates.vector_index, rerun.settings);
    cmp.embedder_changed = !cmp.logged_embedder.empty() && !cmp.current_embedder.empty() &&
                           cmp.logged_embedder != cmp.current_embedder;
}

} // namespace

Result<AuditComparison> replay_audit(SearchEngine& engine, std::int64_t id,
                                     bool with_logged_settings) {
    check_off_ui_thread("replay_audit");
    if (!with_logged_settings)
        return diff_audit(engine, id);
    const Vault& vault = engine.vault();
    auto rec = get_audit(vault.db(), id);
    if (!rec)
        return rec.status();
    auto req = request_from_audit(*rec);
    if (!req)
        return req.status();
    auto logged_settings = settings_from_audit(*rec);
    if (!logged_settings)
        return logged_settings.status();
    auto logged = logged_sources(*rec);
    if (!logged)
        return logged.status();

    // Today's settings as the logged request would see them (its per-query overrides applied),
    // so an override such as --mode keyword does not read as a settings change.
    auto current = search::effective_settings(vault, *req);
    if (!current)
        return current.status();

    AuditComparison cmp;
    cmp.used_logged_settings = true;
    req->audit = false;
    req->settings = *logged_settings;
    auto rerun = engine.search(*req);
    if (!rerun)
        return rerun.status();
    const Ranking now = ranking_of(*rerun);
    cmp.moves = rank_moves(*logged, now);
    cmp.identical = same_order(*logged, now);
    cmp.logged_revision = rec->vault_revision;
    cmp.current_revision = rerun->vault_revision;
    cmp.data_changed = cmp.logged_revision != cmp.current_revision;
    cmp.changed_settings =
        changed_setting_keys(to_settings_map(*logged_settings), to_settings_map(*current));
    cmp.settings_changed = !cmp.changed_settings.empty();
    cmp.cause = cmp.data_changed ? AuditCause::Data : AuditCause::None;
    note_embedders(*rec, *logged_settings, *rerun, cmp);
    cmp.logged = std::move(rec).value();
    cmp.rerun = std::move(rerun).value();
    return cmp;
}

namespace {

// The logged query run with `settings` as they are: its per-query choices of the day are inside
// the logged settings, and must not override the settings compared.
Result<SearchResponse> run_with(SearchEngine& engine, SearchRequest request,
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

// Each changed setting alone on the logged settings, rerun today, against `base` (the logged
// settings rerun today).
Status attribute_settings(SearchEngine& engine, const SearchRequest& request,
                          const std::map<std::string, std::string>& logged,
                          const std::map<std::string, std::string>& target, const Ranking& base,
                          AuditComparison& cmp) {
    for (const std::string& key : cmp.changed_settings) {
        auto map = logged;
        if (auto it = target.find(key); it == target.end())
            map.erase(key);
        else
            map[key] = it->second;
        auto alone = retrieval_settings_from_map(map);
        if (!alone)
            return alone.status();
        auto run = run_with(engine, request, *alone);
        if (!run)
            return run.status();
        const Ranking r = ranking_of(*run);
        if (!same_order(r, base))
            cmp.reordering.push_back(key);
        else if (r != base)
            cmp.rescoring.push_back(key);
        else
            cmp.inert.push_back(key);
    }
    return Status::ok();
}

} // namespace

Result<AuditComparison> diff_audit(SearchEngine& engine, std::int64_t id,
                                   std::optional<RetrievalSettings> settings) {
    check_off_ui_thread("diff_audit");
    auto rec = get_audit(engine.vault().db(), id);
    if (!rec)
        return rec.status();
    auto parsed = parse_audit_row(*rec);
    if (!parsed)
        return parsed.status();
    const RetrievalSettings& logged = parsed->settings;
    RetrievalSettings target;
    if (settings) {
        target = *settings;
        target.mode = logged.mode; // the logged query's own mode, whatever the vault's is
    } else {
        auto current = search::effective_settings(engine.vault(), parsed->request);
        if (!current)
            return current.status();
        target = *current;
    }
    Ranking logged_ranking;
    for (const AuditSource& s : parsed->sources)
        logged_ranking.emplace_back(s.node_id, s.score);
    auto baseline = run_with(engine, parsed->request, logged);
    if (!baseline)
        return baseline.status();
    auto rerun = run_with(engine, parsed->request, target);
    if (!rerun)
        return rerun.status();
    const Ranking base = ranking_of(*baseline);
    const Ranking now = ranking_of(*rerun);

    AuditComparison cmp;
    cmp.used_logged_settings = false;
    cmp.moves = rank_moves(logged_ranking, now);
    cmp.identical = same_order(logged_ranking, now);
    cmp.logged_revision = rec->vault_revision;
    cmp.current_revision = rerun->vault_revision;
    cmp.data_changed = cmp.logged_revision != cmp.current_revision;
    const auto logged_map = to_settings_map(logged);
    const auto target_map = to_settings_map(target);
    cmp.changed_settings = changed_setting_keys(logged_map, target_map);
    cmp.settings_changed = !cmp.changed_settings.empty();
    cmp.data_keeps_order = same_order(logged_ranking, base);
    MEMLENS_TRY(attribute_settings(engine, parsed->request, logged_map, target_map, base, cmp));
    const bool settings_moved = !same_order(base, now);
    const bool data_moved = !cmp.data_keeps_order;
    cmp.cause = data_moved && settings_moved ? AuditCause::DataAndSettings
                : data_moved                 ? AuditCause::Data
                : settings_moved             ? AuditCause::Settings
                                             : AuditCause::None;
    note_embedders(*rec, logged, *rerun, cmp);
    cmp.logged = std::move(rec).value();
    cmp.rerun = std::move(rerun).value();
    return cmp;
}

Result<AuditRerun> rerun_audit(SearchEngine& engine, std::int64_t id) {
    check_off_ui_thread("rerun_audit");
    auto rec = get_audit(engine.vault().db(), id);
    if (!rec)
        return rec.status();
    // One parse of the row's query_profile for its request, pools and forgotten hits: a
    // damaged pool is found before the request or the settings are read.
    auto in = rerun_inputs_from_audit(*rec);
    if (!in)
        return in.status();
    auto logged = logged_sources(*rec);
    if (!logged)
        return logged.status();
    // The logged request already carries its overrides inside the logged settings.
    auto rerun = engine.rerun(in->request, in->settings, in->pools);
    if (!rerun)
        return rerun.status();
    rerun->query_hash = rec->query_hash;

    AuditRerun out;
    const auto& hits = rerun->result.hits;
    const std::size_t n = std::max(hits.size(), logged->size());
    for (std::size_t i = 0; i < n; ++i) {
        const bool has_logged = i < logged->size();
        const bool has_new = i < hits.size();
        if (has_logged && has_new && (*logged)[i].first == hits[i].node_id &&
            (*logged)[i].second == hits[i].score)
            continue;
        AuditRerun::Difference d;
        d.rank = static_cast<int>(i) + 1;
        if (has_logged) {
            d.logged_id = (*logged)[i].first;
            d.logged_score = (*logged)[i].second;
        }
        if (has_new) {
            d.rerun_id = hits[i].node_id;
            d.rerun_score = hits[i].score;
        }
        out.first_difference = std::move(d);
        break;
    }
    out.identical = !out.first_difference;
    out.forgotten = std::move(in->forgotten);
    out.logged_revision = rec->vault_revision;
    out.current_revision = rerun->vault_revision;
    out.logged = std::move(rec).value();
    out.rerun = std::move(rerun).value();
    return out;
}

} // namespace memlens
