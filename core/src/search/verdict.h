// The one line per hit that names what decided its position (Explanation::verdict). Written
// after the list is final, from the hit's explanation and its neighbours in the fused order;
// a cause (recency, graph context, supersession) is named only when it changed the order
// against one of those neighbours.
#pragma once

#include <memlens/search.h>
#include <memlens/types.h>

#include <string>

namespace memlens::search {

struct VerdictInput {
    const Explanation* e = nullptr;
    int position = 0; // 1-based place in the returned list; 0 = not returned
    bool is_summary = false;
    // The candidates right above and below it in the fused order (null at either end).
    const Explanation* above = nullptr;
    const Explanation* below = nullptr;
    const LegReport* keyword_leg = nullptr; // what each leg did for the whole query
    const LegReport* vector_leg = nullptr;
    std::string profile; // the WeightProfile's name (profile fusion)
};

std::string verdict_line(const VerdictInput& in);

// "phoenix, budget in the neighbouring turns; none in its own text": the matched terms of a
// keyword term table by where they were found. Empty when the table is.
std::string matched_terms_phrase(const std::vector<TermEvidence>& terms, bool is_summary);

} // namespace memlens::search
