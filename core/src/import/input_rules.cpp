#include "import/input_rules.h"

#include "import/file_text.h"
#include "text/unicode.h"

#include <memlens/text.h>
#include <memlens/time_util.h>

#include <cstdio>
#include <cstring>

namespace memlens::import_detail {

namespace {

void append_hex_escape(std::string& out, unsigned value, bool wide) {
    char buf[12];
    std::snprintf(buf, sizeof buf, wide ? "\\u%04X" : "\\x%02X", value);
    out += buf;
}

// Appends up to `max_chars` code points of `text` from `pos`, escaped for a one-line message;
// returns the offset after the last one appended.
std::size_t append_escaped(std::string& out, std::string_view text, std::size_t pos,
                           std::size_t max_chars) {
    for (std::size_t n = 0; pos < text.size() && n < max_chars; ++n) {
        const auto d = unicode::decode(text, pos);
        const char32_t cp = d.cp;
        if (cp == unicode::kInvalid) {
            append_hex_escape(out, static_cast<unsigned char>(text[pos]), false);
        } else if (cp == U'\n') {
            out += "\\n";
        } else if (cp == U'\r') {
            out += "\\r";
        } else if (cp == U'\t') {
            out += "\\t";
        } else if (cp == U'\'' || cp == U'\\') {
            out += '\\';
            out += static_cast<char>(cp);
        } else if (cp < 0x20 || cp == 0x7F) {
            append_hex_escape(out, static_cast<unsigned>(cp), false);
        } else if ((cp >= 0x80 && cp < 0xA0) || cp == 0x2028 || cp == 0x2029) {
            // C1 controls and the Unicode line breaks would break the message's line too.
            append_hex_escape(out, static_cast<unsigned>(cp), true);
        } else {
            out.append(text.substr(pos, d.len));
        }
        pos += d.len;
    }
    return pos;
}

bool is_continuation(char c) {
    return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

} // namespace

std::string quote(std::string_view value) {
    std::string out = "'";
    std::size_t end = append_escaped(out, value, 0, kQuoteChars);
    if (end < value.size())
        out += "\xE2\x80\xA6"; // …
    out += '\'';
    return out;
}

std::string excerpt_at(std::string_view line, std::size_t offset) {
    if (offset > line.size())
        offset = line.size();
    // Back up kQuoteChars / 2 code points (a continuation byte is not one), at most a few bytes
    // each, so this is bounded whatever the line's length.
    std::size_t start = offset;
    for (std::size_t n = 0; start > 0 && n < kQuoteChars / 2; ++n) {
        --start;
        for (int k = 0; k < 3 && start > 0 && is_continuation(line[start]); ++k)
            --start;
    }
    std::string out = "'";
    if (start > 0)
        out += "\xE2\x80\xA6";
    std::size_t end = append_escaped(out, line, start, kQuoteChars);
    if (end < line.size())
        out += "\xE2\x80\xA6";
    out += '\'';
    return out;
}

std::optional<BadInput> check_input_bytes(std::string_view bytes) {
    // Both scans stop at the first hit; memchr makes the NUL scan cheap on clean input.
    std::size_t bad = first_invalid_utf8(bytes);
    const void* nul =
        std::memchr(bytes.data(), '\0', bad == std::string_view::npos ? bytes.size() : bad);
    if (nul != nullptr)
        return BadInput{static_cast<std::size_t>(static_cast<const char*>(nul) - bytes.data()),
                        "NUL byte"};
    if (bad != std::string_view::npos)
        return BadInput{bad, "invalid UTF-8"};
    return std::nullopt;
}

std::optional<std::string> string_problem(std::string_view value) {
    if (value.find('\0') != std::string_view::npos)
        return std::string("holds a NUL character");
    if (!is_valid_utf8(value))
        return std::string("holds invalid UTF-8");
    return std::nullopt;
}

bool is_blank(std::string_view text) {
    for (std::size_t pos = 0; pos < text.size();) {
        const auto d = unicode::decode(text, pos);
        if (!unicode::is_space(d.cp))
            return false;
        pos += d.len;
    }
    return true;
}

std::string too_long(std::size_t size, std::size_t limit, const char* option) {
    return "is " + std::to_string(size) + " bytes, longer than the limit of " +
           std::to_string(limit) + " (" + option + ")";
}

std::optional<std::string> text_problem(std::string_view text, const ImportOptions& opts) {
    if (text.size() > opts.max_item_bytes)
        return too_long(text.size(), opts.max_item_bytes, "--max-item-bytes");
    if (auto p = string_problem(text))
        return p;
    if (text.empty())
        return std::string("is empty");
    if (is_blank(text))
        return std::string("is blank (only whitespace)");
    return std::nullopt;
}

std::optional<std::string> time_problem(std::int64_t ms) {
    if (ms < kMinImportTimeMs || ms > kMaxImportTimeMs)
        return "is outside the years 0000 to 9999 (" + std::to_string(ms) + " ms)";
    return std::nullopt;
}

Result<std::int64_t> parse_time_text(std::string_view text, bool allow_epoch_digits) {
    auto t = allow_epoch_digits ? parse_time_arg(text) : parse_rfc3339(text);
    if (!t) // parse_time_arg's own message would quote the whole text
        return Status::invalid((allow_epoch_digits ? "not an RFC 3339 time or epoch milliseconds: "
                                                   : "not an RFC 3339 time: ") +
                               quote(text));
    if (auto p = time_problem(*t))
        return Status::invalid(quote(text) + " " + *p);
    return *t;
}

std::size_t json_error_offset(const nlohmann::json::parse_error& e) {
    return e.byte > 0 ? e.byte - 1 : 0;
}

std::string describe_json_error(const nlohmann::json::parse_error& e, std::string_view input) {
    const std::string what = e.what();
    std::string reason = what;
    if (auto col = what.find("column "); col != std::string::npos)
        if (auto colon = what.find(": ", col); colon != std::string::npos)
            reason = what.substr(colon + 2);
    auto last_read = reason.find("; last read: '");
    if (last_read != std::string::npos) {
        // The expected part is nlohmann's own short text after the quoted token.
        auto expected = reason.rfind("; expected ");
        std::string tail;
        if (expected != std::string::npos && expected > last_read && reason.size() - expected < 120)
            tail = reason.substr(expected);
        reason = reason.substr(0, last_read) + tail;
    }
    if (reason.size() > 200) // never the case for nlohmann's fixed texts; a bound all the same
        reason.resize(200);
    const std::size_t offset = json_error_offset(e);
    return "malformed JSON at column " + std::to_string(column_of_offset(input, offset)) + ": " +
           reason + "; near " + excerpt_at(input, offset);
}

} // namespace memlens::import_detail
