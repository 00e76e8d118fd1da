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

std::string vs(double a, double b) {
    const auto [x, y] = apart(a, b);
    return x + " vs " + y;
}

std::string at(int position) {
    return "#" + std::to_string(position);
}

std::string rank_text(const LegExplanation& leg) {
    return leg.rank ? std::to_string(*leg.rank) : std::string("unranked");
}

// "keyword rank 1 against 14 (RRF term 0.01639 vs 0.01351)"
std::string leg_against(const char* leg, const LegExplanation& u, const LegExplanation& l) {
    return std::string(leg) + " rank " + rank_text(u) + " against " + rank_text(l) + " (RRF term " +
           vs(u.rrf_term, l.rrf_term) + ")";
}

struct Pair {
    const Explanation& u; // the upper hit
    const Explanation& l;
    std::string U, L; // "#2", "#5"
};

// A factor applied after the legs' RRF sum, with what it was computed from.
struct Factor {
    const char* name;
    OrderCause cause;
    std::function<double(const Explanation&)> value;
    std::function<std::string(const Explanation&)> basis;
};

std::vector<Factor> rrf_factors() {
    return {
        {"recency", OrderCause::Recency,
         [](const Explanation& x) { return 1.0 + x.recency.boost * x.recency.factor; },
         [](const Explanation& x) { return "age " + fmt("%.1f", x.recency.age_days) + " days"; }},
        {"graph context", OrderCause::GraphContext,
         [](const Explanation& x) { return x.entity_factor; },
         [](const Explanation& x) { return "graph signal " + fmt("%.3f", x.signal_values.graph); }},
        {"supersession", OrderCause::Supersession,
         [](const Explanation& x) { return x.superseded_penalty; },
         [](const Explanation& x) {
             return x.superseded_penalty != 1.0 ? std::string("superseded")
                                                : std::string("not superseded");
         }},
    };
}

std::string factor_against(const Factor& f, const Pair& p) {
    const auto [u, l] = apart(f.value(p.u), f.value(p.l));
    return f.name + std::string(" ×") + u + " (" + f.basis(p.u) + ") against ×" + l + " (" +
           f.basis(p.l) + ")";
}

// The legs' RRF sums ordered the pair as it stands (or tied): the leg whose term differs more.
HitOrder by_legs(const Pair& p) {
    const double dk = p.u.keyword.rrf_term - p.l.keyword.rrf_term;
    const double dv = p.u.vector.rrf_term - p.l.vector.rrf_term;
    const bool keyword = dk >= dv;
    const char* lead = keyword ? "keyword" : "vector";
    const char* other = keyword ? "vector" : "keyword";
    const LegExplanation& lu = keyword ? p.u.keyword : p.u.vector;
    const LegExplanation& ll = keyword ? p.l.keyword : p.l.vector;
    const LegExplanation& ou = keyword ? p.u.vector : p.u.keyword;
    const LegExplanation& ol = keyword ? p.l.vector : p.l.keyword;
    const double d_other = keyword ? dv : dk;
    HitOrder out;
    out.cause = keyword ? OrderCause::KeywordLeg : OrderCause::VectorLeg;
    std::string s =
        p.U + " is above " + p.L + " because of the " + lead + " leg: " + leg_against(lead, lu, ll);
    if (d_other < 0.0)
        s += "; the " + std::string(other) + " leg ranked " + p.L +
             " higher but by less: " + leg_against(other, ou, ol);
    else if (d_other > 0.0)
        s += "; the " + std::string(other) + " leg also ranked " + p.U +
             " higher: " + leg_against(other, ou, ol);
    else if (!ou.rank && !ol.rank)
        s += "; the " + std::string(other) + " leg ranked neither";
    else
        s += "; the " + std::string(other) + " leg gave both the same term";
    s += "; RRF " + vs(p.u.rrf_score, p.l.rrf_score);
    // A factor that favoured the lower hit without turning the order round is said as such.
    for (const Factor& f : rrf_factors())
        if (f.value(p.l) > f.value(p.u))
            s += "; " + std::string(f.name) + " favoured " + p.L + " but not enough (" +
                 factor_against(f, p) + ")";
    if (p.u.final_score != p.u.rrf_score || p.l.final_score != p.l.rrf_score)
        s += "; score " + vs(p.u.final_score, p.l.final_score);
    out.line = s;
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
    const std::string before =
        p.u.rrf_score == p.l.rrf_score
            ? "the legs tied them (RRF " + fmt("%.4g", p.u.rrf_score) + ")"
            : "the legs put " + p.L + " first (RRF " + vs(p.l.rrf_score, p.u.rrf_score) + ")";
    const std::string scores = "score " + vs(p.u.final_score, p.l.final_score);
    HitOrder out;
    if (needed.size() > 1) {
        out.cause = OrderCause::Factors;
        std::string names, values;
        for (std::size_t k = 0; k < needed.size(); ++k) {
            names += (k == 0                   ? ""
                      : k + 1 == needed.size() ? " and "
                                               : ", ") +
                     std::string(factors[needed[k]].name);
            values += "; " + factor_against(factors[needed[k]], p);
        }
        out.line = p.U + " is above " + p.L + " because " + names +
                   " together turned the legs' order round, neither alone: " + before + values +
                   "; " + scores;
        return out;
    }
    const std::size_t cause = !needed.empty()   ? needed.front()
                              : !enough.empty() ? enough.front()
                                                : 0;
    out.cause = factors[cause].cause;
    std::string s = p.U + " is above " + p.L + " because of " + factors[cause].name + ": " +
                    before + ", " + factor_against(factors[cause], p) + "; " + scores;
    for (std::size_t i : enough)
        if (i != cause)
            s += "; " + std::string(factors[i].name) + " alone would also have turned it";
    out.line = s;
    return out;
}

