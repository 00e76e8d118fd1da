#include "analysis/query_tokens.h"

namespace memlens::analysis {
namespace {

bool is_word_byte(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c >= 0x80;
}

bool is_space(unsigned char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

char ascii_lower(char c) {
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

} // namespace

std::vector<QueryToken> tokenize_query(std::string_view text) {
    std::vector<QueryToken> out;
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (is_space(c)) {
            ++i;
            continue;
        }
        QueryToken t;
        t.start = i;
        if (is_word_byte(c)) {
            t.word = true;
            t.capitalised = c >= 'A' && c <= 'Z';
            while (i < text.size() && is_word_byte(static_cast<unsigned char>(text[i])))
                t.lower.push_back(ascii_lower(text[i++]));
        } else {
            t.lower.push_back(text[i++]);
        }
        t.end = i;
        out.push_back(std::move(t));
    }
    return out;
}

std::size_t match_words(const std::vector<QueryToken>& tokens, std::size_t at,
                        std::span<const std::string_view> phrase) {
    std::size_t n = 0;
    for (std::string_view w : phrase) {
        if (at + n >= tokens.size() || !tokens[at + n].word || tokens[at + n].lower != w)
            return 0;
        ++n;
    }
    return n;
}

bool is_digits(std::string_view s) {
    if (s.empty())
        return false;
    for (char c : s)
        if (c < '0' || c > '9')
            return false;
    return true;
}

} // namespace memlens::analysis
