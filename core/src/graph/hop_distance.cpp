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

Result<std::map<std::string, int>> hop_distances(const Vault& vault, std::string_view from,
                                                 const std::vector<std::string>& targets,
                                                 int max_hops) {
    check_off_ui_thread("hop_distances");
    std::map<std::string, int> found;
    if (from.empty() || targets.empty())
        return found;
    max_hops = std::clamp(max_hops, 1, kMaxGraphHops);
    std::set<std::string> wanted;
    for (const auto& t : targets) {
        if (t == from)
            found[t] = 0;
        else
            wanted.insert(t);
    }
    // One read per BFS level, both directions of the sorted pairs at once.
    constexpr const char* kSql =
        "SELECT entity_a, entity_b FROM mem_tree_entity_edges WHERE weight > 0 AND entity_a IN "
        "(SELECT value FROM json_each(?1)) UNION ALL SELECT entity_a, entity_b FROM "
        "mem_tree_entity_edges WHERE weight > 0 AND entity_b IN (SELECT value FROM json_each(?1))";

    std::unordered_set<std::string> seen{std::string(from)};
    std::vector<std::string> frontier{std::string(from)};
    for (int hop = 1; hop <= max_hops && !wanted.empty() && !frontier.empty(); ++hop) {
        std::unordered_set<std::string> in_frontier(frontier.begin(), frontier.end());
        auto st = vault.db().prepare(kSql);
        if (!st)
            return st.status().with_context("hop_distances");
        st->bind(1, detail::json_id_list(frontier));
        std::vector<std::string> next;
        while (true) {
            auto row = st->step();
            if (!row)
                return row.status().with_context("hop_distances");
            if (!*row)
                break;
            std::string a = st->column_text(0), b = st->column_text(1);
            for (std::string* other : {&a, &b}) {
                const std::string& self = other == &a ? b : a;
                if (in_frontier.count(self) == 0 || !seen.insert(*other).second)
                    continue;
                if (wanted.erase(*other) != 0)
                    found[*other] = hop;
                next.push_back(*other);
            }
        }
        frontier = std::move(next);
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
