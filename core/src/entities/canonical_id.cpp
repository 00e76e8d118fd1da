#include "text/unicode.h"

#include <memlens/entities.h>
#include <memlens/text.h>

namespace memlens {

namespace {

std::string_view trim_name(std::string_view s) {
    // Unicode whitespace, so a value copied with a no-break space still canonicalises.
    std::size_t b = 0;
    while (b < s.size()) {
        const auto d = unicode::decode(s, b);
        if (!unicode::is_space(d.cp))
            break;
        b += d.len;
    }
    std::size_t e = s.size();
    while (e > b) {
        std::size_t start = e - 1;
        while (start > b && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80)
            --start;
        if (!unicode::is_space(unicode::decode(s, start).cp))
            break;
        e = start;
    }
    return s.substr(b, e - b);
}

} // namespace

std::string canonical_entity_id(std::string_view kind, std::string_view value) {
    std::string id(kind);
    id += ':';
    value = trim_name(value);
    if (kind == "url") {
        id += value; // paths and queries are case-sensitive
        return id;
    }
    if (!value.empty() && (value.front() == '@' || value.front() == '#'))
        value.remove_prefix(1);
    id += utf8_lower(value);
    return id;
}

} // namespace memlens
