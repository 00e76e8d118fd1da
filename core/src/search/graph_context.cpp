#include "search/graph_context.h"

#include <memlens/embedder.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <string_view>

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

template <typename T> std::size_t shared_count(const std::vector<T>& a, const std::vector<T>& b) {
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

// Each node's sorted strings (entities, or values) as numbers in the same order, so that the
// pairs' overlaps compare integers: related_context compares every pair of the pool (about
// 20,000 for 200 candidates).
template <typename Member>
std::vector<std::vector<std::uint32_t>> interned(const std::vector<ContextNode>& nodes,
                                                 Member member) {
    std::vector<std::string_view> all;
    for (const auto& n : nodes)
        all.insert(all.end(), (n.*member).begin(), (n.*member).end());
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    std::vector<std::vector<std::uint32_t>> out(nodes.size());
    for (std::size_t i = 0; i < nodes.size(); ++i)
        for (const auto& str : nodes[i].*member)
            out[i].push_back(static_cast<std::uint32_t>(
                std::lower_bound(all.begin(), all.end(), std::string_view(str)) - all.begin()));
    return out;
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
    const auto entities = interned(nodes, &ContextNode::entities);
    const auto values = interned(nodes, &ContextNode::values);
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        for (std::size_t j = i + 1; j < nodes.size(); ++j) {
            const auto& a = nodes[i];
            const auto& b = nodes[j];
            if (shared_count(entities[i], entities[j]) < min_shared || a.id == b.id ||
                names(a.superseded_by, b.id) || names(b.superseded_by, a.id))
                continue;
            if (!a.embedding.empty() && !b.embedding.empty() &&
                cosine(a.embedding, b.embedding) < min_similarity)
                continue;
            const std::size_t shared_values = shared_count(values[i], values[j]);
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
