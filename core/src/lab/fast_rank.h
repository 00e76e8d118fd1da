// The hit ids SearchEngine::rerun gives, computed from a row's packed candidate pools and the
// nodes' briefs alone: fusion, scores, MMR and budgets by the rules the search's stages run
// (core/src/search/rank_rules.h: fuse_nodes, score_candidate, mmr_picks, cut_to_budget), without
// building explanations or reading an id: its speed is the packed layout's, not another copy. The
// blast radius runs it for every logged row; tst_lab checks it gives the rerun's ids for every
// row of a generated log under many settings.
#pragma once

#include "audit/candidate_codec.h"

#include <memlens/search.h>

#include <cstdint>
#include <span>
#include <vector>

namespace memlens::lab {

// What the rerun takes from a row's pools as pools_for_settings (lab.h) gives them: the
// record's nodes, each leg's entries in order, the legs' weights under the settings, and each
// node's brief (null: the node is no longer in the vault, and is left out as the rerun leaves
// it out).
struct RankPools {
    std::span<const CompactNode> nodes;
    std::span<const CompactKeyword> keyword;
    std::span<const std::uint32_t> vector;
    std::span<const NodeBrief* const> briefs; // by node
    double keyword_weight = 0.0;
    double vector_weight = 0.0;
};

// The ranking, as the nodes' positions in pools.nodes, into `out`.
void fast_rank(const SearchRequest& request, const RetrievalSettings& settings,
               const RankPools& pools, std::vector<std::uint32_t>& out);

} // namespace memlens::lab
