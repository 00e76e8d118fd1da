// The stages of the hybrid search that only compute (pipeline.h gives the order): fusion,
// scores, graph context, MMR, budgets and assembly, each a function of the pipeline state. A
// rerun of an audit row runs exactly these on the stored candidate pools.
#include "search/fusion.h"
#include "search/graph_context.h"
#include "search/pipeline.h"
#include "search/rank_rules.h"
#include "search/verdict.h"

#include <memlens/memories.h>
#include <memlens/query_context.h>
#include <memlens/query_options.h>
#include <memlens/retrieval.h>
#include <memlens/scoring.h>
#include <memlens/text.h>
#include <memlens/time_util.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

namespace memlens::search {

namespace {

// The first `n` code points of valid UTF-8.
std::string utf8_prefix(const std::string& text, std::size_t n) {
    std::size_t i = 0;
    std::size_t count = 0;
    while (i < text.size() && count < n) {
        const auto c = static_cast<unsigned char>(text[i]);
        std::size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : 4;
        i = std::min(text.size(), i + len);
        ++count;
    }
    return text.substr(0, i);
}

} // namespace

} // namespace memlens::search

namespace memlens {

Status validate_search_request(const SearchRequest& req) {
    MEMLENS_TRY(check_query_length(req.query));
    MEMLENS_TRY(check_query_length(req.raw_query));
    if (search::blank_query(req.query) && search::blank_query(req.raw_query))
        return Status::invalid("the query is empty: a search needs words to look for");
    if (!search::has_searchable_terms(req.query) && !search::has_searchable_terms(req.raw_query))
        return Status::invalid("the query has no searchable terms: only punctuation, search "
                               "operators or common words such as 'the' and 'or' (a search needs "
                               "words such as names or topics to look for)");
    MEMLENS_TRY(check_query_option(QueryOptionId::Limit, req.limit));
    MEMLENS_TRY(check_query_option(QueryOptionId::MaxUnits, req.budget.max_units));
    MEMLENS_TRY(
        check_query_option(QueryOptionId::MaxChars, static_cast<double>(req.budget.max_chars)));
    MEMLENS_TRY(check_query_option(QueryOptionId::MaxMs, req.budget.max_ms));
    if (req.scope.since_ms && req.scope.until_ms && *req.scope.until_ms < *req.scope.since_ms)
        return Status::invalid("the time window ends (until " +
                               format_rfc3339(*req.scope.until_ms) + ") before it starts (since " +
                               format_rfc3339(*req.scope.since_ms) + ")");
    for (const auto& kind : req.scope.source_kinds)
        if (std::find(kSourceKinds.begin(), kSourceKinds.end(), kind) == kSourceKinds.end())
            return Status::invalid("source kind '" + kind +
                                   "' is not one of chat, email, document");
    MEMLENS_TRY(check_memory_tags(req.scope.tags, "tag"));
    return Status::ok();
}

} // namespace memlens

namespace memlens::search {

bool blank_query(std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
    });
}

bool has_searchable_terms(std::string_view text) {
    // Every word the keyword leg keeps counts, and so does a one-character word outside ASCII
    // (a CJK character is a word that only the vector leg can look for).
    for (const auto& w : split_words(text)) {
        if (is_stopword(w))
            continue;
        if (utf8_length(w) > 1 || static_cast<unsigned char>(w[0]) >= 0x80)
            return true;
    }
    return false;
}

void fuse(PipelineState& st) {
    std::vector<std::string> vec_ids, kw_ids;
    vec_ids.reserve(st.vector_items.size());
    kw_ids.reserve(st.keyword_items.size());
    for (const auto& it : st.vector_items)
        vec_ids.push_back(it.id);
    for (const auto& it : st.keyword_items)
        kw_ids.push_back(it.id);
    st.fused = fuse_candidates(vec_ids, kw_ids, st.vector_weight, st.keyword_weight,
                               st.resp.settings.rrf_k, !st.rrf);
}

