// The token stream query analysis scans: words and single punctuation marks with their byte
// offsets, so phrases can be matched word by word and cut out of the raw text exactly.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace memlens::analysis {

struct QueryToken {
    std::string lower;     // ASCII-lowercased text of the token
    std::size_t start = 0; // byte offsets in the analysed text
    std::size_t end = 0;
    bool word = false;        // a run of ASCII letters/digits and non-ASCII bytes
    bool capitalised = false; // the word's first byte is an ASCII capital
};

// Splits on whitespace; every other non-word byte is its own punctuation token. Linear time.
std::vector<QueryToken> tokenize_query(std::string_view text);

// Number of consecutive tokens from `at` whose text equals `phrase` (all words), or 0.
std::size_t match_words(const std::vector<QueryToken>& tokens, std::size_t at,
                        std::span<const std::string_view> phrase);
inline std::size_t match_words(const std::vector<QueryToken>& tokens, std::size_t at,
                               std::initializer_list<std::string_view> phrase) {
    return match_words(tokens, at,
                       std::span<const std::string_view>(phrase.begin(), phrase.size()));
}

bool is_digits(std::string_view s);

} // namespace memlens::analysis
