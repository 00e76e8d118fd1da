#include "scoring/rerank_order.h"

#include <memlens/scoring.h>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace memlens {

namespace detail {

RerankOrder rerank_order(const std::vector<std::int64_t>& end_ms, std::span<const float> query,
                         const std::vector<Vector>& embeddings) {
    RerankOrder r;
    r.order.resize(end_ms.size());
    std::iota(r.order.begin(), r.order.end(), std::size_t{0});
    r.similarity.resize(end_ms.size());
    if (query.empty())
        return r;
    for (std::size_t i = 0; i < end_ms.size() && i < embeddings.size(); ++i) {
        // A vector of another dimension comes from another model: it counts as none.
        if (embeddings[i].empty() || embeddings[i].size() != query.size())
            continue;
        const double s = cosine(query, embeddings[i]);
        if (std::isfinite(s))
            r.similarity[i] = s;
    }
    const auto& sim = r.similarity;
    std::stable_sort(r.order.begin(), r.order.end(), [&](std::size_t a, std::size_t b) {
        if (sim[a].has_value() != sim[b].has_value())
            return sim[a].has_value();
        if (!sim[a])
            return false;
        if (*sim[a] != *sim[b])
            return *sim[a] > *sim[b];
        return end_ms[a] > end_ms[b];
    });
    return r;
}

} // namespace detail

void rerank(std::vector<RetrievalHit>& hits, std::span<const float> query,
            const std::vector<Vector>& embeddings) {
    if (query.empty())
        return; // no query vector (embedder failed or absent): the incoming order stands
    std::vector<std::int64_t> end_ms;
    end_ms.reserve(hits.size());
    for (const auto& h : hits)
        end_ms.push_back(h.time_range_end_ms);
    const auto r = detail::rerank_order(end_ms, query, embeddings);
    std::vector<RetrievalHit> sorted;
    sorted.reserve(hits.size());
    for (std::size_t i : r.order) {
        sorted.push_back(std::move(hits[i]));
        sorted.back().rerank_similarity = r.similarity[i];
    }
    hits = std::move(sorted);
}

} // namespace memlens
