#include "analysis/intent_markers.h"

#include <initializer_list>
#include <string_view>

namespace memlens::analysis {
namespace {

using Phrase = std::initializer_list<std::string_view>;

// Punctuation does not break a marker ("first, then"), so markers match on words only.
std::vector<QueryToken> words_of(const std::vector<QueryToken>& tokens) {
    std::vector<QueryToken> words;
    for (const auto& t : tokens)
        if (t.word)
            words.push_back(t);
    return words;
}

bool contains(const std::vector<QueryToken>& words, Phrase phrase) {
    for (std::size_t i = 0; i < words.size(); ++i)
        if (match_words(words, i, phrase))
            return true;
    return false;
}

bool contains_any(const std::vector<QueryToken>& words, std::initializer_list<Phrase> phrases) {
    for (const auto& p : phrases)
        if (contains(words, p))
            return true;
    return false;
}

std::size_t find_word(const std::vector<QueryToken>& words, std::string_view w, std::size_t from) {
    for (std::size_t i = from; i < words.size(); ++i)
        if (words[i].lower == w)
            return i;
    return words.size();
}

bool is_count(const std::vector<QueryToken>& w) {
    if (!w.empty() && w.front().lower == "count")
        return true;
    return contains_any(w, {{"how", "many"},
                            {"how", "often"},
                            {"number", "of"},
                            {"count", "the"},
                            {"times", "did", "i"},
                            {"times", "have", "i"},
                            {"times", "has"},
                            {"times", "had"}});
}

bool is_sum(const std::vector<QueryToken>& w) {
    if (contains_any(w, {{"total"}, {"sum", "of"}, {"altogether"}, {"combined"}}))
        return true;
    const std::size_t how_much = [&] {
        for (std::size_t i = 0; i < w.size(); ++i)
            if (match_words(w, i, {"how", "much"}))
                return i;
        return w.size();
    }();
    if (how_much == w.size())
        return false;
    for (std::size_t i = how_much + 2; i < w.size(); ++i)
        if (match_words(w, i, {"in", "all"}))
            return true;
    return false;
}

bool is_sequence(const std::vector<QueryToken>& w) {
    if (contains_any(w, {{"what", "order"},
                         {"order", "of"},
                         {"before", "or", "after"},
                         {"which", "came", "first"},
                         {"what", "came", "first"},
                         {"which", "happened", "first"},
                         {"what", "happened", "first"},
                         {"sequence"},
                         {"chronological"},
                         {"chronologically"}}))
        return true;
    const std::size_t first = find_word(w, "first", 0);
    return first < w.size() && find_word(w, "then", first + 1) < w.size();
}

} // namespace

QueryIntent intent_of(const std::vector<QueryToken>& tokens) {
    const auto words = words_of(tokens);
    if (is_count(words))
        return QueryIntent::Count;
    if (is_sum(words))
        return QueryIntent::Sum;
    if (is_sequence(words))
        return QueryIntent::Sequence;
    return QueryIntent::None;
}

std::vector<std::pair<std::size_t, std::size_t>>
intent_filler_spans(const std::vector<QueryToken>& tokens) {
    static const std::vector<std::vector<std::string_view>> kFiller{
        {"how", "many"},
        {"how", "much"},
        {"how", "often"},
        {"in", "what", "order"},
        {"in", "chronological", "order"},
        {"in", "total"},
        {"altogether"},
        {"which", "came", "first"},
        {"what", "came", "first"}};
    std::vector<std::pair<std::size_t, std::size_t>> spans;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        for (const auto& phrase : kFiller) {
            if (const std::size_t n = match_words(tokens, i, phrase)) {
                spans.emplace_back(tokens[i].start, tokens[i + n - 1].end);
                i += n - 1;
                break;
            }
        }
    }
    return spans;
}

} // namespace memlens::analysis
