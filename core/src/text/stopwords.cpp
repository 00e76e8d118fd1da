// The keyword stopword set: English function words only. Content-bearing words that happen to
// be frequent ("time", "good", "way", "new", "day", "people") stay searchable.
#include <memlens/text.h>

#include <algorithm>
#include <array>

namespace memlens {

namespace {

// Sorted (checked by a static_assert below) so lookup is a binary search with no start-up cost.
constexpr auto kStopwords = std::to_array<std::string_view>({
    "about",      "above",  "after",   "again",  "against", "all",       "also",    "am",
    "an",         "and",    "any",     "are",    "aren",    "as",        "at",      "be",
    "because",    "been",   "before",  "being",  "below",   "between",   "both",    "but",
    "by",         "can",    "could",   "couldn", "did",     "didn",      "do",      "does",
    "doesn",      "doing",  "don",     "down",   "during",  "each",      "either",  "else",
    "ever",       "every",  "for",     "from",   "further", "had",       "hadn",    "has",
    "hasn",       "have",   "haven",   "having", "he",      "her",       "here",    "hers",
    "herself",    "him",    "himself", "his",    "how",     "if",        "in",      "into",
    "is",         "isn",    "it",      "its",    "itself",  "just",      "ll",      "may",
    "me",         "might",  "must",    "mustn",  "my",      "myself",    "neither", "no",
    "nor",        "not",    "of",      "off",    "on",      "once",      "one",     "only",
    "onto",       "or",     "other",   "our",    "ours",    "ourselves", "out",     "over",
    "re",         "same",   "shall",   "she",    "should",  "shouldn",   "so",      "some",
    "such",       "than",   "that",    "the",    "their",   "theirs",    "them",    "themselves",
    "then",       "there",  "these",   "they",   "this",    "those",     "through", "to",
    "too",        "under",  "until",   "up",     "upon",    "us",        "ve",      "very",
    "via",        "was",    "wasn",    "we",     "were",    "weren",     "what",    "when",
    "where",      "which",  "while",   "who",    "whom",    "whose",     "why",     "will",
    "with",       "within", "would",   "wouldn", "you",     "your",      "yours",   "yourself",
    "yourselves",
});

constexpr bool sorted_and_unique() {
    for (std::size_t i = 1; i < kStopwords.size(); ++i)
        if (!(kStopwords[i - 1] < kStopwords[i]))
            return false;
    return true;
}
static_assert(sorted_and_unique(), "kStopwords must stay sorted for binary search");

} // namespace

bool is_stopword(std::string_view lowercase_word) {
    return std::binary_search(kStopwords.begin(), kStopwords.end(), lowercase_word);
}

} // namespace memlens
