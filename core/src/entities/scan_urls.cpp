#include "entities/pattern_match.h"

namespace memlens::entities {

namespace {

bool body_char(char32_t c) {
    switch (c) {
    case U'<':
    case U'>':
    case U'[':
    case U']':
    case U'(':
    case U')':
        return false;
    default:
        // Invalid bytes end a URL too, so a surface is always valid UTF-8.
        return c != unicode::kInvalid && !unicode::is_space(c);
    }
}

bool trailing_punct(char32_t c) {
    switch (c) {
    case U'.':
    case U',':
    case U';':
    case U':':
    case U'!':
    case U'?':
        return true;
    default:
        return false;
    }
}

bool at_text(const std::vector<char32_t>& cps, std::size_t i, std::u32string_view s) {
    if (i + s.size() > cps.size())
        return false;
    for (std::size_t k = 0; k < s.size(); ++k)
        if (cps[i + k] != s[k])
            return false;
    return true;
}

} // namespace

void scan_urls(const unicode::CodePoints& text, std::vector<PatternMatch>& out) {
    const auto& cps = text.cps;
    const std::size_t n = cps.size();
    std::size_t i = 0;
    while (i < n) {
        if (cps[i] != U'h' || !at_text(cps, i, U"http")) {
            ++i;
            continue;
        }
        std::size_t body = i + 4;
        if (body < n && cps[body] == U's' && at_text(cps, body + 1, U"://"))
            body += 4;
        else if (at_text(cps, body, U"://"))
            body += 3;
        else {
            ++i;
            continue;
        }
        std::size_t run_end = body;
        while (run_end < n && body_char(cps[run_end]))
            ++run_end;
        // The last character may not be sentence punctuation; it needs one character before it.
        std::size_t last = run_end;
        while (last > body + 1 && trailing_punct(cps[last - 1]))
            --last;
        if (last > body + 1) {
            out.push_back({"url", i, last, i, last});
            i = last;
        } else {
            ++i;
        }
    }
}

} // namespace memlens::entities
