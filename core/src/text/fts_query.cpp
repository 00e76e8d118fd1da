// Keyword tokenizer, steps 2–3: keyword tokens and the FTS5 MATCH expression built from them.
#include <memlens/text.h>

#include <unordered_set>

namespace memlens {

std::vector<std::string> keyword_tokens(std::string_view text) {
    std::vector<std::string> tokens;
    // A set, not a scan of `tokens`: the scan made a long query of distinct words quadratic.
    std::unordered_set<std::string> seen;
    for (auto& word : split_words(text)) {
        // Single characters are noise in an OR query ("i", "a", a lone digit); counted in code
        // points so that a two-ideograph word survives.
        if (utf8_length(word) < 2 || is_stopword(word))
            continue;
        if (seen.insert(word).second)
            tokens.push_back(std::move(word));
    }
    return tokens;
}

std::optional<std::string> build_fts_query(std::string_view text) {
    const auto tokens = keyword_tokens(text);
    if (tokens.empty())
        return std::nullopt;
    std::string query;
    for (const auto& token : tokens) {
        if (!query.empty())
            query += " OR ";
        // Quoting every token is what makes FTS5 operators in user text (OR, NEAR, *, ^) plain
        // terms. split_words never leaves a quote inside a token; doubling is belt and braces.
        query += '"';
        for (char c : token) {
            if (c == '"')
                query += '"';
            query += c;
        }
        query += '"';
    }
    return query;
}

} // namespace memlens
