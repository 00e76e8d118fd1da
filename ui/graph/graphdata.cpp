#include "graph/graphdata.h"

#include "core/format.h"
#include "graph/graphscene.h"
#include "vault/workervault.h"

#include <memlens/graph.h>
#include <memlens/overview.h>

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <deque>
#include <map>
#include <numbers>

namespace memlens::ui {

namespace {

GraphNode toGraphNode(const EntityNodeOverview& n) {
    return {qs(n.id), qs(n.kind), qs(n.surface), n.mention_count};
}

std::pair<std::uint32_t, std::uint32_t> edgeKey(std::uint32_t a, std::uint32_t b) {
    return {std::min(a, b), std::max(a, b)};
}

constexpr double kSpacing = 60.0; // median drawn edge length, scene units
constexpr double kMarkGap = 4.0;  // scene units between two marks at least

} // namespace

QString analyse(GraphData& data, bool layout, const std::atomic_bool& cancel) {
    std::vector<double> weights;
    weights.reserve(data.nodes.size());
    for (const GraphNode& n : data.nodes)
        weights.push_back(static_cast<double>(std::max<qint64>(n.mentions, 1)));
    GraphAnalysisOptions options;
    options.spacing = kSpacing;
    options.layout = layout;
    auto analysis = analyse_graph(data.nodes.size(), data.edges, weights, options, &cancel);
    if (!analysis)
        return formatStatus(analysis.status());
    data.communities.clear();
    for (std::size_t c = 0; c < analysis->communities.size(); ++c) {
        GraphCommunityInfo info;
        info.colorSlot = static_cast<int>(c);
        info.members = analysis->communities[c].members;
        info.mentions = static_cast<qint64>(analysis->communities[c].weight);
        data.communities.push_back(std::move(info));
    }
    data.modularity = analysis->modularity;
    for (std::size_t i = 0; i < data.nodes.size(); ++i) {
        data.nodes[i].community = analysis->community[i];
        data.nodes[i].pagerank = analysis->pagerank[i];
        data.nodes[i].degree = analysis->degree[i];
    }
    if (layout) {
        // The layout keeps nodes apart by a distance that ignores their size; marks drawn big
        // (many mentions, many links, a high PageRank, whichever the page shows) would still
        // cover each other in a dense core.
        data.positions = std::move(analysis->positions);
        separate_marks(data.positions, GraphScene::markExtents(data.nodes), kMarkGap);
    }
    return {};
}

GraphData loadGraph(const VaultRef& ref, const GraphRequest& request,
                    const std::atomic_bool& cancel) {
    GraphData out;
    out.scope = request.scope;
    auto vault = workerVault(ref);
    if (!vault) {
        out.error = formatStatus(vault.status());
        return out;
    }
    Result<EntityGraphOverview> graph = Status::internal("no graph read");
    std::vector<std::string> seeds;
    if (request.scope == GraphScope::MostMentioned) {
        EntityGraphOptions top;
        top.max_nodes = request.maxNodes;
        top.min_weight = request.minWeight;
        top.max_edges = request.maxNodes * 6;
        graph = entity_graph(**vault, top);
    } else {
        NeighbourhoodOptions around;
        for (const QString& s : request.seeds)
            around.seeds.push_back(s.toStdString());
        around.seed_count = request.seedCount;
        around.per_seed = request.perSeed;
        around.min_weight = request.minWeight;
        auto hood = entity_neighbourhood(**vault, around, &cancel);
        if (!hood) {
            graph = hood.status();
        } else {
            seeds = hood->seeds;
            graph = std::move(hood->graph);
        }
    }
    if (!graph) {
        if (graph.status().code() != StatusCode::Cancelled)
            out.error = formatStatus(graph.status());
        return out;
    }
    for (const std::string& s : seeds)
        out.seeds << qs(s);
    out.totalEntities = graph->total_entities;
    out.totalEdges = graph->total_edges;
    // Entities with no edge at this threshold say nothing about co-occurrence and would only
    // scatter dots around the graph: they are counted, not drawn (a seed is always drawn).
    std::vector<std::uint32_t> remap(graph->nodes.size(), UINT32_MAX);
    std::vector<bool> linked(graph->nodes.size(), false);
    for (const auto& e : graph->edges)
        linked[e.a] = linked[e.b] = true;
    for (std::size_t i = 0; i < graph->nodes.size(); ++i) {
        const bool seed = std::find(seeds.begin(), seeds.end(), graph->nodes[i].id) != seeds.end();
        if (!linked[i] && !seed) {
            ++out.isolated;
            continue;
        }
        remap[i] = static_cast<std::uint32_t>(out.nodes.size());
        out.nodes.push_back(toGraphNode(graph->nodes[i]));
    }
    out.edges.reserve(graph->edges.size());
    for (const auto& e : graph->edges)
        out.edges.push_back({remap[e.a], remap[e.b], static_cast<double>(e.weight)});
    QElapsedTimer timer;
    timer.start();
    out.error = analyse(out, true, cancel);
    out.layoutMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    return out;
}

namespace {

// The entities new to the drawing, placed in a ring round their centre in the order
// co_occurring_entities gave. An error's text, or empty.
QString ringNewNeighbours(const Vault& vault, const std::vector<std::string>& fresh,
                          std::uint32_t centre, GraphData& current,
                          QHash<QString, std::uint32_t>& index) {
    EntityGraphOptions opts;
    opts.only_ids = fresh;
    opts.max_nodes = fresh.size();
    opts.max_edges = 0;
    auto listed = entity_graph(vault, opts);
    if (!listed)
        return formatStatus(listed.status());
    std::map<std::string, const EntityNodeOverview*> byId;
    for (const auto& n : listed->nodes)
        byId.emplace(n.id, &n);
    // New neighbours ring their centre, in the order co_occurring_entities gave.
    const LayoutPoint c = current.positions[centre];
    for (std::size_t i = 0; i < fresh.size(); ++i) {
        auto it = byId.find(fresh[i]);
        GraphNode node = it != byId.end() ? toGraphNode(*it->second)
                                          : GraphNode{qs(fresh[i]), {}, qs(fresh[i]), 0};
        const double angle =
            2.0 * std::numbers::pi * static_cast<double>(i) / static_cast<double>(fresh.size());
        const double r = kSpacing * (1.5 + 0.5 * static_cast<double>(i % 2));
        index.insert(node.id, static_cast<std::uint32_t>(current.nodes.size()));
        current.nodes.push_back(std::move(node));
        current.positions.push_back({c.x + r * std::cos(angle), c.y + r * std::sin(angle)});
    }
    return {};
}

// Each recomputed community keeps the colour of the group most of its members were in.
void keepColours(const std::vector<int>& oldSlot, std::vector<GraphCommunityInfo>& communities) {
    QSet<int> taken;
    int nextSlot = 0;
    for (int s : oldSlot)
        nextSlot = std::max(nextSlot, s + 1);
    for (GraphCommunityInfo& c : communities) {
        std::map<int, int> overlap;
        for (std::uint32_t v : c.members)
            if (oldSlot[v] >= 0 && !taken.contains(oldSlot[v]))
                ++overlap[oldSlot[v]];
        int best = -1;
        int bestCount = 0;
        for (const auto& [slot, count] : overlap)
            if (count > bestCount) {
                best = slot;
                bestCount = count;
            }
        c.colorSlot = best >= 0 ? best : nextSlot++;
        taken.insert(c.colorSlot);
    }
}

} // namespace

GraphExpansion expandGraph(const VaultRef& ref, GraphData current, const QString& entityId,
                           std::size_t limit, std::int64_t minWeight,
                           const std::atomic_bool& cancel) {
    GraphExpansion out;
    auto vault = workerVault(ref);
    if (!vault) {
        out.error = formatStatus(vault.status());
        return out;
    }
    QHash<QString, std::uint32_t> index;
    for (std::size_t i = 0; i < current.nodes.size(); ++i)
        index.insert(current.nodes[i].id, static_cast<std::uint32_t>(i));
    const auto centreIt = index.constFind(entityId);
    if (centreIt == index.cend()) {
        out.error = QObject::tr("%1 is not drawn").arg(entityId);
        return out;
    }
    const std::uint32_t centre = *centreIt;
    auto edges = co_occurring_entities(**vault, entityId.toStdString(), limit);
    if (!edges) {
        out.error = formatStatus(edges.status());
        return out;
    }
    std::vector<std::string> fresh;
    for (const GraphEdge& e : *edges)
        if (!index.contains(qs(e.object)))
            fresh.push_back(e.object);
    if (!fresh.empty()) {
        if (QString error = ringNewNeighbours(**vault, fresh, centre, current, index);
            !error.isEmpty()) {
            out.error = error;
            return out;
        }
        out.added = static_cast<int>(fresh.size());
    }
    // Every edge among the drawn nodes at the threshold, the centre's edges at any weight, and
    // the edges already drawn: each pair once.
    std::map<std::pair<std::uint32_t, std::uint32_t>, double> pairs;
    for (const LayoutEdge& e : current.edges)
        pairs[edgeKey(e.a, e.b)] = e.weight;
    for (const GraphEdge& e : *edges)
        pairs[edgeKey(centre, index.value(qs(e.object)))] = static_cast<double>(e.weight);
    if (cancel.load())
        return out;
    EntityGraphOptions among;
    among.only_ids = std::vector<std::string>();
    for (const GraphNode& n : current.nodes)
        among.only_ids->push_back(n.id.toStdString());
    among.max_nodes = current.nodes.size();
    among.max_edges = current.nodes.size() * 40;
    among.min_weight = minWeight;
    auto graph = entity_graph(**vault, among);
    if (!graph) {
        out.error = formatStatus(graph.status());
        return out;
    }
    for (const auto& e : graph->edges) {
        const std::uint32_t a = index.value(qs(graph->nodes[e.a].id));
        const std::uint32_t b = index.value(qs(graph->nodes[e.b].id));
        pairs[edgeKey(a, b)] = static_cast<double>(e.weight);
    }
    current.edges.clear();
    for (const auto& [p, w] : pairs)
        current.edges.push_back({p.first, p.second, w});

    // Recompute communities; keep each colour with the group it was on.
    std::vector<int> oldSlot(current.nodes.size(), -1);
    for (const GraphCommunityInfo& c : current.communities)
        for (std::uint32_t v : c.members)
            oldSlot[v] = c.colorSlot;
    if (QString error = analyse(current, false, cancel); !error.isEmpty()) {
        out.error = error;
        return out;
    }
    keepColours(oldSlot, current.communities);
    out.data = std::move(current);
    return out;
}

EdgeTimesResult loadEdgeTimes(const VaultRef& ref, const GraphData& data,
                              const std::atomic_bool& cancel) {
    EdgeTimesResult out;
    auto vault = workerVault(ref);
    if (!vault) {
        out.error = formatStatus(vault.status());
        return out;
    }
    std::vector<std::string> ids;
    ids.reserve(data.nodes.size());
    for (const GraphNode& n : data.nodes)
        ids.push_back(n.id.toStdString());
    auto times = pair_times(**vault, ids, &cancel);
    if (!times) {
        out.error = formatStatus(times.status());
        return out;
    }
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::size_t> at;
    for (std::size_t i = 0; i < times->size(); ++i)
        at.emplace(std::make_pair((*times)[i].a, (*times)[i].b), i);
    out.times.resize(data.edges.size());
    for (std::size_t i = 0; i < data.edges.size(); ++i) {
        auto it = at.find(edgeKey(data.edges[i].a, data.edges[i].b));
        if (it != at.end())
            out.times[i] = std::move((*times)[it->second].times_ms);
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
