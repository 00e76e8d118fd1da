// The fixed 64-bit hash behind the hash embedder's features. Fixed (FNV-1a 64 plus a
// MurmurHash3 finaliser) rather than std::hash, whose values differ between standard libraries
// and would silently change every stored vector.
#pragma once

#include <cstdint>
#include <string_view>

namespace memlens::embed {

class FeatureHash {
public:
    // Each feature family starts from its own state, so "plan" the word and "plan" the 4-gram
    // land in unrelated buckets.
    explicit FeatureHash(char family) { feed(family); }

    void feed(char byte) {
        state_ ^= static_cast<unsigned char>(byte);
        state_ *= 0x100000001b3ULL;
    }
    void feed(std::string_view bytes) {
        for (char c : bytes)
            feed(c);
    }

    // FNV-1a's low bits mix poorly; the finaliser spreads every input bit over the bucket bits
    // and the sign bit alike.
    std::uint64_t finish() const {
        std::uint64_t h = state_;
        h ^= h >> 33;
        h *= 0xff51afd7ed558ccdULL;
        h ^= h >> 33;
        h *= 0xc4ceb9fe1a85ec53ULL;
        h ^= h >> 33;
        return h;
    }

private:
    std::uint64_t state_ = 0xcbf29ce484222325ULL;
};

} // namespace memlens::embed
