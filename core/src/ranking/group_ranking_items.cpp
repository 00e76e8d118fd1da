// Hits → GroupRankingItem: the same semantic signals whichever way the hits are grouped.
#include <memlens/group_ranking.h>
#include <memlens/text.h>

#include <algorithm>
#include <set>

namespace memlens {
namespace {

bool is_word_byte(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c >= 0x80;
}

// Whole-word occurrence of `needle` in `haystack` (both already lowercase).
bool contains_word(std::string_view haystack, std::string_view needle) {
    if (needle.empty())
        return false;
    std::size_t pos = haystack.find(needle);
    while (pos != std::string_view::npos) {
        const bool left_ok =
            pos == 0 || !is_word_byte(static_cast<unsigned char>(haystack[pos - 1]));
        const std::size_t end = pos + needle.size();
        const bool right_ok =
            end >= haystack.size() || !is_word_byte(static_cast<unsigned char>(haystack[end]));
        if (left_ok && right_ok)
            return true;
        pos = haystack.find(needle, pos + 1);
    }
    return false;
}

// "person:caroline" → "caroline"; URLs and other ids keep everything after the kind.
std::string_view entity_value(std::string_view id) {
    const std::size_t colon = id.find(':');
    return colon == std::string_view::npos ? id : id.substr(colon + 1);
}

} // namespace

std::vector<GroupRankingItem> group_ranking_items(const std::vector<RetrievalHit>& hits,
                                                  const std::vector<std::string>& group_ids,
                                                  const QueryContext& ctx) {
    std::vector<std::pair<std::string, std::string>> terms; // token, stem
    for (auto& t : keyword_tokens(ctx.augmented_text))
        terms.emplace_back(t, porter_stem(t));

    std::vector<GroupRankingItem> out;
    out.reserve(hits.size());
    for (std::size_t i = 0; i < hits.size(); ++i) {
        const RetrievalHit& h = hits[i];
        GroupRankingItem it;
        it.group_id = i < group_ids.size() ? group_ids[i] : h.tree_scope;
        it.doc_id = h.node_id;
        it.base_score = h.score;
        it.time_ms = h.time_range_start_ms;
        if (h.explanation)
            it.graph_support = h.explanation->signal_values.graph;

        std::set<std::string> stems;
        for (const auto& w : split_words(h.content))
            stems.insert(porter_stem(w));
        for (const auto& [token, stem] : terms)
            if (stems.count(stem))
                it.matched_terms.push_back(token);

        const std::string lower = utf8_lower(h.content);
        for (const auto& e : ctx.entities) {
            const bool listed =
                std::find(h.entities.begin(), h.entities.end(), e) != h.entities.end();
            if (listed || contains_word(lower, utf8_lower(entity_value(e))))
                it.matched_entities.push_back(e);
        }
        out.push_back(std::move(it));
    }
    return out;
}

} // namespace memlens
