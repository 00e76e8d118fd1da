#include "json/dump.h"

#include <memlens/entities.h>
#include <memlens/graph.h>
#include <memlens/overview.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <unordered_map>

namespace memlens {

namespace {

// Id and kind lists travel as one bound JSON array read through json_each, so a list of any
// length is still a single bound parameter.
std::string ids_param_json(const std::vector<std::string>& items) {
    return dump_json(nlohmann::json(items));
}

// Entities are read from ml_entities (one row per entity and kind, kept by a trigger on the
// index, recounted by a merge): its mention counts are COUNT(*) over the index's rows, without
// stepping through every mention. At 1,000,000 chunks counting a listed neighbourhood's mentions
// in the index itself took seconds (docs/performance.md, "The graph view"); a list of ids is
// found by ml_entities' key (entity_id, entity_kind).
constexpr const char* kEntitySource = "ml_entities";

// The WHERE clause for the options' kinds (?1) and listed ids (?2).
std::string entity_where(const EntityGraphOptions& opts) {
    std::string filter = " WHERE 1";
    if (!opts.kinds.empty())
        filter += " AND entity_kind IN (SELECT value FROM json_each(?1))";
    if (opts.only_ids.has_value())
        filter += " AND entity_id IN (SELECT value FROM json_each(?2))";
    return filter;
}

void bind_entity_where(Statement& st, const EntityGraphOptions& opts) {
    if (!opts.kinds.empty())
        st.bind(1, ids_param_json(opts.kinds));
    if (opts.only_ids.has_value())
        st.bind(2, ids_param_json(*opts.only_ids));
}

// The first column of a one-row count, 0 when there is no row.
Result<std::int64_t> count_or_zero(Statement& st) {
    auto row = st.step();
    if (!row)
        return row.status();
    return *row ? st.column_int64(0) : 0;
}

Result<std::int64_t> count_entities(const Database& db, const std::string& filter,
                                    const EntityGraphOptions& opts) {
    auto total =
        db.prepare(std::string("SELECT COUNT(DISTINCT entity_id) FROM ") + kEntitySource + filter);
    if (!total)
        return total.status();
    bind_entity_where(*total, opts);
    return count_or_zero(*total);
}

// The most mentioned entities, most first; `index` maps each id to its place in out.nodes.
Status read_entity_nodes(const Database& db, const std::string& filter,
                         const EntityGraphOptions& opts, EntityGraphOverview& out,
                         std::unordered_map<std::string, std::uint32_t>& index,
                         std::vector<std::string>& ids) {
    const std::string count = "SUM(mentions)";
    // The name shown: the byte-smallest surface (a capitalised form first; display_surface) of
    // every surface ml_entities keeps beside the newest one.
    const std::string surfaces = "group_concat(surfaces, char(10))";
    auto nodes = db.prepare("SELECT entity_id, MIN(entity_kind), MIN(surface), " + count +
                            " AS n, " + surfaces + " FROM " + kEntitySource + filter +
                            " GROUP BY entity_id ORDER BY n DESC, entity_id LIMIT ?3");
    if (!nodes)
        return nodes.status();
    bind_entity_where(*nodes, opts);
    nodes->bind(3, static_cast<std::int64_t>(opts.max_nodes));
    return nodes->each_row([&] {
        EntityNodeOverview n;
        n.id = nodes->column_text(0);
        n.kind = nodes->column_text(1);
        n.surface = display_surface(nodes->column_text(4), nodes->column_text(2));
        n.mention_count = nodes->column_int64(3);
        index.emplace(n.id, static_cast<std::uint32_t>(out.nodes.size()));
        ids.push_back(n.id);
        out.nodes.push_back(std::move(n));
    });
}

Result<std::int64_t> count_entity_edges(const Database& db, const EntityGraphOptions& opts) {
    auto total = db.prepare("SELECT COUNT(*) FROM mem_tree_entity_edges WHERE weight >= ?1 "
                            "AND entity_a <> entity_b");
    if (!total)
        return total.status();
    total->bind(1, opts.min_weight);
    return count_or_zero(*total);
}

// The edges among the listed nodes, found through the edge table's key (entity_a, entity_b); a
// pair stored in both directions is read once, at its larger weight.
Status read_entity_edges(const Database& db, const EntityGraphOptions& opts,
                         const std::vector<std::string>& ids,
                         const std::unordered_map<std::string, std::uint32_t>& index,
                         EntityGraphOverview& out) {
    auto edges = db.prepare(
        "WITH ids(id) AS (SELECT value FROM json_each(?1))"
        " SELECT min(entity_a, entity_b) AS x, max(entity_a, entity_b) AS y, MAX(weight) AS w"
        " FROM mem_tree_entity_edges"
        " WHERE entity_a IN ids AND entity_b IN ids AND entity_a <> entity_b AND weight >= ?2"
        " GROUP BY x, y ORDER BY w DESC, x, y LIMIT ?3");
    if (!edges)
        return edges.status();
    edges->bind(1, ids_param_json(ids))
        .bind(2, opts.min_weight)
        .bind(3, static_cast<std::int64_t>(opts.max_edges));
    return edges->each_row([&] {
        auto a = index.find(std::string(edges->column_text_view(0)));
        auto b = index.find(std::string(edges->column_text_view(1)));
        if (a == index.end() || b == index.end())
            return;
        out.edges.push_back({a->second, b->second, edges->column_int64(2)});
    });
}

} // namespace

Result<EntityGraphOverview> entity_graph(const Vault& vault, const EntityGraphOptions& opts) {
    check_off_ui_thread("entity_graph");
    const Database& db = vault.db();
    EntityGraphOverview out;

    const std::string filter = entity_where(opts);
    auto entities = count_entities(db, filter, opts);
    if (!entities)
        return entities.status();
    out.total_entities = *entities;

    std::unordered_map<std::string, std::uint32_t> index;
    std::vector<std::string> ids;
    MEMLENS_TRY(read_entity_nodes(db, filter, opts, out, index, ids));

    if (opts.max_edges == 0)
        return out; // nodes only: skip the edge table

    auto edges = count_entity_edges(db, opts);
    if (!edges)
        return edges.status();
    out.total_edges = *edges;
    MEMLENS_TRY(read_entity_edges(db, opts, ids, index, out));
    return out;
}

Result<EntityNeighbourhood> entity_neighbourhood(const Vault& vault,
                                                 const NeighbourhoodOptions& opts,
                                                 const std::atomic_bool* cancel) {
    check_off_ui_thread("entity_neighbourhood");
    EntityNeighbourhood out;
    EntityGraphOptions top;
    top.max_nodes = opts.seed_count;
    top.max_edges = 0;
    auto most = entity_graph(vault, top);
    if (!most)
        return most.status();
    if (opts.seeds.empty()) {
        for (const auto& n : most->nodes)
            out.seeds.push_back(n.id);
    } else {
        for (const std::string& s : opts.seeds)
            if (!s.empty() && std::find(out.seeds.begin(), out.seeds.end(), s) == out.seeds.end())
                out.seeds.push_back(s);
    }
    std::vector<std::string> ids = out.seeds;
    for (const std::string& seed : out.seeds) {
        if (cancel != nullptr && cancel->load())
            return Status::cancelled("entity_neighbourhood: cancelled");
        // Enough rows to find per_seed at the threshold: co_occurring_entities is weight desc.
        auto edges = co_occurring_entities(vault, seed, opts.per_seed * 4);
        if (!edges)
            return edges.status();
        std::size_t taken = 0;
        for (const GraphEdge& e : *edges) {
            if (e.weight < opts.min_weight || taken >= opts.per_seed)
                break;
            ++taken;
            if (std::find(ids.begin(), ids.end(), e.object) == ids.end())
                ids.push_back(e.object);
        }
    }
    EntityGraphOptions around;
    around.max_nodes = ids.size();
    around.max_edges = ids.size() * 40;
    around.min_weight = opts.min_weight;
    around.only_ids = std::move(ids);
    auto graph = entity_graph(vault, around);
    if (!graph)
        return graph.status();
    out.graph = std::move(*graph);
    out.graph.total_entities = most->total_entities;
    return out;
}

} // namespace memlens
