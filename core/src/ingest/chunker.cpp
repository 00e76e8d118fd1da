#include "ingest/chunker.h"

#include <memlens/text.h>

namespace memlens {

namespace {

// Byte offset of roughly `chars` code points into s.
std::size_t byte_offset_for_chars(std::string_view s, std::size_t chars) {
    std::size_t i = 0, n = 0;
    while (i < s.size() && n < chars) {
        ++i;
        while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80)
            ++i;
        ++n;
    }
    return i;
}

std::string_view trim_text(std::string_view s) {
    while (!s.empty() &&
           (s.front() == ' ' || s.front() == '\n' || s.front() == '\t' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() &&
           (s.back() == ' ' || s.back() == '\n' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

// The best cut in s[0, limit): paragraph break, else sentence end, else space, else limit.
std::size_t best_cut(std::string_view s, std::size_t limit) {
    std::string_view window = s.substr(0, limit);
    const std::size_t min_cut = limit / 2; // don't make tiny chunks
    if (auto p = window.rfind("\n\n"); p != std::string_view::npos && p >= min_cut)
        return p + 2;
    for (std::size_t i = limit; i > min_cut; --i) {
        char c = window[i - 1];
        if ((c == '.' || c == '!' || c == '?' || c == '\n') &&
            (i == limit || window[i] == ' ' || window[i] == '\n'))
            return i;
    }
    if (auto p = window.rfind(' '); p != std::string_view::npos && p >= min_cut)
        return p + 1;
    return utf8_floor(s, limit);
}

} // namespace

std::vector<std::string> split_into_chunks(std::string_view text, std::int64_t max_tokens) {
    std::vector<std::string> out;
    text = trim_text(text);
    if (text.empty())
        return out;
    if (max_tokens <= 0 || estimate_tokens(text) <= max_tokens) {
        out.emplace_back(text);
        return out;
    }
    // estimate_tokens = (chars + 3) / 4, so max_tokens * 4 characters always fit.
    const auto max_chars = static_cast<std::size_t>(max_tokens) * 4;
    while (!text.empty()) {
        // The rest fits when max_chars code points reach its end. Counting only up to the
        // window (not estimate_tokens of the whole rest) keeps a long text linear: the rest is
        // as long as the text for most of the loop.
        std::size_t limit = byte_offset_for_chars(text, max_chars);
        if (limit == text.size()) {
            out.emplace_back(text);
            break;
        }
        std::size_t cut = best_cut(text, limit);
        if (cut == 0)
            cut = limit;
        std::string_view piece = trim_text(text.substr(0, cut));
        if (!piece.empty())
            out.emplace_back(piece);
        text = trim_text(text.substr(cut));
    }
    return out;
}

} // namespace memlens
