// The generator's random source. Not std::mt19937 + std::uniform_*_distribution: the standard
// leaves the distributions' algorithms to each library, and a corpus must be byte-identical
// for a seed on every platform. xoshiro256** seeded through splitmix64, integer maths only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>

namespace memlens::gen {

class Rng {
public:
    explicit Rng(std::uint64_t seed) {
        for (auto& word : s_) {
            seed += 0x9E3779B97F4A7C15ULL;
            std::uint64_t z = seed;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
            word = z ^ (z >> 31);
        }
    }

    std::uint64_t next() {
        const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const std::uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }

    // Uniform in [0, n) for 0 < n < 2^32 (multiply-shift; its bias is below n / 2^32).
    std::size_t below(std::size_t n) {
        return static_cast<std::size_t>(((next() >> 32) * static_cast<std::uint64_t>(n)) >> 32);
    }

    // Uniform in [lo, hi].
    int range(int lo, int hi) {
        return lo + static_cast<int>(below(static_cast<std::size_t>(hi - lo + 1)));
    }

    // True with probability percent / 100.
    bool chance(int percent) { return static_cast<int>(below(100)) < percent; }

    // Uniform in [0, 1) with 53 bits; plain arithmetic, identical everywhere.
    double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

    template <typename Container> const auto& pick(const Container& c) {
        return c[below(std::size(c))];
    }

    // An index drawn with probability weights[i] / sum(weights).
    template <typename Weights> std::size_t weighted(const Weights& weights) {
        int total = 0;
        for (int w : weights)
            total += w;
        int x = static_cast<int>(below(static_cast<std::size_t>(total)));
        for (std::size_t i = 0; i < std::size(weights); ++i) {
            x -= weights[i];
            if (x < 0)
                return i;
        }
        return std::size(weights) - 1;
    }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t s_[4];
};

} // namespace memlens::gen
