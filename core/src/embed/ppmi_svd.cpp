#include "embed/ppmi_svd.h"

#include <Eigen/Core>
#include <Eigen/Eigenvalues>
#include <Eigen/QR>
#include <Eigen/SparseCore>
#include <algorithm>
#include <cmath>
#include <random>

namespace memlens::ppmi_detail {
namespace {

using DenseF = Eigen::MatrixXf;
using SparseF = Eigen::SparseMatrix<float, Eigen::RowMajor>;

// Orthonormal columns spanning those of `m` (thin QR).
DenseF orthonormal_columns(const DenseF& m) {
    Eigen::HouseholderQR<DenseF> qr(m);
    return qr.householderQ() * DenseF::Identity(m.rows(), m.cols());
}

} // namespace

TruncatedSvd truncated_svd(const std::vector<PpmiCell>& cells, std::size_t vocab_size,
                           std::size_t k_wanted, std::uint64_t seed) {
    const auto vocab = static_cast<Eigen::Index>(vocab_size);
    const auto k = static_cast<Eigen::Index>(std::min(k_wanted, vocab_size));
    std::vector<Eigen::Triplet<float>> triplets;
    triplets.reserve(cells.size());
    for (const PpmiCell& c : cells)
        triplets.emplace_back(static_cast<Eigen::Index>(c.word),
                              static_cast<Eigen::Index>(c.context), c.value);
    SparseF ppmi(vocab, vocab);
    ppmi.setFromTriplets(triplets.begin(), triplets.end());

    const Eigen::Index width = std::min<Eigen::Index>(k + 16, vocab);
    std::mt19937_64 rng(seed);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    DenseF omega(vocab, width);
    for (Eigen::Index j = 0; j < width; ++j)
        for (Eigen::Index i = 0; i < vocab; ++i)
            omega(i, j) = normal(rng);
    DenseF q = orthonormal_columns(ppmi * omega);
    for (int it = 0; it < 2; ++it) {
        q = orthonormal_columns(DenseF(ppmi.transpose() * q));
        q = orthonormal_columns(DenseF(ppmi * q));
    }
    const DenseF small = (ppmi.transpose() * q).transpose(); // width × vocab = Qᵀ M
    // Its left singular vectors are the eigenvectors of the width × width Gram matrix B Bᵀ, and
    // its singular values the square roots of their eigenvalues: a symmetric eigensolver on a
    // matrix of at most a few hundred rows, in double, instead of an SVD of B itself (Eigen's
    // SVDs cost the build more than the rest of the core's embedders together).
    const Eigen::MatrixXd gram = (small * small.transpose()).cast<double>();
    const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(gram);
    TruncatedSvd out;
    out.sigma.resize(static_cast<std::size_t>(k));
    DenseF basis(width, k); // eigenvalues come ascending: the largest k, largest first
    for (Eigen::Index j = 0; j < k; ++j) {
        const Eigen::Index from = width - 1 - j;
        basis.col(j) = eigen.eigenvectors().col(from).cast<float>();
        out.sigma[static_cast<std::size_t>(j)] =
            static_cast<float>(std::sqrt(std::max(0.0, eigen.eigenvalues()(from))));
    }
    const DenseF u = q * basis;
    out.u.resize(static_cast<std::size_t>(vocab * k));
    for (Eigen::Index i = 0; i < vocab; ++i)
        for (Eigen::Index j = 0; j < k; ++j)
            out.u[static_cast<std::size_t>(i * k + j)] = u(i, j);
    return out;
}

} // namespace memlens::ppmi_detail
