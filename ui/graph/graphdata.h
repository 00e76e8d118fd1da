// The entity graph as the graph page draws it: nodes with their mention counts, communities,
// PageRank and degree, weighted edges between them, and positions from igraph's layout
// (core/include/memlens/graph_analysis.h). Built on a worker thread (loadGraph, expandGraph)
// and handed to the GUI by value.
#pragma once

#include "vault/vaultref.h"

#include <memlens/graph_analysis.h>

#include <QString>
#include <QStringList>

#include <atomic>
#include <vector>

namespace memlens::ui {

using LayoutPoint = memlens::GraphPoint;
using LayoutEdge = memlens::AnalysisEdge; // a, b index nodes; weight = chunks shared

struct GraphNode {
    QString id;
    QString kind;
    QString surface;
    qint64 mentions = 0;
    // From the Overview's health reading (GraphScene::setRecall): its memories some logged
    // search returned, and the distinct questions that returned one of them; -1: not read.
    qint64 recalledMemories = -1;
    qint64 recallQueries = -1;
    int community = -1; // index into GraphData::communities
    double pagerank = 0.0;
    int degree = 0; // among the drawn nodes
};

struct GraphCommunityInfo {
    int colorSlot = 0; // stays with the community when the graph grows (see expandGraph)
    std::vector<std::uint32_t> members; // node indices, most mentioned first
    qint64 mentions = 0;
};

// What the page shows: the neighbourhood of a few seed entities (by default the most mentioned
// ones), or the N most mentioned entities of the vault.
enum class GraphScope { Neighbourhood, MostMentioned };

struct GraphRequest {
    GraphScope scope = GraphScope::Neighbourhood;
    std::size_t maxNodes = 2000; // MostMentioned
    QStringList seeds;           // Neighbourhood; empty = the most mentioned entities
    std::size_t seedCount = 8;   // when seeds is empty
    std::size_t perSeed = 12;    // strongest neighbours drawn around each seed
    std::int64_t minWeight = 2;

    bool operator==(const GraphRequest&) const = default;
};

// One time per shared chunk of a drawn edge (same order as GraphData::edges), for the time
// window and the edge tooltip.
using EdgeTimes = std::vector<std::vector<std::int64_t>>;

struct GraphData {
    std::vector<GraphNode> nodes;
    std::vector<LayoutEdge> edges;
    std::vector<LayoutPoint> positions;
    std::vector<GraphCommunityInfo> communities; // most mentioned first
    double modularity = 0.0;
    GraphScope scope = GraphScope::Neighbourhood;
    QStringList seeds;        // the seeds actually used
    qint64 totalEntities = 0; // in the vault
    qint64 totalEdges = 0;    // in the vault, at the weight threshold
    qint64 isolated = 0;      // listed entities left out because no drawn edge reaches them
    double layoutMs = 0.0;
    QString error;
};

GraphData loadGraph(const VaultRef& ref, const GraphRequest& request,
                    const std::atomic_bool& cancel);

// `current` grown by the neighbours of one entity (co_occurring_entities, weight >= 1: an
// expansion shows every co-occurring entity), with edges between every pair of drawn nodes
// that the vault links, never one twice. Communities and PageRank are recomputed over the grown
// graph, positions of nodes already drawn are kept and new nodes ring the centre; each new
// community takes the colour of the old one it shares most members with. `added` counts the
// new nodes.
struct GraphExpansion {
    GraphData data;
    int added = 0;
    QString error;
};
GraphExpansion expandGraph(const VaultRef& ref, GraphData current, const QString& entityId,
                           std::size_t limit, std::int64_t minWeight,
                           const std::atomic_bool& cancel);

// The time of each shared chunk behind each edge of `data` (pair_times), or an error.
struct EdgeTimesResult {
    EdgeTimes times;
    QString error;
};
EdgeTimesResult loadEdgeTimes(const VaultRef& ref, const GraphData& data,
                              const std::atomic_bool& cancel);

// Node indices within `hops` edges of `centre` (centre included), over `edges`.
std::vector<std::uint32_t> neighbourhood(std::size_t nodeCount,
                                         const std::vector<LayoutEdge>& edges, std::uint32_t centre,
                                         int hops);

// Runs the analysis over data's nodes and edges (layout too when `layout`) and writes the
// communities, PageRank, degrees and (when laid out) positions back. Empty on success.
QString analyse(GraphData& data, bool layout, const std::atomic_bool& cancel);

} // namespace memlens::ui
