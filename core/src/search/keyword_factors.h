// The keyword leg's factors on top of BM25F, for what bm25 cannot see in the words:
//
// * author: a question that names a person ("What did Melanie paint?") is mostly answered by
//   what that person wrote, yet the name itself is nearly worthless to bm25 (a participant's
//   name is in half the rows of a conversation, its idf is ~0);
// * day: a question about one named day ("What did Nate make on 9 November, 2022?") is
//   answered by what was said that day, yet its date words match every row of that month or
//   year. Only a window of at most one day counts: a week or a month, or an open "before X",
//   says too little to prefer one chunk over its neighbours;
// * question: a message that ends by asking ("Wow, a sunset! What made you paint it?") is a
//   reaction to information, not the information: it echoes the topic's words, and the answer
//   it asks for is in another message.
#pragma once

#include "search/leg_item.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens::search {

// True when one of the author's name words (two code points or more, not a stopword) is a word
// of the query: people are named by their first name, their last name or both.
bool query_names_author(const std::vector<std::string>& query_words, std::string_view author);

struct KeywordFactorInput {
    std::string_view query;
    double author_boost = 0.0;
    // The query's window (QueryContext::window via SearchRequest), inclusive epoch ms.
    std::optional<std::int64_t> since_ms, until_ms;
    double day_boost = 0.0;
    double question_factor = 1.0; // for chunks that end with '?'; 1 = off
};

constexpr std::int64_t kMaxBoostedWindowMs = 86'400'000; // one calendar day

// Sets each item's author_factor (1 + author_boost when the query names its author) and
// time_factor (1 + day_boost when the query's window is at most a day long and the chunk's
// time range overlaps it) and question_factor (for chunks that end with '?'), sets raw =
// fts_score × author_factor × time_factor × question_factor, and re-sorts by raw (stable:
// equal scores keep FTS5's order). Summaries keep factors 1.
void apply_keyword_factors(std::vector<LegItem>& items, const KeywordFactorInput& in);

} // namespace memlens::search
