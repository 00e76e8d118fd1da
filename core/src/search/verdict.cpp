#include "search/verdict.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

namespace memlens::search {

namespace {

constexpr PhraseText kClauses = ML_TR("Verdict", "%1; %2");

std::string fmt(const char* f, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

std::string joined(const std::vector<std::string>& v) {
    std::string out;
    for (const auto& s : v)
        out += (out.empty() ? "" : ", ") + s;
    return out;
}

void add_once(std::vector<std::string>& v, const std::string& s) {
    for (const auto& x : v)
        if (x == s)
            return;
    v.push_back(s);
}

Phrase keyword_part(const Explanation& e, bool is_summary) {
    const std::string rank = std::to_string(*e.keyword.rank);
    Phrase terms = matched_terms_phrase(e.keyword.terms, is_summary);
    if (terms.empty())
        return {ML_TR("Verdict", "keyword rank %1 (bm25 %2)"), {rank, fmt("%.3f", e.keyword.bm25)}};
    return {ML_TR("Verdict", "keyword rank %1 (%2)"), {rank, std::move(terms)}};
}

Phrase vector_part(const Explanation& e) {
    return {ML_TR("Verdict", "vector rank %1 (similarity %2)"),
            {std::to_string(*e.vector.rank), fmt("%.3f", e.vector.raw_score)}};
}

// Why a leg has no rank for this hit.
Phrase absent(bool keyword, const LegReport* rep) {
    if (rep != nullptr && !rep->ran) {
        if (rep->skipped_reason.empty())
            return {keyword ? ML_TR("Verdict", "keyword leg did not run")
                            : ML_TR("Verdict", "vector leg did not run"),
                    {}};
        return {keyword ? ML_TR("Verdict", "keyword leg did not run (%1)")
                        : ML_TR("Verdict", "vector leg did not run (%1)"),
                {leg_skip_phrase(rep->skipped_reason)}};
    }
    if (rep != nullptr && rep->count == 0)
        return {keyword ? ML_TR("Verdict", "keyword leg matched nothing")
                        : ML_TR("Verdict", "vector leg matched nothing"),
                {}};
    return {keyword ? ML_TR("Verdict", "keyword leg did not rank it")
                    : ML_TR("Verdict", "vector leg did not rank it"),
            {}};
}

// A part of the score whose removal would have put the hit on the other side of a neighbour.
struct Cause {
    PhraseText kept_below; // "… kept it below fused #%1"
    PhraseText lifted_above;
    std::function<double(const Explanation&)> without; // the final score without this part
};

// "recency lifted it above fused #3" / "… kept it below fused #1", for each cause that did.
std::vector<Phrase> order_causes(const VerdictInput& in) {
    const Explanation& e = *in.e;
    const bool rrf = e.fusion == "rrf";
    auto rrf_base = [](const Explanation& x) { return x.rrf_score; };
    auto recency = [](const Explanation& x) { return 1.0 + x.recency.boost * x.recency.factor; };
    const Cause supersession{ML_TR("Verdict", "the supersession penalty kept it below fused #%1"),
                             ML_TR("Verdict", "the supersession penalty lifted it above fused #%1"),
                             nullptr};
    std::vector<Cause> causes;
    if (rrf) {
        causes.push_back({ML_TR("Verdict", "recency kept it below fused #%1"),
                          ML_TR("Verdict", "recency lifted it above fused #%1"),
                          [&](const Explanation& x) {
                              return rrf_base(x) * x.entity_factor * x.superseded_penalty;
                          }});
        causes.push_back(
            {ML_TR("Verdict", "graph context (the entity factor) kept it below fused #%1"),
             ML_TR("Verdict", "graph context (the entity factor) lifted it above fused #%1"),
             [&](const Explanation& x) {
                 return rrf_base(x) * recency(x) * x.superseded_penalty;
             }});
        causes.push_back(
            {supersession.kept_below, supersession.lifted_above,
             [&](const Explanation& x) { return rrf_base(x) * recency(x) * x.entity_factor; }});
    } else {
        causes.push_back(
            {supersession.kept_below, supersession.lifted_above, [](const Explanation& x) {
                 return x.superseded_penalty != 0.0 ? x.final_score / x.superseded_penalty
                                                    : x.final_score;
             }});
    }
    std::vector<Phrase> out;
    for (const auto& c : causes) {
        const double mine = c.without(e);
        if (in.above != nullptr && mine > c.without(*in.above))
            out.push_back({c.kept_below, {std::to_string(in.above->fused_rank)}});
        if (in.below != nullptr && mine < c.without(*in.below))
            out.push_back({c.lifted_above, {std::to_string(in.below->fused_rank)}});
    }
    return out;
}

// "1–5", "1, 3, 7–8": ranks in order, runs joined by a dash.
std::string rank_runs(std::vector<int> ranks) {
    std::sort(ranks.begin(), ranks.end());
    std::string out;
    for (std::size_t i = 0; i < ranks.size();) {
        std::size_t j = i;
        while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1)
            ++j;
        out += (out.empty() ? "" : ", ") + std::to_string(ranks[i]);
        if (j > i)
            out += (j == i + 1 ? ", " : "–") + std::to_string(ranks[j]);
        i = j + 1;
    }
    return out;
}

// "keyword ranks 1–5 are older versions superseded by newer ones (score × 0.50)": the
// candidates only the supersession penalty put below this one, by the leg ranks a reader saw.
Phrase demoted_past_phrase(const std::vector<const Explanation*>& demoted) {
    std::vector<int> keyword, vector;
    for (const Explanation* x : demoted) {
        if (x->keyword.rank)
            keyword.push_back(*x->keyword.rank);
        else if (x->vector.rank)
            vector.push_back(*x->vector.rank);
    }
    std::vector<Phrase> named;
    if (!keyword.empty())
        named.push_back({keyword.size() == 1 ? ML_TR("Verdict", "keyword rank %1")
                                             : ML_TR("Verdict", "keyword ranks %1"),
                         {rank_runs(keyword)}});
    if (!vector.empty())
        named.push_back({vector.size() == 1 ? ML_TR("Verdict", "vector rank %1")
                                            : ML_TR("Verdict", "vector ranks %1"),
                         {rank_runs(vector)}});
    const Phrase who = join_phrases(named, ML_TR("Verdict", "%1 and %2"));
    return {demoted.size() == 1
                ? ML_TR("Verdict", "%1 is an older version superseded by a newer one (score × %2)")
                : ML_TR("Verdict", "%1 are older versions superseded by newer ones (score × %2)"),
            {who, fmt("%.2f", demoted.front()->superseded_penalty)}};
}

Phrase rrf_legs(const VerdictInput& in) {
    const Explanation& e = *in.e;
    const bool kw = e.keyword.rank.has_value();
    const bool vec = e.vector.rank.has_value();
    if (kw && vec) {
        Phrase k = keyword_part(e, in.is_summary);
        Phrase v = vector_part(e);
        constexpr PhraseText kOutweighed =
            ML_TR("Verdict", "%1 outweighed %2 (leg weights %3 and %4)");
        if (e.keyword.rrf_term > e.vector.rrf_term)
            return {kOutweighed,
                    {k, v, fmt("%.2f", e.keyword.weight), fmt("%.2f", e.vector.weight)}};
        if (e.vector.rrf_term > e.keyword.rrf_term)
            return {kOutweighed,
                    {v, k, fmt("%.2f", e.vector.weight), fmt("%.2f", e.keyword.weight)}};
        return {ML_TR("Verdict", "%1 and %2 counted the same"), {k, v}};
    }
    if (kw)
        return {kClauses, {keyword_part(e, in.is_summary), absent(false, in.vector_leg)}};
    if (vec)
        return {kClauses, {vector_part(e), absent(true, in.keyword_leg)}};
    return {ML_TR("Verdict", "no leg ranked it"), {}};
}

Phrase profile_legs(const VerdictInput& in) {
    const Explanation& e = *in.e;
    struct Part {
        PhraseText name;
        double contribution, signal, weight;
    };
    const Part parts[] = {
        {ML_TR("Verdict", "graph"), e.contributions.graph, e.signal_values.graph, e.weights.graph},
        {ML_TR("Verdict", "vector"), e.contributions.vector, e.signal_values.vector,
         e.weights.vector},
        {ML_TR("Verdict", "keyword"), e.contributions.keyword, e.signal_values.keyword,
         e.weights.keyword},
        {ML_TR("Verdict", "freshness"), e.contributions.freshness, e.signal_values.freshness,
         e.weights.freshness}};
    const Part* best = &parts[0];
    for (const auto& p : parts)
        if (p.contribution > best->contribution)
            best = &p;
    Phrase lead{ML_TR("Verdict", "profile %1: largest part %2 %3 (signal %4 x weight %5)"),
                {in.profile, Phrase{best->name, {}}, fmt("%.3f", best->contribution),
                 fmt("%.3f", best->signal), fmt("%.2f", best->weight)}};
    return join_phrases(
        {lead, e.keyword.rank ? keyword_part(e, in.is_summary) : absent(true, in.keyword_leg),
         e.vector.rank ? vector_part(e) : absent(false, in.vector_leg)},
        kClauses);
}

} // namespace

Phrase matched_terms_phrase(const std::vector<TermEvidence>& terms, bool is_summary) {
    std::vector<std::string> own, neighbours, context, all;
    for (const auto& t : terms) {
        add_once(all, t.term);
        if (!t.matched)
            continue;
        if (t.column == "content")
            add_once(own, t.term);
        else if (t.column == "context")
            add_once(context, t.term);
        else
            add_once(neighbours, t.term);
    }
    if (terms.empty())
        return {};
    std::vector<Phrase> parts;
    if (!own.empty())
        parts.push_back({is_summary ? ML_TR("Verdict", "%1 in its text")
                                    : ML_TR("Verdict", "%1 in its own text"),
                         {joined(own)}});
    if (!neighbours.empty())
        parts.push_back({ML_TR("Verdict", "%1 in the neighbouring turns"), {joined(neighbours)}});
    if (!context.empty())
        parts.push_back(
            {ML_TR("Verdict", "%1 in its context (author, tags, date)"), {joined(context)}});
    if (own.empty())
        parts.push_back({is_summary ? ML_TR("Verdict", "none in its text")
                                    : ML_TR("Verdict", "none in its own text"),
                         {}});
    return join_phrases(parts, kClauses);
}

namespace {

// A pick named as a reader sees it: "hit #3" when it was returned, else its id.
Phrase pick_name(const std::optional<std::string>& id, int hit) {
    if (hit > 0)
        return {ML_TR("Verdict", "hit #%1"), {std::to_string(hit)}};
    return as_is(id.value_or("?"));
}

} // namespace

Phrase exclusion_reason(const VerdictInput& in) {
    const Explanation& e = *in.e;
    const MmrExplanation& m = e.mmr;
    // An older version the supersession penalty alone put below the lowest hit: that comes
    // first, then what MMR or the limit did with the score it was left.
    Phrase older;
    if (in.position == 0 && e.excluded_by != Exclusion::None && e.superseded_penalty < 1.0 &&
        unpenalized_score(e) > in.lowest_hit_score) {
        const std::size_t newer = e.graph_context.superseded_by.size();
        const std::vector<PhraseArg> numbers{
            fmt("%.2f", e.superseded_penalty), fmt("%.5f", e.final_score),
            fmt("%.5f", unpenalized_score(e)), fmt("%.5f", in.lowest_hit_score)};
        if (newer > 1) {
            std::vector<PhraseArg> args{std::to_string(newer)};
            args.insert(args.end(), numbers.begin(), numbers.end());
            older = {ML_TR("Verdict",
                           "kept out as an older version: %1 newer memories supersede it (score × "
                           "%2: %3 instead of %4, above the lowest hit's %5)"),
                     args};
        } else {
            older = {ML_TR("Verdict",
                           "kept out as an older version: a newer memory supersedes it (score × "
                           "%1: %2 instead of %3, above the lowest hit's %4)"),
                     numbers};
        }
    }
    Phrase lost;
    if (m.lost_to)
        lost = {ML_TR("Verdict", "its MMR score %1 lost the last step to %2's %3"),
                {fmt("%.4f", m.mmr_score), pick_name(m.lost_to, in.lost_to_hit),
                 fmt("%.4f", m.lost_to_score)}};
    Phrase why;
    if (e.excluded_by == Exclusion::Mmr) {
        why = {ML_TR("Verdict",
                     "not kept by MMR: %1 cosine-similar to %2 (redundancy floor %3, λ %4)"),
               {fmt("%.2f", m.cosine), pick_name(m.penalized_by, in.penalized_by_hit),
                fmt("%.2f", in.redundancy_floor), fmt("%.2f", in.mmr_lambda)}};
        why = join_phrases({why, lost}, kClauses);
    } else if (e.excluded_by == Exclusion::Limit) {
        // Fused past the limit, it lost to its fused rank (the legs' part of the line says why
        // that rank): MMR's last step was no cause then. Inside it, that step took its place.
        why = {ML_TR("Verdict", "below the limit of %1"), {std::to_string(in.limit)}};
        if (e.fused_rank <= in.limit && !lost.empty())
            why = {ML_TR("Verdict", "%1: %2"), {why, lost}};
    } else if (e.excluded_by == Exclusion::MinScore) {
        why = {ML_TR("Verdict", "its score %1 is below the no-match threshold %2"),
               {fmt("%.5f", e.final_score), fmt("%.5f", in.min_score)}};
    } else if (is_budget_cut(e.excluded_by)) {
        why = {ML_TR("Verdict", "MMR picked it at step %1, then the %2 budget cut it"),
               {std::to_string(m.step + 1), to_string(e.excluded_by)}};
    }
    return join_phrases({older, why}, kClauses);
}

Phrase verdict_phrase(const VerdictInput& in) {
    const Explanation& e = *in.e;
    Phrase place;
    if (in.position > 0)
        place = in.position != e.fused_rank
                    ? Phrase{ML_TR("Verdict", "#%1 (fused #%2)"),
                             {std::to_string(in.position), std::to_string(e.fused_rank)}}
                    : Phrase{ML_TR("Verdict", "#%1"), {std::to_string(in.position)}};
    else
        place = in.position != e.fused_rank ? Phrase{ML_TR("Verdict", "not returned (fused #%1)"),
                                                     {std::to_string(e.fused_rank)}}
                                            : Phrase{ML_TR("Verdict", "not returned"), {}};
    std::vector<Phrase> clauses;
    // What left it out comes first, then how the legs ranked it.
    clauses.push_back(exclusion_reason(in));
    const bool rrf = e.fusion == "rrf";
    clauses.push_back(rrf ? rrf_legs(in) : profile_legs(in));
    if (rrf)
        clauses.push_back(e.final_score != e.rrf_score
                              ? Phrase{ML_TR("Verdict", "RRF %1, score %2"),
                                       {fmt("%.5f", e.rrf_score), fmt("%.5f", e.final_score)}}
                              : Phrase{ML_TR("Verdict", "RRF %1"), {fmt("%.5f", e.rrf_score)}});
    else
        clauses.push_back({ML_TR("Verdict", "score %1"), {fmt("%.5f", e.final_score)}});
    for (auto& c : order_causes(in))
        clauses.push_back(std::move(c));
    if (!in.demoted_past.empty())
        clauses.push_back(demoted_past_phrase(in.demoted_past));
    return {ML_TR("Verdict", "%1: %2"), {place, join_phrases(clauses, kClauses)}};
}

std::string verdict_line(const VerdictInput& in) {
    return render_english(verdict_phrase(in));
}

double unpenalized_score(const Explanation& e) {
    return e.superseded_penalty > 0.0 && e.superseded_penalty < 1.0
               ? e.final_score / e.superseded_penalty
               : e.final_score;
}

} // namespace memlens::search
