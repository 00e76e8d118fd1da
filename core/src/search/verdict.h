// The one line per hit that names what decided its position (Explanation::verdict). Written
// after the list is final, from the hit's explanation and its neighbours in the fused order;
// a cause (recency, graph context, supersession) is named only when it changed the order
// against one of those neighbours.
#pragma once

#include <memlens/search.h>
#include <memlens/types.h>

#include <limits>
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
    // What MMR ran with, for a left-out candidate's reason (Explanation::excluded_by).
    double mmr_lambda = 0.0;
    double redundancy_floor = 0.0;
    int limit = 0;
    double min_score = 0.0; // the no-match threshold (Exclusion::MinScore); 0 = off
    // Where the MMR picks a left-out candidate's line names stand among the returned hits
    // (1-based; 0 when not returned, e.g. a pick a budget then cut): mmr.penalized_by and
    // mmr.lost_to are named "hit #3", not by their ids.
    int penalized_by_hit = 0;
    int lost_to_hit = 0;
    // The lowest score among the returned hits (none: +inf). A left-out older version whose
    // score without the supersession penalty is above it was kept out by that penalty.
    double lowest_hit_score = std::numeric_limits<double>::infinity();
    // Candidates below it in the fused order that only the supersession penalty put there:
    // without it each would score above this one (older versions newer memories superseded).
    // Among the returned hits each is named only by the highest hit it passed.
    std::vector<const Explanation*> demoted_past;
};

// A candidate's score without the supersession penalty (its score when it has none).
double unpenalized_score(const Explanation& e);

// A left-out candidate's line says first what left it out (exclusion_reason), then the legs.
Phrase verdict_phrase(const VerdictInput& in);
std::string verdict_line(const VerdictInput& in); // verdict_phrase in English

// What left a fused candidate out of the hits, in words with its numbers ("not kept by MMR:
// 0.93 cosine-similar to the pick c12 …"; "kept out as an older version …" when the
// supersession penalty alone put it below the lowest hit); empty for a hit.
Phrase exclusion_reason(const VerdictInput& in);

// "phoenix, budget in the neighbouring turns; none in its own text": the matched terms of a
// keyword term table by where they were found. Empty when the table is.
Phrase matched_terms_phrase(const std::vector<TermEvidence>& terms, bool is_summary);

} // namespace memlens::search
