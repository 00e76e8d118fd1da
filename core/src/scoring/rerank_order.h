// The permutation behind rerank(), for callers that carry more than the hit through the sort.
#pragma once

#include <memlens/embedder.h>
#include <memlens/types.h>

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace memlens::detail {

struct RerankOrder {
    std::vector<std::size_t> order;                // order[k] = incoming index of the k-th hit
    std::vector<std::optional<double>> similarity; // by incoming index; none = no usable vector
};

// The rerank order: embedded hits first by cosine desc, later time_range_end on ties;
// then the rest in incoming order. An empty query keeps the incoming order.
// end_ms[i] is hit i's time_range_end; embeddings[i] its stored vector (empty = none).
RerankOrder rerank_order(const std::vector<std::int64_t>& end_ms, std::span<const float> query,
                         const std::vector<Vector>& embeddings);

} // namespace memlens::detail