namespace {

// What each leg gave the candidate: ranks, raw scores, RRF terms and the keyword leg's factors.
void explain_legs(const PipelineState& st, const FusedEntry& f, Candidate& c) {
    const RetrievalSettings& s = st.resp.settings;
    Explanation& e = c.e;
    e.fusion = to_string(s.fusion);
    e.rrf_k = s.rrf_k;
    e.keyword.rank = f.keyword_rank;
    e.keyword.raw_score = c.keyword ? c.keyword->raw : 0.0;
    e.keyword.weight = st.keyword_weight;
    e.keyword.rrf_term = f.keyword_term;
    if (c.keyword) {
        e.keyword.author_factor = c.keyword->author_factor;
        e.keyword.time_factor = c.keyword->time_factor;
        e.keyword.question_factor = c.keyword->question_factor;
        // memlens_bm25f returns BM25F × coverage factor; the parts are shown apart.
        e.keyword.coverage = c.keyword->coverage;
        e.keyword.coverage_factor =
            s.coverage_power > 0.0 ? std::pow(c.keyword->coverage, s.coverage_power) : 1.0;
        e.keyword.bm25 = e.keyword.coverage_factor > 0.0
                             ? c.keyword->fts_score / e.keyword.coverage_factor
                             : c.keyword->fts_score;
    }
    e.vector.rank = f.vector_rank;
    e.vector.raw_score = c.vector ? c.vector->raw : 0.0;
    e.vector.weight = st.vector_weight;
    e.vector.rrf_term = f.vector_term;
    e.vector.exact = c.vector != nullptr && st.resp.vector.exact;
}

} // namespace

void score(PipelineState& st) {
    const RetrievalSettings& s = st.resp.settings;
    const WeightProfile& profile = s.profile;
    std::map<std::string, const LegItem*> vec_by_id, kw_by_id;
    for (const auto& it : st.vector_items)
        vec_by_id.emplace(it.id, &it);
    for (const auto& it : st.keyword_items)
        kw_by_id.emplace(it.id, &it);
    // The keyword leg's best raw score (its items are in rank order; more negative = better).
    const double top_keyword = st.keyword_items.empty() ? 0.0 : st.keyword_items.front().raw;
    st.pool.clear();
    st.pool.reserve(st.fused.size());
    for (auto& f : st.fused) {
        auto rit = st.rows.find(f.id);
        if (rit == st.rows.end())
            continue; // in the index but no longer in the vault
        if (!ranks_node(s, rit->second.is_summary))
            continue;
        Candidate c;
        c.row = &rit->second;
        auto kit = kw_by_id.find(f.id);
        c.keyword = kit == kw_by_id.end() ? nullptr : kit->second;
        auto vit = vec_by_id.find(f.id);
        c.vector = vit == vec_by_id.end() ? nullptr : vit->second;
        if (auto emb = st.embeddings.find(f.id); emb != st.embeddings.end())
            c.embedding = emb->second;
        const NodeFacts& facts = st.facts[f.id];
        const RetrievalHit& h = c.row->hit;

        explain_legs(st, f, c);
        Explanation& e = c.e;
        e.rrf_score = f.rrf_score;

        e.graph_context.superseded_by = facts.superseded_by;
        c.superseded = c.row->superseded_flag || !e.graph_context.superseded_by.empty();
        ScoreInput in;
        in.rrf_score = f.rrf_score;
        in.graph = facts.graph;
        in.query_similarity = facts.query_similarity;
        if (c.keyword)
            in.keyword_raw = c.keyword->raw;
        in.top_keyword = top_keyword;
        in.time_range_end_ms = h.time_range_end_ms;
        in.superseded = c.superseded;
        const ScoreParts parts = score_candidate(s, st.resp.now_ms, in);
        e.recency = parts.recency;
        e.signal_values = parts.signals;
        e.weights = {profile.graph, profile.vector, profile.keyword, profile.freshness};
        e.contributions = parts.contributions;
        e.superseded_penalty = parts.superseded_penalty;
        if (st.rrf) {
            e.entity_boost = s.entity_boost;
            e.entity_factor = parts.entity_factor;
        }
        e.final_score = parts.final_score;
        // The beam's own path when the descent reached the hit; otherwise (exact scan, keyword
        // only) the topic that holds it, so every hit shows where it lives in the tree.
        if (c.vector && !c.vector->topic_path.empty())
            e.topic_path = c.vector->topic_path;
        else if (auto tp = st.topic_paths.find(f.id); tp != st.topic_paths.end())
            e.topic_path = tp->second;
        c.fused = f;
        if (hidden_as_superseded(s, c.superseded))
            continue;
        st.pool.push_back(std::move(c));
    }
    order_by_score(st.pool, [](const Candidate& c) { return c.e.final_score; });
    for (std::size_t i = 0; i < st.pool.size(); ++i)
        st.pool[i].e.fused_rank = static_cast<int>(i) + 1;
}

