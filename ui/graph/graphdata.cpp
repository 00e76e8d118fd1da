#include "graph/graphdata.h"

#include "core/format.h"
#include "vault/workervault.h"

#include <memlens/graph.h>
#include <memlens/overview.h>

#include <QElapsedTimer>

#include <deque>

namespace memlens::ui {

namespace {

GraphNode toNode(const EntityNodeOverview& n) {
    return {qs(n.id), qs(n.kind), qs(n.surface), n.mention_count};
}

} // namespace

GraphData loadGraph(const VaultRef& ref, const GraphRequest& request,
                    const std::atomic_bool& cancel) {
    GraphData out;
    auto vault = workerVault(ref);
    if (!vault) {
        out.error = formatStatus(vault.status());
        return out;
    }
    EntityGraphOptions opts;
    opts.max_nodes = request.maxNodes;
    opts.min_weight = request.minWeight;
    opts.max_edges = request.maxNodes * 6;
    auto graph = entity_graph(**vault, opts);
    if (!graph) {
        out.error = formatStatus(graph.status());
        return out;
    }
    out.totalEntities = graph->total_entities;
    out.totalEdges = graph->total_edges;
    // Entities with no edge at this threshold say nothing about co-occurrence and would only
    // scatter dots around the graph: they are counted, not drawn.
    std::vector<std::uint32_t> remap(graph->nodes.size(), UINT32_MAX);
    std::vector<bool> linked(graph->nodes.size(), false);
    for (const auto& e : graph->edges)
        linked[e.a] = linked[e.b] = true;
    for (std::size_t i = 0; i < graph->nodes.size(); ++i) {
        if (!linked[i]) {
            ++out.isolated;
            continue;
        }
        remap[i] = static_cast<std::uint32_t>(out.nodes.size());
        out.nodes.push_back(toNode(graph->nodes[i]));
    }
    out.edges.reserve(graph->edges.size());
    for (const auto& e : graph->edges)
        out.edges.push_back({remap[e.a], remap[e.b], static_cast<double>(e.weight)});
    QElapsedTimer timer;
    timer.start();
    out.positions = forceLayout(out.nodes.size(), out.edges, LayoutOptions{}, cancel);
    out.layoutMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    return out;
}

GraphExpansion expandNode(const VaultRef& ref, const QString& entityId, std::size_t limit) {
    GraphExpansion out;
    out.centre = entityId;
    auto vault = workerVault(ref);
    if (!vault) {
        out.error = formatStatus(vault.status());
        return out;
    }
    auto edges = co_occurring_entities(**vault, entityId.toStdString(), limit);
    if (!edges) {
        out.error = formatStatus(edges.status());
        return out;
    }
    if (edges->empty())
        return out;
    // Mention counts and kinds of the neighbours, in one read.
    EntityGraphOptions opts;
    opts.only_ids = std::vector<std::string>();
    for (const auto& e : *edges)
        opts.only_ids->push_back(e.object);
    opts.max_nodes = edges->size();
    opts.max_edges = 0;
    auto listed = entity_graph(**vault, opts);
    if (!listed) {
        out.error = formatStatus(listed.status());
        return out;
    }
    for (const auto& e : *edges) {
        auto it = std::find_if(listed->nodes.begin(), listed->nodes.end(),
                               [&](const auto& n) { return n.id == e.object; });
        GraphNode node =
            it != listed->nodes.end() ? toNode(*it) : GraphNode{qs(e.object), {}, qs(e.object), 0};
        out.nodes.push_back(std::move(node));
        out.weights.emplace_back(qs(e.object), static_cast<double>(e.weight));
    }
    return out;
}

std::vector<std::uint32_t> neighbourhood(std::size_t n, const std::vector<LayoutEdge>& edges,
                                         std::uint32_t centre, int hops) {
    std::vector<std::vector<std::uint32_t>> adjacent(n);
    for (const LayoutEdge& e : edges) {
        if (e.a < n && e.b < n) {
            adjacent[e.a].push_back(e.b);
            adjacent[e.b].push_back(e.a);
        }
    }
    std::vector<int> depth(n, -1);
    std::vector<std::uint32_t> out;
    if (centre >= n)
        return out;
    std::deque<std::uint32_t> queue{centre};
    depth[centre] = 0;
    while (!queue.empty()) {
        const std::uint32_t v = queue.front();
        queue.pop_front();
        out.push_back(v);
        if (depth[v] >= hops)
            continue;
        for (std::uint32_t w : adjacent[v]) {
            if (depth[w] < 0) {
                depth[w] = depth[v] + 1;
                queue.push_back(w);
            }
        }
    }
    return out;
}

} // namespace memlens::ui
