// Keyword tokenizer, step 1: lowercase, then split on every run of non-letter/non-number code
// points.
#include "text/unicode.h"

#include <memlens/text.h>

namespace memlens {

std::vector<std::string> split_words(std::string_view text) {
    std::vector<std::string> words;
    std::string current;
    std::size_t pos = 0;
    while (pos < text.size()) {
        const auto d = unicode::decode(text, pos);
        pos += d.len;
        if (unicode::is_word(d.cp)) {
            unicode::append_utf8(current, unicode::to_lower(d.cp));
        } else if (!current.empty()) {
            words.push_back(std::move(current));
            current.clear();
        }
    }
    if (!current.empty())
        words.push_back(std::move(current));
    return words;
}

} // namespace memlens
