#include "json/dump.h"

#include <memlens/db.h>
#include <memlens/graph.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

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

Result<std::vector<EntityPairDetail>>
entity_pair_details(const Vault& vault, std::string_view subject,
                    const std::vector<std::string>& objects,
                    const std::optional<ChunkTimeWindow>& window) {
    check_off_ui_thread("entity_pair_details");
    std::vector<EntityPairDetail> out;
    if (subject.empty() || objects.empty())
        return out;
    auto st = vault.db().prepare(
        std::string("SELECT b.entity_id, COUNT(*), MIN(a.timestamp_ms), MAX(a.timestamp_ms)"
                    " FROM mem_tree_entity_index a"
                    " JOIN mem_tree_entity_index b ON b.node_id = a.node_id"
                    " WHERE a.entity_id = ?1 AND a.node_kind = 'leaf' AND b.entity_id <> ?1"
                    "   AND b.entity_id IN (SELECT value FROM json_each(?2))") +
        (window ? " AND a.timestamp_ms BETWEEN ?3 AND ?4" : "") + " GROUP BY b.entity_id");
    if (!st)
        return st.status().with_context("entity_pair_details");
    st->bind(1, subject).bind(2, dump_json(nlohmann::json(objects)));
    if (window)
        st->bind(3, window->since_ms).bind(4, window->until_ms);
    std::unordered_map<std::string, EntityPairDetail> found;
    MEMLENS_TRY(st->each_row([&] {
                      EntityPairDetail d;
                      d.object = st->column_text(0);
                      d.shared_chunks = st->column_int64(1);
                      d.first_ms = st->column_int64(2);
                      d.last_ms = st->column_int64(3);
                      found.emplace(d.object, d);
                  }).with_context("entity_pair_details"));
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
                                             std::string_view b, std::size_t limit,
                                             const std::optional<ChunkTimeWindow>& window) {
    check_off_ui_thread("shared_nodes");
    std::vector<SharedNode> out;
    if (a.empty() || b.empty() || a == b)
        return out;
    auto st =
        vault.db().prepare(std::string("SELECT x.node_id, x.timestamp_ms, substr(c.content, 1, 160)"
                                       " FROM mem_tree_entity_index x"
                                       " JOIN mem_tree_entity_index y ON y.node_id = x.node_id"
                                       " LEFT JOIN mem_tree_chunks c ON c.id = x.node_id"
                                       " WHERE x.entity_id = ?1 AND x.node_kind = 'leaf'"
                                       "   AND y.entity_id = ?2") +
                           (window ? " AND x.timestamp_ms BETWEEN ?4 AND ?5" : "") +
                           " ORDER BY x.timestamp_ms, x.node_id LIMIT ?3");
    if (!st)
        return st.status().with_context("shared_nodes");
    st->bind(1, a).bind(2, b).bind(
        3, static_cast<std::int64_t>(limit == 0 ? kDefaultGraphLimit : limit));
    if (window)
        st->bind(4, window->since_ms).bind(5, window->until_ms);
    MEMLENS_TRY(st->each_row([&] {
                      out.push_back({st->column_text(0), st->column_int64(1),
                                     whole_characters(st->column_text(2))});
                  }).with_context("shared_nodes"));
    return out;
}

Result<std::int64_t> chunk_mentions_in(const Vault& vault, std::string_view entity_id,
                                       const ChunkTimeWindow& window) {
    check_off_ui_thread("chunk_mentions_in");
    auto st = vault.db().prepare("SELECT COUNT(*) FROM mem_tree_entity_index"
                                 " WHERE entity_id = ?1 AND node_kind = 'leaf'"
                                 "   AND timestamp_ms BETWEEN ?2 AND ?3");
    if (!st)
        return st.status().with_context("chunk_mentions_in");
    st->bind(1, entity_id).bind(2, window.since_ms).bind(3, window.until_ms);
    auto row = st->step();
    if (!row)
        return row.status().with_context("chunk_mentions_in");
    return *row ? st->column_int64(0) : 0;
}

namespace {

// The first column of the first row of `sql`, its one parameter bound to `ids`.
Result<std::int64_t> one_int(const Database& db, const std::string& sql, const std::string& ids) {
    auto st = db.prepare(sql);
    if (!st)
        return st.status();
    st->bind(1, ids);
    auto row = st->step();
    if (!row)
        return row.status();
    return *row ? st->column_int64(0) : 0;
}

bool raised(const std::atomic_bool* cancel) {
    return cancel != nullptr && cancel->load();
}

} // namespace

