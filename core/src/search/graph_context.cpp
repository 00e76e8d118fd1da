#include "search/graph_context.h"

#include <memlens/embedder.h>

#include <algorithm>
#include <cctype>

namespace memlens::search {

namespace {

constexpr std::size_t kMaxRelated = 10;
constexpr std::size_t kMaxValues = 64;

bool is_ascii_digit(char c) {
    return c >= '0' && c <= '9';
}

// Characters that may sit inside a value token: "1,200", "3.5%", "$40k", "10:30", "2024-05-01".
bool is_value_char(unsigned char c) {
    return std::isalnum(c) != 0 || c == '.' || c == ',' || c == ':' || c == '-' || c == '/' ||
           c == '$' || c == '%' || c >= 0x80;
}

std::size_t shared_count(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    std::size_t n = 0;
    auto ia = a.begin();
    auto ib = b.begin();
    while (ia != a.end() && ib != b.end()) {
        if (*ia < *ib) {
            ++ia;
        } else if (*ib < *ia) {
            ++ib;
        } else {
            ++n;
            ++ia;
            ++ib;
        }
    }
    return n;
}

bool names(std::span<const std::string> ids, const std::string& id) {
    return std::find(ids.begin(), ids.end(), id) != ids.end();
}

} // namespace

std::vector<std::string> value_tokens(std::string_view text) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < text.size() && out.size() < kMaxValues) {
        while (i < text.size() && !is_value_char(static_cast<unsigned char>(text[i])))
            ++i;
        std::size_t start = i;
        bool digit = false;
        while (i < text.size() && is_value_char(static_cast<unsigned char>(text[i]))) {
            digit = digit || is_ascii_digit(text[i]);
            ++i;
        }
        if (!digit)
            continue;
        std::string tok(text.substr(start, i - start));
        while (!tok.empty() && (tok.back() == '.' || tok.back() == ',' || tok.back() == ':' ||
                                tok.back() == '-' || tok.back() == '/'))
            tok.pop_back();
        for (auto& c : tok)
            if (c >= 'A' && c <= 'Z')
                c = static_cast<char>(c - 'A' + 'a');
        if (!tok.empty())
            out.push_back(std::move(tok));
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::vector<RelatedLists> related_context(const std::vector<ContextNode>& nodes,
                                          int min_shared_entities, double min_similarity) {
    std::vector<RelatedLists> out(nodes.size());
    const auto min_shared = static_cast<std::size_t>(std::max(min_shared_entities, 1));
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        for (std::size_t j = i + 1; j < nodes.size(); ++j) {
            const auto& a = nodes[i];
            const auto& b = nodes[j];
            if (a.id == b.id || shared_count(a.entities, b.entities) < min_shared ||
                names(a.superseded_by, b.id) || names(b.superseded_by, a.id))
                continue;
            if (!a.embedding.empty() && !b.embedding.empty() &&
                cosine(a.embedding, b.embedding) < min_similarity)
                continue;
            const std::size_t shared_values = shared_count(a.values, b.values);
            const bool conflict = !a.values.empty() && !b.values.empty() && shared_values == 0;
            const bool support = shared_values > 0 || (a.values.empty() && b.values.empty());
            auto add = [](std::vector<std::string>& v, const std::string& id) {
                if (v.size() < kMaxRelated)
                    v.push_back(id);
            };
            if (conflict) {
                add(out[i].conflicts, b.id);
                add(out[j].conflicts, a.id);
            } else if (support) {
                add(out[i].supported_by, b.id);
                add(out[j].supported_by, a.id);
            }
        }
    }
    return out;
}

} // namespace memlens::search
