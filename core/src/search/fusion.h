// Candidate admission for both fusions: weighted RRF admits what has a positive contribution;
// the profile fold scores every candidate a leg found, with the same RRF numbers shown.
#pragma once

#include <memlens/search.h>

#include <cstdint>
#include <span>
#include <vector>

namespace memlens::search {

std::vector<FusedEntry> fuse_candidates(const std::vector<std::string>& vector_ids,
                                        const std::vector<std::string>& keyword_ids,
                                        double vector_weight, double keyword_weight, int k,
                                        bool admit_all);
// The same over a record's distinct nodes by position, 0 … node_count − 1 (the lab's
// re-ranking, core/src/lab/fast_rank.cpp, ranks thousands of logged pools without reading an
// id): each entry's node and RRF score, in the same order with the same numbers, into `out`.
struct FusedNode {
    std::uint32_t node = 0;
    double rrf_score = 0.0;
};
void fuse_nodes(std::span<const std::uint32_t> vector_nodes,
                std::span<const std::uint32_t> keyword_nodes, std::size_t node_count,
                double vector_weight, double keyword_weight, int k, bool admit_all,
                std::vector<FusedNode>& out);

} // namespace memlens::search
