// Layout, components, communities and centrality of an entity graph that is about to be drawn,
// computed with igraph (Debian's libigraph-dev 0.10): Fruchterman–Reingold per connected
// component, the components packed side by side; communities by Louvain (modularity over the
// co-occurrence weights); PageRank over the same weights.
//
// Deterministic: the same nodes and edges, in the same order, give the same positions and the
// same community numbers (igraph's random generator is seeded from the options for every call).
// Communities are numbered by their total node weight (mentions), heaviest first, so the
// colours a view gives community 0, 1, 2 ... stay with the same groups of entities as long as
// the vault does not change. Debian's igraph is built without thread-local state: every call
// into it is serialised here, and a raised cancel flag stops a running layout.
#pragma once

#include <memlens/status.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace memlens {

struct GraphPoint {
    double x = 0.0;
    double y = 0.0;
};

struct AnalysisEdge {
    std::uint32_t a = 0; // node indices
    std::uint32_t b = 0;
    double weight = 1.0; // shared nodes (co-occurrences)
};

struct GraphAnalysisOptions {
    // The median drawn edge is this long (in scene units), or longer where that would crowd a
    // component: each node gets at least spacing² / 2 of its component's bounding box.
    double spacing = 60.0;
    std::uint64_t seed = 7;
    bool layout = true; // false: communities and centrality only
};

struct GraphCommunity {
    std::vector<std::uint32_t> members; // node indices, heaviest node first
    double weight = 0.0;                // sum of the members' node weights (mentions)
    double internal_weight = 0.0;       // sum of the weights of edges inside it
};

struct GraphAnalysis {
    std::vector<GraphPoint> positions; // empty when options.layout is false
    std::vector<int> component;        // per node; 0 = the component with the most nodes
    int component_count = 0;
    std::vector<int> community;              // per node; index into communities
    std::vector<GraphCommunity> communities; // heaviest first
    double modularity = 0.0;
    std::vector<double> pagerank; // per node, sums to 1 over the graph
    std::vector<int> degree;      // distinct neighbours among the given nodes
    std::vector<double> strength; // sum of the weights of the node's edges
};

// `node_weight` (one per node, e.g. mention counts) orders communities and their members; edges
// with an index out of range, self-loops or a weight that is not positive and finite are
// refused (InvalidArgument). Parallel edges are merged, their weights added. Cancelled when
// `cancel` is raised while igraph runs.
Result<GraphAnalysis> analyse_graph(std::size_t node_count, const std::vector<AnalysisEdge>& edges,
                                    const std::vector<double>& node_weight,
                                    const GraphAnalysisOptions& options = {},
                                    const std::atomic_bool* cancel = nullptr);

// Moves apart the nodes whose marks overlap. Node i's mark is a disc of radius[i] around
// positions[i] (a caller that draws other shapes passes the radius of the circle its shape fits
// in); afterwards every two marks are at least `gap` apart. Pairs that come too close are pushed
// apart along the line between them, each by half the shortfall, a few passes over a grid, so
// the layout keeps its shape where nothing overlaps; what the passes leave overlapping is
// resolved by scaling the whole drawing about the origin by the factor the worst pair needs.
// Deterministic: the same input gives the same positions. A node past the end of `radius` is
// a point (radius 0).
void separate_marks(std::vector<GraphPoint>& positions, const std::vector<double>& radius,
                    double gap);

} // namespace memlens
