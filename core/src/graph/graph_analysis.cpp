#include <memlens/graph_analysis.h>
#include <memlens/thread_guard.h>

#include <igraph/igraph.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <numeric>
#include <string>
#include <unordered_map>
#include <utility>

namespace memlens {

namespace {

// Debian builds igraph with IGRAPH_THREAD_SAFE 0: its error state, random generator and
// handlers are process-wide. One call at a time holds this lock.
std::mutex& igraph_lock() {
    static std::mutex m;
    return m;
}

// The cancel flag of the call that holds igraph_lock, read by the interruption handler that
// igraph's long loops call.
const std::atomic_bool* g_igraph_cancel = nullptr;

igraph_error_t igraph_cancel_check(void*) {
    if (g_igraph_cancel == nullptr || !g_igraph_cancel->load(std::memory_order_relaxed))
        return IGRAPH_SUCCESS;
    // An interrupted igraph function returns at once, without unwinding its stack of temporary
    // objects and without calling the error handler: they are freed here, while the frames
    // that own them are still alive (after the return their pointers would dangle).
    IGRAPH_FINALLY_FREE();
    return IGRAPH_INTERRUPTED;
}

void install_igraph_handlers() {
    static std::once_flag once;
    std::call_once(once, [] {
        // The default handler aborts the process; errors come back as codes instead.
        igraph_set_error_handler(igraph_error_handler_ignore);
        igraph_set_warning_handler(igraph_warning_handler_ignore);
        igraph_set_interruption_handler(igraph_cancel_check);
    });
}

Status igraph_status(igraph_error_t err, const char* what) {
    if (err == IGRAPH_INTERRUPTED)
        return Status::cancelled(std::string(what) + ": cancelled");
    return Status::internal(std::string(what) + ": igraph: " + igraph_strerror(err));
}

// Owners of igraph's C objects, so that every return path frees them.
struct IntVector {
    igraph_vector_int_t v{};
    bool ok = false;
    explicit IntVector(igraph_integer_t n = 0) {
        ok = igraph_vector_int_init(&v, n) == IGRAPH_SUCCESS;
    }
    ~IntVector() {
        if (ok)
            igraph_vector_int_destroy(&v);
    }
    IntVector(const IntVector&) = delete;
    IntVector& operator=(const IntVector&) = delete;
};

struct RealVector {
    igraph_vector_t v{};
    bool ok = false;
    explicit RealVector(igraph_integer_t n = 0) {
        ok = igraph_vector_init(&v, n) == IGRAPH_SUCCESS;
    }
    ~RealVector() {
        if (ok)
            igraph_vector_destroy(&v);
    }
    RealVector(const RealVector&) = delete;
    RealVector& operator=(const RealVector&) = delete;
};

struct Matrix {
    igraph_matrix_t m{};
    bool ok = false;
    Matrix() { ok = igraph_matrix_init(&m, 0, 0) == IGRAPH_SUCCESS; }
    ~Matrix() {
        if (ok)
            igraph_matrix_destroy(&m);
    }
    Matrix(const Matrix&) = delete;
    Matrix& operator=(const Matrix&) = delete;
};

struct Graph {
    igraph_t g{};
    bool ok = false;
    Graph(const std::vector<std::pair<std::uint32_t, std::uint32_t>>& pairs, std::size_t n) {
        IntVector ev(static_cast<igraph_integer_t>(pairs.size() * 2));
        if (!ev.ok)
            return;
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            VECTOR(ev.v)[2 * i] = pairs[i].first;
            VECTOR(ev.v)[2 * i + 1] = pairs[i].second;
        }
        ok = igraph_create(&g, &ev.v, static_cast<igraph_integer_t>(n), IGRAPH_UNDIRECTED) ==
             IGRAPH_SUCCESS;
    }
    ~Graph() {
        if (ok)
            igraph_destroy(&g);
    }
    Graph(const Graph&) = delete;
    Graph& operator=(const Graph&) = delete;
};

struct Box {
    double min_x = 0, min_y = 0, max_x = 0, max_y = 0;
    double width() const { return max_x - min_x; }
    double height() const { return max_y - min_y; }
};

// Components of at most this many nodes are laid out by Kamada–Kawai (O(n²) a step), larger
// ones by Fruchterman–Reingold.
constexpr std::size_t kKamadaKawaiNodes = 300;

// Moves a and b apart along the line between them (ex, ey: b − a, of length dist; a fixed
// slant when they sit on each other), each by `push`.
void part_pair(GraphPoint& a, GraphPoint& b, double ex, double ey, double dist, double push) {
    if (dist < 1e-9) {
        ex = 0.6;
        ey = 0.8;
    } else {
        ex /= dist;
        ey /= dist;
    }
    a.x -= ex * push;
    a.y -= ey * push;
    b.x += ex * push;
    b.y += ey * push;
}

// Pushes apart nodes of one component that sit closer than `min_distance`, a few passes over a
// grid of that cell size (each pair moves half the shortfall each, in index order: the same
// input gives the same result). Marks drawn on top of each other hide nodes and their names.
void separate_nodes(const std::vector<std::uint32_t>& members, double min_distance,
                    std::vector<GraphPoint>& positions) {
    if (members.size() < 2)
        return;
    const double d2 = min_distance * min_distance;
    for (int pass = 0; pass < 30; ++pass) {
        std::map<std::pair<long, long>, std::vector<std::uint32_t>> grid;
        auto cell = [&](const GraphPoint& p) {
            return std::make_pair(static_cast<long>(std::floor(p.x / min_distance)),
                                  static_cast<long>(std::floor(p.y / min_distance)));
        };
        for (std::uint32_t v : members)
            grid[cell(positions[v])].push_back(v);
        bool moved = false;
        for (std::uint32_t v : members) {
            const auto [cx, cy] = cell(positions[v]);
            for (long dx = -1; dx <= 1; ++dx)
                for (long dy = -1; dy <= 1; ++dy) {
                    auto it = grid.find({cx + dx, cy + dy});
                    if (it == grid.end())
                        continue;
                    for (std::uint32_t w : it->second) {
                        if (w <= v)
                            continue;
                        GraphPoint& a = positions[v];
                        GraphPoint& b = positions[w];
                        const double ex = b.x - a.x, ey = b.y - a.y;
                        const double dd = ex * ex + ey * ey;
                        if (dd >= d2)
                            continue;
                        const double dist = std::sqrt(dd);
                        part_pair(a, b, ex, ey, dist, (min_distance - dist) / 2.0);
                        moved = true;
                    }
                }
        }
        if (!moved)
            break;
    }
}

// Kamada–Kawai for the small pieces people read closely: it gives even edge lengths and does
// not crush a dense core the way a force layout does. Its weights are lengths: a pair sharing
// many chunks sits closer, logarithmically.
igraph_error_t kamada_kawai_layout(Graph& g, RealVector& w, Matrix& m,
                                   const std::vector<double>& local_weights, std::size_t n) {
    for (std::size_t i = 0; i < local_weights.size(); ++i)
        VECTOR(w.v)
    [static_cast<igraph_integer_t>(i)] = 1.0 / (1.0 + std::log(local_weights[i]));
    return igraph_layout_kamada_kawai(&g.g, &m.m, false, static_cast<igraph_integer_t>(50 * n), 0.0,
                                      static_cast<igraph_real_t>(n), &w.v, nullptr, nullptr,
                                      nullptr, nullptr);
}

// Fruchterman–Reingold (with a grid past 1,000 nodes) for large pieces. Heavy edges pull
// harder, but logarithmically: a pair that shares 400 chunks should not collapse onto itself
// next to one that shares 2.
igraph_error_t force_layout(Graph& g, RealVector& w, Matrix& m,
                            const std::vector<double>& local_weights, std::size_t n) {
    for (std::size_t i = 0; i < local_weights.size(); ++i)
        VECTOR(w.v)[static_cast<igraph_integer_t>(i)] = 1.0 + std::log(local_weights[i]);
    const igraph_integer_t iterations = n > 2000 ? 300 : 500;
    return igraph_layout_fruchterman_reingold(
        &g.g, &m.m, false, iterations, std::sqrt(static_cast<double>(n)), IGRAPH_LAYOUT_AUTOGRID,
        &w.v, nullptr, nullptr, nullptr, nullptr);
}

// Scaled so that the median edge is `spacing` long, or further when that would crowd the nodes:
// each gets at least spacing² / 2 of the component's bounding box. (A component whose edges run
// across it, as in a random graph, has long median edges; scaling by them alone would pack
// thousands of nodes into a few edge lengths.)
double layout_scale(const igraph_matrix_t& xy,
                    const std::vector<std::pair<std::uint32_t, std::uint32_t>>& local_edges,
                    std::size_t n, double spacing) {
    std::vector<double> lengths;
    lengths.reserve(local_edges.size());
    for (const auto& [a, b] : local_edges)
        lengths.push_back(
            std::hypot(MATRIX(xy, a, 0) - MATRIX(xy, b, 0), MATRIX(xy, a, 1) - MATRIX(xy, b, 1)));
    std::nth_element(lengths.begin(), lengths.begin() + static_cast<long>(lengths.size() / 2),
                     lengths.end());
    const double median = lengths[lengths.size() / 2];
    double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
    for (std::size_t i = 0; i < n; ++i) {
        const auto r = static_cast<igraph_integer_t>(i);
        x0 = std::min(x0, MATRIX(xy, r, 0));
        x1 = std::max(x1, MATRIX(xy, r, 0));
        y0 = std::min(y0, MATRIX(xy, r, 1));
        y1 = std::max(y1, MATRIX(xy, r, 1));
    }
    const double area = std::max((x1 - x0) * (y1 - y0), 1e-12);
    const double by_edges = median > 1e-9 ? spacing / median : spacing;
    const double by_room = std::sqrt(static_cast<double>(n) * spacing * spacing / 2.0 / area);
    return std::max(by_edges, by_room);
}

// The layout's points, centred on the origin and scaled, as the members' positions.
void place_centred(const igraph_matrix_t& xy, const std::vector<std::uint32_t>& members,
                   double scale, std::vector<GraphPoint>& positions) {
    const std::size_t n = members.size();
    double cx = 0.0, cy = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        cx += MATRIX(xy, static_cast<igraph_integer_t>(i), 0);
        cy += MATRIX(xy, static_cast<igraph_integer_t>(i), 1);
    }
    cx /= static_cast<double>(n);
    cy /= static_cast<double>(n);
    for (std::size_t i = 0; i < n; ++i) {
        const auto r = static_cast<igraph_integer_t>(i);
        positions[members[i]] = {(MATRIX(xy, r, 0) - cx) * scale, (MATRIX(xy, r, 1) - cy) * scale};
    }
}

