#include "search/author_boost.h"

#include <memlens/text.h>

#include <algorithm>
#include <unordered_map>

namespace memlens::search {

bool query_names_author(const std::vector<std::string>& query_words, std::string_view author) {
    for (const auto& w : split_words(author)) {
        if (utf8_length(w) < 2 || is_stopword(w))
            continue;
        if (std::find(query_words.begin(), query_words.end(), w) != query_words.end())
            return true;
    }
    return false;
}

void apply_author_boost(std::vector<LegItem>& items, std::string_view query, double boost) {
    if (!(boost > 0.0) || items.empty())
        return;
    const auto words = split_words(query);
    // A conversation has a handful of authors and a leg up to hundreds of rows.
    std::unordered_map<std::string, bool> named;
    bool any = false;
    for (auto& it : items) {
        if (it.is_summary || it.author.empty())
            continue;
        auto [pos, fresh] = named.try_emplace(it.author, false);
        if (fresh)
            pos->second = query_names_author(words, it.author);
        if (!pos->second)
            continue;
        it.author_factor = 1.0 + boost;
        it.raw *= it.author_factor;
        any = true;
    }
    if (any)
        std::stable_sort(items.begin(), items.end(),
                         [](const LegItem& a, const LegItem& b) { return a.raw < b.raw; });
}

} // namespace memlens::search
