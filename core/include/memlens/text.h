// Text primitives shared by ingest and retrieval: UTF-8 checks, the token estimate (NOTES §1),
// the seed-001 keyword tokenizer and FTS5 query builder, stopwords and stemming.
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

// Token estimate of NOTES §1: (chars + 3) / 4, counting Unicode code points. "" → 0.
std::int64_t estimate_tokens(std::string_view text);

// Code-point count of valid UTF-8 (invalid bytes count one each).
std::size_t utf8_length(std::string_view text);

// Lowercases ASCII and the common Latin-1/Latin Extended letters; other code points pass through.
std::string utf8_lower(std::string_view text);

// Seed 001 step 1: lowercase and split on any run of non-letter/non-number code points
// (Unicode-aware: letters of any script, digits of any script, count as word characters).
std::vector<std::string> split_words(std::string_view text);

// Seed 001 steps 1–2: split_words minus stopwords and single-character tokens, order kept,
// duplicates removed (first occurrence wins).
std::vector<std::string> keyword_tokens(std::string_view text);

// Seed 001 step 3: each surviving token double-quoted (inner quotes doubled) and OR-joined.
// nullopt when nothing survives: the keyword leg sits out.
// "How do I configure the Qdrant collection?" → "configure" OR "qdrant" OR "collection"
std::optional<std::string> build_fts_query(std::string_view text);

// The conservative seed-001 stopword list (function words only; "time", "good", "way" kept).
bool is_stopword(std::string_view lowercase_word);

// Porter stemmer (English), applied to lowercase ASCII words; other words are returned as-is.
std::string porter_stem(std::string_view lowercase_word);

// A short excerpt of `text` (at most max_chars code points) around the first occurrence of any
// of `terms`, with "…" where cut. Never splits a UTF-8 sequence.
std::string snippet(std::string_view text, const std::vector<std::string>& terms,
                    std::size_t max_chars = 200);

} // namespace memlens