// Conflicts and support among the candidates (docs/explanations.md states the rule).
void graph_context(PipelineState& st) {
    const RetrievalSettings& s = st.resp.settings;
    std::vector<ContextNode> nodes;
    nodes.reserve(st.pool.size());
    for (auto& c : st.pool) {
        std::set<std::string> ents(c.row->hit.entities.begin(), c.row->hit.entities.end());
        if (auto it = st.facts.find(c.row->hit.node_id); it != st.facts.end())
            ents.insert(it->second.entities.begin(), it->second.entities.end());
        c.row->hit.entities.assign(ents.begin(), ents.end());
        nodes.push_back({c.row->hit.node_id, c.row->hit.entities, value_tokens(c.row->hit.content),
                         c.embedding, c.e.graph_context.superseded_by});
    }
    auto related = related_context(nodes, s.graph_min_shared_entities, s.graph_min_similarity);
    std::map<std::string_view, std::size_t> at;
    for (std::size_t i = 0; i < st.pool.size(); ++i)
        at.emplace(st.pool[i].row->hit.node_id, i);
    for (std::size_t i = 0; i < st.pool.size(); ++i) {
        GraphContext& g = st.pool[i].e.graph_context;
        g.conflicts = std::move(related[i].conflicts);
        g.supported_by = std::move(related[i].supported_by);
        g.supersedes.clear();
    }
    // In pool order, so a newer memory lists the versions it replaces best first.
    for (const Candidate& older : st.pool)
        for (const std::string& newer : older.e.graph_context.superseded_by)
            if (auto it = at.find(newer); it != at.end())
                st.pool[it->second].e.graph_context.supersedes.push_back(older.row->hit.node_id);
}

// MMR over the scored list (rank_rules.h: relevance is the score over the best score).
void mmr(PipelineState& st) {
    // The no-match threshold first: MMR picks among the candidates scoring at least it.
    const std::size_t ranked = ranked_above_min_score(
        st.resp.settings, st.pool, [](const Candidate& c) { return c.e.final_score; });
    for (std::size_t i = ranked; i < st.pool.size(); ++i)
        st.pool[i].e.excluded_by = Exclusion::MinScore;
    st.resp.below_min_score = st.pool.size() - ranked;
    if (ranked < st.pool.size())
        st.resp.best_below_min_score = st.pool[ranked].e.final_score;
    std::vector<MmrCandidate> in;
    mmr_input(
        ranked, [&](std::size_t i) { return st.pool[i].e.final_score; },
        [&](std::size_t i) { return std::span<const float>(st.pool[i].embedding); }, in);
    for (std::size_t i = 0; i < in.size(); ++i)
        st.pool[i].e.mmr.relevance = in[i].relevance;
    std::vector<MmrResult> left_out;
    const auto picks = mmr_picks(st.query_vector, in, st.resp.limit, st.resp.mmr_lambda,
                                 st.resp.settings, &left_out);
    const auto describe = [&](const MmrResult& p, MmrExplanation& m) {
        m.max_similarity = p.max_similarity;
        m.mmr_score = p.score;
        if (p.penalized_by) {
            const Candidate& by = st.pool[*p.penalized_by];
            m.penalized_by = by.row->hit.node_id;
            const Candidate& self = st.pool[p.index];
            if (!self.embedding.empty() && self.embedding.size() == by.embedding.size())
                m.cosine = cosine(self.embedding, by.embedding);
        }
    };
    st.order.clear();
    st.order.reserve(picks.size());
    for (std::size_t step = 0; step < picks.size(); ++step) {
        const auto& p = picks[step];
        auto& m = st.pool[p.index].e.mmr;
        m.step = static_cast<int>(step);
        describe(p, m);
        st.order.push_back(p.index);
    }
    if (picks.empty())
        return;
    const MmrResult& last = picks.back();
    for (const MmrResult& p : left_out) {
        Explanation& e = st.pool[p.index].e;
        describe(p, e.mmr);
        e.mmr.lost_to = st.pool[last.index].row->hit.node_id;
        e.mmr.lost_to_score = last.score;
        e.excluded_by = p.lost_to_redundancy ? Exclusion::Mmr : Exclusion::Limit;
    }
}

