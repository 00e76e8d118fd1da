// The entity graph as the graph page draws it: nodes with their mention counts, weighted edges
// between them, and positions from the force layout. Built on a worker thread (loadGraph,
// expandNode) and handed to the GUI by value.
#pragma once

#include "graph/forcelayout.h"
#include "vault/vaultref.h"

#include <QString>

#include <atomic>
#include <vector>

namespace memlens::ui {

struct GraphNode {
    QString id;
    QString kind;
    QString surface;
    qint64 mentions = 0;
};

struct GraphData {
    std::vector<GraphNode> nodes;
    std::vector<LayoutEdge> edges; // a, b index nodes; weight = shared nodes
    std::vector<LayoutPoint> positions;
    qint64 totalEntities = 0;
    qint64 totalEdges = 0;
    qint64 isolated = 0; // listed entities left out because no edge reaches them
    double layoutMs = 0.0;
    QString error;
};

struct GraphRequest {
    std::size_t maxNodes = 2000;
    std::int64_t minWeight = 2;
};

// Reads the most mentioned entities and their edges (entity_graph) and lays them out.
GraphData loadGraph(const VaultRef& ref, const GraphRequest& request,
                    const std::atomic_bool& cancel);

// The neighbours of one entity (co_occurring_entities), to add around it.
struct GraphExpansion {
    QString centre;
    std::vector<GraphNode> nodes;                    // neighbours, whether or not already drawn
    std::vector<std::pair<QString, double>> weights; // edge weight to each neighbour, same order
    QString error;
};
GraphExpansion expandNode(const VaultRef& ref, const QString& entityId, std::size_t limit);

// Node indices within `hops` edges of `centre` (centre included), over `edges`.
std::vector<std::uint32_t> neighbourhood(std::size_t nodeCount,
                                         const std::vector<LayoutEdge>& edges, std::uint32_t centre,
                                         int hops);

} // namespace memlens::ui
