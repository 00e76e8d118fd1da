#include "search/rank_rules.h"

#include <memlens/time_util.h>

#include <algorithm>
#include <cmath>

namespace memlens::search {

bool lexical_vectors(std::string_view embedder_signature) {
    return embedder_signature.rfind("memlens-hash-", 0) == 0;
}

const char* keyword_leg_skipped(const RetrievalSettings& s, double weight) {
    if (s.mode == SearchMode::Semantic)
        return "mode semantic";
    return s.fusion == FusionKind::Rrf && !(weight > 0.0) ? "weight 0" : nullptr;
}

const char* vector_leg_skipped(const RetrievalSettings& s, double weight) {
    if (s.mode == SearchMode::Keyword)
        return "mode keyword";
    return s.fusion == FusionKind::Rrf && !(weight > 0.0) ? "weight 0" : nullptr;
}

LegPlan leg_plan(const RetrievalSettings& s, bool lexical) {
    LegPlan p;
    if (s.mode == SearchMode::Keyword) {
        p.keyword_weight = 1.0;
    } else if (s.mode == SearchMode::Semantic) {
        p.vector_weight = 1.0;
    } else {
        p.keyword_weight = s.keyword_weight;
        p.vector_weight = lexical ? s.lexical_vector_weight : s.vector_weight;
    }
    p.keyword_skipped = keyword_leg_skipped(s, p.keyword_weight);
    p.vector_skipped = vector_leg_skipped(s, p.vector_weight);
    return p;
}

bool needs_query_vector(const RetrievalSettings& s, const LegPlan& plan) {
    return plan.vector_skipped == nullptr ||
           (s.fusion == FusionKind::Profile && s.profile.vector > 0.0);
}

int effective_limit(const SearchRequest& req, const RetrievalSettings& s) {
    return std::clamp(req.limit > 0 ? req.limit : s.limit, 1, kMaxSearchLimit);
}

double effective_lambda(const RetrievalSettings& s) {
    return std::clamp(s.mmr_lambda, 0.0, 1.0);
}

std::int64_t effective_now(const SearchRequest& req) {
    return req.now_ms != 0 ? req.now_ms : now_ms();
}

bool ranks_node(const RetrievalSettings& s, bool is_summary) {
    return !is_summary || s.include_summaries;
}

bool below_min_score(const RetrievalSettings& s, double final_score) {
    return s.min_score > 0.0 && final_score < s.min_score;
}

bool hidden_as_superseded(const RetrievalSettings& s, bool superseded) {
    return superseded && s.superseded == SupersededHandling::Hide;
}

ScoreParts score_candidate(const RetrievalSettings& s, std::int64_t now, const ScoreInput& in) {
    ScoreParts p;
    const bool rrf = s.fusion == FusionKind::Rrf;
    const double age_days = std::max(0.0, static_cast<double>(now - in.time_range_end_ms) /
                                              static_cast<double>(kMsPerDay));
    p.recency = {s.recency_boost, recency_factor(age_days), age_days};
    p.signals.graph = in.graph;
    p.signals.vector = std::clamp(in.query_similarity, 0.0, 1.0);
    // The leg's own judgement over every column (BM25F × coverage × factors), relative to its
    // best hit: a hit the keyword leg ranked is never shown as keyword-irrelevant because its
    // words were in its neighbours' text rather than its own.
    p.signals.keyword = in.keyword_raw && in.top_keyword < 0.0
                            ? std::clamp(*in.keyword_raw / in.top_keyword, 0.0, 1.0)
                            : 0.0;
    p.signals.freshness = freshness(in.time_range_end_ms, now, s.freshness_half_life_days);
    p.contributions = hybrid_score(s.profile, p.signals.graph, p.signals.vector, p.signals.keyword,
                                   p.signals.freshness)
                          .contributions;
    p.superseded_penalty = in.superseded && s.superseded == SupersededHandling::Demote
                               ? s.superseded_demote_factor
                               : 1.0;
    if (rrf)
        p.entity_factor = 1.0 + s.entity_boost * p.signals.graph;
    // The documented arithmetic (docs/explanations.md), in this order of operations.
    const double base =
        rrf ? in.rrf_score * (1.0 + p.recency.boost * p.recency.factor) * p.entity_factor
            : p.contributions.graph + p.contributions.vector + p.contributions.keyword +
                  p.contributions.freshness;
    p.final_score = base * p.superseded_penalty;
    return p;
}

double mmr_relevance(double score, double top_score) {
    return top_score > 0.0 ? score / top_score : 0.0;
}

std::vector<MmrResult> mmr_picks(std::span<const float> query_vector,
                                 const std::vector<MmrCandidate>& input, int limit, double lambda,
                                 const RetrievalSettings& s, std::vector<MmrResult>* left_out) {
    return mmr_select(query_vector, input, static_cast<std::size_t>(limit), lambda,
                      s.mmr_redundancy_floor, left_out);
}

} // namespace memlens::search