// Lays out one connected component (its nodes `members`, its edges in local indices) around
// the origin, scaled so that its median edge is `spacing` long.
Status layout_component(const std::vector<std::uint32_t>& members,
                        const std::vector<std::pair<std::uint32_t, std::uint32_t>>& local_edges,
                        const std::vector<double>& local_weights, const GraphAnalysisOptions& opts,
                        std::vector<GraphPoint>& positions) {
    const std::size_t n = members.size();
    if (n == 1) {
        positions[members[0]] = {0.0, 0.0};
        return Status::ok();
    }
    if (n == 2) {
        positions[members[0]] = {-opts.spacing / 2, 0.0};
        positions[members[1]] = {opts.spacing / 2, 0.0};
        return Status::ok();
    }
    Graph g(local_edges, n);
    RealVector w(static_cast<igraph_integer_t>(local_weights.size()));
    Matrix m;
    if (!g.ok || !w.ok || !m.ok)
        return Status::internal("graph layout: igraph could not allocate the component");
    igraph_rng_seed(igraph_rng_default(), opts.seed);
    const igraph_error_t err = n <= kKamadaKawaiNodes
                                   ? kamada_kawai_layout(g, w, m, local_weights, n)
                                   : force_layout(g, w, m, local_weights, n);
    if (err != IGRAPH_SUCCESS)
        return igraph_status(err, "graph layout");
    const double scale = layout_scale(m.m, local_edges, n, opts.spacing);
    place_centred(m.m, members, scale, positions);
    separate_nodes(members, opts.spacing * 0.55, positions);
    return Status::ok();
}

