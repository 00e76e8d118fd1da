// Which difference between two hits of one query decided their order (the GUI's compare view;
// docs/explanations.md). Computed from the hits' Explanations only, so any front-end that holds
// a SearchResponse's hits can say it.
#pragma once

#include <memlens/phrase.h>
#include <memlens/types.h>

#include <string>
#include <vector>

namespace memlens {

// What put the upper hit above the lower one (its wire word in quotes, to_string):
// - KeywordLeg, VectorLeg ("keyword leg" / "vector leg"): the RRF sums ordered them and that
//   leg's difference of RRF terms was the larger one; under profile fusion the signal with the
//   largest difference of weighted contributions ("keyword signal", "vector signal", "graph
//   signal", "freshness signal");
// - Recency, GraphContext, Supersession ("recency" / "graph context" / "supersession"): the
//   legs' RRF sums ordered them the other way (or tied) and this factor turned them round
//   (without it the upper hit would not be above; or, when each of several would have been
//   enough alone, the strongest of them); Factors ("factors"): several together, none enough
//   alone;
// - Mmr ("mmr"): the fused order puts the lower hit first; MMR picked the upper one before it;
// - Tie ("tie"): the same score, kept in the fused order;
// - NoExplanation ("no explanation"): a hit without an Explanation (a primitive's hit).
enum class OrderCause {
    KeywordLeg,
    VectorLeg,
    KeywordSignal,
    VectorSignal,
    GraphSignal,
    FreshnessSignal,
    Recency,
    GraphContext,
    Supersession,
    Factors,
    Mmr,
    Tie,
    NoExplanation
};
const char* to_string(OrderCause cause);

struct HitOrder {
    OrderCause cause = OrderCause::NoExplanation;
    // One line in words with the numbers that decided ("#2 is above #5 because of the keyword
    // leg: keyword rank 1 against 14 (RRF term 0.01639 vs 0.01351); the vector leg ranked #5
    // higher but by less: …"). Two numbers set against each other are printed with the
    // digits that tell them apart (distinguishing_digits).
    std::string line;
    Phrase phrase; // the same line, to render in the reader's language
    int upper = 0; // 1-based positions in the answer; upper < lower
    int lower = 0;
};

// hits: one answer's hits in their order (SearchResponse::result.hits); a and b: two distinct
// indices into it, either order. Which pick a hit was penalised by is looked up among hits.
HitOrder compare_hits(const std::vector<const RetrievalHit*>& hits, std::size_t a, std::size_t b);

// The significant digits (at least 4) that print a and b apart ("%.*g"): two numbers that
// decided differently never look the same. 4 when they are equal.
int distinguishing_digits(double a, double b);

} // namespace memlens
