// The linear algebra of PpmiModel::train (ppmi_model.cpp): the first singular vectors of a
// sparse PPMI matrix, with Eigen. A unit of its own so that the sanitizer tree can build Eigen's
// templates without UBSan's checks (core/CMakeLists.txt); its inputs and outputs are plain
// vectors, checked by ppmi_model.cpp, which keeps every check.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace memlens::ppmi_detail {

// One positive cell of the square PPMI matrix.
struct PpmiCell {
    std::uint32_t word = 0;
    std::uint32_t context = 0;
    float value = 0.0f;
};

struct TruncatedSvd {
    std::vector<float> u;     // vocab × k, row-major: the left singular vectors
    std::vector<float> sigma; // k singular values, largest first
};

// The first k (≤ vocab) singular vectors and values of the vocab × vocab matrix of `cells`
// by a randomized range finder (Halko, Martinsson and Tropp): Y = M Ω for a Gaussian Ω seeded by
// `seed`, two power iterations, Q an orthonormal basis of Y; then the SVD of the small Qᵀ M.
TruncatedSvd truncated_svd(const std::vector<PpmiCell>& cells, std::size_t vocab, std::size_t k,
                           std::uint64_t seed);

} // namespace memlens::ppmi_detail