void budgets(PipelineState& st) {
    auto& order = st.order;
    const BudgetCut cut = cut_to_budget(st.request->budget, order.size(), [&](std::size_t i) {
        return utf8_length(st.pool[order[i]].row->hit.content);
    });
    if (cut.units_cut) {
        for (std::size_t i = static_cast<std::size_t>(st.request->budget.max_units);
             i < order.size(); ++i)
            st.pool[order[i]].e.excluded_by = Exclusion::MaxUnits;
        st.resp.budget_reasons.push_back("max_units");
    }
    if (cut.chars_cut) {
        if (cut.truncate_to > 0) {
            auto& c = st.pool[order[cut.keep - 1]];
            c.row->hit.content = utf8_prefix(c.row->hit.content, cut.truncate_to);
            c.e.budget_cut = true;
        }
        const std::size_t units_keep =
            cut.units_cut ? static_cast<std::size_t>(st.request->budget.max_units) : order.size();
        for (std::size_t k = cut.keep; k < units_keep; ++k)
            st.pool[order[k]].e.excluded_by = Exclusion::MaxChars;
        st.resp.budget_reasons.push_back("max_chars");
    }
    order.resize(cut.keep);
}

VerdictInput verdict_input(const PipelineState& st, std::size_t idx, int position) {
    VerdictInput in;
    in.e = &st.pool[idx].e;
    in.position = position;
    in.is_summary = st.pool[idx].row->is_summary;
    in.above = idx > 0 ? &st.pool[idx - 1].e : nullptr;
    in.below = idx + 1 < st.pool.size() ? &st.pool[idx + 1].e : nullptr;
    in.keyword_leg = &st.resp.keyword;
    in.vector_leg = &st.resp.vector;
    in.profile = st.resp.settings.profile.name;
    in.mmr_lambda = st.resp.mmr_lambda;
    in.redundancy_floor = st.resp.settings.mmr_redundancy_floor;
    in.limit = st.resp.limit;
    in.min_score = st.resp.settings.min_score;
    for (std::size_t i = 0; i < st.order.size(); ++i) {
        const Candidate& hit = st.pool[st.order[i]];
        in.lowest_hit_score = std::min(in.lowest_hit_score, hit.e.final_score);
        const std::string& id = hit.row->hit.node_id;
        if (in.e->mmr.penalized_by == id)
            in.penalized_by_hit = static_cast<int>(i) + 1;
        if (in.e->mmr.lost_to == id)
            in.lost_to_hit = static_cast<int>(i) + 1;
    }
    // An older version the penalty put below several returned hits is named once, by the
    // highest of them (where it would have been), not repeated down the list.
    const auto above_begin = st.order.begin();
    const auto above_end = above_begin + (position > 0 ? position - 1 : 0);
    for (std::size_t j = idx + 1; j < st.pool.size(); ++j) {
        const Explanation& x = st.pool[j].e;
        const double without = unpenalized_score(x);
        if (x.superseded_penalty >= 1.0 || without <= in.e->final_score)
            continue;
        const bool named_above = std::any_of(above_begin, above_end, [&](std::size_t h) {
            return h < j && without > st.pool[h].e.final_score;
        });
        if (!named_above)
            in.demoted_past.push_back(&x);
    }
    return in;
}

