#include "topic/kmeans.h"

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <limits>

namespace memlens::topic {

namespace {

using RowMatrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// SplitMix64: tiny, fully specified, so the same seed draws the same numbers everywhere (the
// distributions of <random> are not portable between standard libraries).
class Rng {
public:
    explicit Rng(std::uint64_t seed)
        : state_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

private:
    std::uint64_t state_;
};

RowMatrix gather(const float* data, std::size_t dim, const std::uint32_t* rows, std::size_t count) {
    RowMatrix m(static_cast<Eigen::Index>(count), static_cast<Eigen::Index>(dim));
    for (std::size_t i = 0; i < count; ++i)
        std::copy_n(data + std::size_t{rows[i]} * dim, dim, m.row(Eigen::Index(i)).data());
    return m;
}

// Index of the best centroid for every row of x (ties → the lower index) and its score.
void assign(const RowMatrix& x, const RowMatrix& c, std::vector<int>& label,
            std::vector<float>& best) {
    const RowMatrix scores = x * c.transpose();
    label.assign(static_cast<std::size_t>(x.rows()), 0);
    best.assign(static_cast<std::size_t>(x.rows()), -std::numeric_limits<float>::infinity());
    for (Eigen::Index i = 0; i < scores.rows(); ++i) {
        for (Eigen::Index j = 0; j < scores.cols(); ++j) {
            if (scores(i, j) > best[std::size_t(i)]) {
                best[std::size_t(i)] = scores(i, j);
                label[std::size_t(i)] = int(j);
            }
        }
    }
}

// k-means++ on the sample rows: each next centre drawn with probability ∝ squared distance to
// the nearest centre chosen so far. Stops early when every row coincides with a centre.
RowMatrix seed_centres(const RowMatrix& x, int k, Rng& rng) {
    const auto n = static_cast<std::size_t>(x.rows());
    std::vector<Eigen::Index> chosen{Eigen::Index(rng.next() % n)};
    std::vector<double> d2(n, std::numeric_limits<double>::infinity());
    const Eigen::VectorXf norms = x.rowwise().squaredNorm();
    while (static_cast<int>(chosen.size()) < k) {
        const Eigen::Index c = chosen.back();
        const Eigen::VectorXf dots = x * x.row(c).transpose();
        double total = 0.0;
        for (std::size_t i = 0; i < n; ++i) {
            const double d = std::max(0.0, double(norms[Eigen::Index(i)]) + norms[c] -
                                               2.0 * dots[Eigen::Index(i)]);
            d2[i] = std::min(d2[i], d);
            total += d2[i];
        }
        if (total <= 1e-12)
            break;
        const double target = rng.uniform() * total;
        double acc = 0.0;
        std::size_t pick = n;
        for (std::size_t i = 0; i < n; ++i) {
            if (d2[i] <= 0.0)
                continue;
            acc += d2[i];
            pick = i;
            if (acc > target)
                break;
        }
        chosen.push_back(Eigen::Index(pick));
    }
    RowMatrix centres(Eigen::Index(chosen.size()), x.cols());
    for (std::size_t j = 0; j < chosen.size(); ++j)
        centres.row(Eigen::Index(j)) = x.row(chosen[j]);
    return centres;
}

// Centroids ← normalised sums of their rows. An emptied centre moves to the row that fits its
// own centre worst, so k stays k when the data allow it.
void update_centres(const RowMatrix& x, const std::vector<int>& label,
                    const std::vector<float>& best, RowMatrix& c) {
    std::vector<std::size_t> count(std::size_t(c.rows()), 0);
    c.setZero();
    for (std::size_t i = 0; i < label.size(); ++i) {
        c.row(label[i]) += x.row(Eigen::Index(i));
        ++count[std::size_t(label[i])];
    }
    std::vector<std::size_t> worst_first(label.size());
    for (std::size_t i = 0; i < worst_first.size(); ++i)
        worst_first[i] = i;
    std::size_t next_worst = 0;
    bool sorted = false;
    for (Eigen::Index j = 0; j < c.rows(); ++j) {
        if (count[std::size_t(j)] == 0) {
            if (!sorted) {
                std::stable_sort(worst_first.begin(), worst_first.end(),
                                 [&](std::size_t a, std::size_t b) { return best[a] < best[b]; });
                sorted = true;
            }
            if (next_worst < worst_first.size())
                c.row(j) = x.row(Eigen::Index(worst_first[next_worst++]));
        }
        const float norm = c.row(j).norm();
        if (norm > 0.0f)
            c.row(j) /= norm;
    }
}

} // namespace

std::vector<std::vector<std::uint32_t>> spherical_kmeans(const float* data, std::size_t dim,
                                                         const std::vector<std::uint32_t>& members,
                                                         int k, std::uint64_t seed,
                                                         std::size_t sample_size, int iterations) {
    if (members.empty() || k <= 1)
        return {members};
    Rng rng(seed);

    // A partial Fisher–Yates shuffle picks the sample; the centres learnt on it are good
    // enough to route, and the full assignment below is one matrix product per block.
    std::vector<std::uint32_t> sample = members;
    const std::size_t s = std::min(sample.size(), std::max<std::size_t>(sample_size, 2 * k));
    for (std::size_t i = 0; i < s && s < sample.size(); ++i)
        std::swap(sample[i], sample[i + rng.next() % (sample.size() - i)]);
    sample.resize(s);
    const RowMatrix x = gather(data, dim, sample.data(), sample.size());

    RowMatrix c = seed_centres(x, k, rng);
    std::vector<int> label, previous;
    std::vector<float> best;
    for (int it = 0; it < iterations; ++it) {
        assign(x, c, label, best);
        if (label == previous)
            break;
        update_centres(x, label, best, c);
        previous = label;
    }

    std::vector<std::vector<std::uint32_t>> groups(std::size_t(c.rows()));
    constexpr std::size_t kBlock = 4096;
    for (std::size_t start = 0; start < members.size(); start += kBlock) {
        const std::size_t count = std::min(kBlock, members.size() - start);
        const RowMatrix block = gather(data, dim, members.data() + start, count);
        assign(block, c, label, best);
        for (std::size_t i = 0; i < count; ++i)
            groups[std::size_t(label[i])].push_back(members[start + i]);
    }
    std::erase_if(groups, [](const auto& g) { return g.empty(); });
    return groups;
}

} // namespace memlens::topic