namespace {

// The newest chunks probed one by one for the entities they name, until `want` name two of them.
Status newest_chunks_first(const Database& db,
                           const std::unordered_map<std::string, std::uint32_t>& index_of,
                           std::size_t want, const std::atomic_bool* cancel,
                           std::vector<GroupChunk>& out) {
    std::vector<std::uint32_t> members;
    auto scan = db.prepare("SELECT id, time_range_start_ms FROM mem_tree_chunks ORDER BY "
                           "time_range_start_ms DESC, id DESC");
    auto probe = db.prepare("SELECT entity_id FROM mem_tree_entity_index WHERE node_id = ?1");
    if (!scan || !probe)
        return (!scan ? scan.status() : probe.status()).with_context("group_chunks");
    while (out.size() < want) {
        if (raised(cancel))
            return Status::cancelled("group_chunks: cancelled");
        auto row = scan->step();
        if (!row)
            return row.status().with_context("group_chunks");
        if (!*row)
            break;
        probe->reset();
        probe->bind(1, scan->column_text_view(0));
        members.clear();
        MEMLENS_TRY(probe
                        ->each_row([&] {
                            auto it = index_of.find(std::string(probe->column_text_view(0)));
                            if (it != index_of.end())
                                members.push_back(it->second);
                        })
                        .with_context("group_chunks"));
        if (members.size() >= 2) {
            std::sort(members.begin(), members.end());
            out.push_back({scan->column_text(0), scan->column_int64(1), members});
        }
    }
    return Status::ok();
}

// Every mention of each entity, through the index's key; then the chunks among them, newest
// first.
Status chunks_by_mention(const Database& db, const std::vector<std::string>& ids, std::size_t want,
                         const std::atomic_bool* cancel, std::vector<GroupChunk>& out) {
    std::unordered_map<std::string, std::vector<std::uint32_t>> named;
    auto mention = db.prepare("SELECT node_id FROM mem_tree_entity_index WHERE entity_id = ?1");
    auto when = db.prepare("SELECT time_range_start_ms FROM mem_tree_chunks WHERE id = ?1");
    if (!mention || !when)
        return (!mention ? mention.status() : when.status()).with_context("group_chunks");
    std::size_t rows = 0;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        mention->reset();
        mention->bind(1, ids[i]);
        for (;;) {
            if ((++rows & 4095U) == 0 && raised(cancel))
                return Status::cancelled("group_chunks: cancelled");
            auto row = mention->step();
            if (!row)
                return row.status().with_context("group_chunks");
            if (!*row)
                break;
            named[mention->column_text(0)].push_back(static_cast<std::uint32_t>(i));
        }
    }
    for (auto& [node, who] : named) {
        if (who.size() < 2)
            continue;
        if ((++rows & 4095U) == 0 && raised(cancel))
            return Status::cancelled("group_chunks: cancelled");
        when->reset();
        when->bind(1, node);
        auto row = when->step();
        if (!row)
            return row.status().with_context("group_chunks");
        if (!*row)
            continue; // a summary: it holds its children's entities
        out.push_back({node, when->column_int64(0), std::move(who)});
    }
    std::sort(out.begin(), out.end(), [](const GroupChunk& x, const GroupChunk& y) {
        return x.timestamp_ms != y.timestamp_ms ? x.timestamp_ms > y.timestamp_ms
                                                : x.node_id > y.node_id;
    });
    if (out.size() > want)
        out.resize(want);
    return Status::ok();
}

} // namespace

Result<std::vector<GroupChunk>> group_chunks(const Vault& vault,
                                             const std::vector<std::string>& entity_ids,
                                             std::size_t limit, const std::atomic_bool* cancel,
                                             GroupChunkRead read) {
    check_off_ui_thread("group_chunks");
    std::vector<GroupChunk> out;
    std::vector<std::string> ids;
    for (const std::string& id : entity_ids)
        if (!id.empty() && std::find(ids.begin(), ids.end(), id) == ids.end())
            ids.push_back(id);
    if (ids.size() < 2)
        return out;
    const std::size_t want = limit == 0 ? kDefaultGraphLimit : limit;
    const Database& db = vault.db();
    auto snapshot = ReadSnapshot::begin(db);
    if (!snapshot)
        return snapshot.status().with_context("group_chunks");
    std::unordered_map<std::string, std::uint32_t> index_of;
    for (std::size_t i = 0; i < ids.size(); ++i)
        index_of.emplace(ids[i], static_cast<std::uint32_t>(i));
    const std::string list = dump_json(nlohmann::json(ids));

    // What each way costs, from counts the vault keeps: every mention of the entities (one
    // index row each), against the newest chunks probed one by one until `want` are found. A
    // pair's edge weight counts the chunks naming both, so the strongest pair bounds how far
    // back the newest `want` lie, were the pair's chunks spread evenly over time. A chunk probed
    // costs about four row reads (its entities through the node index), a mention one.
    auto mentions = one_int(db,
                            "SELECT COALESCE(SUM(mentions), 0) FROM ml_entities WHERE entity_id IN "
                            "(SELECT value FROM json_each(?1))",
                            list);
    auto strongest = one_int(db,
                             "SELECT COALESCE(MAX(weight), 0) FROM mem_tree_entity_edges WHERE "
                             "entity_a IN (SELECT value FROM json_each(?1)) AND entity_b IN "
                             "(SELECT value FROM json_each(?1)) AND entity_a <> entity_b",
                             list);
    // rid numbers the chunks as they are written: about their count, read through its index.
    auto chunks = db.query_int("SELECT COALESCE(MAX(rid), 0) FROM mem_tree_chunks");
    if (!mentions || !strongest || !chunks)
        return (!mentions    ? mentions.status()
                : !strongest ? strongest.status()
                             : chunks.status())
            .with_context("group_chunks");
    if (*strongest <= 0)
        return out; // no two of them share a chunk
    const double newest_first_cost = static_cast<double>(want) *
                                     static_cast<double>(std::max<std::int64_t>(*chunks, 1)) /
                                     static_cast<double>(*strongest);

    const bool newest_first = read == GroupChunkRead::Auto
                                  ? 4.0 * newest_first_cost < static_cast<double>(*mentions)
                                  : read == GroupChunkRead::NewestChunks;
    MEMLENS_TRY(newest_first ? newest_chunks_first(db, index_of, want, cancel, out)
                             : chunks_by_mention(db, ids, want, cancel, out));
    return out;
}

