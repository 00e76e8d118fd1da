#include "entities/pattern_match.h"

namespace memlens::entities {

namespace {

bool name_edge(char32_t c) {
    return unicode::is_ascii_alnum(c) || c == U'_';
}
bool name_char(char32_t c) {
    return name_edge(c) || c == U'.' || c == U'-';
}

// The (?:^|[\s(]) prefix that handles and hashtags share: a sigil glued to a word is an email
// or an anchor, not a mention.
bool mention_start(const std::vector<char32_t>& cps, std::size_t sigil) {
    return sigil == 0 || unicode::is_space(cps[sigil - 1]) || cps[sigil - 1] == U'(';
}

} // namespace

void scan_handles(const unicode::CodePoints& text, std::vector<PatternMatch>& out) {
    const auto& cps = text.cps;
    const std::size_t n = cps.size();
    for (std::size_t at = 0; at + 1 < n; ++at) {
        if (cps[at] != U'@' || !mention_start(cps, at) || !name_edge(cps[at + 1]))
            continue;
        std::size_t run_end = at + 1;
        while (run_end < n && name_char(cps[run_end]))
            ++run_end;
        // The optional group backtracks to the last letter, digit or underscore: "@bob-" → bob.
        std::size_t end = run_end;
        while (!name_edge(cps[end - 1]))
            --end;
        out.push_back({"handle", at, end, at + 1, end});
        at = end - 1;
    }
}

void scan_discord_handles(const unicode::CodePoints& text, std::vector<PatternMatch>& out) {
    const auto& cps = text.cps;
    const std::size_t n = cps.size();
    std::size_t last_end = 0;
    for (std::size_t hash = 2; hash + 4 < n; ++hash) {
        if (cps[hash] != U'#' || hash < last_end + 2)
            continue;
        bool digits = true;
        for (std::size_t k = 1; k <= 4; ++k)
            digits = digits && unicode::is_ascii_digit(cps[hash + k]);
        const std::size_t end = hash + 5;
        if (!digits || (end < n && unicode::is_boundary_word(cps[end])))
            continue;
        // {2,32}: the leftmost start on a boundary at most 32 characters before the '#'.
        std::size_t run = hash;
        while (run > last_end && hash - run < 32 && name_char(cps[run - 1]))
            --run;
        for (std::size_t s = run; s + 2 <= hash; ++s) {
            if (word_boundary(text, s)) {
                out.push_back({"handle", s, end, s, end});
                last_end = end;
                break;
            }
        }
    }
}

void scan_hashtags(const unicode::CodePoints& text, std::vector<PatternMatch>& out) {
    const auto& cps = text.cps;
    const std::size_t n = cps.size();
    for (std::size_t hash = 0; hash + 2 < n; ++hash) {
        if (cps[hash] != U'#' || !mention_start(cps, hash) ||
            !unicode::is_ascii_alpha(cps[hash + 1]))
            continue;
        std::size_t end = hash + 2;
        while (end < n && (name_edge(cps[end]) || cps[end] == U'-'))
            ++end;
        if (end == hash + 2) // {1,} after the first letter
            continue;
        out.push_back({"hashtag", hash, end, hash + 1, end});
        hash = end - 1;
    }
}

} // namespace memlens::entities
