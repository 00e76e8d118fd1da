// The ranking rules of the hybrid search, written once: which legs run and at what weight (the
// leg plan), the values a query fixes before ranking, which candidates are ranked at all, a
// candidate's final score, the MMR relevance and picks, and the budgets' cuts. Two callers run
// them: the search's stages (stages.cpp, pipeline.cpp), which write every number into the hit's
// Explanation, and the lab's re-ranking of logged pools (lab/fast_rank.cpp), which keeps only the
// order. Neither restates a rule; docs/explanations.md gives the arithmetic in words.
#pragma once

#include <memlens/scoring.h>
#include <memlens/search.h>
#include <memlens/settings.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace memlens::search {

// ---- The leg plan: what prepare gives each leg, and why a leg does not run.
struct LegPlan {
    double keyword_weight = 0.0;
    double vector_weight = 0.0;
    // Why the leg does not run under these settings ("mode semantic", "weight 0"), or null: it
    // runs (it may still find nothing to do: no terms, no vectors).
    const char* keyword_skipped = nullptr;
    const char* vector_skipped = nullptr;
};

// Whether vectors of this embedder signature are lexical: the built-in embedder hashes the
// text's own words and n-grams, and its leg is weighted by search.lexical_vector_weight
// (settings.h says why).
bool lexical_vectors(std::string_view embedder_signature);

// Keyword mode runs the keyword leg alone at weight 1, semantic mode the vector leg alone, hybrid
// both at the configured weights; under RRF a leg of weight 0 does not run.
LegPlan leg_plan(const RetrievalSettings& settings, bool lexical);
// Why a leg of this weight does not run under these settings ("mode semantic" / "mode keyword",
// "weight 0"), or null: the rule leg_plan applies, for a weight a row logged.
const char* keyword_leg_skipped(const RetrievalSettings& settings, double weight);
const char* vector_leg_skipped(const RetrievalSettings& settings, double weight);

// Whether the query's vector is computed: the vector leg runs, or the profile fold weighs the
// vector signal (each candidate's query similarity). Without it every similarity is 0.
bool needs_query_vector(const RetrievalSettings& settings, const LegPlan& plan);

// ---- What a query fixes before ranking.
// The request's limit (0 = the settings'), within 1..kMaxSearchLimit.
int effective_limit(const SearchRequest& request, const RetrievalSettings& settings);
// MMR's λ within [0, 1].
double effective_lambda(const RetrievalSettings& settings);
// The request's "now", or the wall clock.
std::int64_t effective_now(const SearchRequest& request);

// ---- Which fused candidates are ranked.
// A summary is ranked only when the settings include summaries.
bool ranks_node(const RetrievalSettings& settings, bool is_summary);
// A superseded candidate is scored (its numbers are explained) but left out under "hide".
bool hidden_as_superseded(const RetrievalSettings& settings, bool superseded);

// ---- A candidate's score.
struct ScoreInput {
    double rrf_score = 0.0; // fusion's
    double graph = 0.0;     // the graph signal, in [0, 1]
    double query_similarity = 0.0;
    // The keyword leg's raw score of the candidate (none: the leg did not rank it) and of its
    // best candidate (more negative = better).
    std::optional<double> keyword_raw;
    double top_keyword = 0.0;
    std::int64_t time_range_end_ms = 0;
    bool superseded = false;
};

struct ScoreParts {
    RecencyExplanation recency; // boost, 1 / (1 + age_days), age_days
    SignalSet signals;          // the four signals of hybrid_score
    SignalSet contributions;    // the profile fold's weighted signals
    double entity_factor = 1.0; // RRF: 1 + entity_boost × graph; 1 under profile fusion
    double superseded_penalty = 1.0;
    double final_score = 0.0;
};

// RRF: rrf × (1 + recency_boost × recency) × entity factor; profile: the sum of the weighted
// signals; then × the supersession penalty under "demote".
ScoreParts score_candidate(const RetrievalSettings& settings, std::int64_t now_ms,
                           const ScoreInput& in);

// Orders a scored pool by final score, highest first; equal scores keep their fused order.
template <typename T, typename ScoreOf>
void order_by_score(std::vector<T>& pool, ScoreOf score_of) {
    std::stable_sort(pool.begin(), pool.end(),
                     [&](const T& a, const T& b) { return score_of(a) > score_of(b); });
}

// ---- The no-match threshold (search.min_score, 0 = off): a candidate scoring below it is not
// returned. A scored pool is ordered by score, so the candidates MMR may pick are its first
// ranked_above_min_score(...) ones; the rest are Exclusion::MinScore.
bool below_min_score(const RetrievalSettings& settings, double final_score);

template <typename T, typename ScoreOf>
std::size_t ranked_above_min_score(const RetrievalSettings& settings,
                                   const std::vector<T>& ordered_pool, ScoreOf score_of) {
    std::size_t n = 0;
    while (n < ordered_pool.size() && !below_min_score(settings, score_of(ordered_pool[n])))
        ++n;
    return n;
}

// ---- MMR over the ordered pool: relevance is the score over the best (first) score.
double mmr_relevance(double score, double top_score);

// MMR's input for an ordered pool of `n`: score_of(i) and embedding_of(i) (a span, empty
// without a vector) of the i-th candidate, into `out`.
template <typename ScoreOf, typename EmbeddingOf>
void mmr_input(std::size_t n, ScoreOf score_of, EmbeddingOf embedding_of,
               std::vector<MmrCandidate>& out) {
    out.clear();
    out.reserve(n);
    const double top = n == 0 ? 0.0 : score_of(std::size_t{0});
    for (std::size_t i = 0; i < n; ++i)
        out.push_back({i, embedding_of(i), mmr_relevance(score_of(i), top)});
}

// The picks, at the query's limit and λ and the settings' redundancy floor.
std::vector<MmrResult> mmr_picks(std::span<const float> query_vector,
                                 const std::vector<MmrCandidate>& input, int limit, double lambda,
                                 const RetrievalSettings& settings,
                                 std::vector<MmrResult>* left_out = nullptr);

// ---- Budgets over the picks, in pick order.
struct BudgetCut {
    std::size_t keep = 0;        // picks kept
    bool units_cut = false;      // max_units cut the picks to keep
    bool chars_cut = false;      // max_chars cut them: the pick at keep − 1 is shortened when
    std::size_t truncate_to = 0; // truncate_to > 0, to that many code points
};

// max_units keeps the first max_units picks; then max_chars keeps picks while their lengths
// (code points, length_of(i) of the i-th pick) fit, and shortens the first that does not to what
// is left (or drops it when nothing is left). 0 = no budget.
template <typename LengthOf>
BudgetCut cut_to_budget(const SearchBudget& budget, std::size_t picks, LengthOf length_of) {
    BudgetCut cut;
    cut.keep = picks;
    if (budget.max_units > 0 && picks > static_cast<std::size_t>(budget.max_units)) {
        cut.keep = static_cast<std::size_t>(budget.max_units);
        cut.units_cut = true;
    }
    if (budget.max_chars <= 0)
        return cut;
    std::int64_t used = 0;
    for (std::size_t i = 0; i < cut.keep; ++i) {
        const auto len = static_cast<std::int64_t>(length_of(i));
        if (used + len <= budget.max_chars) {
            used += len;
            continue;
        }
        const std::int64_t room = budget.max_chars - used;
        cut.keep = room > 0 ? i + 1 : i;
        cut.truncate_to = room > 0 ? static_cast<std::size_t>(room) : 0;
        cut.chars_cut = true;
        break;
    }
    return cut;
}

} // namespace memlens::search
