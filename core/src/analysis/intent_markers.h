// The phrase markers behind infer_query_intent, and the filler phrases the augmented text
// drops ("how many", "in what order"): words that say what kind of answer is wanted, not what
// to look for.
#pragma once

#include "analysis/query_tokens.h"

#include <memlens/query_context.h>

#include <utility>
#include <vector>

namespace memlens::analysis {

QueryIntent intent_of(const std::vector<QueryToken>& tokens);

// Byte spans [start, end) of the filler phrases in the text the tokens came from.
std::vector<std::pair<std::size_t, std::size_t>>
intent_filler_spans(const std::vector<QueryToken>& tokens);

} // namespace memlens::analysis
