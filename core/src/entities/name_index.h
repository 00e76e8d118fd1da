// Whole-word, case-insensitive lookup of known names (speakers, authors, registry aliases and
// display names) in decoded text. Bucketed by first word so a text costs one binary search per
// word, however many names are known.
#pragma once

#include "text/unicode.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace memlens::entities {

class NameIndex {
public:
    struct Hit {
        std::size_t start = 0; // code points
        std::size_t end = 0;
        std::size_t payload = 0;
    };

    // Names that do not start with a letter or number cannot be found as whole words and are
    // skipped, as are names with invalid UTF-8. A name added twice keeps its first payload.
    void add(std::string_view name, std::size_t payload);
    bool empty() const { return entries_.empty(); }

    // Longest matches, left to right, not overlapping, each starting at a word start of the
    // lowercased text and ending at a word boundary. `claimed[i]` is non-zero where another
    // entity already owns the code point; a match touching one is skipped.
    void find(const std::vector<char32_t>& lowered, const std::vector<std::uint8_t>& claimed,
              std::vector<Hit>& out) const;

private:
    struct Entry {
        std::u32string first_word;
        std::u32string text;
        std::size_t payload;
    };
    std::vector<Entry> entries_; // sorted by first_word, then longest text first
};

} // namespace memlens::entities
