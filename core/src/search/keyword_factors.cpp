#include "search/keyword_factors.h"

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

void apply_keyword_factors(std::vector<LegItem>& items, const KeywordFactorInput& in) {
    const bool by_author = in.author_boost > 0.0;
    // Both bounds known and at most a day apart (inclusive bounds: until − since < one day).
    const bool by_day = in.day_boost > 0.0 && in.since_ms && in.until_ms &&
                        *in.until_ms >= *in.since_ms &&
                        *in.until_ms - *in.since_ms < kMaxBoostedWindowMs;
    const bool by_question = in.question_factor != 1.0;
    if ((!by_author && !by_day && !by_question) || items.empty())
        return;
    const auto words = by_author ? split_words(in.query) : std::vector<std::string>{};
    // A conversation has a handful of authors and a leg up to hundreds of rows.
    std::unordered_map<std::string, bool> named;
    bool any = false;
    for (auto& it : items) {
        if (it.is_summary)
            continue;
        if (by_author && !it.author.empty()) {
            auto [pos, fresh] = named.try_emplace(it.author, false);
            if (fresh)
                pos->second = query_names_author(words, it.author);
            if (pos->second)
                it.author_factor = 1.0 + in.author_boost;
        }
        if (by_day && it.time_end_ms >= *in.since_ms && it.time_start_ms <= *in.until_ms)
            it.time_factor = 1.0 + in.day_boost;
        if (by_question && it.asks)
            it.question_factor = in.question_factor;
        if (it.author_factor != 1.0 || it.time_factor != 1.0 || it.question_factor != 1.0) {
            it.raw = it.fts_score * it.author_factor * it.time_factor * it.question_factor;
            any = true;
        }
    }
    if (any)
        std::stable_sort(items.begin(), items.end(),
                         [](const LegItem& a, const LegItem& b) { return a.raw < b.raw; });
}

} // namespace memlens::search
