// Candidate admission for both fusions: weighted RRF admits what has a positive contribution;
// the profile fold scores every candidate a leg found, with the same RRF numbers shown.
#pragma once

#include <memlens/search.h>

namespace memlens::search {

std::vector<FusedEntry> fuse_candidates(const std::vector<std::string>& vector_ids,
                                        const std::vector<std::string>& keyword_ids,
                                        double vector_weight, double keyword_weight, int k,
                                        bool admit_all);

} // namespace memlens::search
