#include "lab/fast_rank.h"

#include "search/fusion.h"
#include "search/rank_rules.h"

#include <memlens/scoring.h>
#include <memlens/time_util.h>

#include <algorithm>
#include <cmath>

namespace memlens::lab {

namespace {

struct Scored {
    std::uint32_t node = 0;
    const NodeBrief* brief = nullptr;
    const Vector* embedding = nullptr;
    double final_score = 0.0;
};

// The first keyword entry of each node, as score() keeps it.
const std::vector<const CompactKeyword*>& first_keyword_entries(const RankPools& pools) {
    thread_local std::vector<const CompactKeyword*> first;
    first.assign(pools.nodes.size(), nullptr);
    for (const auto& c : pools.keyword)
        if (first[c.node] == nullptr)
            first[c.node] = &c;
    return first;
}

// fusion and scores (search/stages.cpp), by the rules of search/rank_rules.h.
void score_pool(const RetrievalSettings& s, std::int64_t now, const RankPools& pools,
                std::vector<Scored>& pool) {
    // A thread ranks row after row: its buffers are reused.
    thread_local std::vector<std::uint32_t> keyword_nodes;
    thread_local std::vector<search::FusedNode> fused;
    keyword_nodes.clear();
    for (const auto& c : pools.keyword)
        keyword_nodes.push_back(c.node);
    search::fuse_nodes(pools.vector, keyword_nodes, pools.nodes.size(), pools.vector_weight,
                       pools.keyword_weight, s.rrf_k, s.fusion != FusionKind::Rrf, fused);
    const auto& first_keyword = first_keyword_entries(pools);
    const double top_keyword = pools.keyword.empty() ? 0.0 : pools.keyword.front().raw;
    pool.clear();
    for (const auto& f : fused) {
        const NodeBrief* b = pools.briefs[f.node];
        if (b == nullptr || !search::ranks_node(s, b->is_summary))
            continue;
        const CompactNode& n = pools.nodes[f.node];
        search::ScoreInput in;
        in.rrf_score = f.rrf_score;
        in.graph = n.graph;
        in.query_similarity = n.query_similarity;
        if (const CompactKeyword* kw = first_keyword[f.node])
            in.keyword_raw = kw->raw;
        in.top_keyword = top_keyword;
        in.time_range_end_ms = b->time_range_end_ms;
        in.superseded = b->superseded_flag || n.superseded;
        if (search::hidden_as_superseded(s, in.superseded))
            continue;
        pool.push_back({f.node, b, n.has_vector ? &b->embedding : nullptr,
                        search::score_candidate(s, now, in).final_score});
    }
    search::order_by_score(pool, [](const Scored& c) { return c.final_score; });
}

} // namespace

void fast_rank(const SearchRequest& req, const RetrievalSettings& s, const RankPools& pools,
               std::vector<std::uint32_t>& out) {
    out.clear();
    thread_local std::vector<Scored> pool;
    score_pool(s, search::effective_now(req), pools, pool);
    if (pool.empty())
        return;

    // the no-match threshold, mmr and budgets (search/stages.cpp)
    const std::size_t ranked =
        search::ranked_above_min_score(s, pool, [](const Scored& c) { return c.final_score; });
    thread_local std::vector<MmrCandidate> in;
    search::mmr_input(
        ranked, [&](std::size_t i) { return pool[i].final_score; },
        [&](std::size_t i) {
            const Vector* e = pool[i].embedding;
            return e != nullptr ? std::span<const float>(*e) : std::span<const float>();
        },
        in);
    const auto picks =
        search::mmr_picks({}, in, search::effective_limit(req, s), search::effective_lambda(s), s);
    const search::BudgetCut cut =
        search::cut_to_budget(req.budget, picks.size(), [&](std::size_t i) {
            return pool[picks[i].index].brief->content_chars;
        });
    for (std::size_t i = 0; i < cut.keep; ++i)
        out.push_back(pool[picks[i].index].node);
}

} // namespace memlens::lab
