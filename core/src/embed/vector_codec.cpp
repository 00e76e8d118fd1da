// The on-disk vector format (little-endian f32 BLOB, docs/embeddings.md) and the two vector helpers
// every similarity in memlens goes through.
#include <memlens/embedder.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace memlens {

namespace {

std::uint32_t to_little_endian(std::uint32_t bits) {
    if constexpr (std::endian::native == std::endian::little)
        return bits;
    else
        return ((bits & 0xffu) << 24) | ((bits & 0xff00u) << 8) | ((bits >> 8) & 0xff00u) |
               (bits >> 24);
}

} // namespace

std::vector<std::byte> encode_vector(std::span<const float> v) {
    std::vector<std::byte> out(v.size() * sizeof(float));
    for (std::size_t i = 0; i < v.size(); ++i) {
        const std::uint32_t bits = to_little_endian(std::bit_cast<std::uint32_t>(v[i]));
        std::memcpy(out.data() + i * sizeof(float), &bits, sizeof bits);
    }
    return out;
}

Result<Vector> decode_vector(std::span<const std::byte> blob, std::size_t expected_dim) {
    if (blob.size() % sizeof(float) != 0)
        return Status::corruption("vector blob of " + std::to_string(blob.size()) +
                                  " bytes is not a whole number of f32 values");
    const std::size_t dim = blob.size() / sizeof(float);
    if (expected_dim != 0 && dim != expected_dim)
        return Status::corruption("vector has dimension " + std::to_string(dim) + ", expected " +
                                  std::to_string(expected_dim));
    Vector v(dim);
    for (std::size_t i = 0; i < dim; ++i) {
        std::uint32_t bits;
        std::memcpy(&bits, blob.data() + i * sizeof(float), sizeof bits);
        v[i] = std::bit_cast<float>(to_little_endian(bits));
    }
    return v;
}

double cosine(std::span<const float> a, std::span<const float> b) {
    if (a.size() != b.size() || a.empty())
        return 0.0;
    double dot = 0.0, na = 0.0, nb = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        dot += double(a[i]) * b[i];
        na += double(a[i]) * a[i];
        nb += double(b[i]) * b[i];
    }
    if (na == 0.0 || nb == 0.0)
        return 0.0;
    return dot / (std::sqrt(na) * std::sqrt(nb));
}

void normalize(Vector& v) {
    double sum = 0.0;
    for (float x : v)
        sum += double(x) * x;
    if (sum == 0.0 || !std::isfinite(sum))
        return;
    const double inv = 1.0 / std::sqrt(sum);
    for (float& x : v)
        x = static_cast<float>(x * inv);
}

} // namespace memlens