// Packs the laid-out components in rows, largest first, into a block about 1.6 times as wide
// as high, centred on the origin: separate pieces sit side by side instead of being pushed
// apart to the corners.
void pack_components(const std::vector<std::vector<std::uint32_t>>& components, double gap,
                     std::vector<GraphPoint>& positions) {
    std::vector<Box> boxes(components.size());
    double area = 0.0;
    for (std::size_t c = 0; c < components.size(); ++c) {
        Box b{1e300, 1e300, -1e300, -1e300};
        for (std::uint32_t v : components[c]) {
            b.min_x = std::min(b.min_x, positions[v].x);
            b.min_y = std::min(b.min_y, positions[v].y);
            b.max_x = std::max(b.max_x, positions[v].x);
            b.max_y = std::max(b.max_y, positions[v].y);
        }
        boxes[c] = b;
        area += (b.width() + gap) * (b.height() + gap);
    }
    double row_width = std::sqrt(area * 1.6);
    for (const Box& b : boxes)
        row_width = std::max(row_width, b.width() + gap);
    double x = 0.0, y = 0.0, row_height = 0.0, total_width = 0.0;
    std::vector<GraphPoint> offsets(components.size());
    for (std::size_t c = 0; c < components.size(); ++c) {
        const Box& b = boxes[c];
        if (x > 0.0 && x + b.width() > row_width) {
            x = 0.0;
            y += row_height + gap;
            row_height = 0.0;
        }
        offsets[c] = {x - b.min_x, y - b.min_y};
        x += b.width() + gap;
        total_width = std::max(total_width, x - gap);
        row_height = std::max(row_height, b.height());
    }
    const double total_height = y + row_height;
    for (std::size_t c = 0; c < components.size(); ++c) {
        for (std::uint32_t v : components[c]) {
            positions[v].x += offsets[c].x - total_width / 2;
            positions[v].y += offsets[c].y - total_height / 2;
        }
    }
}

} // namespace

