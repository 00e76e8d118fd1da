// compare_hits (compare.h): the order of two hits, told from what changed it last. MMR first
// (it can only reorder the fused list), then the score: under RRF the factors after the legs
// (when they turned the legs' order round), else the leg whose RRF term differs more; under
// profile fusion the supersession penalty, else the signal whose weighted part differs more.
#include <memlens/compare.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>
#include <utility>

namespace memlens {

namespace {

constexpr PhraseText kClauses = ML_TR("Compare", "%1; %2");

std::string fmt(const char* f, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

// a and b with as many significant digits as it takes to tell them apart.
std::pair<std::string, std::string> apart(double a, double b) {
    const int digits = distinguishing_digits(a, b);
    auto g = [&](double v) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.*g", digits, v);
        return std::string(buf);
    };
    return {g(a), g(b)};
}

Phrase vs(double a, double b) {
    const auto [x, y] = apart(a, b);
    return {ML_TR("Compare", "%1 vs %2"), {x, y}};
}

std::string at(int position) {
    return "#" + std::to_string(position);
}

Phrase rank_text(const LegExplanation& leg) {
    return leg.rank ? as_is(std::to_string(*leg.rank)) : Phrase{ML_TR("Compare", "unranked"), {}};
}

// "keyword rank 1 against 14 (RRF term 0.01639 vs 0.01351)"
Phrase leg_against(bool keyword, const LegExplanation& u, const LegExplanation& l) {
    return {keyword ? ML_TR("Compare", "keyword rank %1 against %2 (RRF term %3)")
                    : ML_TR("Compare", "vector rank %1 against %2 (RRF term %3)"),
            {rank_text(u), rank_text(l), vs(u.rrf_term, l.rrf_term)}};
}

struct Pair {
    const Explanation& u; // the upper hit
    const Explanation& l;
    std::string U, L; // "#2", "#5"
};

// A factor applied after the legs' RRF sum, with what it was computed from.
struct Factor {
    PhraseText name;
    OrderCause cause;
    std::function<double(const Explanation&)> value;
    std::function<Phrase(const Explanation&)> basis;
};

std::vector<Factor> rrf_factors() {
    return {
        {ML_TR("Compare", "recency"), OrderCause::Recency,
         [](const Explanation& x) { return 1.0 + x.recency.boost * x.recency.factor; },
         [](const Explanation& x) {
             return Phrase{ML_TR("Compare", "age %1 days"), {fmt("%.1f", x.recency.age_days)}};
         }},
        {ML_TR("Compare", "graph context"), OrderCause::GraphContext,
         [](const Explanation& x) { return x.entity_factor; },
         [](const Explanation& x) {
             return Phrase{ML_TR("Compare", "graph signal %1"),
                           {fmt("%.3f", x.signal_values.graph)}};
         }},
        {ML_TR("Compare", "supersession"), OrderCause::Supersession,
         [](const Explanation& x) { return x.superseded_penalty; },
         [](const Explanation& x) {
             return x.superseded_penalty != 1.0 ? Phrase{ML_TR("Compare", "superseded"), {}}
                                                : Phrase{ML_TR("Compare", "not superseded"), {}};
         }},
    };
}

Phrase factor_against(const Factor& f, const Pair& p) {
    const auto [u, l] = apart(f.value(p.u), f.value(p.l));
    return {ML_TR("Compare", "%1 ×%2 (%3) against ×%4 (%5)"),
            {Phrase{f.name, {}}, u, f.basis(p.u), l, f.basis(p.l)}};
}

Phrase scores_of(const Pair& p) {
    return {ML_TR("Compare", "score %1"), {vs(p.u.final_score, p.l.final_score)}};
}

// The legs' RRF sums ordered the pair as it stands (or tied): the leg whose term differs more.
HitOrder by_legs(const Pair& p) {
    const double dk = p.u.keyword.rrf_term - p.l.keyword.rrf_term;
    const double dv = p.u.vector.rrf_term - p.l.vector.rrf_term;
    const bool keyword = dk >= dv;
    const LegExplanation& lu = keyword ? p.u.keyword : p.u.vector;
    const LegExplanation& ll = keyword ? p.l.keyword : p.l.vector;
    const LegExplanation& ou = keyword ? p.u.vector : p.u.keyword;
    const LegExplanation& ol = keyword ? p.l.vector : p.l.keyword;
    const double d_other = keyword ? dv : dk;
    HitOrder out;
    out.cause = keyword ? OrderCause::KeywordLeg : OrderCause::VectorLeg;
    std::vector<Phrase> parts;
    parts.push_back({keyword ? ML_TR("Compare", "%1 is above %2 because of the keyword leg: %3")
                             : ML_TR("Compare", "%1 is above %2 because of the vector leg: %3"),
                     {p.U, p.L, leg_against(keyword, lu, ll)}});
    if (d_other < 0.0)
        parts.push_back({keyword
                             ? ML_TR("Compare", "the vector leg ranked %1 higher but by less: %2")
                             : ML_TR("Compare", "the keyword leg ranked %1 higher but by less: %2"),
                         {p.L, leg_against(!keyword, ou, ol)}});
    else if (d_other > 0.0)
        parts.push_back({keyword ? ML_TR("Compare", "the vector leg also ranked %1 higher: %2")
                                 : ML_TR("Compare", "the keyword leg also ranked %1 higher: %2"),
                         {p.U, leg_against(!keyword, ou, ol)}});
    else if (!ou.rank && !ol.rank)
        parts.push_back({keyword ? ML_TR("Compare", "the vector leg ranked neither")
                                 : ML_TR("Compare", "the keyword leg ranked neither"),
                         {}});
    else
        parts.push_back({keyword ? ML_TR("Compare", "the vector leg gave both the same term")
                                 : ML_TR("Compare", "the keyword leg gave both the same term"),
                         {}});
    parts.push_back({ML_TR("Compare", "RRF %1"), {vs(p.u.rrf_score, p.l.rrf_score)}});
    // A factor that favoured the lower hit without turning the order round is said as such.
    for (const Factor& f : rrf_factors())
        if (f.value(p.l) > f.value(p.u))
            parts.push_back({ML_TR("Compare", "%1 favoured %2 but not enough (%3)"),
                             {Phrase{f.name, {}}, p.L, factor_against(f, p)}});
    if (p.u.final_score != p.u.rrf_score || p.l.final_score != p.l.rrf_score)
        parts.push_back(scores_of(p));
    out.phrase = join_phrases(parts, kClauses);
    return out;
}

// The legs put the lower hit first (or tied them) and the factors after them turned it round.
// A factor without which the upper hit would not be above is needed; one needed factor is the
// cause, several are the cause together. When none is needed (each of several would have been
// enough alone), the strongest is named and the others are said to have been enough too.
HitOrder by_factors(const Pair& p) {
    const std::vector<Factor> factors = rrf_factors();
    auto without = [&](const Explanation& x, std::size_t skip) {
        double v = x.rrf_score;
        for (std::size_t i = 0; i < factors.size(); ++i)
            if (i != skip)
                v *= factors[i].value(x);
        return v;
    };
    auto ratio = [&](std::size_t i) {
        const double lv = factors[i].value(p.l);
        return lv != 0.0 ? factors[i].value(p.u) / lv : 0.0;
    };
    std::vector<std::size_t> needed, enough;
    for (std::size_t i = 0; i < factors.size(); ++i) {
        if (!(without(p.u, i) > without(p.l, i)))
            needed.push_back(i);
        if (p.u.rrf_score * factors[i].value(p.u) > p.l.rrf_score * factors[i].value(p.l))
            enough.push_back(i);
    }
    auto strongest_first = [&](std::vector<std::size_t>& v) {
        std::sort(v.begin(), v.end(),
                  [&](std::size_t a, std::size_t b) { return ratio(a) > ratio(b); });
    };
    strongest_first(needed);
    strongest_first(enough);
    const Phrase before =
        p.u.rrf_score == p.l.rrf_score
            ? Phrase{ML_TR("Compare", "the legs tied them (RRF %1)"), {fmt("%.4g", p.u.rrf_score)}}
            : Phrase{ML_TR("Compare", "the legs put %1 first (RRF %2)"),
                     {p.L, vs(p.l.rrf_score, p.u.rrf_score)}};
    HitOrder out;
    if (needed.size() > 1) {
        out.cause = OrderCause::Factors;
        std::vector<Phrase> names, values;
        for (std::size_t k : needed) {
            names.push_back({factors[k].name, {}});
            values.push_back(factor_against(factors[k], p));
        }
        // "recency, graph context and supersession"
        Phrase named = names.back();
        if (names.size() > 1) {
            names.pop_back();
            named = {ML_TR("Compare", "%1 and %2"),
                     {join_phrases(names, ML_TR("Compare", "%1, %2")), named}};
        }
        out.phrase = {ML_TR("Compare", "%1 is above %2 because %3 together turned the legs' order "
                                       "round, neither alone: %4; %5; %6"),
                      {p.U, p.L, named, before, join_phrases(values, kClauses), scores_of(p)}};
        return out;
    }
    const std::size_t cause = !needed.empty()   ? needed.front()
                              : !enough.empty() ? enough.front()
                                                : 0;
    out.cause = factors[cause].cause;
    std::vector<Phrase> parts;
    parts.push_back(
        {ML_TR("Compare", "%1 is above %2 because of %3: %4, %5"),
         {p.U, p.L, Phrase{factors[cause].name, {}}, before, factor_against(factors[cause], p)}});
    parts.push_back(scores_of(p));
    for (std::size_t i : enough)
        if (i != cause)
            parts.push_back({ML_TR("Compare", "%1 alone would also have turned it"),
                             {Phrase{factors[i].name, {}}}});
    out.phrase = join_phrases(parts, kClauses);
    return out;
}

HitOrder by_profile(const Pair& p) {
    auto base = [](const Explanation& x) {
        return x.contributions.graph + x.contributions.vector + x.contributions.keyword +
               x.contributions.freshness;
    };
    HitOrder out;
    if (!(base(p.u) > base(p.l))) {
        out.cause = OrderCause::Supersession;
        const auto [lp, up] = apart(p.l.superseded_penalty, p.u.superseded_penalty);
        out.phrase = {ML_TR("Compare", "%1 is above %2 because of supersession: the signals put "
                                       "%2 first (%3), %2's supersession penalty ×%4 against ×%5; "
                                       "%6"),
                      {p.U, p.L, vs(base(p.l), base(p.u)), lp, up, scores_of(p)}};
        return out;
    }
    struct Part {
        PhraseText name;
        double SignalSet::*field;
        OrderCause cause;
    };
    const Part parts[] = {
        {ML_TR("Compare", "graph"), &SignalSet::graph, OrderCause::GraphSignal},
        {ML_TR("Compare", "vector"), &SignalSet::vector, OrderCause::VectorSignal},
        {ML_TR("Compare", "keyword"), &SignalSet::keyword, OrderCause::KeywordSignal},
        {ML_TR("Compare", "freshness"), &SignalSet::freshness, OrderCause::FreshnessSignal}};
    auto diff = [&](const Part& x) {
        return p.u.contributions.*x.field - p.l.contributions.*x.field;
    };
    auto against = [&](const Part& x) {
        const auto [u, l] = apart(p.u.contributions.*x.field, p.l.contributions.*x.field);
        return Phrase{ML_TR("Compare", "%1 %2 × %3 = %4 against %5"),
                      {Phrase{x.name, {}}, fmt("%.3f", p.u.weights.*x.field),
                       fmt("%.3f", p.u.signal_values.*x.field), u, l}};
    };
    const Part* best = &parts[0];
    for (const Part& x : parts)
        if (diff(x) > diff(*best))
            best = &x;
    out.cause = best->cause;
    std::vector<Phrase> said;
    said.push_back({ML_TR("Compare", "%1 is above %2 because of the %3 signal: %4"),
                    {p.U, p.L, Phrase{best->name, {}}, against(*best)}});
    const Part* counter = nullptr;
    for (const Part& x : parts)
        if (diff(x) < 0.0 && (counter == nullptr || diff(x) < diff(*counter)))
            counter = &x;
    if (counter != nullptr)
        said.push_back({ML_TR("Compare", "the %1 signal favoured %2 but by less (%3)"),
                        {Phrase{counter->name, {}}, p.L, against(*counter)}});
    said.push_back(scores_of(p));
    out.phrase = join_phrases(said, kClauses);
    return out;
}

// MMR picked the upper hit first although the fused order puts the lower one first: the lower
// one's redundancy to an earlier pick cost it that step.
HitOrder by_mmr(const Pair& p, const std::vector<const RetrievalHit*>& hits) {
    const MmrExplanation& mu = p.u.mmr;
    const MmrExplanation& ml = p.l.mmr;
    int penaliser_step = -1;
    std::string penaliser = ml.penalized_by.value_or("?");
    for (std::size_t i = 0; i < hits.size(); ++i)
        if (ml.penalized_by && hits[i]->node_id == *ml.penalized_by) {
            penaliser = at(static_cast<int>(i) + 1);
            if (hits[i]->explanation)
                penaliser_step = hits[i]->explanation->mmr.step;
        }
    HitOrder out;
    out.cause = OrderCause::Mmr;
    const Phrase head{ML_TR("Compare", "%1 is above %2 because MMR picked it first: %2 is fused "
                                       "#%3 (relevance %4) against %1's fused #%5 (%6)"),
                      {p.U, p.L, std::to_string(p.l.fused_rank), fmt("%.3f", ml.relevance),
                       std::to_string(p.u.fused_rank), fmt("%.3f", mu.relevance)}};
    const std::string pick = std::to_string(mu.step + 1);
    if (ml.penalized_by && penaliser_step >= 0 && penaliser_step < mu.step) {
        // The pick it was most similar to was already picked at the upper hit's step, so its
        // redundancy then was what its own step shows: its MMR score is the one that lost.
        const auto [lm, um] = apart(ml.mmr_score, mu.mmr_score);
        out.phrase = {ML_TR("Compare", "%1, but %2 was too similar to %3 (cosine %4, redundancy "
                                       "%5): at pick %6 its MMR score %7 lost to %8's %9"),
                      {head, p.L, penaliser, fmt("%.2f", ml.cosine), fmt("%.3f", ml.max_similarity),
                       pick, lm, p.U, um}};
        return out;
    }
    out.phrase = {ML_TR("Compare", "%1, but at pick %2 %3's redundancy to the hits picked before "
                                   "lowered its MMR score below %4's %5"),
                  {head, pick, p.L, p.U, fmt("%.4f", mu.mmr_score)}};
    if (ml.penalized_by)
        out.phrase = {ML_TR("Compare", "%1 (at its own pick %2 it was %3 cosine-similar to %4)"),
                      {out.phrase, std::to_string(ml.step + 1), fmt("%.2f", ml.cosine), penaliser}};
    return out;
}

} // namespace

int distinguishing_digits(double a, double b) {
    char x[64], y[64];
    for (int digits = 4; digits < 17; ++digits) {
        std::snprintf(x, sizeof x, "%.*g", digits, a);
        std::snprintf(y, sizeof y, "%.*g", digits, b);
        if (a == b || std::string(x) != y)
            return digits;
    }
    return 17;
}

const char* to_string(OrderCause c) {
    switch (c) {
    case OrderCause::KeywordLeg:
        return "keyword leg";
    case OrderCause::VectorLeg:
        return "vector leg";
    case OrderCause::KeywordSignal:
        return "keyword signal";
    case OrderCause::VectorSignal:
        return "vector signal";
    case OrderCause::GraphSignal:
        return "graph signal";
    case OrderCause::FreshnessSignal:
        return "freshness signal";
    case OrderCause::Recency:
        return "recency";
    case OrderCause::GraphContext:
        return "graph context";
    case OrderCause::Supersession:
        return "supersession";
    case OrderCause::Factors:
        return "factors";
    case OrderCause::Mmr:
        return "mmr";
    case OrderCause::Tie:
        return "tie";
    case OrderCause::NoExplanation:
        break;
    }
    return "no explanation";
}

HitOrder compare_hits(const std::vector<const RetrievalHit*>& hits, std::size_t a, std::size_t b) {
    const std::size_t ui = std::min(a, b);
    const std::size_t li = std::max(a, b);
    HitOrder out;
    out.upper = static_cast<int>(ui) + 1;
    out.lower = static_cast<int>(li) + 1;
    const RetrievalHit& hu = *hits[ui];
    const RetrievalHit& hl = *hits[li];
    if (!hu.explanation || !hl.explanation) {
        out.cause = OrderCause::NoExplanation;
        out.phrase = {ML_TR("Compare", "%1 is above %2 in the primitive's own order (score %3); it "
                                       "carries no hybrid explanation"),
                      {at(out.upper), at(out.lower), vs(hu.score, hl.score)}};
        out.line = render_english(out.phrase);
        return out;
    }
    const Pair p{*hu.explanation, *hl.explanation, at(out.upper), at(out.lower)};
    HitOrder decided;
    if (p.u.fused_rank > p.l.fused_rank) {
        decided = by_mmr(p, hits);
    } else if (p.u.final_score == p.l.final_score) {
        decided.cause = OrderCause::Tie;
        decided.phrase = {ML_TR("Compare", "%1 and %2 have the same score %3; the fused order "
                                           "keeps %1 first"),
                          {p.U, p.L, fmt("%.4g", p.u.final_score)}};
    } else if (p.u.fusion != "rrf") {
        decided = by_profile(p);
    } else if (p.u.rrf_score > p.l.rrf_score) {
        decided = by_legs(p);
    } else {
        decided = by_factors(p);
    }
    decided.line = render_english(decided.phrase);
    decided.upper = out.upper;
    decided.lower = out.lower;
    return decided;
}

} // namespace memlens
