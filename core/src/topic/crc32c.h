// CRC-32C (Castagnoli), the checksum of topic-index.bin's header and sections (topic_file.cpp).
// The SSE4.2 crc32 instruction when the CPU has it (checked once at run time), a table
// otherwise; both give the standard CRC-32C (0xe3069283 for "123456789").
#pragma once

#include <cstddef>
#include <cstdint>

namespace memlens {

// Extends `crc` (0 to start) by n bytes: crc32c(b, crc32c(a)) == crc32c(a + b).
std::uint32_t crc32c(const void* data, std::size_t n, std::uint32_t crc = 0);

// The CRC-32C of A followed by B from crc32c(A), crc32c(B) and B's length, so the pieces of one
// section can be summed on several threads.
std::uint32_t crc32c_combine(std::uint32_t crc_a, std::uint32_t crc_b, std::uint64_t len_b);

} // namespace memlens
