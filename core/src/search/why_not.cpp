// Why a query did not return a node (docs/explanations.md, "Why not?"): the query's stages run
// once more (run_stages, no audit row), then the node is followed through them in order and the
// first stage that dropped it is named. Every number comes from what the stages decided with:
// the state they left, the explanation they wrote, or the leg's own SQL and vectors for a node
// the leg did not keep (keyword_place, the index's own dot product).
#include "search/keyword_leg.h"
#include "search/pipeline.h"
#include "search/supersession.h"
#include "search/verdict.h"

#include <memlens/json_writer.h>
#include <memlens/search.h>
#include <memlens/time_util.h>
#include <memlens/topic_tree.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <map>

namespace memlens::search {

namespace why {

std::string fmt(const char* f, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

// 3104 → "3,104".
std::string count_text(std::size_t n) {
    std::string digits = std::to_string(n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return out;
}

std::string joined(const std::vector<std::string>& v, const char* sep = ", ") {
    std::string out;
    for (const auto& s : v)
        out += (out.empty() ? "" : sep) + s;
    return out;
}

std::string path_text(const std::vector<std::string>& path) {
    return path.empty() ? "(none)" : joined(path, " > ");
}

// A fact's name and value, in English and as phrases (WhyNotFact).
void fact(WhyNotAnswer& a, PhraseText name, Phrase value) {
    WhyNotFact f;
    f.name_phrase = Phrase{name, {}};
    f.name = render_english(f.name_phrase);
    f.value = render_english(value);
    f.value_phrase = std::move(value);
    a.facts.push_back(std::move(f));
}

void fact(WhyNotAnswer& a, PhraseText name, std::string value) {
    fact(a, name, as_is(std::move(value)));
}

// The answer's verdict, in English and as a phrase.
void set_verdict(WhyNotAnswer& a, Phrase verdict) {
    a.verdict = render_english(verdict);
    a.verdict_phrase = std::move(verdict);
}

// One leg's reason for not ranking the node: its stage (none when the leg did not run) and a
// clause for the verdict line.
struct LegReason {
    std::optional<WhyNotStage> stage;
    Phrase clause;
};

// "the keyword leg did not run (weight 0)"
Phrase did_not_run(bool keyword, const LegReport& rep) {
    if (rep.skipped_reason.empty())
        return {keyword ? ML_TR("WhyNot", "the keyword leg did not run")
                        : ML_TR("WhyNot", "the vector leg did not run"),
                {}};
    return {keyword ? ML_TR("WhyNot", "the keyword leg did not run (%1)")
                    : ML_TR("WhyNot", "the vector leg did not run (%1)"),
            {leg_skip_phrase(rep.skipped_reason)}};
}

// Whether a node row passes `extra` conditions (a scope part, or the superseded rule).
Result<bool> node_passes(StatementCache& stmts, const NodeRow& row, const SearchScope& scope,
                         bool hide_superseded, const ChunkColumns& cols) {
    SqlQuery q;
    if (row.is_summary) {
        q.add("SELECT 1 FROM mem_tree_summaries s WHERE s.id = ?", row.hit.node_id);
        if (!append_summary_scope(q, scope, hide_superseded))
            return false;
    } else {
        q.add("SELECT 1 FROM mem_tree_chunks c WHERE c.id = ?", row.hit.node_id);
        append_chunk_scope(q, scope, hide_superseded, cols);
    }
    auto st = stmts.bind(q);
    if (!st)
        return st.status();
    auto r = (*st)->step();
    if (!r)
        return r.status();
    const bool found = *r;
    (*st)->reset(); // ends its read transaction
    return found;
}

// The scope's parts the node fails, each as a fact "scope: <part>" → what the part asks for.
Status scope_misses(StatementCache& stmts, const NodeRow& row, const SearchScope& scope,
                    const ChunkColumns& cols, WhyNotAnswer& a) {
    struct Part {
        PhraseText name;
        SearchScope only;
        std::string asks; // empty for the time window, whose fact names both spans
    };
    std::vector<Part> parts;
    // A list part of the scope, checked alone: a scope holding only that list.
    auto list_part = [&](PhraseText name, std::vector<std::string> SearchScope::*list) {
        if ((scope.*list).empty())
            return;
        SearchScope s;
        s.*list = scope.*list;
        parts.push_back({name, s, joined(scope.*list)});
    };
    list_part(ML_TR("WhyNot", "scope: namespace"), &SearchScope::namespaces);
    list_part(ML_TR("WhyNot", "scope: content type"), &SearchScope::content_types);
    list_part(ML_TR("WhyNot", "scope: source kind"), &SearchScope::source_kinds);
    list_part(ML_TR("WhyNot", "scope: topic"), &SearchScope::topics);
    list_part(ML_TR("WhyNot", "scope: tag"), &SearchScope::tags);
    if (scope.since_ms || scope.until_ms) {
        SearchScope s;
        s.since_ms = scope.since_ms;
        s.until_ms = scope.until_ms;
        parts.push_back({ML_TR("WhyNot", "scope: time window"), s, {}});
    }
    const auto asks_of = [&](const Part& p) -> Phrase {
        if (!p.asks.empty()) {
            const bool chunks_only =
                row.is_summary &&
                (p.only.namespaces.size() + p.only.content_types.size() + p.only.tags.size()) > 0;
            return chunks_only ? Phrase{ML_TR("WhyNot", "%1 (a scope naming namespaces, content "
                                                        "types or tags admits chunks only)"),
                                        {p.asks}}
                               : as_is(p.asks);
        }
        return {ML_TR("WhyNot", "%1 to %2; the node spans %3 to %4"),
                {scope.since_ms ? format_rfc3339(*scope.since_ms) : std::string("…"),
                 scope.until_ms ? format_rfc3339(*scope.until_ms) : std::string("…"),
                 format_rfc3339(row.hit.time_range_start_ms),
                 format_rfc3339(row.hit.time_range_end_ms)}};
    };
    for (auto& p : parts) {
        auto ok = node_passes(stmts, row, p.only, false, cols);
        if (!ok)
            return ok.status();
        if (!*ok)
            fact(a, p.name, asks_of(p));
    }
    return Status::ok();
}

// The keyword leg's reason, and the node's matched and missing terms (from its own row's counts).
Result<LegReason> keyword_reason(const SearchContext& ctx, const PipelineState& st,
                                 const NodeRow& row, std::int64_t fts_rowid, bool rank_it,
                                 WhyNotAnswer& a) {
    const LegReport& rep = st.resp.keyword;
    const RetrievalSettings& s = st.resp.settings;
    auto match = keyword_match_expression(st.query, s.max_query_terms);
    if (!match || fts_rowid == 0)
        return LegReason{{}, did_not_run(true, rep)};
    const KeywordLegInput in = keyword_leg_input(ctx, st, *match);
    auto place = keyword_place(ctx.stmts, in, row.is_summary, fts_rowid, rank_it && rep.ran);
    if (!place)
        return place.status().with_context("keyword place");
    const std::vector<std::string> terms = searched_terms(st);
    std::vector<bool> found(terms.size(), false);
    if (place->matched) {
        if (auto counts = decode_bm25f_row(place->counts.data(),
                                           place->counts.size() * sizeof(std::int32_t))) {
            const auto ncol = static_cast<std::size_t>(counts->ncol);
            for (std::size_t p = 0; p < terms.size() && p < std::size_t(counts->nphrase); ++p)
                for (std::size_t c = 0; c < ncol; ++c)
                    if (counts->tf[p * ncol + c] > 0)
                        found[p] = true;
        }
        // Where each matched term is (its own text, the neighbours, the context): the term
        // table a hit's explanation shows, from the same code (term_table.h).
        LegExplanation leg;
        std::vector<TermTarget> target = {
            {a.node_id, row.is_summary, fts_rowid, &place->counts, &leg}};
        MEMLENS_TRY(fill_term_tables(ctx.stmts, term_table_params(st, *match),
                                     st.keyword_stats.chunks, st.keyword_stats.summaries, target)
                        .with_context("term table"));
        if (!leg.terms.empty())
            fact(a, ML_TR("WhyNot", "matched where"),
                 matched_terms_phrase(leg.terms, row.is_summary));
    }
    for (std::size_t p = 0; p < terms.size(); ++p)
        (found[p] ? a.matched_terms : a.missing_terms).push_back(terms[p]);
    if (!rep.ran)
        return LegReason{{}, did_not_run(true, rep)};
    if (!place->matched) {
        fact(a, ML_TR("WhyNot", "missing terms"), joined(a.missing_terms));
        return LegReason{WhyNotStage::NoKeywordMatch,
                         {ML_TR("WhyNot", "the keyword leg found none of its terms (%1) in it"),
                          {joined(a.missing_terms)}}};
    }
    if (!rank_it)
        return LegReason{};
    const std::string leg_limit = count_text(static_cast<std::size_t>(s.leg_limit));
    fact(a, ML_TR("WhyNot", "keyword rank"),
         Phrase{ML_TR("WhyNot", "%1 of %2 matches (leg limit %3)"),
                {count_text(place->rank), count_text(place->matches), leg_limit}});
    fact(a, ML_TR("WhyNot", "keyword score (memlens_bm25f)"), fmt("%.6g", place->score));
    if (!st.keyword_items.empty()) {
        // The worst score the leg kept: its cut, before the author, day and question factors
        // reordered what it kept.
        double last = st.keyword_items.front().fts_score;
        for (const auto& it : st.keyword_items)
            last = std::max(last, it.fts_score);
        fact(a, ML_TR("WhyNot", "the leg's last kept score"), fmt("%.6g", last));
    }
    if (place->rank > static_cast<std::size_t>(s.leg_limit))
        return LegReason{
            WhyNotStage::KeywordRank,
            {ML_TR("WhyNot", "keyword rank %1 of %2, beyond the keyword leg's limit of %3"),
             {count_text(place->rank), count_text(place->matches), leg_limit}}};
    // Within the limit by the leg's order yet not among its items: the row's chunk is gone.
    return LegReason{WhyNotStage::UnknownNode,
                     {ML_TR("WhyNot", "the keyword leg's row for it has no chunk"), {}}};
}

// The topic path of each reached topic key, root first (TopicInfo's parent links).
std::vector<std::vector<std::string>> reached_paths(const TopicIndex& index,
                                                    const std::vector<std::string>& keys) {
    std::map<std::string, std::string> parent;
    for (const auto& t : index.topics())
        parent[t.key] = t.parent_key;
    std::vector<std::vector<std::string>> out;
    for (const auto& k : keys) {
        std::vector<std::string> path;
        for (std::string at = k; !at.empty() && path.size() <= parent.size();) {
            path.push_back(at);
            auto it = parent.find(at);
            at = it == parent.end() ? std::string() : it->second;
        }
        std::reverse(path.begin(), path.end());
        out.push_back(std::move(path));
    }
    return out;
}

// The vector leg's reason. The node's similarity is the index's own (TopicIndex::exact on the
// node's position alone: the dot product both the descent and the exact scan rank by).
LegReason vector_reason(const SearchContext& ctx, const PipelineState& st, const NodeRow& row,
                        WhyNotAnswer& a) {
    const LegReport& rep = st.resp.vector;
    const RetrievalSettings& s = st.resp.settings;
    const auto pos = ctx.index.position(row.hit.node_id);
    if (pos)
        a.node_topic_path = ctx.index.topic_path_of(*pos);
    if (!rep.ran)
        return {{}, did_not_run(false, rep)};
    if (!pos) {
        fact(a, ML_TR("WhyNot", "vector"),
             Phrase{ML_TR("WhyNot", "none in the topic index of %1"), {ctx.embedder.signature()}});
        return {WhyNotStage::NoVector,
                {ML_TR("WhyNot", "it has no vector in the topic index"), {}}};
    }
    std::vector<std::uint8_t> only(ctx.index.size(), 0);
    only[*pos] = 1;
    const auto hit = ctx.index.exact(st.query_vector, 1, &only);
    const double sim = hit.empty() ? 0.0 : hit.front().similarity;
    fact(a, ML_TR("WhyNot", "vector similarity"), fmt("%.4f", sim));
    fact(a, ML_TR("WhyNot", "its topic path"),
         a.node_topic_path.empty() ? Phrase{ML_TR("WhyNot", "(none)"), {}}
                                   : as_is(path_text(a.node_topic_path)));
    const std::string last =
        st.vector_items.empty() ? std::string() : fmt("%.4f", st.vector_items.back().raw);
    const bool full = st.vector_items.size() >= static_cast<std::size_t>(s.leg_limit);
    const std::string leg_limit = count_text(static_cast<std::size_t>(s.leg_limit));
    constexpr PhraseText kLimited = ML_TR("WhyNot", "%1 (leg limit %2)");
    if (!full)
        fact(a, ML_TR("WhyNot", "vector leg kept"),
             Phrase{kLimited, {count_text(st.vector_items.size()), leg_limit}});
    else
        fact(a, ML_TR("WhyNot", "the vector leg's last similarity"),
             Phrase{kLimited, {last, leg_limit}});
    // Beyond the limit: lower than the last kept, or equal and later by id (the leg's tie rule).
    const bool ranked_out =
        full && (sim < st.vector_items.back().raw || (sim == st.vector_items.back().raw &&
                                                      row.hit.node_id > st.vector_items.back().id));
    if (!rep.exact && !rep.reached_topics.empty()) {
        const std::string leaf =
            a.node_topic_path.empty() ? std::string() : a.node_topic_path.back();
        const bool reached = std::find(rep.reached_topics.begin(), rep.reached_topics.end(),
                                       leaf) != rep.reached_topics.end();
        a.reached_topic_paths = reached_paths(ctx.index, rep.reached_topics);
        if (!reached) {
            fact(a, ML_TR("WhyNot", "leaves the beam reached"),
                 Phrase{ML_TR("WhyNot", "%1 (beam width %2): %3"),
                        {count_text(rep.reached_topics.size()), std::to_string(s.beam_width),
                         joined(rep.reached_topics)}});
            return {
                WhyNotStage::Beam,
                {ML_TR("WhyNot", "the vector leg's beam did not reach its topic %1 (it reached %2 "
                                 "leaves)"),
                 {leaf, count_text(rep.reached_topics.size())}}};
        }
        if (!ranked_out && sim > 0.0) {
            fact(a, ML_TR("WhyNot", "leaf members scored"),
                 Phrase{ML_TR("WhyNot", "at most %1 per reached leaf; %2 scored"),
                        {std::to_string(s.beam_max_leaf_items), count_text(rep.scored)}});
            return {WhyNotStage::Beam,
                    {ML_TR("WhyNot", "the vector leg's beam reached its topic %1 but did not score "
                                     "it (a reached leaf gives at most %2 members; wide beams "
                                     "keep the best by their int8 codes)"),
                     {leaf, std::to_string(s.beam_max_leaf_items)}}};
        }
    }
    if (!(sim > 0.0))
        return {WhyNotStage::VectorRank,
                {ML_TR("WhyNot", "vector similarity %1: it shares nothing with the query (the leg "
                                 "keeps only similarities above 0)"),
                 {fmt("%.4f", sim)}}};
    return {
        WhyNotStage::VectorRank,
        {ML_TR("WhyNot", "vector similarity %1, below the vector leg's last kept %2 (limit %3)"),
         {fmt("%.4f", sim), last, leg_limit}}};
}

std::int64_t fts_rowid_of(StatementCache& stmts, const NodeRow& row, const ChunkColumns& cols) {
    SqlQuery q;
    if (row.is_summary)
        q.add(std::string("SELECT ") + (cols.rid == "c.rid" ? "s.rid" : "s.rowid") +
                  " FROM mem_tree_summaries s WHERE s.id = ?",
              row.hit.node_id);
    else
        q.add("SELECT " + cols.rid + " FROM mem_tree_chunks c WHERE c.id = ?", row.hit.node_id);
    auto st = stmts.bind(q);
    if (!st)
        return 0;
    auto r = (*st)->step();
    const std::int64_t rid = r && *r ? (*st)->column_int64(0) : 0;
    (*st)->reset();
    return rid;
}

void candidate_facts(const PipelineState& st, const Candidate& c, WhyNotAnswer& a) {
    const Explanation& e = c.e;
    fact(a, ML_TR("WhyNot", "fused rank"),
         Phrase{ML_TR("WhyNot", "%1 of %2 candidates"),
                {count_text(static_cast<std::size_t>(e.fused_rank)), count_text(st.pool.size())}});
    const Phrase none{ML_TR("WhyNot", "none"), {}};
    fact(a, ML_TR("WhyNot", "keyword rank"),
         e.keyword.rank ? as_is(std::to_string(*e.keyword.rank)) : none);
    fact(a, ML_TR("WhyNot", "vector rank"),
         e.vector.rank ? as_is(std::to_string(*e.vector.rank)) : none);
    fact(a, e.fusion == "rrf" ? ML_TR("WhyNot", "RRF") : ML_TR("WhyNot", "score"),
         fmt("%.5f", e.fusion == "rrf" ? e.rrf_score : e.final_score));
    if (e.final_score != e.rrf_score && e.fusion == "rrf")
        fact(a, ML_TR("WhyNot", "final score"), fmt("%.5f", e.final_score));
    if (e.superseded_penalty < 1.0) {
        // An older version: where its score without the penalty would have put it.
        const double without = unpenalized_score(e);
        std::size_t above = 0;
        for (const Candidate& other : st.pool)
            if (&other != &c && other.e.final_score > without)
                ++above;
        std::string by;
        for (const auto& id : e.graph_context.superseded_by)
            by += (by.empty() ? "" : ", ") + id;
        fact(a, ML_TR("WhyNot", "superseded by"),
             by.empty() ? Phrase{ML_TR("WhyNot", "a newer memory"), {}} : as_is(by));
        fact(a, ML_TR("WhyNot", "supersession penalty"),
             Phrase{ML_TR("WhyNot", "× %1: score %2 instead of %3, which would rank it fused #%4"),
                    {fmt("%.2f", e.superseded_penalty), fmt("%.5f", e.final_score),
                     fmt("%.5f", without), std::to_string(above + 1)}});
    }
}

} // namespace why

using namespace why;

namespace {

// A pick as a reader sees it: "hit #3 (id …)" when the query returned it, else its id.
Phrase pick_fact(const PipelineState& st, const std::optional<std::string>& id) {
    if (!id)
        return as_is("?");
    for (std::size_t i = 0; i < st.order.size(); ++i)
        if (st.pool[st.order[i]].row->hit.node_id == *id)
            return {ML_TR("WhyNot", "hit #%1 (id %2)"), {std::to_string(i + 1), *id}};
    return as_is(*id);
}

// "hit #2 (id …), MMR score 0.4123"
Phrase lost_to_fact(const PipelineState& st, const MmrExplanation& m) {
    return {ML_TR("WhyNot", "%1, MMR score %2"),
            {pick_fact(st, m.lost_to), why::fmt("%.4f", m.lost_to_score)}};
}

// Why a fused candidate that a stage after fusion left out is not returned: MMR, the limit or
// a budget, with the numbers that decided it.
void left_out_facts(const PipelineState& st, const SearchRequest& req, const Explanation& e,
                    WhyNotAnswer& a) {
    const RetrievalSettings& s = st.resp.settings;
    const MmrExplanation& m = e.mmr;
    if (e.excluded_by == Exclusion::Mmr) {
        a.stage = WhyNotStage::Mmr;
        fact(a, ML_TR("WhyNot", "MMR score"), why::fmt("%.4f", m.mmr_score));
        fact(a, ML_TR("WhyNot", "relevance"), why::fmt("%.4f", m.relevance));
        fact(a, ML_TR("WhyNot", "too similar to"), pick_fact(st, m.penalized_by));
        fact(a, ML_TR("WhyNot", "cosine to it"), why::fmt("%.4f", m.cosine));
        fact(a, ML_TR("WhyNot", "redundancy (after the floor)"),
             why::fmt("%.4f", m.max_similarity));
        fact(a, ML_TR("WhyNot", "λ"), why::fmt("%.2f", st.resp.mmr_lambda));
        fact(a, ML_TR("WhyNot", "redundancy floor"), why::fmt("%.2f", s.mmr_redundancy_floor));
        fact(a, ML_TR("WhyNot", "lost the last step to"), lost_to_fact(st, m));
    } else if (e.excluded_by == Exclusion::MinScore) {
        a.stage = WhyNotStage::MinScore;
        fact(a, ML_TR("WhyNot", "final score"), why::fmt("%.5f", e.final_score));
        fact(a, ML_TR("WhyNot", "no-match threshold"), why::fmt("%.5f", s.min_score));
        fact(a, ML_TR("WhyNot", "hits kept"), count_text(st.order.size()));
    } else if (e.excluded_by == Exclusion::Limit) {
        a.stage = WhyNotStage::FusedRank;
        fact(a, ML_TR("WhyNot", "limit"), std::to_string(st.resp.limit));
        fact(a, ML_TR("WhyNot", "MMR score"), why::fmt("%.4f", m.mmr_score));
        fact(a, ML_TR("WhyNot", "lost the last step to"), lost_to_fact(st, m));
    } else {
        a.stage = WhyNotStage::Budget;
        const SearchBudget& b = req.budget;
        fact(a, ML_TR("WhyNot", "budget"),
             e.excluded_by == Exclusion::MaxUnits
                 ? "max_units " + std::to_string(b.max_units)
                 : "max_chars " + count_text(static_cast<std::size_t>(
                                      std::max<std::int64_t>(0, b.max_chars))));
        fact(a, ML_TR("WhyNot", "MMR step"), std::to_string(m.step + 1));
        fact(a, ML_TR("WhyNot", "hits kept"), count_text(st.order.size()));
    }
}

// A fused candidate: returned, or left out by MMR, the limit or a budget.
Status explain_candidate(SearchContext& ctx, const SearchRequest& req, const PipelineState& st,
                         std::size_t in_pool, const NodeRow& row, std::int64_t rid,
                         WhyNotAnswer& a) {
    const RetrievalSettings& s = st.resp.settings;
    const Candidate& c = st.pool[in_pool];
    const auto shown = std::find(st.order.begin(), st.order.end(), in_pool);
    const int position =
        shown == st.order.end() ? 0 : static_cast<int>(shown - st.order.begin()) + 1;
    VerdictInput vin = verdict_input(st, in_pool, position);
    Explanation e = c.e;
    if (c.keyword != nullptr && e.keyword.terms.empty()) {
        // The keyword leg's term table, which explain_terms writes for returned hits only.
        if (auto match = keyword_match_expression(st.query, s.max_query_terms)) {
            std::vector<TermTarget> t = {{a.node_id, c.keyword->is_summary, c.keyword->fts_rowid,
                                          &c.keyword->fts_counts, &e.keyword}};
            MEMLENS_TRY(fill_term_tables(ctx.stmts, term_table_params(st, *match),
                                         st.keyword_stats.chunks, st.keyword_stats.summaries, t)
                            .with_context("term table"));
        }
    }
    // The line the query itself writes for it (assemble), from the same explanation.
    e.verdict_phrase = verdict_phrase(vin);
    e.verdict = render_english(e.verdict_phrase);
    a.explanation = e;
    if (st.resp.keyword.ran && rid != 0) {
        // Its matched and missing terms (a candidate the vector leg alone found may match
        // some below the keyword leg's limit).
        auto kw = keyword_reason(ctx, st, row, rid, false, a);
        if (!kw)
            return kw.status();
    }
    a.node_topic_path = e.topic_path;
    if (auto pos = ctx.index.position(a.node_id))
        a.node_topic_path = ctx.index.topic_path_of(*pos);
    candidate_facts(st, c, a);
    if (position > 0) {
        a.stage = WhyNotStage::Returned;
        fact(a, ML_TR("WhyNot", "position"),
             Phrase{ML_TR("WhyNot", "%1 of %2 hits"),
                    {std::to_string(position), count_text(st.order.size())}});
        std::rotate(a.facts.begin() + 1, a.facts.end() - 1, a.facts.end());
        set_verdict(a, {ML_TR("WhyNot", "Returned: %1"), {e.verdict_phrase}});
        return Status::ok();
    }
    left_out_facts(st, req, e, a);
    // The query's own line for it: what left it out, then how the legs ranked it, which is
    // why its fused rank is where it is. Its verdict phrase is "%1: %2" (place, clauses).
    const Phrase& clauses = *e.verdict_phrase.args.at(1).phrase;
    set_verdict(a, {ML_TR("WhyNot", "Not returned (fused #%1): %2."),
                    {std::to_string(e.fused_rank), clauses}});
    return Status::ok();
}

// Outside the request's kinds or scope: true when that is the answer.
Result<bool> outside_scope(SearchContext& ctx, const SearchRequest& req, const PipelineState& st,
                           const NodeRow& row, const ChunkColumns& cols, WhyNotAnswer& a) {
    const RetrievalSettings& s = st.resp.settings;
    if (row.is_summary && !s.include_summaries) {
        a.stage = WhyNotStage::Scope;
        fact(a, ML_TR("WhyNot", "scope: kinds"),
             Phrase{ML_TR("WhyNot", "chunks only (search.include_summaries is off)"), {}});
        set_verdict(a, {ML_TR("WhyNot", "Not returned: outside the scope: this query searches "
                                        "chunks only (summaries are not included: "
                                        "search.include_summaries or --summaries)."),
                        {}});
        return true;
    }
    if (!req.scope.empty()) {
        MEMLENS_TRY(scope_misses(ctx.stmts, row, req.scope, cols, a));
        if (a.facts.size() > 1) {
            a.stage = WhyNotStage::Scope;
            std::vector<Phrase> parts;
            for (std::size_t i = 1; i < a.facts.size(); ++i)
                parts.push_back({ML_TR("WhyNot", "%1 (%2)"),
                                 {a.facts[i].name_phrase, a.facts[i].value_phrase}});
            set_verdict(a, {ML_TR("WhyNot", "Not returned: outside the scope: %1."),
                            {join_phrases(parts, ML_TR("WhyNot", "%1; %2"))}});
            return true;
        }
    }
    return false;
}

} // namespace

Result<WhyNotAnswer> why_not_stages(SearchContext& ctx, const SearchRequest& req,
                                    std::string_view node_id, const std::atomic_bool* cancel) {
    WhyNotAnswer a;
    a.node_id = std::string(node_id);
    a.query = req.raw_query.empty() ? req.query : req.raw_query;
    const ChunkColumns cols = ChunkColumns::for_vault(ctx.vault.format() == VaultFormat::Native);
    auto rows = hydrate_nodes(ctx.stmts, {a.node_id}, cols);
    if (!rows)
        return rows.status().with_context("reading the node");
    if (rows->empty()) {
        a.stage = WhyNotStage::UnknownNode;
        set_verdict(a, {ML_TR("WhyNot", "Not returned: this vault has no chunk or summary with "
                                        "the id or source reference %1."),
                        {a.node_id}});
        return a;
    }
    const NodeRow& row = rows->begin()->second;
    fact(a, ML_TR("WhyNot", "kind"),
         Phrase{row.is_summary ? ML_TR("WhyNot", "summary") : ML_TR("WhyNot", "chunk"), {}});

    PipelineState st;
    MEMLENS_TRY(run_stages(ctx, req, cancel, st));

    // Returned, or a fused candidate that a later stage left out.
    std::optional<std::size_t> in_pool;
    for (std::size_t i = 0; i < st.pool.size(); ++i)
        if (st.pool[i].row->hit.node_id == a.node_id)
            in_pool = i;
    const std::int64_t rid = fts_rowid_of(ctx.stmts, row, cols);
    if (in_pool) {
        MEMLENS_TRY(explain_candidate(ctx, req, st, *in_pool, row, rid, a));
        return a;
    }

    auto outside = outside_scope(ctx, req, st, row, cols, a);
    if (!outside)
        return outside.status();
    if (*outside)
        return a;
    // Hidden as superseded: the flag both legs filter on, or a supersedes link.
    std::map<std::string, NodeRow> one;
    one.emplace(a.node_id, row);
    auto sup = find_superseded_by(ctx.stmts, ctx.links, one);
    if (!sup)
        return sup.status().with_context("supersession");
    std::vector<std::string> by;
    if (auto it = sup->find(a.node_id); it != sup->end())
        by = it->second;
    if (st.hide_superseded) {
        auto visible = node_passes(ctx.stmts, row, SearchScope{}, true, cols);
        if (!visible)
            return visible.status();
        const bool fused = std::any_of(st.fused.begin(), st.fused.end(),
                                       [&](const FusedEntry& f) { return f.id == a.node_id; });
        if (!*visible || (fused && (row.superseded_flag || !by.empty()))) {
            a.stage = WhyNotStage::Superseded;
            fact(a, ML_TR("WhyNot", "superseded by"),
                 by.empty() ? Phrase{ML_TR("WhyNot", "a newer version"), {}}
                            : as_is(why::joined(by)));
            fact(a, ML_TR("WhyNot", "search.superseded"), "hide");
            set_verdict(a, by.empty() ? Phrase{ML_TR("WhyNot", "Not returned: hidden as "
                                                               "superseded (search.superseded is "
                                                               "hide)."),
                                               {}}
                                      : Phrase{ML_TR("WhyNot", "Not returned: hidden as "
                                                               "superseded by %1 "
                                                               "(search.superseded is hide)."),
                                               {why::joined(by)}});
            return a;
        }
    }

    // Neither leg kept it: each leg's reason, the keyword leg's first.
    auto kw = keyword_reason(ctx, st, row, rid, true, a);
    if (!kw)
        return kw.status();
    const LegReason vec = vector_reason(ctx, st, row, a);
    a.stage = kw->stage ? *kw->stage : vec.stage ? *vec.stage : WhyNotStage::NoLegRan;
    if (kw->stage == WhyNotStage::UnknownNode)
        a.stage = vec.stage ? *vec.stage : WhyNotStage::UnknownNode;
    if (a.stage != WhyNotStage::Beam)
        a.reached_topic_paths.clear();
    if (!by.empty())
        fact(a, ML_TR("WhyNot", "also superseded by"), why::joined(by));
    set_verdict(a, {ML_TR("WhyNot", "Not returned: %1; %2."), {kw->clause, vec.clause}});
    return a;
}

} // namespace memlens::search

namespace memlens {

std::string why_not_json(const WhyNotAnswer& a, int indent) {
    using json = nlohmann::ordered_json; // the keys in the order the contract lists them
    json j;
    j["node_id"] = a.node_id;
    j["query"] = a.query;
    j["stage"] = to_string(a.stage);
    j["verdict"] = a.verdict;
    json facts = json::array();
    for (const auto& f : a.facts)
        facts.push_back({{"name", f.name}, {"value", f.value}});
    j["facts"] = facts;
    j["missing_terms"] = a.missing_terms;
    j["matched_terms"] = a.matched_terms;
    j["node_topic_path"] = a.node_topic_path;
    j["reached_topic_paths"] = a.reached_topic_paths;
    if (a.explanation)
        j["explanation"] = json::parse(to_json(*a.explanation, -1));
    return j.dump(indent, ' ', false, json::error_handler_t::replace);
}

} // namespace memlens

namespace memlens {

const char* to_string(WhyNotStage stage) {
    switch (stage) {
    case WhyNotStage::Returned:
        return "returned";
    case WhyNotStage::UnknownNode:
        return "unknown_node";
    case WhyNotStage::NoSearchableTerms:
        return "no_searchable_terms";
    case WhyNotStage::Scope:
        return "scope";
    case WhyNotStage::Superseded:
        return "superseded";
    case WhyNotStage::NoKeywordMatch:
        return "no_keyword_match";
    case WhyNotStage::KeywordRank:
        return "keyword_rank";
    case WhyNotStage::NoVector:
        return "no_vector";
    case WhyNotStage::Beam:
        return "beam";
    case WhyNotStage::VectorRank:
        return "vector_rank";
    case WhyNotStage::FusedRank:
        return "fused_rank";
    case WhyNotStage::Mmr:
        return "mmr";
    case WhyNotStage::Budget:
        return "budget";
    case WhyNotStage::MinScore:
        return "min_score";
    case WhyNotStage::NoLegRan:
        break;
    }
    return "no_leg_ran";
}

} // namespace memlens
