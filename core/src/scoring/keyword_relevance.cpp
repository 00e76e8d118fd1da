#include <memlens/scoring.h>
#include <memlens/text.h>

#include <unordered_set>

namespace memlens {

// Deliberately a set-overlap signal, not a ranking function: it feeds hybrid_score beside the
// other three signals, and a reader can check it by hand.
double keyword_relevance(std::string_view query, std::string_view content) {
    const auto query_words = split_words(query);
    if (query_words.empty())
        return 0.0;
    const auto content_words = split_words(content);
    if (content_words.empty())
        return 0.0;
    const std::unordered_set<std::string> in_content(content_words.begin(), content_words.end());
    std::unordered_set<std::string> distinct;
    std::size_t found = 0;
    for (const auto& w : query_words) {
        if (distinct.insert(w).second && in_content.count(w) != 0)
            ++found;
    }
    return static_cast<double>(found) / static_cast<double>(distinct.size());
}

} // namespace memlens