namespace {

// Merges parallel edges (either direction) and refuses what igraph would misread.
Status merge_edges(std::size_t node_count, const std::vector<AnalysisEdge>& edges,
                   std::vector<std::pair<std::uint32_t, std::uint32_t>>& pairs,
                   std::vector<double>& weights) {
    std::map<std::pair<std::uint32_t, std::uint32_t>, double> merged;
    for (const AnalysisEdge& e : edges) {
        if (e.a >= node_count || e.b >= node_count)
            return Status::invalid("graph analysis: edge " + std::to_string(e.a) + "–" +
                                   std::to_string(e.b) + " names a node beyond the " +
                                   std::to_string(node_count) + " given");
        if (e.a == e.b)
            return Status::invalid("graph analysis: self-loop on node " + std::to_string(e.a));
        if (!(e.weight > 0.0) || !std::isfinite(e.weight))
            return Status::invalid("graph analysis: edge " + std::to_string(e.a) + "–" +
                                   std::to_string(e.b) + " has weight " + std::to_string(e.weight) +
                                   " (must be positive)");
        merged[{std::min(e.a, e.b), std::max(e.a, e.b)}] += e.weight;
    }
    pairs.reserve(merged.size());
    weights.reserve(merged.size());
    for (const auto& [p, w] : merged) {
        pairs.push_back(p);
        weights.push_back(w);
    }
    return Status::ok();
}

// Connected components, numbered by size (largest first, then by their heaviest node).
Status find_components(Graph& g, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& pairs,
                       const std::vector<double>& weights, std::size_t node_count,
                       const GraphAnalysisOptions& options, const std::atomic_bool* cancel,
                       GraphAnalysis& out) {
    IntVector membership, sizes;
    igraph_integer_t count = 0;
    if (!membership.ok || !sizes.ok)
        return Status::internal("graph analysis: igraph could not allocate");
    if (auto err = igraph_connected_components(&g.g, &membership.v, &sizes.v, &count, IGRAPH_WEAK);
        err != IGRAPH_SUCCESS)
        return igraph_status(err, "connected components");
    std::vector<std::vector<std::uint32_t>> groups(static_cast<std::size_t>(count));
    for (std::size_t v = 0; v < node_count; ++v)
        groups[static_cast<std::size_t>(VECTOR(membership.v)[static_cast<igraph_integer_t>(v)])]
            .push_back(static_cast<std::uint32_t>(v));
    std::stable_sort(groups.begin(), groups.end(), [](const auto& a, const auto& b) {
        return a.size() != b.size() ? a.size() > b.size() : a.front() < b.front();
    });
    out.component.assign(node_count, 0);
    for (std::size_t c = 0; c < groups.size(); ++c)
        for (std::uint32_t v : groups[c])
            out.component[v] = static_cast<int>(c);
    out.component_count = static_cast<int>(groups.size());

    if (options.layout) {
        out.positions.assign(node_count, {});
        std::vector<std::uint32_t> local(node_count, 0);
        std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> comp_edges(groups.size());
        std::vector<std::vector<double>> comp_weights(groups.size());
        for (std::size_t c = 0; c < groups.size(); ++c)
            for (std::size_t i = 0; i < groups[c].size(); ++i)
                local[groups[c][i]] = static_cast<std::uint32_t>(i);
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            const auto c = static_cast<std::size_t>(out.component[pairs[i].first]);
            comp_edges[c].emplace_back(local[pairs[i].first], local[pairs[i].second]);
            comp_weights[c].push_back(weights[i]);
        }
        for (std::size_t c = 0; c < groups.size(); ++c) {
            if (cancel != nullptr && cancel->load())
                return Status::cancelled("graph layout: cancelled");
            if (Status s = layout_component(groups[c], comp_edges[c], comp_weights[c], options,
                                            out.positions);
                !s)
                return s;
        }
        pack_components(groups, options.spacing * 1.5, out.positions);
    }
    return Status::ok();
}