namespace {

// A pick MMR made that a budget (max_units, max_chars) then left out.
bool budget_left_out(const Candidate& c) {
    return is_budget_cut(c.e.excluded_by);
}

} // namespace

SearchResponse assemble(PipelineState& st) {
    // Each shown candidate's verdict, against its neighbours in the fused order (the pool's).
    auto write_verdict = [&](std::size_t idx, int position) {
        Explanation& e = st.pool[idx].e;
        e.verdict_phrase = verdict_phrase(verdict_input(st, idx, position));
        e.verdict = render_english(e.verdict_phrase);
    };
    // The older versions the penalty kept out are those not returned that without it would
    // score above the lowest hit returned.
    double lowest = std::numeric_limits<double>::infinity();
    for (std::size_t idx : st.order)
        lowest = std::min(lowest, st.pool[idx].e.final_score);
    std::vector<std::uint8_t> returned(st.pool.size(), 0);
    for (std::size_t idx : st.order)
        returned[idx] = 1;
    const auto kept_out_superseded = [&](std::size_t i) {
        const Explanation& x = st.pool[i].e;
        return !returned[i] && x.superseded_penalty < 1.0 && unpenalized_score(x) > lowest;
    };
    {
        for (std::size_t i = 0; i < st.order.size(); ++i)
            write_verdict(st.order[i], static_cast<int>(i) + 1);
        const auto pushed = static_cast<std::size_t>(2 * st.resp.limit);
        for (std::size_t i = 0; i < st.pool.size(); ++i)
            if (!returned[i] &&
                (i < pushed || budget_left_out(st.pool[i]) || kept_out_superseded(i)))
                write_verdict(i, 0);
    }
    SearchResponse resp = std::move(st.resp);
    std::vector<RetrievalHit> hits;
    hits.reserve(st.order.size());
    for (std::size_t idx : st.order) {
        auto& c = st.pool[idx];
        RetrievalHit h = std::move(c.row->hit);
        h.score = c.e.final_score;
        h.explanation = std::move(c.e);
        hits.push_back(std::move(h));
    }
    // Fused candidates within the top 2 × limit that MMR or a budget left out, and every pick a
    // budget left out wherever it was in the fused order (MMR may pick from further down).
    const auto shown = static_cast<std::size_t>(2 * resp.limit);
    for (std::size_t i = 0; i < st.pool.size(); ++i) {
        if (returned[i] || !(i < shown || budget_left_out(st.pool[i])))
            continue;
        auto& c = st.pool[i];
        RetrievalHit h = c.row->hit;
        h.score = c.e.final_score;
        h.explanation = c.e; // a budget's cut keeps the step MMR picked it at
        resp.pushed_out.push_back(std::move(h));
    }
    for (std::size_t i = 0; i < st.pool.size() && !st.order.empty(); ++i) {
        if (!kept_out_superseded(i))
            continue;
        const Explanation& x = st.pool[i].e;
        resp.superseded_out.push_back({st.pool[i].row->hit.node_id, x.graph_context.superseded_by,
                                       x.keyword.rank, x.vector.rank, x.fused_rank,
                                       x.superseded_penalty, x.final_score, unpenalized_score(x)});
        RetrievalHit h = st.pool[i].row->hit;
        h.score = x.final_score;
        h.explanation = x;
        resp.superseded_hits.push_back(std::move(h));
    }
    resp.result = QueryResponse::make(std::move(hits), st.pool.size());
    resp.result.degraded = std::move(st.degraded);
    if (!resp.budget_reasons.empty())
        resp.result.truncated = true;
    return resp;
}

} // namespace memlens::search
