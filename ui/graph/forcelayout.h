// A force-directed layout: Fruchterman–Reingold forces, the repulsion summed with a Barnes–Hut
// quadtree (O(n log n) per iteration), plus a weak pull to the centre so separate components
// stay in view. Deterministic: the same input gives the same positions. Runs on a worker
// thread; never call it on the GUI thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

namespace memlens::ui {

struct LayoutEdge {
    std::uint32_t a = 0;
    std::uint32_t b = 0;
    double weight = 1.0;
};

struct LayoutOptions {
    int iterations = 300;
    double spacing = 70.0;  // the ideal edge length k, in scene units
    double gravity = 0.01;  // pull towards the centre, per unit of distance
    std::uint64_t seed = 7; // initial positions
};

struct LayoutPoint {
    double x = 0.0;
    double y = 0.0;
};

// Lays out `nodeCount` nodes. `initial` (optional, same size) seeds the positions, e.g. to
// keep a layout stable when nodes are added. progress(done, total) is called every few
// iterations; a raised cancel flag stops early and returns the positions so far.
std::vector<LayoutPoint> forceLayout(std::size_t nodeCount, const std::vector<LayoutEdge>& edges,
                                     const LayoutOptions& opts, const std::atomic_bool& cancel,
                                     const std::vector<LayoutPoint>* initial = nullptr,
                                     const std::function<void(int, int)>& progress = {});

} // namespace memlens::ui