// Communities: Louvain over the co-occurrence weights, then renumbered heaviest first.
Status find_communities(Graph& g, RealVector& w,
                        const std::vector<std::pair<std::uint32_t, std::uint32_t>>& pairs,
                        const std::vector<double>& weights, const std::vector<double>& node_weight,
                        const GraphAnalysisOptions& options, GraphAnalysis& out) {
    const std::size_t node_count = node_weight.size();
    IntVector membership;
    RealVector modularity;
    if (!membership.ok || !modularity.ok)
        return Status::internal("graph analysis: igraph could not allocate");
    igraph_rng_seed(igraph_rng_default(), options.seed);
    if (!pairs.empty()) {
        if (auto err =
                igraph_community_multilevel(&g.g, &w.v, 1.0, &membership.v, nullptr, &modularity.v);
            err != IGRAPH_SUCCESS)
            return igraph_status(err, "communities");
    } else {
        if (igraph_vector_int_resize(&membership.v, static_cast<igraph_integer_t>(node_count)) !=
            IGRAPH_SUCCESS)
            return Status::internal("graph analysis: igraph could not allocate");
        for (std::size_t v = 0; v < node_count; ++v)
            VECTOR(membership.v)
        [static_cast<igraph_integer_t>(v)] = static_cast<igraph_integer_t>(v);
    }
    if (igraph_vector_size(&modularity.v) > 0)
        out.modularity = igraph_vector_max(&modularity.v);
    std::map<igraph_integer_t, GraphCommunity> found;
    for (std::size_t v = 0; v < node_count; ++v) {
        GraphCommunity& c = found[VECTOR(membership.v)[static_cast<igraph_integer_t>(v)]];
        c.members.push_back(static_cast<std::uint32_t>(v));
        c.weight += node_weight[v];
    }
    for (auto& [id, c] : found)
        std::stable_sort(c.members.begin(), c.members.end(), [&](std::uint32_t a, std::uint32_t b) {
            return node_weight[a] != node_weight[b] ? node_weight[a] > node_weight[b] : a < b;
        });
    for (auto& [id, c] : found)
        out.communities.push_back(std::move(c));
    std::stable_sort(out.communities.begin(), out.communities.end(),
                     [](const GraphCommunity& a, const GraphCommunity& b) {
                         if (a.weight != b.weight)
                             return a.weight > b.weight;
                         if (a.members.size() != b.members.size())
                             return a.members.size() > b.members.size();
                         return *std::min_element(a.members.begin(), a.members.end()) <
                                *std::min_element(b.members.begin(), b.members.end());
                     });
    out.community.assign(node_count, 0);
    for (std::size_t c = 0; c < out.communities.size(); ++c)
        for (std::uint32_t v : out.communities[c].members)
            out.community[v] = static_cast<int>(c);
    for (std::size_t i = 0; i < pairs.size(); ++i)
        if (out.community[pairs[i].first] == out.community[pairs[i].second])
            out.communities[static_cast<std::size_t>(out.community[pairs[i].first])]
                .internal_weight += weights[i];
    return Status::ok();
}

