#include "entities/name_index.h"

#include <algorithm>

namespace memlens::entities {

namespace {

bool entry_order(const std::u32string& a_first, std::size_t a_len, const std::u32string& b_first,
                 std::size_t b_len) {
    if (a_first != b_first)
        return a_first < b_first;
    return a_len > b_len;
}

} // namespace

void NameIndex::add(std::string_view name, std::size_t payload) {
    // Lowercase, trim, and collapse inner whitespace runs to one space so "Ada  Lovelace"
    // still matches.
    std::u32string clean;
    clean.reserve(name.size());
    for (std::size_t pos = 0; pos < name.size();) {
        const auto d = unicode::decode(name, pos);
        pos += d.len;
        if (d.cp == unicode::kInvalid)
            return; // could only match invalid bytes, which never belong to an entity
        if (unicode::is_space(d.cp)) {
            if (!clean.empty() && clean.back() != U' ')
                clean.push_back(U' ');
        } else {
            clean.push_back(unicode::to_lower(d.cp));
        }
    }
    while (!clean.empty() && clean.back() == U' ')
        clean.pop_back();
    if (clean.empty() || !unicode::is_word(clean.front()))
        return;
    std::size_t w = 0;
    while (w < clean.size() && unicode::is_word(clean[w]))
        ++w;
    Entry e{clean.substr(0, w), clean, payload};
    auto pos =
        std::lower_bound(entries_.begin(), entries_.end(), e, [](const Entry& a, const Entry& b) {
            return entry_order(a.first_word, a.text.size(), b.first_word, b.text.size());
        });
    for (auto it = pos; it != entries_.end() && it->first_word == e.first_word; ++it)
        if (it->text == e.text)
            return;
    for (auto it = pos; it != entries_.begin() && (it - 1)->first_word == e.first_word; --it)
        if ((it - 1)->text == e.text)
            return;
    entries_.insert(pos, std::move(e));
}

void NameIndex::find(const std::vector<char32_t>& lowered, const std::vector<std::uint8_t>& claimed,
                     std::vector<Hit>& out) const {
    if (entries_.empty())
        return;
    const std::size_t n = lowered.size();
    std::size_t i = 0;
    while (i < n) {
        if (!unicode::is_word(lowered[i]) || (i > 0 && unicode::is_boundary_word(lowered[i - 1]))) {
            ++i;
            continue;
        }
        std::size_t w = i;
        while (w < n && unicode::is_word(lowered[w]))
            ++w;
        const std::u32string_view word(lowered.data() + i, w - i);
        auto it = std::lower_bound(entries_.begin(), entries_.end(), word,
                                   [](const Entry& e, std::u32string_view key) {
                                       return std::u32string_view(e.first_word) < key;
                                   });
        std::size_t matched_end = 0;
        for (; it != entries_.end() && it->first_word == word; ++it) {
            const auto& t = it->text;
            std::size_t j = i;
            std::size_t k = 0;
            // A space in a name matches any run of spaces and tabs in the text.
            while (k < t.size() && j < n) {
                if (t[k] == U' ') {
                    if (!unicode::is_space(lowered[j]) || lowered[j] == U'\n')
                        break;
                    while (j < n && unicode::is_space(lowered[j]) && lowered[j] != U'\n')
                        ++j;
                    ++k;
                } else if (t[k] == lowered[j]) {
                    ++j;
                    ++k;
                } else {
                    break;
                }
            }
            if (k != t.size())
                continue;
            if (unicode::is_boundary_word(t.back()) && j < n &&
                unicode::is_boundary_word(lowered[j]))
                continue;
            bool free = true;
            for (std::size_t b = i; b < j && free; ++b)
                free = claimed[b] == 0;
            if (!free)
                continue;
            out.push_back({i, j, it->payload});
            matched_end = j;
            break; // entries are longest first within a bucket
        }
        i = matched_end > 0 ? matched_end : w;
    }
}

} // namespace memlens::entities
