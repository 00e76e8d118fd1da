#include "generate/template_expander.h"

#include <vector>

namespace memlens::gen {

namespace {

// Index of the '}' closing the '{' at `open`, or npos.
std::size_t closing_brace(std::string_view s, std::size_t open) {
    int depth = 0;
    for (std::size_t i = open; i < s.size(); ++i) {
        if (s[i] == '{')
            ++depth;
        else if (s[i] == '}' && --depth == 0)
            return i;
    }
    return std::string_view::npos;
}

// The alternatives between a '{' and its '}', split at top-level '|'.
std::string_view pick_alternative(std::string_view inner, Rng& rng) {
    std::size_t count = 1;
    int depth = 0;
    for (char c : inner) {
        depth += c == '{' ? 1 : c == '}' ? -1 : 0;
        if (c == '|' && depth == 0)
            ++count;
    }
    std::size_t want = rng.below(count);
    std::size_t start = 0;
    depth = 0;
    for (std::size_t i = 0; i <= inner.size(); ++i) {
        char c = i < inner.size() ? inner[i] : '|';
        depth += c == '{' ? 1 : c == '}' ? -1 : 0;
        if (c == '|' && depth == 0) {
            if (want == 0)
                return inner.substr(start, i - start);
            --want;
            start = i + 1;
        }
    }
    return inner;
}

} // namespace

void expand_template(std::string_view tpl, Rng& rng, SlotSource& slots, std::string& out) {
    std::size_t i = 0;
    while (i < tpl.size()) {
        char c = tpl[i];
        if (c == '{') {
            std::size_t close = closing_brace(tpl, i);
            if (close != std::string_view::npos) {
                expand_template(pick_alternative(tpl.substr(i + 1, close - i - 1), rng), rng, slots,
                                out);
                i = close + 1;
                continue;
            }
        } else if (c == '<') {
            std::size_t close = tpl.find('>', i);
            if (close != std::string_view::npos) {
                slots.fill(tpl.substr(i + 1, close - i - 1), out);
                i = close + 1;
                continue;
            }
        }
        out += c;
        ++i;
    }
}

} // namespace memlens::gen
