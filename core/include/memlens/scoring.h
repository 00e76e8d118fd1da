// The deterministic signal functions, the WeightProfile fold, MMR and cosine rerank.
#pragma once

#include <memlens/embedder.h>
#include <memlens/types.h>

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

class Vault;

inline constexpr double kDefaultFreshnessHalfLifeDays = 7.0;

// Fraction of distinct lowercased query tokens found among the content's distinct tokens,
// in [0, 1]; empty query or content → 0. ("phoenix launch", "the phoenix migration") = 0.5.
double keyword_relevance(std::string_view query, std::string_view content);

// 0.5^(age_days / half_life_days); future → 1.0; half_life <= 0 → 1.0.
double freshness(std::int64_t updated_at_ms, std::int64_t now_ms,
                 double half_life_days = kDefaultFreshnessHalfLifeDays);

struct WeightProfile {
    std::string name = "balanced";
    double graph = 0.35;
    double vector = 0.35;
    double keyword = 0.15;
    double freshness = 0.15;

    // balanced, semantic, lexical, graph_first (docs/explanations.md); unknown → balanced.
    static WeightProfile by_name(std::string_view name);
    // The names a query may ask for: the table's, in its order, then (sorted) every name that
    // a setting "profile.<name>.<signal>" of `settings` defines (a vault's own profile).
    static std::vector<std::string> names(const std::map<std::string, std::string>& settings);
    // The named profile with any weights overridden by vault settings
    // ("profile.<name>.graph", ... ). Weights are read here, never hard-coded in the scorer.
    static WeightProfile from_vault(const Vault& vault, std::string_view name);

    bool operator==(const WeightProfile&) const = default;
};

RetrievalScoreBreakdown hybrid_score(const WeightProfile& profile, double graph_relevance,
                                     double vector_similarity, double keyword_relevance,
                                     double freshness);

struct MmrCandidate {
    std::size_t index = 0; // caller-side index, echoed back
    std::span<const float> embedding;
    double relevance = 0.0;
};

struct MmrResult {
    std::size_t index = 0;
    double score = 0.0; // MMR score at the step it was picked
    double relevance = 0.0;
    double max_similarity = 0.0;             // clamped to [0, 1] (negative → 0)
    std::optional<std::size_t> penalized_by; // caller index of the earlier pick most similar
    // left_out only: its relevance alone (no redundancy) would have won the last step, so its
    // redundancy to the picks is what lost it the slot.
    bool lost_to_redundancy = false;
};

// Greedy MMR: each step picks argmax λ·rel − (1−λ)·max_sim(selected); λ clamped to [0, 1];
// ties → earlier candidate; empty input or limit 0 → empty. sim is the cosine clamped to
// [0, 1], then rescaled above `redundancy_floor` (mmr_redundancy(); 0 = the cosine as it is).
// With `left_out`, the candidates not picked (in candidate order) as they stood at the last
// step, the one that filled the last slot: score is λ·relevance − (1−λ)·max_similarity against
// the picks made before that step, and penalized_by the most similar of those. Each lost that
// step to the last pick (picks.back()): its score is lower, or equal and it comes later.
std::vector<MmrResult> mmr_select(std::span<const float> query_vec,
                                  const std::vector<MmrCandidate>& candidates, std::size_t limit,
                                  double lambda, double redundancy_floor = 0.0,
                                  std::vector<MmrResult>* left_out = nullptr);

// MMR's redundancy of two vectors: c = cosine clamped to [0, 1] (non-finite → 0), then
// max(0, (c − floor) / (1 − floor)) for a floor in [0, 1). Empty vectors → 0.
double mmr_redundancy(std::span<const float> a, std::span<const float> b,
                      double redundancy_floor = 0.0);

// The shared rerank: decorates each hit with cosine(query, its embedding) in
// hit.rerank_similarity and sorts similarity desc, later time_range_end first on ties; hits
// without an embedding (or of another dimension) go last in incoming order. `embeddings[i]`
// belongs to hits[i] (empty = none).
void rerank(std::vector<RetrievalHit>& hits, std::span<const float> query,
            const std::vector<Vector>& embeddings);

} // namespace memlens