// PageRank over the same weights.
Status rank_pages(Graph& g, RealVector& w, std::size_t node_count, GraphAnalysis& out) {
    RealVector rank;
    igraph_real_t value = 0.0;
    if (!rank.ok)
        return Status::internal("graph analysis: igraph could not allocate");
    if (auto err = igraph_pagerank(&g.g, IGRAPH_PAGERANK_ALGO_PRPACK, &rank.v, &value,
                                   igraph_vss_all(), false, 0.85, &w.v, nullptr);
        err != IGRAPH_SUCCESS)
        return igraph_status(err, "PageRank");
    out.pagerank.resize(node_count);
    for (std::size_t v = 0; v < node_count; ++v)
        out.pagerank[v] = VECTOR(rank.v)[static_cast<igraph_integer_t>(v)];
    return Status::ok();
}

} // namespace

namespace {

// The nodes whose marks lie in each cell of a square grid (cells as wide as the largest
// distance two marks must keep), so each node is compared with its neighbourhood only.
class MarkGrid {
public:
    MarkGrid(const std::vector<GraphPoint>& positions, double cell)
        : cell_(cell) {
        for (std::size_t i = 0; i < positions.size(); ++i)
            cells_[key(cell_of(positions[i].x), cell_of(positions[i].y))].push_back(
                static_cast<std::uint32_t>(i));
    }
    // Calls fn(w) for every node in the 3 × 3 cells around p.
    template <typename Fn> void around(const GraphPoint& p, Fn&& fn) const {
        const long cx = cell_of(p.x);
        const long cy = cell_of(p.y);
        for (long dx = -1; dx <= 1; ++dx)
            for (long dy = -1; dy <= 1; ++dy) {
                auto it = cells_.find(key(cx + dx, cy + dy));
                if (it == cells_.end())
                    continue;
                for (std::uint32_t w : it->second)
                    fn(w);
            }
    }

private:
    long cell_of(double v) const { return static_cast<long>(std::floor(v / cell_)); }
    static std::uint64_t key(long x, long y) {
        return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(x)) << 32U) |
               static_cast<std::uint32_t>(y);
    }

    double cell_;
    std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> cells_;
};

} // namespace

