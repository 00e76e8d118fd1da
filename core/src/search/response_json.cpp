// SearchResponse on the wire. Hits go through json_writer.h so that a hit (and its
// explanation) reads the same here as in every other command.
#include <memlens/json_writer.h>
#include <memlens/search.h>

#include <nlohmann/json.hpp>

namespace memlens {

namespace {

using nlohmann::json;

json response_hits_json(const std::vector<RetrievalHit>& hits) {
    return json::parse(to_json(hits, -1));
}

json response_leg_json(const LegReport& l) {
    json j = {{"ran", l.ran},
              {"count", l.count},
              {"top_score", l.top_score},
              {"weight", l.weight},
              {"ms", l.ms}};
    j["skipped"] = l.skipped_reason.empty() ? json(nullptr) : json(l.skipped_reason);
    // It ran and found no candidate: the other leg alone decided the hits.
    j["matched_nothing"] = l.ran && l.count == 0;
    return j;
}

} // namespace

std::string search_response_json(const SearchResponse& r, int indent, const std::string& extra) {
    json kw = response_leg_json(r.keyword);
    kw["fts_query"] = r.keyword.fts_query.empty() ? json(nullptr) : json(r.keyword.fts_query);
    kw["parts"] = r.keyword.parts;
    json vec = response_leg_json(r.vector);
    // The embedder that ranked, with the words a growing model learned since its training
    // (Embedder::ranking_signature): a ranking that changed with the model says so.
    vec["embedder"] = r.candidates.vector_index;
    vec["exact"] = r.vector.exact;
    vec["exact_reason"] =
        r.vector.exact_reason.empty() ? json(nullptr) : json(r.vector.exact_reason);
    vec["beam_recall"] = r.vector.beam_recall ? json(*r.vector.beam_recall) : json(nullptr);
    vec["beam_min_recall"] = r.vector.beam_min_recall;
    vec["reached_topics"] = r.vector.reached_topics;
    vec["scored"] = r.vector.scored;
    vec["index_problem"] =
        r.vector.index_problem.empty() ? json(nullptr) : json(r.vector.index_problem);
    if (r.vector.noise_floor) {
        vec["noise_floor"] = *r.vector.noise_floor;
        vec["below_noise"] = r.vector.below_noise;
    }

    json j = json::object();
    j["hits"] = response_hits_json(r.result.hits);
    j["total"] = r.result.total;
    j["truncated"] = r.result.truncated;
    j["degraded"] = json::parse(to_json(r.result.degraded));
    j["budget_reasons"] = r.budget_reasons;
    // The no-match threshold (0 = off) and the candidates it held back.
    j["min_score"] = r.settings.min_score;
    j["below_min_score"] = r.below_min_score;
    j["mode"] = to_string(r.settings.mode);
    j["fusion"] = to_string(r.settings.fusion);
    j["profile"] = r.settings.profile.name;
    j["limit"] = r.limit;
    j["mmr_lambda"] = r.mmr_lambda;
    j["legs"] = {{"keyword", kw}, {"vector", vec}};
    j["query_entities"] = r.query_entities;
    j["query_entity_notes"] = r.query_entity_notes;
    j["query_hash"] = r.query_hash;
    j["now"] = r.now_ms;
    j["vault_revision"] = r.vault_revision;
    j["elapsed_ms"] = r.elapsed_ms;
    j["stage_ms"] = json::object();
    for (const auto& [stage, ms] : r.stage_ms)
        j["stage_ms"][stage] = ms;
    j["pushed_out"] = response_hits_json(r.pushed_out);
    j["superseded_out"] = json::parse(to_json(r.superseded_out));
    if (r.no_match)
        j["no_match"] = {{"reason", r.no_match->reason},
                         {"unknown_terms", r.no_match->unknown_terms},
                         {"in_scope", r.no_match->in_scope},
                         {"best_similarity", r.no_match->best_similarity},
                         {"noise_floor", r.no_match->noise_floor},
                         {"min_score", r.no_match->min_score},
                         {"below_min_score", r.no_match->below_min_score},
                         {"best_score", r.no_match->best_score}};
    j["settings"] = to_settings_map(r.settings);
    j["audit"] = {{"enabled", r.audit.enabled},
                  {"reason", r.audit.disabled_reason.empty() ? json(nullptr)
                                                             : json(r.audit.disabled_reason)}};
    if (!extra.empty()) {
        auto e = json::parse(extra, nullptr, false);
        if (e.is_object())
            for (auto it = e.begin(); it != e.end(); ++it)
                j[it.key()] = it.value();
    }
    return j.dump(indent, ' ', false, json::error_handler_t::replace);
}

} // namespace memlens
