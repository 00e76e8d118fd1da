#include "retrieval/id_list.h"

#include <memlens/db.h>
#include <memlens/graph.h>
#include <memlens/retrieval.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <algorithm>
#include <set>
#include <unordered_set>

namespace memlens {

namespace {

// Both directions of the sorted pairs at once.
constexpr const char* kNeighbourSql =
    "SELECT entity_a, entity_b FROM mem_tree_entity_edges WHERE weight > 0 AND entity_a IN "
    "(SELECT value FROM json_each(?1)) UNION ALL SELECT entity_a, entity_b FROM "
    "mem_tree_entity_edges WHERE weight > 0 AND entity_b IN (SELECT value FROM json_each(?1))";

// One side of a bidirectional search: every entity it reached with its hop count, and the
// entities of its last level.
struct Side {
    std::unordered_map<std::string, int> depth;
    std::vector<std::string> frontier;
    int level = 0;
    explicit Side(std::string start)
        : frontier{start} {
        depth.emplace(std::move(start), 0);
    }
};

// The side's next level (one read of the edges of its frontier): the entities it had not reached.
Result<std::vector<std::string>> expand(Statement& st, Side& side) {
    std::unordered_set<std::string> in_frontier(side.frontier.begin(), side.frontier.end());
    st.reset();
    st.bind(1, detail::json_id_list(side.frontier));
    ++side.level;
    std::vector<std::string> next;
    MEMLENS_TRY(st.each_row([&] {
        std::string a = st.column_text(0), b = st.column_text(1);
        for (std::string* other : {&a, &b}) {
            const std::string& self = other == &a ? b : a;
            if (in_frontier.count(self) != 0 && side.depth.emplace(*other, side.level).second)
                next.push_back(*other);
        }
    }));
    side.frontier = next;
    return next;
}

// The hop count between two entities, searching from both ends and always widening the side
// with the smaller last level, so that a person with thousands of neighbours is read once
// instead of every neighbour's neighbours being read. The first level at which the two sides
// meet gives the shortest distance: every earlier level was checked against the other side.
Result<std::optional<int>> meet(Statement& st, const std::string& from, const std::string& to,
                                int max_hops) {
    Side a(from), b(to);
    while (a.level + b.level < max_hops && !a.frontier.empty() && !b.frontier.empty()) {
        const bool widen_a = a.frontier.size() <= b.frontier.size();
        Side& side = widen_a ? a : b;
        const Side& other = widen_a ? b : a;
        auto next = expand(st, side);
        if (!next)
            return next.status();
        for (const auto& e : *next) {
            if (auto it = other.depth.find(e); it != other.depth.end())
                return std::optional<int>{side.level + it->second};
        }
    }
    return std::optional<int>{};
}

} // namespace

Result<std::map<std::string, int>> hop_distances(const Vault& vault, std::string_view from,
                                                 const std::vector<std::string>& targets,
                                                 int max_hops) {
    check_off_ui_thread("hop_distances");
    std::map<std::string, int> found;
    if (from.empty() || targets.empty())
        return found;
    max_hops = std::clamp(max_hops, 1, kMaxGraphHops);
    auto st = vault.db().prepare(kNeighbourSql);
    if (!st)
        return st.status().with_context("hop_distances");
    const std::set<std::string> wanted(targets.begin(), targets.end());
    for (const auto& t : wanted) {
        if (t == from) {
            found[t] = 0;
            continue;
        }
        auto d = meet(*st, std::string(from), t, max_hops);
        if (!d)
            return d.status().with_context("hop_distances");
        if (*d)
            found[t] = **d;
    }
    return found;
}

Result<std::optional<int>> hop_distance(const Vault& vault, std::string_view a, std::string_view b,
                                        int max_hops) {
    if (a.empty() || b.empty())
        return std::optional<int>{};
    auto d = hop_distances(vault, a, {std::string(b)}, max_hops);
    if (!d)
        return d.status();
    auto it = d->find(std::string(b));
    return it == d->end() ? std::optional<int>{} : std::optional<int>{it->second};
}

} // namespace memlens
