// conflicts and supportedBy of a hit's graph context (docs/explanations.md), by a deterministic
// rule over the fused candidates (docs/explanations.md): two hits are about the same thing when
// they share entities and read alike; then differing values conflict and shared values support.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace memlens::search {

// Tokens that carry a value: a word with a digit in it ("3.2", "2024-05-01", "$40k", "v2"),
// lowercased, trailing punctuation dropped. A small scanner: this runs on every candidate.
std::vector<std::string> value_tokens(std::string_view text);

struct ContextNode {
    std::string id;
    std::vector<std::string> entities; // sorted
    std::vector<std::string> values;   // sorted, from value_tokens
    std::span<const float> embedding;  // empty when the node has none
    // The newer nodes that supersede this one: a pair linked so is neither support nor conflict.
    std::span<const std::string> superseded_by;
};

struct RelatedLists {
    std::vector<std::string> conflicts;
    std::vector<std::string> supported_by;
};

// For each node, the other nodes it conflicts with and that support it, in input order,
// at most 10 each; a pair where one supersedes the other is in neither list.
std::vector<RelatedLists> related_context(const std::vector<ContextNode>& nodes,
                                          int min_shared_entities, double min_similarity);

} // namespace memlens::search
