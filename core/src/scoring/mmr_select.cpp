#include <memlens/scoring.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace memlens {

namespace {

// Redundancy is "how alike", so opposite vectors are no more redundant than unrelated ones.
double redundancy(std::span<const float> a, std::span<const float> b) {
    if (a.empty() || b.empty())
        return 0.0;
    const double sim = cosine(a, b);
    if (!std::isfinite(sim))
        return 0.0;
    return std::clamp(sim, 0.0, 1.0);
}

} // namespace

std::vector<MmrResult> mmr_select(std::span<const float> /*query_vec*/,
                                  const std::vector<MmrCandidate>& candidates, std::size_t limit,
                                  double lambda) {
    std::vector<MmrResult> picked;
    if (candidates.empty() || limit == 0)
        return picked;
    // NaN would poison every comparison; fall back to the recommended default.
    lambda = std::isfinite(lambda) ? std::clamp(lambda, 0.0, 1.0) : 0.7;

    const std::size_t n = candidates.size();
    std::vector<bool> taken(n, false);
    std::vector<double> max_sim(n, 0.0);
    std::vector<std::optional<std::size_t>> max_by(n); // position of the most similar pick
    picked.reserve(std::min(limit, n));

    while (picked.size() < std::min(limit, n)) {
        std::size_t best = n;
        double best_score = -std::numeric_limits<double>::infinity();
        for (std::size_t i = 0; i < n; ++i) {
            if (taken[i])
                continue;
            const double score = lambda * candidates[i].relevance - (1.0 - lambda) * max_sim[i];
            // Strictly greater: on ties the earlier candidate keeps the slot.
            if (best == n || score > best_score) {
                best = i;
                best_score = score;
            }
        }
        taken[best] = true;
        MmrResult r;
        r.index = candidates[best].index;
        r.score = best_score;
        r.relevance = candidates[best].relevance;
        r.max_similarity = max_sim[best];
        if (max_by[best])
            r.penalized_by = candidates[*max_by[best]].index;
        picked.push_back(r);

        for (std::size_t i = 0; i < n; ++i) {
            if (taken[i])
                continue;
            const double sim = redundancy(candidates[i].embedding, candidates[best].embedding);
            if (sim > max_sim[i]) {
                max_sim[i] = sim;
                max_by[i] = best;
            }
        }
    }
    return picked;
}

} // namespace memlens
