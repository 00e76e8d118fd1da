#include "json/dump.h"

#include <memlens/db.h>
#include <memlens/graph.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <unordered_map>

namespace memlens {

namespace {

// substr() counts characters on TEXT, but a chunk stored with invalid UTF-8 could still end in
// a partial sequence: drop trailing bytes until what is left ends on a whole character.
std::string whole_characters(std::string s) {
    std::size_t end = s.size();
    std::size_t back = 0;
    while (back < end && back < 4 && (static_cast<unsigned char>(s[end - 1 - back]) & 0xC0) == 0x80)
        ++back;
    if (back < end) {
        const auto lead = static_cast<unsigned char>(s[end - 1 - back]);
        const std::size_t need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
        if (need != back + 1)
            s.resize(end - 1 - back);
    }
    return s;
}

} // namespace

// All three read the entity index itself (primary key entity_id, node_id; an index on node_id):
// the chunks behind an edge are the leaf rows both entities point to. Lists travel as one JSON
// array bound to json_each, so any number of ids is a single parameter.

Result<std::vector<EntityPairDetail>> entity_pair_details(const Vault& vault,
                                                          std::string_view subject,
                                                          const std::vector<std::string>& objects) {
    check_off_ui_thread("entity_pair_details");
    std::vector<EntityPairDetail> out;
    if (subject.empty() || objects.empty())
        return out;
    auto st =
        vault.db().prepare("SELECT b.entity_id, COUNT(*), MIN(a.timestamp_ms), MAX(a.timestamp_ms)"
                           " FROM mem_tree_entity_index a"
                           " JOIN mem_tree_entity_index b ON b.node_id = a.node_id"
                           " WHERE a.entity_id = ?1 AND a.node_kind = 'leaf' AND b.entity_id <> ?1"
                           "   AND b.entity_id IN (SELECT value FROM json_each(?2))"
                           " GROUP BY b.entity_id");
    if (!st)
        return st.status().with_context("entity_pair_details");
    st->bind(1, subject).bind(2, dump_json(nlohmann::json(objects)));
    std::unordered_map<std::string, EntityPairDetail> found;
    while (true) {
        auto row = st->step();
        if (!row)
            return row.status().with_context("entity_pair_details");
        if (!*row)
            break;
        EntityPairDetail d;
        d.object = st->column_text(0);
        d.shared_chunks = st->column_int64(1);
        d.first_ms = st->column_int64(2);
        d.last_ms = st->column_int64(3);
        found.emplace(d.object, d);
    }
    for (const std::string& o : objects) {
        auto it = found.find(o);
        if (it != found.end()) {
            out.push_back(std::move(it->second));
            found.erase(it); // an object listed twice is answered once
        }
    }
    return out;
}

Result<std::vector<SharedNode>> shared_nodes(const Vault& vault, std::string_view a,
                                             std::string_view b, std::size_t limit) {
    check_off_ui_thread("shared_nodes");
    std::vector<SharedNode> out;
    if (a.empty() || b.empty() || a == b)
        return out;
    auto st = vault.db().prepare("SELECT x.node_id, x.timestamp_ms, substr(c.content, 1, 160)"
                                 " FROM mem_tree_entity_index x"
                                 " JOIN mem_tree_entity_index y ON y.node_id = x.node_id"
                                 " LEFT JOIN mem_tree_chunks c ON c.id = x.node_id"
                                 " WHERE x.entity_id = ?1 AND x.node_kind = 'leaf'"
                                 "   AND y.entity_id = ?2"
                                 " ORDER BY x.timestamp_ms, x.node_id LIMIT ?3");
    if (!st)
        return st.status().with_context("shared_nodes");
    st->bind(1, a).bind(2, b).bind(
        3, static_cast<std::int64_t>(limit == 0 ? kDefaultGraphLimit : limit));
    while (true) {
        auto row = st->step();
        if (!row)
            return row.status().with_context("shared_nodes");
        if (!*row)
            break;
        out.push_back(
            {st->column_text(0), st->column_int64(1), whole_characters(st->column_text(2))});
    }
    return out;
}

Result<std::vector<PairTimes>> pair_times(const Vault& vault,
                                          const std::vector<std::string>& entity_ids,
                                          const std::atomic_bool* cancel) {
    check_off_ui_thread("pair_times");
    std::vector<PairTimes> out;
    if (entity_ids.size() < 2)
        return out;
    auto st = vault.db().prepare("WITH ids(i, id) AS (SELECT key, value FROM json_each(?1))"
                                 " SELECT ia.i, ib.i, a.timestamp_ms"
                                 " FROM ids ia"
                                 " JOIN mem_tree_entity_index a ON a.entity_id = ia.id"
                                 "   AND a.node_kind = 'leaf'"
                                 " JOIN mem_tree_entity_index b ON b.node_id = a.node_id"
                                 "   AND b.entity_id <> a.entity_id"
                                 " JOIN ids ib ON ib.id = b.entity_id"
                                 " WHERE ia.i < ib.i");
    if (!st)
        return st.status().with_context("pair_times");
    st->bind(1, dump_json(nlohmann::json(entity_ids)));
    std::unordered_map<std::uint64_t, std::size_t> slot;
    std::size_t rows = 0;
    while (true) {
        if (cancel != nullptr && (++rows & 4095U) == 0 && cancel->load())
            return Status::cancelled("pair_times: cancelled");
        auto row = st->step();
        if (!row)
            return row.status().with_context("pair_times");
        if (!*row)
            break;
        const auto a = static_cast<std::uint32_t>(st->column_int64(0));
        const auto b = static_cast<std::uint32_t>(st->column_int64(1));
        const std::uint64_t key = (static_cast<std::uint64_t>(a) << 32U) | b;
        auto [it, fresh] = slot.emplace(key, out.size());
        if (fresh)
            out.push_back({a, b, {}});
        out[it->second].times_ms.push_back(st->column_int64(2));
    }
    for (PairTimes& p : out)
        std::sort(p.times_ms.begin(), p.times_ms.end());
    std::sort(out.begin(), out.end(), [](const PairTimes& x, const PairTimes& y) {
        return x.a != y.a ? x.a < y.a : x.b < y.b;
    });
    return out;
}

} // namespace memlens
