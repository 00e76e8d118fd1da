// The rules every importer applies to what it reads, one per kind of input (docs/formats.md,
// "Limits and refused input"). The importers share them so a time, a text or a quoted excerpt
// means the same in JSONL, Markdown and LoCoMo:
// - input bytes: valid UTF-8 without NUL (check_input_bytes);
// - string values decoded from JSON: the same (string_problem);
// - item text: a string value, not blank, at most max_item_bytes (text_problem);
// - times: RFC 3339 or epoch ms inside kMinImportTimeMs..kMaxImportTimeMs (parse_time_text,
//   time_problem);
// - quoting input in an error: a bounded excerpt (quote, excerpt_at).
#pragma once

#include <memlens/import.h>
#include <memlens/status.h>

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace memlens::import_detail {

// At most this many code points of input are quoted in an error message.
inline constexpr std::size_t kQuoteChars = 40;

// 'value' for an error message: at most kQuoteChars code points, "…" when cut; control
// characters, quotes and invalid bytes written as escapes (\n, \x00) so the message stays
// one readable line whatever the input holds.
std::string quote(std::string_view value);

// The input around byte `offset` of `line` for an error: up to kQuoteChars / 2 code points
// before and after, quoted as above, with "…" at a cut end.
std::string excerpt_at(std::string_view line, std::size_t offset);

// The byte offset in the parsed input where nlohmann stopped.
std::size_t json_error_offset(const nlohmann::json::parse_error& e);

// "malformed JSON at column 27: syntax error while parsing object key - invalid literal;
// expected string literal; near '…ce":"slack:#a", t'". nlohmann's own "last read: '...'"
// quotes the whole token, which can be the whole line: it is replaced by a bounded excerpt.
// The column is in the line of `input` that holds the error (the caller names the line).
std::string describe_json_error(const nlohmann::json::parse_error& e, std::string_view input);

struct BadInput {
    std::size_t offset; // of the first offending byte
    std::string what;   // "invalid UTF-8", "NUL byte"
};

// Raw input must be valid UTF-8 and hold no NUL byte (text files have none; a NUL is a sign of
// binary data, and it would cut the text short in C APIs further on).
std::optional<BadInput> check_input_bytes(std::string_view bytes);

// A string value decoded from JSON ("\u0000" decodes to NUL): nullopt when it is valid UTF-8
// without NUL, else what is wrong.
std::optional<std::string> string_problem(std::string_view value);

// True when every code point is Unicode White_Space (or there is none).
bool is_blank(std::string_view text);

// An item's text: a clean string value (string_problem), not blank, at most opts.max_item_bytes.
// nullopt when it is fine, else what is wrong ("is blank", "is 20000000 bytes, longer than ...").
std::optional<std::string> text_problem(std::string_view text, const ImportOptions& opts);

// "is 70000000 bytes, longer than the limit of 67108864 (--max-line-bytes)".
std::string too_long(std::size_t size, std::size_t limit, const char* option);

// nullopt when kMinImportTimeMs <= ms <= kMaxImportTimeMs, else what is wrong.
std::optional<std::string> time_problem(std::int64_t ms);

// An RFC 3339 time (or, with allow_epoch_digits, a string of epoch milliseconds such as
// "1714726800000") inside the accepted range. The error message quotes the text with quote().
Result<std::int64_t> parse_time_text(std::string_view text, bool allow_epoch_digits);

} // namespace memlens::import_detail
