// Text primitives shared by ingest and retrieval: UTF-8 checks, the token estimate,
// the keyword tokenizer and FTS5 query builder, stopwords and stemming.
//
// All functions are pure: no I/O, no global state, safe to call from any thread. None of them
// fails: invalid UTF-8 is never an error here. Each invalid byte counts as one character and is
// treated as a separator (never part of a word); functions that return text return valid UTF-8,
// with U+FFFD where an invalid byte was. Which code points count as word characters is written
// down in docs/entities.md ("Word characters").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

// True when `text` is well-formed UTF-8 (no overlongs, no surrogates, nothing past U+10FFFF).
bool is_valid_utf8(std::string_view text);
// Byte offset of the first invalid sequence, or npos.
std::size_t first_invalid_utf8(std::string_view text);

// `text` whole when it is at most `max_bytes` long; else its first bytes up to `max_bytes`,
// ended at a character boundary, followed by " … [cut: N bytes]" (N: the whole length), so a
// reader sees that it was cut and by how much. What logs and error replies keep of a client's
// input (an audit row, a JSON-RPC error) goes through it.
std::string cut_utf8(std::string_view text, std::size_t max_bytes);
// The largest byte offset at most `limit` that does not fall inside a UTF-8 sequence (text's
// size when limit is past it): where a byte budget cuts text without splitting a character.
std::size_t utf8_floor(std::string_view text, std::size_t limit);

// Token estimate that sizes chunks and fills their token_count: (chars + 3) / 4, counting
// Unicode code points. "" → 0.
std::int64_t estimate_tokens(std::string_view text);

// Code-point count of valid UTF-8 (invalid bytes count one each).
std::size_t utf8_length(std::string_view text);

// Simple one-to-one lowercasing of ASCII, Latin-1, Latin Extended-A and Extended Additional,
// Greek, Cyrillic and Armenian; other code points pass through. Invalid bytes become U+FFFD.
std::string utf8_lower(std::string_view text);

// Keyword tokenizer, step 1: lowercase and split on any run of non-letter/non-number code points
// (Unicode-aware: letters and numbers of any script, and combining marks, are word characters;
// punctuation, symbols, emoji, spaces, controls and '_' are not).
std::vector<std::string> split_words(std::string_view text);

// Keyword tokenizer, steps 1–2: split_words minus stopwords and single-code-point tokens, order
// kept, duplicates removed (first occurrence wins).
std::vector<std::string> keyword_tokens(std::string_view text);

// Keyword tokenizer, step 3: each surviving token double-quoted (inner quotes doubled) and
// OR-joined. nullopt when nothing survives: the keyword leg sits out. "How do I configure the
// Qdrant collection?" → "configure" OR "qdrant" OR "collection"
std::optional<std::string> build_fts_query(std::string_view text);

// The conservative stopword list (function words only; "time", "good", "way" kept).
bool is_stopword(std::string_view lowercase_word);

// Porter (1980) stemmer as in Martin Porter's canonical C encoding, for lowercase ASCII words
// ("connections" → "connect", "relational" → "relat"); any other word is returned unchanged.
std::string porter_stem(std::string_view lowercase_word);

// A short excerpt of `text` (at most max_chars code points, the "…" marks included) around the
// earliest case-insensitive occurrence of any of `terms`, with "…" where cut. The whole text
// when it fits; its beginning when no term occurs. Never splits a UTF-8 sequence.
std::string snippet(std::string_view text, const std::vector<std::string>& terms,
                    std::size_t max_chars = 200);

} // namespace memlens
