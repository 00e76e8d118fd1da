// Code-point level helpers shared by the text primitives and the entity scanners.
//
// The core has no Unicode library, so these tables are deliberately small and documented in
// docs/entities.md ("Word characters"): what counts as a letter, a number, whitespace, and the
// simple one-to-one case mapping of the scripts the name heuristic understands.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace memlens::unicode {

// Stands for one byte that is not part of a well-formed UTF-8 sequence. It lies outside the
// Unicode range, so no classifier below accepts it: invalid bytes never join a word or entity.
inline constexpr char32_t kInvalid = 0x110000;

struct Decoded {
    char32_t cp;      // the code point, or kInvalid
    std::uint8_t len; // bytes consumed (1 for an invalid byte)
};

// Decodes the sequence starting at text[pos] (pos < text.size()). Strict: rejects overlongs,
// surrogates and values past U+10FFFF; an invalid sequence consumes exactly one byte.
Decoded decode(std::string_view text, std::size_t pos);

// Appends the UTF-8 encoding of cp (kInvalid is written as U+FFFD).
void append_utf8(std::string& out, char32_t cp);

// Letters and numbers of any script (the \p{L}\p{N} of the keyword tokenizer), plus combining marks
// so that a decomposed "é" stays one word. Underscore is not a word character here.
bool is_word(char32_t cp);

// Word character for whole-word boundaries (regex \w): is_word plus '_'.
inline bool is_boundary_word(char32_t cp) {
    return cp == U'_' || is_word(cp);
}

// Unicode White_Space (the \s of the regexes in docs/entities.md).
bool is_space(char32_t cp);

// Simple case mapping for ASCII, Latin-1, Latin Extended-A, Greek and Cyrillic; others unchanged.
char32_t to_lower(char32_t cp);
bool is_upper(char32_t cp);
bool is_lower(char32_t cp);

inline bool is_ascii_alpha(char32_t c) {
    return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z');
}
inline bool is_ascii_digit(char32_t c) {
    return c >= U'0' && c <= U'9';
}
inline bool is_ascii_alnum(char32_t c) {
    return is_ascii_alpha(c) || is_ascii_digit(c);
}

// A text decoded once so scanners can work in code points and still hand back byte slices.
struct CodePoints {
    std::vector<char32_t> cps;
    std::vector<std::uint32_t> byte_at; // byte offset of each code point, plus one for the end

    void assign(std::string_view text);
    std::size_t size() const { return cps.size(); }
    char32_t at(std::size_t i) const { return i < cps.size() ? cps[i] : kInvalid; }
    std::string_view slice(std::string_view text, std::size_t start, std::size_t end) const {
        return text.substr(byte_at[start], byte_at[end] - byte_at[start]);
    }
};

} // namespace memlens::unicode
