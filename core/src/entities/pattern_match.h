// The regex kinds of docs/entities.md as hand-written scanners over decoded text.
//
// Each scanner reproduces the leftmost-first, non-overlapping matches of its kind's regex in
// docs/entities.md (greedy runs, the backtracking they imply, and \b as a Unicode word boundary),
// so the same text yields the same spans. They work in code points and never allocate beyond `out`.
#pragma once

#include "text/unicode.h"

#include <cstddef>
#include <string_view>
#include <vector>

namespace memlens::entities {

struct PatternMatch {
    std::string_view kind; // "email", "url", "handle" or "hashtag"
    std::size_t start = 0; // the surface, in code points
    std::size_t end = 0;
    std::size_t value_start = 0; // what the canonical id is built from (no @ or # sigil)
    std::size_t value_end = 0;
};

// (?i)\b[a-z0-9._%+\-]+@[a-z0-9.\-]+\.[a-z]{2,}\b
void scan_emails(const unicode::CodePoints& text, std::vector<PatternMatch>& out);
// https?://[^\s<>\]\[()]+[^\s<>\]\[()\.\,;:\!\?]
void scan_urls(const unicode::CodePoints& text, std::vector<PatternMatch>& out);
// (?:^|[\s(])@([A-Za-z0-9_](?:[A-Za-z0-9_.\-]*[A-Za-z0-9_])?)
void scan_handles(const unicode::CodePoints& text, std::vector<PatternMatch>& out);
// \b([A-Za-z0-9_.\-]{2,32})#\d{4}\b  (Discord-style name#1234, kind "handle")
void scan_discord_handles(const unicode::CodePoints& text, std::vector<PatternMatch>& out);
// (?:^|[\s(])#([A-Za-z][A-Za-z0-9_\-]{1,})
void scan_hashtags(const unicode::CodePoints& text, std::vector<PatternMatch>& out);

// \b at position i of the decoded text: a word character on exactly one side.
inline bool word_boundary(const unicode::CodePoints& text, std::size_t i) {
    const bool before = i > 0 && unicode::is_boundary_word(text.cps[i - 1]);
    const bool after = i < text.size() && unicode::is_boundary_word(text.cps[i]);
    return before != after;
}

} // namespace memlens::entities
