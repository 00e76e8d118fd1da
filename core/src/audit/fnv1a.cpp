#include <memlens/audit.h>

namespace memlens {

std::uint64_t fnv1a64(std::span<const std::byte> bytes) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (std::byte b : bytes) {
        h ^= static_cast<std::uint64_t>(b);
        h *= 0x100000001b3ULL;
    }
    return h;
}

std::uint64_t fnv1a64(std::string_view text) {
    return fnv1a64(std::as_bytes(std::span<const char>(text.data(), text.size())));
}

std::string hash_hex(std::uint64_t h) {
    static const char* const kDigits = "0123456789abcdef";
    std::string out(16, '0');
    for (int i = 15; i >= 0; --i) {
        out[static_cast<std::size_t>(i)] = kDigits[h & 0xf];
        h >>= 4;
    }
    return out;
}

} // namespace memlens