HitOrder by_profile(const Pair& p) {
    auto base = [](const Explanation& x) {
        return x.contributions.graph + x.contributions.vector + x.contributions.keyword +
               x.contributions.freshness;
    };
    HitOrder out;
    const std::string scores = "score " + vs(p.u.final_score, p.l.final_score);
    if (!(base(p.u) > base(p.l))) {
        out.cause = OrderCause::Supersession;
        out.line = p.U + " is above " + p.L + " because of supersession: the signals put " + p.L +
                   " first (" + vs(base(p.l), base(p.u)) + "), " + p.L +
                   "'s supersession penalty ×" +
                   apart(p.l.superseded_penalty, p.u.superseded_penalty).first + " against ×" +
                   apart(p.l.superseded_penalty, p.u.superseded_penalty).second + "; " + scores;
        return out;
    }
    struct Part {
        const char* name;
        double SignalSet::*field;
        OrderCause cause;
    };
    const Part parts[] = {{"graph", &SignalSet::graph, OrderCause::GraphSignal},
                          {"vector", &SignalSet::vector, OrderCause::VectorSignal},
                          {"keyword", &SignalSet::keyword, OrderCause::KeywordSignal},
                          {"freshness", &SignalSet::freshness, OrderCause::FreshnessSignal}};
    auto diff = [&](const Part& x) {
        return p.u.contributions.*x.field - p.l.contributions.*x.field;
    };
    auto against = [&](const Part& x) {
        return std::string(x.name) + " " + fmt("%.3f", p.u.weights.*x.field) + " × " +
               fmt("%.3f", p.u.signal_values.*x.field) + " = " +
               apart(p.u.contributions.*x.field, p.l.contributions.*x.field).first + " against " +
               apart(p.u.contributions.*x.field, p.l.contributions.*x.field).second;
    };
    const Part* best = &parts[0];
    for (const Part& x : parts)
        if (diff(x) > diff(*best))
            best = &x;
    out.cause = best->cause;
    std::string s =
        p.U + " is above " + p.L + " because of the " + best->name + " signal: " + against(*best);
    const Part* counter = nullptr;
    for (const Part& x : parts)
        if (diff(x) < 0.0 && (counter == nullptr || diff(x) < diff(*counter)))
            counter = &x;
    if (counter != nullptr)
        s += "; the " + std::string(counter->name) + " signal favoured " + p.L + " but by less (" +
             against(*counter) + ")";
    out.line = s + "; " + scores;
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
    const std::string head = p.U + " is above " + p.L + " because MMR picked it first: " + p.L +
                             " is fused #" + std::to_string(p.l.fused_rank) + " (relevance " +
                             fmt("%.3f", ml.relevance) + ") against " + p.U + "'s fused #" +
                             std::to_string(p.u.fused_rank) + " (" + fmt("%.3f", mu.relevance) +
                             ")";
    const std::string pick = "pick " + std::to_string(mu.step + 1);
    if (ml.penalized_by && penaliser_step >= 0 && penaliser_step < mu.step) {
        // The pick it was most similar to was already picked at the upper hit's step, so its
        // redundancy then was what its own step shows: its MMR score is the one that lost.
        out.line = head + ", but " + p.L + " was too similar to " + penaliser + " (cosine " +
                   fmt("%.2f", ml.cosine) + ", redundancy " + fmt("%.3f", ml.max_similarity) +
                   "): at " + pick + " its MMR score " + apart(ml.mmr_score, mu.mmr_score).first +
                   " lost to " + p.U + "'s " + apart(ml.mmr_score, mu.mmr_score).second;
        return out;
    }
    out.line = head + ", but at " + pick + " " + p.L +
               "'s redundancy to the hits picked before lowered its MMR score below " + p.U +
               "'s " + fmt("%.4f", mu.mmr_score);
    if (ml.penalized_by)
        out.line += " (at its own pick " + std::to_string(ml.step + 1) + " it was " +
                    fmt("%.2f", ml.cosine) + " cosine-similar to " + penaliser + ")";
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
        out.line = at(out.upper) + " is above " + at(out.lower) +
                   " in the primitive's own order (score " + vs(hu.score, hl.score) +
                   "); it carries no hybrid explanation";
        return out;
    }
    const Pair p{*hu.explanation, *hl.explanation, at(out.upper), at(out.lower)};
    HitOrder decided;
    if (p.u.fused_rank > p.l.fused_rank) {
        decided = by_mmr(p, hits);
    } else if (p.u.final_score == p.l.final_score) {
        decided.cause = OrderCause::Tie;
        decided.line = p.U + " and " + p.L + " have the same score " +
                       fmt("%.4g", p.u.final_score) + "; the fused order keeps " + p.U + " first";
    } else if (p.u.fusion != "rrf") {
        decided = by_profile(p);
    } else if (p.u.rrf_score > p.l.rrf_score) {
        decided = by_legs(p);
    } else {
        decided = by_factors(p);
    }
    decided.upper = out.upper;
    decided.lower = out.lower;
    return decided;
}

} // namespace memlens
