// aggregate_groups: the one group-ranking policy (docs/ranking.md).
#include <memlens/group_ranking.h>

#include <algorithm>
#include <map>
#include <set>

namespace memlens {
namespace {

bool is_aggregate(QueryIntent intent) {
    return intent == QueryIntent::Count || intent == QueryIntent::Sum;
}

std::vector<double> normalized_scores(const std::vector<GroupRankingItem>& items) {
    double best = 0.0;
    for (const auto& it : items)
        best = std::max(best, it.base_score);
    std::vector<double> out(items.size(), 0.0);
    if (best <= 0.0)
        return out; // nothing scored: bonuses and group ids decide
    for (std::size_t i = 0; i < items.size(); ++i)
        out[i] = std::max(0.0, items[i].base_score) / best;
    return out;
}

struct Scored {
    RankedGroup group;
    std::vector<std::size_t> duplicates;
};

Scored score_group(const std::string& id, std::vector<std::size_t> indices,
                   const std::vector<GroupRankingItem>& items, const std::vector<double>& norm,
                   QueryIntent intent) {
    const GroupRankingConstants& c = kGroupRanking;
    const bool aggregate = is_aggregate(intent);
    std::sort(indices.begin(), indices.end(), [&](std::size_t a, std::size_t b) {
        if (norm[a] != norm[b])
            return norm[a] > norm[b];
        if (items[a].doc_id != items[b].doc_id)
            return items[a].doc_id < items[b].doc_id;
        return a < b;
    });

    Scored s;
    s.group.group_id = id;
    std::set<std::string> docs;
    for (std::size_t i : indices) {
        if (!docs.insert(items[i].doc_id).second) {
            s.duplicates.push_back(i);
            continue;
        }
        s.group.members.push_back({i, norm[i], false});
    }

    auto& members = s.group.members;
    const double top = members.front().normalized;
    const double floor = std::max(c.support_floor_ratio * top, c.support_floor);
    const auto& weights = aggregate ? c.aggregate_support_weights : c.support_weights;
    GroupScoreParts& p = s.group.parts;
    p.best = top * (aggregate ? c.aggregate_best_weight : c.best_weight);

    std::set<std::string> entities;
    std::set<std::string> terms;
    double graph = 0.0;
    int supporting = 0;
    for (std::size_t pos = 0; pos < members.size(); ++pos) {
        GroupMember& m = members[pos];
        m.supporting = pos == 0 || m.normalized >= floor;
        if (!m.supporting)
            continue;
        if (pos >= 1 && pos <= weights.size())
            p.support += weights[pos - 1] * m.normalized;
        ++supporting;
        const GroupRankingItem& it = items[m.index];
        entities.insert(it.matched_entities.begin(), it.matched_entities.end());
        terms.insert(it.matched_terms.begin(), it.matched_terms.end());
        graph += std::clamp(it.graph_support, 0.0, 1.0);
    }
    p.coverage =
        std::min(supporting, c.doc_cap) * (aggregate ? c.aggregate_doc_bonus : c.doc_bonus);
    p.entities = std::min(static_cast<int>(entities.size()), c.entity_cap) * c.entity_bonus;
    p.terms = std::min(static_cast<int>(terms.size()), c.term_cap) * c.term_bonus;
    p.graph = std::min(graph, c.graph_cap) * c.graph_weight;
    p.total = p.best + p.support + p.coverage + p.entities + p.terms + p.graph;
    s.group.score = p.total;

    if (intent == QueryIntent::Sequence) {
        std::sort(members.begin(), members.end(), [&](const GroupMember& a, const GroupMember& b) {
            const auto& x = items[a.index];
            const auto& y = items[b.index];
            if (x.time_ms != y.time_ms)
                return x.time_ms < y.time_ms;
            return x.doc_id < y.doc_id;
        });
    }
    return s;
}

} // namespace

GroupRankingResult aggregate_groups(const std::vector<GroupRankingItem>& items,
                                    QueryIntent intent) {
    GroupRankingResult result;
    result.by_item.resize(items.size());
    if (items.empty())
        return result;
    const auto norm = normalized_scores(items);
    std::map<std::string, std::vector<std::size_t>> by_group;
    for (std::size_t i = 0; i < items.size(); ++i)
        by_group[items[i].group_id].push_back(i);

    std::vector<Scored> scored;
    scored.reserve(by_group.size());
    for (auto& [id, indices] : by_group)
        scored.push_back(score_group(id, std::move(indices), items, norm, intent));
    std::sort(scored.begin(), scored.end(), [](const Scored& a, const Scored& b) {
        if (a.group.score != b.group.score)
            return a.group.score > b.group.score;
        return a.group.group_id < b.group.group_id;
    });

    for (std::size_t r = 0; r < scored.size(); ++r) {
        RankedGroup& g = scored[r].group;
        g.rank = static_cast<int>(r + 1);
        for (const auto& m : g.members)
            result.by_item[m.index] = {g.group_id, g.rank, g.score, false};
        for (std::size_t i : scored[r].duplicates)
            result.by_item[i] = {g.group_id, g.rank, g.score, true};
        result.groups.push_back(std::move(g));
    }
    return result;
}

} // namespace memlens
