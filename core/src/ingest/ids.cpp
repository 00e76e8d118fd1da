#include "ingest/ids.h"

#include "ingest/sha256.h"

#include <cstdio>

namespace memlens {

std::string make_chunk_id(std::string_view source_kind, std::string_view source_id,
                          std::uint32_t seq, std::string_view content) {
    Sha256 h;
    h.update(source_kind);
    h.update_byte(0);
    h.update(source_id);
    h.update_byte(0);
    const std::uint8_t be[4] = {
        static_cast<std::uint8_t>(seq >> 24), static_cast<std::uint8_t>(seq >> 16),
        static_cast<std::uint8_t>(seq >> 8), static_cast<std::uint8_t>(seq)};
    h.update(be, 4);
    h.update_byte(0);
    h.update(content);
    auto d = h.finish();
    return to_hex(d.data(), 16);
}

std::string make_summary_id(std::int64_t unix_ms, int level, std::string_view tree_id,
                            std::string_view first_child, std::string_view last_child) {
    Sha256 h;
    h.update(tree_id);
    h.update_byte(0);
    h.update(first_child);
    h.update_byte(0);
    h.update(last_child);
    auto d = h.finish();
    char buf[64];
    std::snprintf(buf, sizeof buf, "summary:%013lld:L%d-", static_cast<long long>(unix_ms), level);
    return buf + to_hex(d.data(), 4);
}

std::string make_tree_id(std::string_view kind, std::string_view scope) {
    Sha256 h;
    h.update(kind);
    h.update_byte(0);
    h.update(scope);
    auto d = h.finish();
    d[6] = static_cast<std::uint8_t>((d[6] & 0x0f) | 0x50); // version 5-style, name-based
    d[8] = static_cast<std::uint8_t>((d[8] & 0x3f) | 0x80);
    std::string hex = to_hex(d.data(), 16);
    return std::string(kind) + ":" + hex.substr(0, 8) + "-" + hex.substr(8, 4) + "-" +
           hex.substr(12, 4) + "-" + hex.substr(16, 4) + "-" + hex.substr(20, 12);
}

} // namespace memlens
