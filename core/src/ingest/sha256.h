// SHA-256 (FIPS 180-4) for chunk ids and content hashes. Small and dependency-free:
// the core links no crypto library, and chunk ids (ingest/ids.h) need the exact digest, bit for
// bit.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace memlens {

class Sha256 {
public:
    Sha256();
    void update(const void* data, std::size_t len);
    void update(std::string_view s) { update(s.data(), s.size()); }
    void update_byte(std::uint8_t b) { update(&b, 1); }
    std::array<std::uint8_t, 32> finish();

private:
    void block(const std::uint8_t* p);
    std::array<std::uint32_t, 8> h_;
    std::array<std::uint8_t, 64> buf_{};
    std::size_t buf_len_ = 0;
    std::uint64_t total_ = 0;
};

std::string to_hex(const std::uint8_t* data, std::size_t len);
std::string sha256_hex(std::string_view data);

} // namespace memlens
