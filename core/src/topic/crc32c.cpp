#include "topic/crc32c.h"

#include <array>
#include <cstring>

#if defined(__x86_64__)
#include <nmmintrin.h>
#endif

namespace memlens {

namespace {

constexpr std::uint32_t kPolynomial = 0x82f63b78; // CRC-32C, bit-reversed

constexpr std::array<std::uint32_t, 256> make_table() {
    std::array<std::uint32_t, 256> table{};
    for (std::uint32_t i = 0; i < 256; ++i) {
        std::uint32_t c = i;
        for (int k = 0; k < 8; ++k)
            c = (c & 1) ? (c >> 1) ^ kPolynomial : c >> 1;
        table[i] = c;
    }
    return table;
}

constexpr std::array<std::uint32_t, 256> kTable = make_table();

// a × b modulo the polynomial, in the reflected bit order the CRC uses (as zlib's crc32.c
// combines CRC-32s, with the Castagnoli polynomial).
constexpr std::uint32_t multiply_mod_p(std::uint32_t a, std::uint32_t b) {
    std::uint32_t m = 1u << 31, p = 0;
    for (;;) {
        if (a & m) {
            p ^= b;
            if ((a & (m - 1)) == 0)
                break;
        }
        m >>= 1;
        b = (b & 1) ? (b >> 1) ^ kPolynomial : b >> 1;
    }
    return p;
}

// x^(2^k) modulo the polynomial for k = 0..31.
constexpr std::array<std::uint32_t, 32> make_x2n_table() {
    std::array<std::uint32_t, 32> table{};
    std::uint32_t p = 1u << 30; // x^1
    for (std::uint32_t& entry : table) {
        entry = p;
        p = multiply_mod_p(p, p);
    }
    return table;
}

constexpr std::array<std::uint32_t, 32> kX2n = make_x2n_table();

std::uint32_t crc32c_portable(const unsigned char* p, std::size_t n, std::uint32_t c) {
    for (std::size_t i = 0; i < n; ++i)
        c = kTable[(c ^ p[i]) & 0xff] ^ (c >> 8);
    return c;
}

// x^(8 × len) modulo the polynomial: multiplying a CRC register by it moves it past len bytes.
std::uint32_t shift_for(std::uint64_t len) {
    std::uint32_t shift = 1u << 31; // x^0
    for (unsigned k = 3; len != 0; len >>= 1, ++k)
        if (len & 1)
            shift = multiply_mod_p(kX2n[k & 31], shift);
    return shift;
}

#if defined(__x86_64__)
// The crc32 instruction takes 3 cycles to give its result but can start one every cycle, so one
// chain of it runs at a third of the speed the core allows. Long inputs are summed as three
// interleaved lanes of kLane bytes, joined by shifting the first two lanes' registers past what
// follows them (the register is linear: crc(s, B) = s·x^(8|B|) + crc(0, B)). It is what checking
// a 1.3 GB topic index at open costs most of.
constexpr std::size_t kLane = 8192;

__attribute__((target("sse4.2"))) std::uint32_t crc32c_sse42(const unsigned char* p, std::size_t n,
                                                             std::uint32_t c) {
    if (n >= 3 * kLane) {
        static const std::uint32_t shift1 = shift_for(kLane);
        static const std::uint32_t shift2 = shift_for(2 * kLane);
        while (n >= 3 * kLane) {
            std::uint64_t a = c, b = 0, d = 0;
            for (std::size_t i = 0; i < kLane; i += 8) {
                std::uint64_t wa, wb, wd;
                std::memcpy(&wa, p + i, sizeof wa);
                std::memcpy(&wb, p + kLane + i, sizeof wb);
                std::memcpy(&wd, p + 2 * kLane + i, sizeof wd);
                a = _mm_crc32_u64(a, wa);
                b = _mm_crc32_u64(b, wb);
                d = _mm_crc32_u64(d, wd);
            }
            c = multiply_mod_p(shift2, static_cast<std::uint32_t>(a)) ^
                multiply_mod_p(shift1, static_cast<std::uint32_t>(b)) ^
                static_cast<std::uint32_t>(d);
            p += 3 * kLane;
            n -= 3 * kLane;
        }
    }
    std::uint64_t c64 = c;
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        std::uint64_t word;
        std::memcpy(&word, p + i, sizeof word);
        c64 = _mm_crc32_u64(c64, word);
    }
    auto c32 = static_cast<std::uint32_t>(c64);
    for (; i < n; ++i)
        c32 = _mm_crc32_u8(c32, p[i]);
    return c32;
}
#endif

} // namespace

std::uint32_t crc32c(const void* data, std::size_t n, std::uint32_t crc) {
    const auto* p = static_cast<const unsigned char*>(data);
    crc = ~crc;
#if defined(__x86_64__)
    static const bool has_sse42 = __builtin_cpu_supports("sse4.2");
    if (has_sse42)
        return ~crc32c_sse42(p, n, crc);
#endif
    return ~crc32c_portable(p, n, crc);
}

std::uint32_t crc32c_combine(std::uint32_t crc_a, std::uint32_t crc_b, std::uint64_t len_b) {
    return multiply_mod_p(shift_for(len_b), crc_a) ^ crc_b;
}

} // namespace memlens