// Per drawn entity, the nodes it names, read once through the index's key (entity_id,
// node_id) alone; then the kind and time of only the nodes two of them share. A join of the
// index with itself costs the entities' mentions times the entities each leaf names, each probed
// through the table (8.9 s at 1,000,000 chunks for a default view, docs/performance.md, "The
// graph view").
Result<std::vector<PairTimes>> pair_times(const Vault& vault,
                                          const std::vector<std::string>& entity_ids,
                                          const std::atomic_bool* cancel) {
    check_off_ui_thread("pair_times");
    std::vector<PairTimes> out;
    if (entity_ids.size() < 2)
        return out;
    const Database& db = vault.db();
    auto snapshot = ReadSnapshot::begin(db);
    if (!snapshot)
        return snapshot.status().with_context("pair_times");
    auto named = db.prepare("SELECT node_id FROM mem_tree_entity_index WHERE entity_id = ?1");
    auto leaf = db.prepare("SELECT timestamp_ms FROM mem_tree_entity_index WHERE entity_id = ?1 "
                           "AND node_id = ?2 AND node_kind = 'leaf'");
    if (!named || !leaf)
        return (!named ? named.status() : leaf.status()).with_context("pair_times");
    struct Leaf {
        std::int64_t time_ms = 0;
        std::vector<std::uint32_t> who;
    };
    std::unordered_map<std::string, Leaf> leaves;
    std::unordered_set<std::string> seen_ids;
    std::size_t rows = 0;
    for (std::size_t i = 0; i < entity_ids.size(); ++i) {
        if (!seen_ids.insert(entity_ids[i]).second)
            continue; // an id listed twice is read once, at its first index
        named->reset();
        named->bind(1, entity_ids[i]);
        for (;;) {
            if ((++rows & 4095U) == 0 && raised(cancel))
                return Status::cancelled("pair_times: cancelled");
            auto row = named->step();
            if (!row)
                return row.status().with_context("pair_times");
            if (!*row)
                break;
            leaves[named->column_text(0)].who.push_back(static_cast<std::uint32_t>(i));
        }
    }
    for (auto it = leaves.begin(); it != leaves.end();) {
        if (it->second.who.size() < 2) {
            it = leaves.erase(it);
            continue;
        }
        if ((++rows & 4095U) == 0 && raised(cancel))
            return Status::cancelled("pair_times: cancelled");
        leaf->reset();
        leaf->bind(1, entity_ids[it->second.who.front()]).bind(2, it->first);
        auto row = leaf->step();
        if (!row)
            return row.status().with_context("pair_times");
        if (!*row) { // a summary: it holds its children's entities
            it = leaves.erase(it);
            continue;
        }
        it->second.time_ms = leaf->column_int64(0);
        ++it;
    }
    std::unordered_map<std::uint64_t, std::size_t> slot;
    for (auto& [node, shared] : leaves) {
        std::sort(shared.who.begin(), shared.who.end());
        for (std::size_t x = 0; x < shared.who.size(); ++x)
            for (std::size_t y = x + 1; y < shared.who.size(); ++y) {
                const std::uint32_t a = shared.who[x], b = shared.who[y];
                const std::uint64_t key = (static_cast<std::uint64_t>(a) << 32U) | b;
                auto [it, fresh] = slot.emplace(key, out.size());
                if (fresh)
                    out.push_back({a, b, {}});
                out[it->second].times_ms.push_back(shared.time_ms);
            }
    }
    for (PairTimes& p : out)
        std::sort(p.times_ms.begin(), p.times_ms.end());
    std::sort(out.begin(), out.end(), [](const PairTimes& x, const PairTimes& y) {
        return x.a != y.a ? x.a < y.a : x.b < y.b;
    });
    return out;
}

} // namespace memlens
