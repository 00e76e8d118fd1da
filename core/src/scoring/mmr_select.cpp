#include <memlens/scoring.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace memlens {

// Redundancy is "how alike", so opposite vectors are no more redundant than unrelated ones.
// Above a floor only: items that merely share a speaker or a few common words are different
// evidence, and penalising them pushes the second piece of a two-part answer out of the top k.
double mmr_redundancy(std::span<const float> a, std::span<const float> b, double redundancy_floor) {
    if (a.empty() || b.empty())
        return 0.0;
    const double sim = cosine(a, b);
    if (!std::isfinite(sim))
        return 0.0;
    const double c = std::clamp(sim, 0.0, 1.0);
    const double floor =
        std::isfinite(redundancy_floor) ? std::clamp(redundancy_floor, 0.0, 0.99) : 0.0;
    if (floor == 0.0)
        return c;
    return std::max(0.0, (c - floor) / (1.0 - floor));
}

namespace {

// cosine() of vector_codec.cpp with the two squared norms computed once per candidate instead
// of once per pair: the same sums in the same order, so the same bits (a logged ranking must
// re-rank to itself exactly).
double squared_norm(std::span<const float> a) {
    double n = 0.0;
    for (float x : a)
        n += double(x) * x;
    return n;
}

double cosine_with_norms(std::span<const float> a, std::span<const float> b, double na, double nb) {
    if (a.size() != b.size() || a.empty())
        return 0.0;
    double dot = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i)
        dot += double(a[i]) * b[i];
    if (na == 0.0 || nb == 0.0)
        return 0.0;
    return dot / (std::sqrt(na) * std::sqrt(nb));
}

// mmr_redundancy() from precomputed norms.
double redundancy_with_norms(std::span<const float> a, std::span<const float> b, double na,
                             double nb, double redundancy_floor) {
    if (a.empty() || b.empty())
        return 0.0;
    const double sim = cosine_with_norms(a, b, na, nb);
    if (!std::isfinite(sim))
        return 0.0;
    const double c = std::clamp(sim, 0.0, 1.0);
    const double floor =
        std::isfinite(redundancy_floor) ? std::clamp(redundancy_floor, 0.0, 0.99) : 0.0;
    if (floor == 0.0)
        return c;
    return std::max(0.0, (c - floor) / (1.0 - floor));
}

// The same picks as the loop in mmr_select, computing fewer similarities (when no caller wants
// the left-out candidates' last state). Candidates are in relevance order (the pipeline's pool
// is sorted by score, relevance = score / best), and a candidate's MMR score is at most
// λ·relevance − (1 − λ)·(its largest similarity to the picks compared so far): a candidate
// whose bound does not beat the best score found at this step cannot be picked (an earlier
// candidate keeps the slot on a tie), and once λ·relevance does not beat it, no later one can.
// Each candidate catches up with the picks it has not been compared with, in pick order, only
// when it might win; the winner's similarity is then complete and exact.
// A candidate's squared norm is computed when it is first compared: most never are.
std::vector<MmrResult> lazy_select(const std::vector<MmrCandidate>& candidates, std::size_t limit,
                                   double lambda, double redundancy_floor) {
    const std::size_t n = candidates.size();
    std::vector<double> norm(n, 0.0);
    std::vector<bool> has_norm(n, false);
    auto norm_of = [&](std::size_t i) {
        if (!has_norm[i]) {
            norm[i] = squared_norm(candidates[i].embedding);
            has_norm[i] = true;
        }
        return norm[i];
    };
    bool ordered = true; // finite and never rising: the break below is safe
    for (std::size_t i = 0; i < n && ordered; ++i)
        ordered = std::isfinite(candidates[i].relevance) &&
                  (i == 0 || !(candidates[i].relevance > candidates[i - 1].relevance));
    std::vector<MmrResult> picked;
    picked.reserve(std::min(limit, n));
    std::vector<bool> taken(n, false);
    std::vector<double> max_sim(n, 0.0);
    std::vector<std::optional<std::size_t>> max_by(n);
    std::vector<std::size_t> seen(n, 0); // picks compared with so far
    std::vector<std::size_t> picks;      // positions, in pick order
    auto catch_up = [&](std::size_t i) {
        for (; seen[i] < picks.size(); ++seen[i]) {
            const std::size_t p = picks[seen[i]];
            const double sim =
                redundancy_with_norms(candidates[i].embedding, candidates[p].embedding, norm_of(i),
                                      norm_of(p), redundancy_floor);
            if (sim > max_sim[i]) {
                max_sim[i] = sim;
                max_by[i] = p;
            }
        }
    };
    while (picked.size() < std::min(limit, n)) {
        std::size_t best = n;
        double best_score = -std::numeric_limits<double>::infinity();
        for (std::size_t i = 0; i < n; ++i) {
            if (taken[i])
                continue;
            if (best != n) {
                const double ceiling = lambda * candidates[i].relevance;
                if (ordered && !(ceiling > best_score))
                    break;
                if (!(ceiling - (1.0 - lambda) * max_sim[i] > best_score))
                    continue;
            }
            catch_up(i);
            const double score = lambda * candidates[i].relevance - (1.0 - lambda) * max_sim[i];
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
        picks.push_back(best);
    }
    return picked;
}

} // namespace

std::vector<MmrResult> mmr_select(std::span<const float> /*query_vec*/,
                                  const std::vector<MmrCandidate>& candidates, std::size_t limit,
                                  double lambda, double redundancy_floor,
                                  std::vector<MmrResult>* left_out) {
    if (left_out)
        left_out->clear();
    std::vector<MmrResult> picked;
    if (candidates.empty() || limit == 0)
        return picked;
    // NaN would poison every comparison; fall back to the recommended default.
    lambda = std::isfinite(lambda) ? std::clamp(lambda, 0.0, 1.0) : 0.7;

    const std::size_t n = candidates.size();
    std::vector<bool> taken(n, false);
    std::vector<double> max_sim(n, 0.0);
    std::vector<std::optional<std::size_t>> max_by(n); // position of the most similar pick
    if (left_out == nullptr)
        return lazy_select(candidates, limit, lambda, redundancy_floor);
    std::vector<double> norm(n);
    for (std::size_t i = 0; i < n; ++i)
        norm[i] = squared_norm(candidates[i].embedding);
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
        if (left_out && picked.size() + 1 == std::min(limit, n)) {
            // The last step: what every candidate still out scored in it.
            for (std::size_t i = 0; i < n; ++i) {
                if (taken[i])
                    continue;
                MmrResult o;
                o.index = candidates[i].index;
                o.relevance = candidates[i].relevance;
                o.max_similarity = max_sim[i];
                o.score = lambda * candidates[i].relevance - (1.0 - lambda) * max_sim[i];
                if (max_by[i])
                    o.penalized_by = candidates[*max_by[i]].index;
                // The same comparison as the pick's (an earlier candidate wins a tie).
                const double alone = lambda * candidates[i].relevance;
                o.lost_to_redundancy =
                    max_sim[i] > 0.0 && (alone > best_score || (alone == best_score && i < best));
                left_out->push_back(o);
            }
        }
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
            const double sim =
                redundancy_with_norms(candidates[i].embedding, candidates[best].embedding, norm[i],
                                      norm[best], redundancy_floor);
            if (sim > max_sim[i]) {
                max_sim[i] = sim;
                max_by[i] = best;
            }
        }
    }
    return picked;
}

} // namespace memlens
