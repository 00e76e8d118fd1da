// Candidate admission for both fusions: weighted RRF admits what has a positive contribution;
// the profile fold scores every candidate a leg found, with the same RRF numbers shown.
#pragma once

#include <memlens/search.h>

#include <string_view>

namespace memlens::search {

std::vector<FusedEntry> fuse_candidates(const std::vector<std::string>& vector_ids,
                                        const std::vector<std::string>& keyword_ids,
                                        double vector_weight, double keyword_weight, int k,
                                        bool admit_all);
// The same over views of the ids (the lab's re-ranking, core/src/lab/fast_rank.cpp, fuses
// thousands of logged pools without copying their ids first).
std::vector<FusedEntry> fuse_candidates(const std::vector<std::string_view>& vector_ids,
                                        const std::vector<std::string_view>& keyword_ids,
                                        double vector_weight, double keyword_weight, int k,
                                        bool admit_all);

} // namespace memlens::search
