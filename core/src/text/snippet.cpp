// A display excerpt around the first query term, cut on code-point (and, where it can, word)
// boundaries so a multibyte character is never split.
#include "text/unicode.h"

#include <memlens/text.h>

#include <algorithm>

namespace memlens {

namespace {

constexpr char32_t kEllipsis = 0x2026;
constexpr std::size_t kWordSnap = 12; // how far a cut may move to land between words

// Earliest code-point index where any term occurs, case-insensitively; npos when none does.
std::pair<std::size_t, std::size_t> first_match(const std::vector<char32_t>& lowered,
                                                const std::vector<std::string>& terms) {
    std::size_t best = std::string::npos;
    std::size_t best_len = 0;
    unicode::CodePoints term_cps;
    for (const auto& term : terms) {
        term_cps.assign(term);
        auto& needle = term_cps.cps;
        if (needle.empty())
            continue;
        for (auto& c : needle)
            c = unicode::to_lower(c);
        auto it = std::search(lowered.begin(), lowered.end(), needle.begin(), needle.end());
        if (it == lowered.end())
            continue;
        const auto pos = static_cast<std::size_t>(it - lowered.begin());
        if (pos < best || (pos == best && needle.size() > best_len)) {
            best = pos;
            best_len = needle.size();
        }
    }
    return {best, best_len};
}

} // namespace

std::string snippet(std::string_view text, const std::vector<std::string>& terms,
                    std::size_t max_chars) {
    unicode::CodePoints cp;
    cp.assign(text);
    const auto& cps = cp.cps;
    const std::size_t n = cps.size();
    std::string out;
    if (max_chars == 0)
        return out;

    std::size_t start = 0;
    std::size_t end = n;
    if (n > max_chars) {
        std::vector<char32_t> lowered(cps.size());
        std::transform(cps.begin(), cps.end(), lowered.begin(), unicode::to_lower);
        const auto [match, match_len] = first_match(lowered, terms);
        // One ellipsis costs one code point of the budget. The match sits about a third of the
        // way in, so the reader sees what led up to it and more of what follows.
        end = max_chars - 1;
        if (max_chars > 2 && match != std::string::npos && match + match_len > max_chars - 1) {
            const std::size_t room = max_chars - 2; // both ellipses
            const std::size_t lead = (room - std::min(room, match_len)) / 3;
            start = match - std::min(match, lead);
            if (start + max_chars - 1 >= n) {
                start = n - (max_chars - 1);
                end = n;
            } else if (start > 0) {
                end = start + room;
            }
        }

        // A cut inside a word snaps inwards to whitespace, so the excerpt shows whole words.
        auto mid_word = [&](std::size_t i) {
            return !unicode::is_space(cps[i - 1]) && !unicode::is_space(cps[i]);
        };
        if (start > 0 && mid_word(start)) {
            for (std::size_t i = start; i < std::min(n, start + kWordSnap); ++i) {
                if (match != std::string::npos && i >= match)
                    break;
                if (unicode::is_space(cps[i])) {
                    start = i + 1;
                    break;
                }
            }
        }
        if (end < n && end > 0 && mid_word(end)) {
            const std::size_t keep = match == std::string::npos ? start : match + match_len;
            for (std::size_t i = end; i > start && i + kWordSnap > end; --i) {
                if (i <= keep)
                    break;
                if (unicode::is_space(cps[i - 1])) {
                    end = i - 1;
                    break;
                }
            }
        }
    }

    out.reserve(cp.byte_at[end] - cp.byte_at[start] + 8);
    if (start > 0)
        unicode::append_utf8(out, kEllipsis);
    for (std::size_t i = start; i < end; ++i)
        unicode::append_utf8(out, cps[i]);
    if (end < n)
        unicode::append_utf8(out, kEllipsis);
    return out;
}

} // namespace memlens
