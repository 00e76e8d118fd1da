#include "search/verdict.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

namespace memlens::search {

namespace {

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

std::string keyword_part(const Explanation& e, bool is_summary) {
    std::string s = "keyword rank " + std::to_string(*e.keyword.rank);
    const std::string terms = matched_terms_phrase(e.keyword.terms, is_summary);
    return s + " (" + (terms.empty() ? "bm25 " + fmt("%.3f", e.keyword.bm25) : terms) + ")";
}

std::string vector_part(const Explanation& e) {
    return "vector rank " + std::to_string(*e.vector.rank) + " (similarity " +
           fmt("%.3f", e.vector.raw_score) + ")";
}

// Why a leg has no rank for this hit.
std::string absent(const char* leg, const LegReport* rep) {
    const std::string name = std::string(leg) + " leg ";
    if (rep != nullptr && !rep->ran)
        return name + "did not run" +
               (rep->skipped_reason.empty() ? "" : " (" + rep->skipped_reason + ")");
    if (rep != nullptr && rep->count == 0)
        return name + "matched nothing";
    return name + "did not rank it";
}

// A part of the score whose removal would have put the hit on the other side of a neighbour.
struct Cause {
    std::string name;
    std::function<double(const Explanation&)> without; // the final score without this part
};

// "recency lifted it above fused #3" / "… kept it below fused #1", for each cause that did.
std::vector<std::string> order_causes(const VerdictInput& in) {
    const Explanation& e = *in.e;
    const bool rrf = e.fusion == "rrf";
    auto rrf_base = [](const Explanation& x) { return x.rrf_score; };
    auto recency = [](const Explanation& x) { return 1.0 + x.recency.boost * x.recency.factor; };
    std::vector<Cause> causes;
    if (rrf) {
        causes.push_back({"recency", [&](const Explanation& x) {
                              return rrf_base(x) * x.entity_factor * x.superseded_penalty;
                          }});
        causes.push_back({"graph context (the entity factor)", [&](const Explanation& x) {
                              return rrf_base(x) * recency(x) * x.superseded_penalty;
                          }});
        causes.push_back({"the supersession penalty", [&](const Explanation& x) {
                              return rrf_base(x) * recency(x) * x.entity_factor;
                          }});
    } else {
        causes.push_back({"the supersession penalty", [](const Explanation& x) {
                              return x.superseded_penalty != 0.0
                                         ? x.final_score / x.superseded_penalty
                                         : x.final_score;
                          }});
    }
    std::vector<std::string> out;
    for (const auto& c : causes) {
        const double mine = c.without(e);
        if (in.above != nullptr && mine > c.without(*in.above))
            out.push_back(c.name + " kept it below fused #" + std::to_string(in.above->fused_rank));
        if (in.below != nullptr && mine < c.without(*in.below))
            out.push_back(c.name + " lifted it above fused #" +
                          std::to_string(in.below->fused_rank));
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
std::string demoted_past_phrase(const std::vector<const Explanation*>& demoted) {
    std::vector<int> keyword, vector;
    for (const Explanation* x : demoted) {
        if (x->keyword.rank)
            keyword.push_back(*x->keyword.rank);
        else if (x->vector.rank)
            vector.push_back(*x->vector.rank);
    }
    std::vector<std::string> named;
    if (!keyword.empty())
        named.push_back((keyword.size() == 1 ? "keyword rank " : "keyword ranks ") +
                        rank_runs(keyword));
    if (!vector.empty())
        named.push_back((vector.size() == 1 ? "vector rank " : "vector ranks ") +
                        rank_runs(vector));
    std::string s;
    for (const auto& n : named)
        s += (s.empty() ? "" : " and ") + n;
    s += demoted.size() == 1 ? " is an older version superseded by a newer one"
                             : " are older versions superseded by newer ones";
    return s + " (score × " + fmt("%.2f", demoted.front()->superseded_penalty) + ")";
}

std::string rrf_legs(const VerdictInput& in) {
    const Explanation& e = *in.e;
    const bool kw = e.keyword.rank.has_value();
    const bool vec = e.vector.rank.has_value();
    if (kw && vec) {
        const std::string k = keyword_part(e, in.is_summary);
        const std::string v = vector_part(e);
        if (e.keyword.rrf_term > e.vector.rrf_term)
            return k + " outweighed " + v + " (leg weights " + fmt("%.2f", e.keyword.weight) +
                   " and " + fmt("%.2f", e.vector.weight) + ")";
        if (e.vector.rrf_term > e.keyword.rrf_term)
            return v + " outweighed " + k + " (leg weights " + fmt("%.2f", e.vector.weight) +
                   " and " + fmt("%.2f", e.keyword.weight) + ")";
        return k + " and " + v + " counted the same";
    }
    if (kw)
        return keyword_part(e, in.is_summary) + "; " + absent("vector", in.vector_leg);
    if (vec)
        return vector_part(e) + "; " + absent("keyword", in.keyword_leg);
    return "no leg ranked it";
}

std::string profile_legs(const VerdictInput& in) {
    const Explanation& e = *in.e;
    struct Part {
        const char* name;
        double contribution, signal, weight;
    };
    const Part parts[] = {
        {"graph", e.contributions.graph, e.signal_values.graph, e.weights.graph},
        {"vector", e.contributions.vector, e.signal_values.vector, e.weights.vector},
        {"keyword", e.contributions.keyword, e.signal_values.keyword, e.weights.keyword},
        {"freshness", e.contributions.freshness, e.signal_values.freshness, e.weights.freshness}};
    const Part* best = &parts[0];
    for (const auto& p : parts)
        if (p.contribution > best->contribution)
            best = &p;
    std::string s = "profile " + in.profile + ": largest part " + best->name + " " +
                    fmt("%.3f", best->contribution) + " (signal " + fmt("%.3f", best->signal) +
                    " x weight " + fmt("%.2f", best->weight) + ")";
    s += "; " +
         (e.keyword.rank ? keyword_part(e, in.is_summary) : absent("keyword", in.keyword_leg));
    s += "; " + (e.vector.rank ? vector_part(e) : absent("vector", in.vector_leg));
    return s;
}

} // namespace

std::string matched_terms_phrase(const std::vector<TermEvidence>& terms, bool is_summary) {
    std::vector<std::string> own, neighbours, context, missing, all;
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
    const std::string own_name = is_summary ? "its text" : "its own text";
    std::vector<std::string> parts;
    if (!own.empty())
        parts.push_back(joined(own) + " in " + own_name);
    if (!neighbours.empty())
        parts.push_back(joined(neighbours) + " in the neighbouring turns");
    if (!context.empty())
        parts.push_back(joined(context) + " in its context (author, tags, date)");
    if (own.empty())
        parts.push_back("none in " + own_name);
    std::string out;
    for (const auto& p : parts)
        out += (out.empty() ? "" : "; ") + p;
    return out;
}

namespace {

// A pick named as a reader sees it: "hit #3" when it was returned, else its id.
std::string pick_name(const std::optional<std::string>& id, int hit) {
    return hit > 0 ? "hit #" + std::to_string(hit) : id.value_or("?");
}

} // namespace

std::string exclusion_reason(const VerdictInput& in) {
    const Explanation& e = *in.e;
    const MmrExplanation& m = e.mmr;
    // An older version the supersession penalty alone put below the lowest hit: that comes
    // first, then what MMR or the limit did with the score it was left.
    std::string older;
    if (in.position == 0 && e.excluded_by != Exclusion::None && e.superseded_penalty < 1.0 &&
        unpenalized_score(e) > in.lowest_hit_score) {
        const std::size_t newer = e.graph_context.superseded_by.size();
        older = std::string("kept out as an older version: ") +
                (newer > 1 ? std::to_string(newer) + " newer memories supersede it"
                           : "a newer memory supersedes it") +
                " (score × " + fmt("%.2f", e.superseded_penalty) + ": " +
                fmt("%.5f", e.final_score) + " instead of " + fmt("%.5f", unpenalized_score(e)) +
                ", above the lowest hit's " + fmt("%.5f", in.lowest_hit_score) + "); ";
    }
    const std::string lost =
        m.lost_to ? "its MMR score " + fmt("%.4f", m.mmr_score) + " lost the last step to " +
                        pick_name(m.lost_to, in.lost_to_hit) + "'s " + fmt("%.4f", m.lost_to_score)
                  : std::string();
    if (e.excluded_by == Exclusion::Mmr)
        return older + "not kept by MMR: " + fmt("%.2f", m.cosine) + " cosine-similar to " +
               pick_name(m.penalized_by, in.penalized_by_hit) + " (redundancy floor " +
               fmt("%.2f", in.redundancy_floor) + ", λ " + fmt("%.2f", in.mmr_lambda) + "); " +
               lost;
    if (e.excluded_by == Exclusion::Limit) {
        // Fused past the limit, it lost to its fused rank (the legs' part of the line says why
        // that rank): MMR's last step was no cause then. Inside it, that step took its place.
        std::string s = "below the limit of " + std::to_string(in.limit);
        if (e.fused_rank <= in.limit && !lost.empty())
            s += ": " + lost;
        return older + s;
    }
    if (is_budget_cut(e.excluded_by))
        return older + "MMR picked it at step " + std::to_string(m.step + 1) + ", then the " +
               to_string(e.excluded_by) + " budget cut it";
    return older.empty() ? std::string() : older.substr(0, older.size() - 2);
}

std::string verdict_line(const VerdictInput& in) {
    const Explanation& e = *in.e;
    std::string s = in.position > 0 ? "#" + std::to_string(in.position) : "not returned";
    if (in.position != e.fused_rank)
        s += " (fused #" + std::to_string(e.fused_rank) + ")";
    s += ": ";
    if (const std::string why = exclusion_reason(in); !why.empty())
        s += why + "; "; // what left it out comes first, then how the legs ranked it
    const bool rrf = e.fusion == "rrf";
    s += rrf ? rrf_legs(in) : profile_legs(in);
    if (rrf) {
        s += "; RRF " + fmt("%.5f", e.rrf_score);
        if (e.final_score != e.rrf_score)
            s += ", score " + fmt("%.5f", e.final_score);
    } else {
        s += "; score " + fmt("%.5f", e.final_score);
    }
    for (const auto& c : order_causes(in))
        s += "; " + c;
    if (!in.demoted_past.empty())
        s += "; " + demoted_past_phrase(in.demoted_past);
    return s;
}

double unpenalized_score(const Explanation& e) {
    return e.superseded_penalty > 0.0 && e.superseded_penalty < 1.0
               ? e.final_score / e.superseded_penalty
               : e.final_score;
}

} // namespace memlens::search
