// memlens-bench graph: what the graph view asks of the vault, at a vault's size. Each step the
// view runs off the GUI thread is timed as the core calls it (the GUI adds only drawing): the
// default view (the neighbourhood of the 8 most mentioned entities, laid out, communities and
// PageRank), a search (the entity search box, then the neighbourhood of the best match), a
// focus two hops out from the most mentioned entity, a community's chunks (what "Show Its
// Chunks in Query" reads: group_chunks over the heaviest community's 12 most mentioned), the edge
// times behind the time window, and the 2,000 most mentioned entities laid out. The baseline of the
// same run is one read of the whole edge table.
#include "bench.h"
#include "measure.h"
#include "workload.h"

#include <memlens/db.h>
#include <memlens/graph.h>
#include <memlens/graph_analysis.h>
#include <memlens/overview.h>
#include <memlens/retrieval.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <iostream>

namespace memlens::bench {

namespace {

// Lays out and partitions a read graph as the view does (same spacing and seed).
Status analyse_overview(const EntityGraphOverview& g) {
    std::vector<AnalysisEdge> edges;
    std::vector<double> weights;
    for (const auto& e : g.edges)
        edges.push_back({e.a, e.b, static_cast<double>(e.weight)});
    for (const auto& n : g.nodes)
        weights.push_back(static_cast<double>(std::max<std::int64_t>(n.mention_count, 1)));
    auto a = analyse_graph(g.nodes.size(), edges, weights);
    return a ? Status::ok() : a.status();
}

std::vector<std::string> ids_of(const EntityGraphOverview& g) {
    std::vector<std::string> ids;
    for (const auto& n : g.nodes)
        ids.push_back(n.id);
    return ids;
}

} // namespace

int bench_graph(const Args& a) {
    auto chunks = a.get_int("chunks", 1, kMaxBenchCount);
    auto runs = a.get_int("runs", 1, 1000);
    auto seed = a.get_int("seed", 0, std::numeric_limits<std::int32_t>::max());
    if (!chunks || !runs || !seed)
        return fail("graph", !chunks ? chunks.status() : (!runs ? runs.status() : seed.status()));
    const std::size_t n = static_cast<std::size_t>(chunks->value_or(10'000));
    const std::size_t r = static_cast<std::size_t>(runs->value_or(5));
    const std::uint64_t s = static_cast<std::uint64_t>(seed->value_or(1));
    const auto dir = cached_vault_dir(n, s);
    if (Status st = ensure_vault(dir, n, s); !st)
        return fail("graph", st);
    auto vault = Vault::open(dir, true);
    if (!vault)
        return fail("graph", vault.status());
    const Vault& v = **vault;
    auto work = make_workload(v, 20, s);
    if (!work)
        return fail("graph", work.status());

    nlohmann::json out = {{"chunks", n}, {"runs", r}};
    auto step = [&](const char* name, auto op) -> bool {
        auto t = timed(r, [&](std::size_t) { return op(); });
        if (!t) {
            fail("graph", std::string(name) + ": " + t.status().to_string());
            return false;
        }
        out[name] = *t;
        return true;
    };
    // Baseline: one read of every edge.
    if (!step("baseline_edge_scan_ms", [&]() -> Status {
            auto st = v.db().prepare("SELECT COUNT(*), SUM(weight) FROM mem_tree_entity_edges");
            if (!st)
                return st.status();
            auto row = st->step();
            return row ? Status::ok() : row.status();
        }))
        return 1;
    EntityNeighbourhood hood;
    if (!step("default_view_ms", [&]() -> Status {
            auto h = entity_neighbourhood(v, {});
            if (!h)
                return h.status();
            hood = std::move(*h);
            return analyse_overview(hood.graph);
        }))
        return 1;
    const std::string prefix =
        work->entity_prefixes.empty() ? std::string("a") : work->entity_prefixes.front();
    if (!step("search_ms", [&]() -> Status {
            SearchEntitiesOptions o;
            o.query = prefix;
            auto found = search_entities(v, o);
            if (!found)
                return found.status();
            if (found->empty())
                return Status::ok();
            NeighbourhoodOptions around;
            around.seeds = {found->front().canonical_id};
            auto h = entity_neighbourhood(v, around);
            return h ? analyse_overview(h->graph) : h.status();
        }))
        return 1;
    if (!step("focus_two_hops_ms", [&]() -> Status {
            std::vector<std::string> ids{work->top_entity};
            auto first = neighbors(v, work->top_entity, 12);
            if (!first)
                return first.status();
            for (const auto& id : *first) {
                ids.push_back(id);
                auto second = neighbors(v, id, 12);
                if (!second)
                    return second.status();
                for (const auto& w : *second)
                    if (std::find(ids.begin(), ids.end(), w) == ids.end())
                        ids.push_back(w);
            }
            EntityGraphOptions o;
            o.max_nodes = ids.size();
            o.max_edges = ids.size() * 40;
            o.min_weight = 2;
            o.only_ids = ids;
            auto g = entity_graph(v, o);
            return g ? analyse_overview(*g) : g.status();
        }))
        return 1;
    const std::vector<std::string> drawn = ids_of(hood.graph);
    // The default view's heaviest community, its 12 most mentioned members, as the page reads
    // them for "Show Its Chunks in Query".
    std::vector<std::string> community;
    {
        std::vector<AnalysisEdge> edges;
        std::vector<double> weights;
        for (const auto& e : hood.graph.edges)
            edges.push_back({e.a, e.b, static_cast<double>(e.weight)});
        for (const auto& nd : hood.graph.nodes)
            weights.push_back(static_cast<double>(std::max<std::int64_t>(nd.mention_count, 1)));
        GraphAnalysisOptions no_layout;
        no_layout.layout = false;
        auto an = analyse_graph(hood.graph.nodes.size(), edges, weights, no_layout);
        if (!an)
            return fail("graph", an.status());
        if (!an->communities.empty())
            for (std::uint32_t m : an->communities.front().members)
                if (community.size() < 12)
                    community.push_back(hood.graph.nodes[m].id);
    }
    if (!step("community_chunks_ms", [&]() -> Status {
            auto c = group_chunks(v, community, 20);
            return c ? Status::ok() : c.status();
        }))
        return 1;
    if (!step("edge_times_ms", [&]() -> Status {
            auto t = pair_times(v, drawn);
            return t ? Status::ok() : t.status();
        }))
        return 1;
    if (!step("top_2000_ms", [&]() -> Status {
            EntityGraphOptions o;
            o.max_nodes = 2000;
            o.max_edges = 12000;
            o.min_weight = 2;
            auto g = entity_graph(v, o);
            return g ? analyse_overview(*g) : g.status();
        }))
        return 1;
    out["default_view_nodes"] = hood.graph.nodes.size();
    out["vault_entities"] = hood.graph.total_entities;
    const double base = out["baseline_edge_scan_ms"]["p50"].get<double>();
    for (const char* k : {"default_view_ms", "search_ms", "focus_two_hops_ms",
                          "community_chunks_ms", "edge_times_ms", "top_2000_ms"})
        out[std::string(k) + "_ratio"] = base > 0 ? out[k]["p50"].get<double>() / base : 0.0;
    if (a.json()) {
        std::cout << out.dump(2) << '\n';
        return 0;
    }
    std::printf("%zu chunks, %lld entities; %zu runs each after a warm-up\n", n,
                static_cast<long long>(hood.graph.total_entities), r);
    for (const char* k :
         {"baseline_edge_scan_ms", "default_view_ms", "search_ms", "focus_two_hops_ms",
          "community_chunks_ms", "edge_times_ms", "top_2000_ms"})
        std::printf("  %-24s p50 %9.1f ms   p95 %9.1f ms   %6.2fx the edge scan\n", k,
                    out[k]["p50"].get<double>(), out[k]["p95"].get<double>(),
                    base > 0 ? out[k]["p50"].get<double>() / base : 0.0);
    return 0;
}

} // namespace memlens::bench
