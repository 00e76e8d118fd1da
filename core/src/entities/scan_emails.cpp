#include "entities/pattern_match.h"

namespace memlens::entities {

namespace {

using unicode::is_ascii_alnum;

bool local_char(char32_t c) {
    return is_ascii_alnum(c) || c == U'.' || c == U'_' || c == U'%' || c == U'+' || c == U'-';
}
bool domain_char(char32_t c) {
    return is_ascii_alnum(c) || c == U'.' || c == U'-';
}

} // namespace

void scan_emails(const unicode::CodePoints& text, std::vector<PatternMatch>& out) {
    const auto& cps = text.cps;
    const std::size_t n = cps.size();
    std::size_t last_end = 0;
    for (std::size_t at = 0; at < n; ++at) {
        if (cps[at] != U'@' || at < last_end)
            continue;
        // Domain: the greedy run backtracks to the rightmost '.' followed by two or more letters
        // and then a boundary; a shorter letter run would end between two word characters.
        std::size_t d_end = at + 1;
        while (d_end < n && domain_char(cps[d_end]))
            ++d_end;
        std::size_t end = 0;
        for (std::size_t p = d_end; p > at + 2; --p) {
            const std::size_t dot = p - 1;
            if (cps[dot] != U'.')
                continue;
            std::size_t q = dot + 1;
            while (q < n && unicode::is_ascii_alpha(cps[q]))
                ++q;
            if (q - dot - 1 >= 2 && !(q < n && unicode::is_boundary_word(cps[q]))) {
                end = q;
                break;
            }
        }
        if (end == 0)
            continue;
        // Local part: the leftmost start inside the run before '@' that sits on a boundary.
        std::size_t run = at;
        while (run > last_end && local_char(cps[run - 1]))
            --run;
        for (std::size_t s = run; s < at; ++s) {
            if (word_boundary(text, s)) {
                out.push_back({"email", s, end, s, end});
                last_end = end;
                break;
            }
        }
    }
}

} // namespace memlens::entities
