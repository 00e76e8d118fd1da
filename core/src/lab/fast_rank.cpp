#include "lab/fast_rank.h"

#include "search/fusion.h"

#include <memlens/scoring.h>
#include <memlens/time_util.h>

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace memlens::lab {

namespace {

struct Scored {
    std::string_view id;
    const NodeBrief* brief = nullptr;
    const Vector* embedding = nullptr;
    double final_score = 0.0;
};

} // namespace

BriefIndex index_briefs(const std::map<std::string, NodeBrief>& briefs) {
    BriefIndex index;
    index.reserve(briefs.size());
    for (const auto& [id, b] : briefs)
        index.emplace(id, &b);
    return index;
}

std::vector<std::string> fast_rank(const SearchRequest& req, const RetrievalSettings& s,
                                   const RankPools& pools, const BriefIndex& briefs) {
    // prepare_common (search/pipeline.cpp)
    const std::int64_t now = req.now_ms != 0 ? req.now_ms : now_ms();
    const int limit = std::clamp(req.limit > 0 ? req.limit : s.limit, 1, kMaxSearchLimit);
    const double lambda = std::clamp(s.mmr_lambda, 0.0, 1.0);
    const bool rrf = s.fusion == FusionKind::Rrf;
    const bool hide_superseded = s.superseded == SupersededHandling::Hide;

    // fuse (search/stages.cpp)
    std::vector<std::string_view> vec_ids, kw_ids;
    vec_ids.reserve(pools.vector.size());
    kw_ids.reserve(pools.keyword.size());
    for (const auto& c : pools.vector)
        vec_ids.push_back(c.node_id);
    for (const auto& c : pools.keyword)
        kw_ids.push_back(c.node_id);
    const auto fused = search::fuse_candidates(vec_ids, kw_ids, pools.vector_weight,
                                               pools.keyword_weight, s.rrf_k, !rrf);

    // The facts read_stored_candidates takes from the pools: the vector pool's last.
    struct Facts {
        double graph = 0.0;
        double query_similarity = 0.0;
        bool superseded_by = false;
        bool has_vector = true;
        const LegCandidate* keyword = nullptr;
    };
    std::unordered_map<std::string_view, Facts> facts;
    facts.reserve(pools.keyword.size() + pools.vector.size());
    for (const auto pool : {pools.keyword, pools.vector})
        for (const auto& c : pool) {
            Facts& f = facts[c.node_id];
            f.graph = c.graph;
            f.query_similarity = c.query_similarity;
            f.superseded_by = !c.superseded_by.empty();
            if (!c.has_vector)
                f.has_vector = false;
        }
    for (const auto& c : pools.keyword) // the first of a repeated id, as score() keeps it
        if (Facts& f = facts[c.node_id]; f.keyword == nullptr)
            f.keyword = &c;
    const double top_keyword = pools.keyword.empty() ? 0.0 : pools.keyword.front().raw;

    // score (search/stages.cpp): the same operations in the same order.
    std::vector<Scored> pool;
    pool.reserve(fused.size());
    for (const auto& f : fused) {
        auto bit = briefs.find(f.id);
        if (bit == briefs.end())
            continue;
        const NodeBrief& b = *bit->second;
        if (b.is_summary && !s.include_summaries)
            continue;
        const Facts& fc = facts[f.id];
        const double age_days = std::max(0.0, static_cast<double>(now - b.time_range_end_ms) /
                                                  static_cast<double>(kMsPerDay));
        const double recency = recency_factor(age_days);
        const double graph = fc.graph;
        const double vector = std::clamp(fc.query_similarity, 0.0, 1.0);
        const double keyword = fc.keyword != nullptr && top_keyword < 0.0
                                   ? std::clamp(fc.keyword->raw / top_keyword, 0.0, 1.0)
                                   : 0.0;
        const double fresh = freshness(b.time_range_end_ms, now, s.freshness_half_life_days);
        const RetrievalScoreBreakdown sb = hybrid_score(s.profile, graph, vector, keyword, fresh);
        const bool superseded = b.superseded_flag || fc.superseded_by;
        const double penalty = superseded && s.superseded == SupersededHandling::Demote
                                   ? s.superseded_demote_factor
                                   : 1.0;
        const double entity_factor = rrf ? 1.0 + s.entity_boost * graph : 1.0;
        const double base = rrf ? f.rrf_score * (1.0 + s.recency_boost * recency) * entity_factor
                                : sb.contributions.graph + sb.contributions.vector +
                                      sb.contributions.keyword + sb.contributions.freshness;
        if (hide_superseded && superseded)
            continue;
        Scored c;
        c.id = bit->first;
        c.brief = &b;
        c.embedding = fc.has_vector ? &b.embedding : nullptr;
        c.final_score = base * penalty;
        pool.push_back(c);
    }
    std::stable_sort(pool.begin(), pool.end(), [](const Scored& a, const Scored& b) {
        return a.final_score > b.final_score;
    });

    // mmr (search/stages.cpp)
    std::vector<std::string> out;
    if (pool.empty())
        return out;
    const double top = pool.front().final_score;
    std::vector<MmrCandidate> in;
    in.reserve(pool.size());
    for (std::size_t i = 0; i < pool.size(); ++i) {
        const Vector* e = pool[i].embedding;
        in.push_back({i, e != nullptr ? std::span<const float>(*e) : std::span<const float>(),
                      top > 0.0 ? pool[i].final_score / top : 0.0});
    }
    const auto picks = mmr_select({}, in, static_cast<std::size_t>(limit), lambda,
                                  s.mmr_redundancy_floor, nullptr);
    std::vector<std::size_t> order;
    order.reserve(picks.size());
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
    out.reserve(order.size());
    for (std::size_t idx : order)
        out.emplace_back(pool[idx].id);
    return out;
}

} // namespace memlens::lab