void separate_marks(std::vector<GraphPoint>& positions, const std::vector<double>& radius,
                    double gap) {
    const std::size_t n = positions.size();
    auto r = [&](std::size_t i) {
        return i < radius.size() && radius[i] > 0.0 && std::isfinite(radius[i]) ? radius[i] : 0.0;
    };
    gap = std::isfinite(gap) ? std::max(gap, 0.0) : 0.0;
    double max_r = 0.0;
    for (std::size_t i = 0; i < n; ++i)
        max_r = std::max(max_r, r(i));
    const double cell = 2.0 * max_r + gap;
    if (n < 2 || cell <= 0.0)
        return;
    constexpr int kPasses = 60;
    for (int pass = 0; pass < kPasses; ++pass) {
        const MarkGrid grid(positions, cell);
        bool moved = false;
        for (std::uint32_t v = 0; v < n; ++v) {
            grid.around(positions[v], [&](std::uint32_t w) {
                if (w <= v)
                    return;
                GraphPoint& a = positions[v];
                GraphPoint& b = positions[w];
                const double need = r(v) + r(w) + gap;
                const double ex = b.x - a.x;
                const double ey = b.y - a.y;
                const double dist = std::hypot(ex, ey);
                if (dist >= need)
                    return;
                // A hair more than the shortfall, so a pair parted here does not count as
                // touching on the next pass by rounding.
                part_pair(a, b, ex, ey, dist, (need - dist) / 2.0 * 1.001);
                moved = true;
            });
        }
        if (!moved)
            return;
    }
    // What the passes left touching (a core packed too tight to open from inside): the whole
    // drawing grows by the factor the closest pair needs, which parts every pair.
    const MarkGrid grid(positions, cell);
    double factor = 1.0;
    for (std::uint32_t v = 0; v < n; ++v)
        grid.around(positions[v], [&](std::uint32_t w) {
            if (w <= v)
                return;
            const double dist =
                std::hypot(positions[w].x - positions[v].x, positions[w].y - positions[v].y);
            const double need = r(v) + r(w) + gap;
            // Two marks on one point were parted by every pass: none is left there.
            if (dist < need && dist > 1e-9)
                factor = std::max(factor, need / dist * 1.001);
        });
    if (factor > 1.0)
        for (GraphPoint& p : positions) {
            p.x *= factor;
            p.y *= factor;
        }
}

Result<GraphAnalysis> analyse_graph(std::size_t node_count, const std::vector<AnalysisEdge>& edges,
                                    const std::vector<double>& node_weight,
                                    const GraphAnalysisOptions& options,
                                    const std::atomic_bool* cancel) {
    check_off_ui_thread("analyse_graph");
    if (node_weight.size() != node_count)
        return Status::invalid("graph analysis: " + std::to_string(node_weight.size()) +
                               " node weights for " + std::to_string(node_count) + " nodes");
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
    std::vector<double> weights;
    MEMLENS_TRY(merge_edges(node_count, edges, pairs, weights));

    GraphAnalysis out;
    out.degree.assign(node_count, 0);
    out.strength.assign(node_count, 0.0);
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        ++out.degree[pairs[i].first];
        ++out.degree[pairs[i].second];
        out.strength[pairs[i].first] += weights[i];
        out.strength[pairs[i].second] += weights[i];
    }
    if (node_count == 0)
        return out;

    install_igraph_handlers();
    std::lock_guard lock(igraph_lock());
    g_igraph_cancel = cancel;
    struct ClearCancel {
        ~ClearCancel() { g_igraph_cancel = nullptr; }
    } clear_cancel;

    Graph g(pairs, node_count);
    RealVector w(static_cast<igraph_integer_t>(weights.size()));
    if (!g.ok || !w.ok)
        return Status::internal("graph analysis: igraph could not allocate the graph");
    for (std::size_t i = 0; i < weights.size(); ++i)
        VECTOR(w.v)[static_cast<igraph_integer_t>(i)] = weights[i];

    MEMLENS_TRY(find_components(g, pairs, weights, node_count, options, cancel, out));
    MEMLENS_TRY(find_communities(g, w, pairs, weights, node_weight, options, out));
    MEMLENS_TRY(rank_pages(g, w, node_count, out));
    return out;
}

} // namespace memlens
