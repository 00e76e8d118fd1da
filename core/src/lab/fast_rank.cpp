#include "lab/fast_rank.h"

#include "search/fusion.h"

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

} // namespace

void fast_rank(const SearchRequest& req, const RetrievalSettings& s, const RankPools& pools,
               std::vector<std::uint32_t>& out) {
    out.clear();
    // prepare_common (search/pipeline.cpp)
    const std::int64_t now = req.now_ms != 0 ? req.now_ms : now_ms();
    const int limit = std::clamp(req.limit > 0 ? req.limit : s.limit, 1, kMaxSearchLimit);
    const double lambda = std::clamp(s.mmr_lambda, 0.0, 1.0);
    const bool rrf = s.fusion == FusionKind::Rrf;
    const bool hide_superseded = s.superseded == SupersededHandling::Hide;

    // fuse (search/stages.cpp). A thread ranks row after row: its buffers are reused.
    thread_local std::vector<std::uint32_t> keyword_nodes;
    thread_local std::vector<search::FusedNode> fused;
    keyword_nodes.clear();
    for (const auto& c : pools.keyword)
        keyword_nodes.push_back(c.node);
    search::fuse_nodes(pools.vector, keyword_nodes, pools.nodes.size(), pools.vector_weight,
                       pools.keyword_weight, s.rrf_k, !rrf, fused);

    // The first keyword entry of each node, as score() keeps it.
    thread_local std::vector<const CompactKeyword*> first_keyword;
    first_keyword.assign(pools.nodes.size(), nullptr);
    for (const auto& c : pools.keyword)
        if (first_keyword[c.node] == nullptr)
            first_keyword[c.node] = &c;
    const double top_keyword = pools.keyword.empty() ? 0.0 : pools.keyword.front().raw;

    // score (search/stages.cpp): the same operations in the same order.
    thread_local std::vector<Scored> pool;
    pool.clear();
    for (const auto& f : fused) {
        const NodeBrief* bp = pools.briefs[f.node];
        if (bp == nullptr)
            continue;
        const NodeBrief& b = *bp;
        if (b.is_summary && !s.include_summaries)
            continue;
        const CompactNode& n = pools.nodes[f.node];
        const CompactKeyword* kw = first_keyword[f.node];
        const double age_days = std::max(0.0, static_cast<double>(now - b.time_range_end_ms) /
                                                  static_cast<double>(kMsPerDay));
        const double recency = recency_factor(age_days);
        const double graph = n.graph;
        const double vector = std::clamp(n.query_similarity, 0.0, 1.0);
        const double keyword =
            kw != nullptr && top_keyword < 0.0 ? std::clamp(kw->raw / top_keyword, 0.0, 1.0) : 0.0;
        const double fresh = freshness(b.time_range_end_ms, now, s.freshness_half_life_days);
        const RetrievalScoreBreakdown sb = hybrid_score(s.profile, graph, vector, keyword, fresh);
        const bool superseded = b.superseded_flag || n.superseded;
        const double penalty = superseded && s.superseded == SupersededHandling::Demote
                                   ? s.superseded_demote_factor
                                   : 1.0;
        const double entity_factor = rrf ? 1.0 + s.entity_boost * graph : 1.0;
        const double base = rrf ? f.rrf_score * (1.0 + s.recency_boost * recency) * entity_factor
                                : sb.contributions.graph + sb.contributions.vector +
                                      sb.contributions.keyword + sb.contributions.freshness;
        if (hide_superseded && superseded)
            continue;
        pool.push_back({f.node, &b, n.has_vector ? &b.embedding : nullptr, base * penalty});
    }
    std::stable_sort(pool.begin(), pool.end(), [](const Scored& a, const Scored& b) {
        return a.final_score > b.final_score;
    });

    // mmr (search/stages.cpp)
    if (pool.empty())
        return;
    const double top = pool.front().final_score;
    thread_local std::vector<MmrCandidate> in;
    in.clear();
    for (std::size_t i = 0; i < pool.size(); ++i) {
        const Vector* e = pool[i].embedding;
        in.push_back({i, e != nullptr ? std::span<const float>(*e) : std::span<const float>(),
                      top > 0.0 ? pool[i].final_score / top : 0.0});
    }
    const auto picks = mmr_select({}, in, static_cast<std::size_t>(limit), lambda,
                                  s.mmr_redundancy_floor, nullptr);
    thread_local std::vector<std::size_t> order;
    order.clear();
    for (const auto& p : picks)
        order.push_back(p.index);

    // budgets (search/stages.cpp)
    const SearchBudget& budget = req.budget;
    if (budget.max_units > 0 && order.size() > static_cast<std::size_t>(budget.max_units))
        order.resize(static_cast<std::size_t>(budget.max_units));
    if (budget.max_chars > 0) {
        std::int64_t used = 0;
        for (std::size_t i = 0; i < order.size(); ++i) {
            const auto len = static_cast<std::int64_t>(pool[order[i]].brief->content_chars);
            if (used + len <= budget.max_chars) {
                used += len;
                continue;
            }
            const std::int64_t room = budget.max_chars - used;
            order.resize(room > 0 ? i + 1 : i);
            break;
        }
    }
    for (std::size_t idx : order)
        out.push_back(pool[idx].node);
}

} // namespace memlens::lab
