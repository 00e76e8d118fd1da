// The hit ids SearchEngine::rerun gives, computed
// from the candidate pools and the nodes' briefs alone: fusion, scores, MMR and budgets in the
// arithmetic of core/src/search/stages.cpp, calling the same functions (fuse_candidates,
// recency_factor, freshness, hybrid_score, mmr_select), without building explanations. The
// blast radius runs it for every logged row; tst_lab checks it gives the rerun's ids for every
// row of a generated log under many settings.
#pragma once

#include <memlens/search.h>

#include <map>
#include <string>
#include <vector>

namespace memlens::lab {

std::vector<std::string> fast_rank(const SearchRequest& request, const RetrievalSettings& settings,
                                   const CandidatePools& pools,
                                   const std::map<std::string, NodeBrief>& briefs);

} // namespace memlens::lab
