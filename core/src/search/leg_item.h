// What a leg hands to fusion: a node id with the leg's raw score, in the leg's rank order.
#pragma once

#include <string>
#include <vector>

namespace memlens::search {

struct LegItem {
    std::string id;
    bool is_summary = false;
    double raw = 0.0;                    // bm25 (more negative = better) or cosine similarity
    std::vector<std::string> topic_path; // vector leg: the topics the beam took to it
};

} // namespace memlens::search
