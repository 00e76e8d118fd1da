// The keyword leg's author signal: a question that names a person ("What did Melanie paint?")
// is mostly answered by what that person wrote, yet the name itself is nearly worthless to
// bm25 (a participant's name is in half the rows of a conversation, its idf is ~0). Scaling
// the bm25 of the named authors' chunks says it where bm25 cannot.
#pragma once

#include "search/leg_item.h"

#include <string>
#include <string_view>
#include <vector>

namespace memlens::search {

// True when one of the author's name words (two code points or more, not a stopword) is a word
// of the query: people are named by their first name, their last name or both.
bool query_names_author(const std::vector<std::string>& query_words, std::string_view author);

// Multiplies the bm25 of each chunk whose author the query names by 1 + boost (bm25 is
// negative: the product ranks higher), records the factor in the item, and re-sorts the items
// by the result (stable: equal scores keep FTS5's order). boost 0 changes nothing.
void apply_author_boost(std::vector<LegItem>& items, std::string_view query, double boost);

} // namespace memlens::search
