// The hit ids SearchEngine::rerun gives, computed
// from the candidate pools and the nodes' briefs alone: fusion, scores, MMR and budgets in the
// arithmetic of core/src/search/stages.cpp, calling the same functions (fuse_candidates,
// recency_factor, freshness, hybrid_score, mmr_select), without building explanations. The
// blast radius runs it for every logged row; tst_lab checks it gives the rerun's ids for every
// row of a generated log under many settings.
#pragma once

#include <memlens/search.h>

#include <map>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace memlens::lab {

// The briefs by id, looked up by the pools' ids without building a string.
using BriefIndex = std::unordered_map<std::string_view, const NodeBrief*>;
BriefIndex index_briefs(const std::map<std::string, NodeBrief>& briefs);

// What the rerun takes from a row's pools as pools_for_settings (lab.h) gives them: each leg's
// candidates in order and the legs' weights under the settings.
struct RankPools {
    std::span<const LegCandidate> keyword;
    std::span<const LegCandidate> vector;
    double keyword_weight = 0.0;
    double vector_weight = 0.0;
};

std::vector<std::string> fast_rank(const SearchRequest& request, const RetrievalSettings& settings,
                                   const RankPools& pools, const BriefIndex& briefs);

} // namespace memlens::lab
