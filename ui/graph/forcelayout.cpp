#include "graph/forcelayout.h"

#include <memlens/thread_guard.h>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace memlens::ui {

namespace {

// SplitMix64: a tiny deterministic generator for the initial positions.
std::uint64_t nextRandom(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

double unit(std::uint64_t& state) {
    return static_cast<double>(nextRandom(state) >> 11) / static_cast<double>(1ULL << 53);
}

// A Barnes–Hut quadtree over the positions: far groups of nodes repel as one body at their
// centre of mass, so the repulsion costs O(n log n) per iteration whatever the graph's shape.
// Cells live in one flat vector reused across iterations (no allocation once it has grown).
class QuadTree {
public:
    void rebuild(const std::vector<LayoutPoint>& pos) {
        cells_.clear();
        double minX = pos[0].x, maxX = pos[0].x, minY = pos[0].y, maxY = pos[0].y;
        for (const auto& p : pos) {
            minX = std::min(minX, p.x);
            maxX = std::max(maxX, p.x);
            minY = std::min(minY, p.y);
            maxY = std::max(maxY, p.y);
        }
        const double size = std::max({maxX - minX, maxY - minY, 1.0}) * 1.0001;
        cells_.push_back(Cell{minX, minY, size});
        for (std::size_t i = 0; i < pos.size(); ++i)
            insert(0, static_cast<int>(i), pos, 0);
    }

    // Adds the repulsion on `p` (node `self`) into (fx, fy): k² · mass / d along the offset.
    void repulse(const LayoutPoint& p, int self, double k2, double theta2,
                 const std::vector<LayoutPoint>& pos, double& fx, double& fy) {
        stack_.clear();
        stack_.push_back(0);
        while (!stack_.empty()) {
            const Cell& c = cells_[static_cast<std::size_t>(stack_.back())];
            stack_.pop_back();
            if (c.mass == 0.0 || c.body == self)
                continue;
            const double mx =
                c.body >= 0 ? pos[static_cast<std::size_t>(c.body)].x : c.sumX / c.mass;
            const double my =
                c.body >= 0 ? pos[static_cast<std::size_t>(c.body)].y : c.sumY / c.mass;
            double dx = p.x - mx;
            double dy = p.y - my;
            double d2 = dx * dx + dy * dy;
            const bool leaf = c.child[0] < 0;
            if (leaf || c.size * c.size < theta2 * d2) {
                if (d2 < 1e-4) { // coincident: nudge apart deterministically
                    dx = 0.01 * static_cast<double>((self % 7) + 1);
                    dy = 0.01 * static_cast<double>((self % 5) + 1);
                    d2 = dx * dx + dy * dy;
                }
                const double f = k2 * c.mass / d2;
                fx += dx * f;
                fy += dy * f;
                continue;
            }
            for (int q : c.child)
                stack_.push_back(q);
        }
    }

private:
    struct Cell {
        double x0 = 0.0, y0 = 0.0, size = 0.0;
        double sumX = 0.0, sumY = 0.0, mass = 0.0;
        int body = -1;                   // the one body of a leaf, or -1
        int child[4] = {-1, -1, -1, -1}; // all -1 on a leaf
    };
    static constexpr int kMaxDepth = 48; // beyond this, coincident bodies share a leaf

    int quadrant(const Cell& c, const LayoutPoint& p) const {
        const double half = c.size / 2.0;
        return (p.x >= c.x0 + half ? 1 : 0) + (p.y >= c.y0 + half ? 2 : 0);
    }

    void split(int index) {
        const Cell parent = cells_[static_cast<std::size_t>(index)];
        const double half = parent.size / 2.0;
        for (int q = 0; q < 4; ++q) {
            cells_.push_back(
                Cell{parent.x0 + (q & 1 ? half : 0.0), parent.y0 + (q & 2 ? half : 0.0), half});
            cells_[static_cast<std::size_t>(index)].child[q] = static_cast<int>(cells_.size()) - 1;
        }
    }

    void insert(int index, int body, const std::vector<LayoutPoint>& pos, int depth) {
        for (;;) {
            Cell& c = cells_[static_cast<std::size_t>(index)];
            const LayoutPoint& p = pos[static_cast<std::size_t>(body)];
            const bool emptyLeaf = c.child[0] < 0 && c.mass == 0.0;
            c.sumX += p.x;
            c.sumY += p.y;
            c.mass += 1.0;
            if (emptyLeaf) {
                c.body = body;
                return;
            }
            if (c.child[0] < 0) {
                if (depth >= kMaxDepth) {
                    c.body = -1; // a crowd of coincident bodies: repel as one mass
                    return;
                }
                const int previous = c.body;
                c.body = -1;
                split(index);
                if (previous >= 0) {
                    Cell& parent = cells_[static_cast<std::size_t>(index)];
                    const int q = quadrant(parent, pos[static_cast<std::size_t>(previous)]);
                    Cell& target = cells_[static_cast<std::size_t>(parent.child[q])];
                    target.sumX += pos[static_cast<std::size_t>(previous)].x;
                    target.sumY += pos[static_cast<std::size_t>(previous)].y;
                    target.mass += 1.0;
                    target.body = previous;
                }
            }
            const Cell& here = cells_[static_cast<std::size_t>(index)];
            index = here.child[quadrant(here, p)];
            ++depth;
        }
    }

    std::vector<Cell> cells_;
    std::vector<int> stack_;
};

} // namespace

std::vector<LayoutPoint> forceLayout(std::size_t n, const std::vector<LayoutEdge>& edges,
                                     const LayoutOptions& opts, const std::atomic_bool& cancel,
                                     const std::vector<LayoutPoint>* initial,
                                     const std::function<void(int, int)>& progress) {
    memlens::check_off_ui_thread("force_layout");
    std::vector<LayoutPoint> pos(n);
    if (n == 0)
        return pos;
    const double k = opts.spacing;
    const double radius = k * std::sqrt(static_cast<double>(n));
    std::uint64_t state = opts.seed;
    for (std::size_t i = 0; i < n; ++i) {
        if (initial && i < initial->size()) {
            pos[i] = (*initial)[i];
            continue;
        }
        // Uniform in a disc whose area grows with n: the layout starts near its final density.
        const double r = radius * std::sqrt(unit(state));
        const double a = 2.0 * std::numbers::pi * unit(state);
        pos[i] = {r * std::cos(a), r * std::sin(a)};
    }

    std::vector<LayoutPoint> disp(n);
    QuadTree tree;
    const double k2 = k * k;
    constexpr double kTheta = 0.9;
    double temperature = radius / 10.0;
    const double cooling = temperature / std::max(1, opts.iterations);
    for (int it = 0; it < opts.iterations; ++it) {
        if (cancel.load(std::memory_order_relaxed))
            break;
        std::fill(disp.begin(), disp.end(), LayoutPoint{});
        tree.rebuild(pos);
        for (std::size_t i = 0; i < n; ++i)
            tree.repulse(pos[i], static_cast<int>(i), k2, kTheta * kTheta, pos, disp[i].x,
                         disp[i].y);
        for (const LayoutEdge& e : edges) {
            if (e.a >= n || e.b >= n || e.a == e.b)
                continue;
            const double dx = pos[e.a].x - pos[e.b].x;
            const double dy = pos[e.a].y - pos[e.b].y;
            const double d = std::sqrt(dx * dx + dy * dy);
            // Heavier edges pull harder, logarithmically so one huge weight does not collapse
            // the layout.
            const double f = d / k * (1.0 + std::log1p(std::max(0.0, e.weight - 1.0)) * 0.5);
            disp[e.a].x -= dx * f;
            disp[e.a].y -= dy * f;
            disp[e.b].x += dx * f;
            disp[e.b].y += dy * f;
        }
        for (std::size_t i = 0; i < n; ++i) {
            disp[i].x -= pos[i].x * opts.gravity;
            disp[i].y -= pos[i].y * opts.gravity;
            const double len = std::sqrt(disp[i].x * disp[i].x + disp[i].y * disp[i].y);
            if (len > 0.0) {
                const double step = std::min(len, temperature);
                pos[i].x += disp[i].x / len * step;
                pos[i].y += disp[i].y / len * step;
            }
        }
        temperature = std::max(temperature - cooling, k * 0.05);
        if (progress && (it % 10 == 0 || it + 1 == opts.iterations))
            progress(it + 1, opts.iterations);
    }
    return pos;
}

} // namespace memlens::ui
