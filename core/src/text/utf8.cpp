// UTF-8 validation, code-point counting, the token estimate and lowercasing.
#include "text/unicode.h"

#include <memlens/text.h>

namespace memlens {

std::size_t first_invalid_utf8(std::string_view text) {
    std::size_t pos = 0;
    while (pos < text.size()) {
        if (static_cast<unsigned char>(text[pos]) < 0x80) {
            ++pos;
            continue;
        }
        const auto d = unicode::decode(text, pos);
        if (d.cp == unicode::kInvalid)
            return pos;
        pos += d.len;
    }
    return std::string_view::npos;
}

bool is_valid_utf8(std::string_view text) {
    return first_invalid_utf8(text) == std::string_view::npos;
}

std::size_t utf8_floor(std::string_view text, std::size_t limit) {
    if (limit >= text.size())
        return text.size();
    // Back over continuation bytes (10xxxxxx) to the start of the character that crosses it.
    while (limit > 0 && (static_cast<unsigned char>(text[limit]) & 0xC0) == 0x80)
        --limit;
    return limit;
}

std::string cut_utf8(std::string_view text, std::size_t max_bytes) {
    if (text.size() <= max_bytes)
        return std::string(text);
    return std::string(text.substr(0, utf8_floor(text, max_bytes))) +
           " \u2026 [cut: " + std::to_string(text.size()) + " bytes]";
}

std::size_t utf8_length(std::string_view text) {
    std::size_t count = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        pos += static_cast<unsigned char>(text[pos]) < 0x80 ? 1 : unicode::decode(text, pos).len;
        ++count;
    }
    return count;
}

std::int64_t estimate_tokens(std::string_view text) {
    return (static_cast<std::int64_t>(utf8_length(text)) + 3) / 4;
}

std::string utf8_lower(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    std::size_t pos = 0;
    while (pos < text.size()) {
        const auto d = unicode::decode(text, pos);
        unicode::append_utf8(out, unicode::to_lower(d.cp));
        pos += d.len;
    }
    return out;
}

} // namespace memlens
