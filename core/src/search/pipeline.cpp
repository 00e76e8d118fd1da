// Stage order (seed 004, with MMR from seed 000): legs → fusion → rows → graph signal and
// supersession → scores → stable re-rank → conflicts / support → MMR → budgets. Every number a
// stage produces is written into the hit's Explanation as it is computed, never re-derived.
#include "search/pipeline.h"

#include "search/fusion.h"
#include "search/graph_context.h"
#include "search/graph_signal.h"
#include "search/hydrate.h"
#include "search/keyword_factors.h"
#include "search/keyword_leg.h"
#include "search/supersession.h"

#include <memlens/audit.h>
#include <memlens/embedder.h>
#include <memlens/entities.h>
#include <memlens/query_context.h>
#include <memlens/retrieval.h>
#include <memlens/scoring.h>
#include <memlens/text.h>
#include <memlens/thread_guard.h>
#include <memlens/time_util.h>
#include <memlens/vault.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <set>

namespace memlens::search {

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

// Invalid UTF-8 bytes become spaces: a query is never refused for its bytes, and neither the
// tokenizer nor the embedder sees a broken sequence.
std::string valid_utf8_copy(std::string_view text) {
    std::string out(text);
    std::size_t from = 0;
    while (from < out.size()) {
        std::size_t bad = first_invalid_utf8(std::string_view(out).substr(from));
        if (bad == std::string_view::npos)
            break;
        out[from + bad] = ' ';
        from += bad + 1;
    }
    return out;
}

bool is_blank(std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
    });
}

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

struct Candidate {
    FusedEntry fused;
    NodeRow* row = nullptr;
    const LegItem* keyword = nullptr;
    const LegItem* vector = nullptr;
    Vector embedding; // empty when the node has none
    Explanation e;
    bool superseded = false;
};

// The built-in embedder hashes the text's own words and n-grams: a lexical leg, weighted by
// its own setting (settings.h says why).
bool lexical_embedder(const Embedder& embedder) {
    return embedder.signature().rfind("memlens-hash-", 0) == 0;
}

Status invalid_override(const char* what, double v) {
    return Status::invalid(std::string(what) + " out of range: " + std::to_string(v));
}

} // namespace

Result<RetrievalSettings> effective_settings(const Vault& vault, const SearchRequest& req) {
    RetrievalSettings s;
    std::map<std::string, std::string> vault_map;
    if (req.settings) {
        s = *req.settings;
    } else {
        vault_map = vault.all_settings();
        auto r = retrieval_settings_from_map(vault_map);
        if (!r)
            return r.status();
        s = *r;
    }
    if (req.mode)
        s.mode = *req.mode;
    if (req.fusion)
        s.fusion = *req.fusion;
    if (req.mmr_lambda) {
        if (!std::isfinite(*req.mmr_lambda) || *req.mmr_lambda < 0.0 || *req.mmr_lambda > 1.0)
            return invalid_override("mmr lambda (0..1)", *req.mmr_lambda);
        s.mmr_lambda = *req.mmr_lambda;
    }
    if (req.recency_boost) {
        if (!std::isfinite(*req.recency_boost) || *req.recency_boost < 0.0)
            return invalid_override("recency boost (>= 0)", *req.recency_boost);
        s.recency_boost = *req.recency_boost;
    }
    if (req.include_summaries)
        s.include_summaries = *req.include_summaries;
    if (req.profile && *req.profile != s.profile.name) {
        if (vault_map.empty())
            vault_map = vault.all_settings();
        const auto names = WeightProfile::names(vault_map);
        if (std::find(names.begin(), names.end(), *req.profile) == names.end()) {
            std::string known;
            for (const auto& n : names)
                known += (known.empty() ? "" : ", ") + n;
            return Status::invalid("profile '" + *req.profile + "' is not defined (" + known + ")");
        }
        vault_map["search.profile"] = *req.profile;
        auto r = retrieval_settings_from_map(vault_map);
        if (!r)
            return r.status();
        s.profile = r->profile;
    }
    return s;
}

Result<SearchResponse> run_search(SearchContext& ctx, const SearchRequest& req,
                                  const std::atomic_bool* cancel) {
    check_off_ui_thread("hybrid_search");
    MEMLENS_TRY(check_query_length(req.query));
    MEMLENS_TRY(check_query_length(req.raw_query));
    for (const auto& kind : req.scope.source_kinds)
        if (std::find(kSourceKinds.begin(), kSourceKinds.end(), kind) == kSourceKinds.end())
            return Status::invalid("source kind '" + kind +
                                   "' is not one of chat, email, document");
    const auto t0 = Clock::now();
    auto cancelled = [cancel] { return cancel != nullptr && cancel->load(); };

    SearchResponse resp;
    {
        auto settings = effective_settings(ctx.vault, req);
        if (!settings)
            return settings.status();
        resp.settings = std::move(settings).value();
    }
    const RetrievalSettings& s = resp.settings;
    resp.vault_revision = ctx.vault.revision();
    resp.now_ms = req.now_ms != 0 ? req.now_ms : now_ms();
    resp.limit = std::clamp(req.limit > 0 ? req.limit : s.limit, 1, kMaxSearchLimit);
    resp.mmr_lambda = std::clamp(s.mmr_lambda, 0.0, 1.0);
    const bool native = ctx.vault.format() == VaultFormat::Native;
    const auto cols = ChunkColumns::for_vault(native);
    const bool rrf = s.fusion == FusionKind::Rrf;
    const bool hide = s.superseded == SupersededHandling::Hide;

    double vw = lexical_embedder(ctx.embedder) ? s.lexical_vector_weight : s.vector_weight;
    double kw = s.keyword_weight;
    if (s.mode == SearchMode::Keyword) {
        vw = 0.0;
        kw = 1.0;
    } else if (s.mode == SearchMode::Semantic) {
        vw = 1.0;
        kw = 0.0;
    }
    resp.keyword.weight = kw;
    resp.vector.weight = vw;

    const std::string query = valid_utf8_copy(req.query);

    // The query vector feeds the vector leg and the profile fold's vector signal, nothing else
    // (MMR and graph context compare the stored vectors): when neither will use it, the
    // embedder is not asked, so keyword mode never waits on an embedding server.
    const bool vector_leg_wanted = s.mode != SearchMode::Keyword && !(rrf && !(vw > 0.0));
    const bool vector_signal_wanted = !rrf && s.profile.vector > 0.0;
    const bool qvec_wanted =
        (vector_leg_wanted || vector_signal_wanted) && ctx.index.size() > 0 && !is_blank(query);
    Vector qvec;
    std::string embed_error;
    std::optional<DegradedRanking> degraded;
    if (qvec_wanted) {
        auto e = ctx.embedder.embed_one(query);
        if (e && !e->empty())
            qvec = std::move(e).value();
        else
            embed_error = e ? "the embedder gave an empty vector" : e.status().message();
        if (!embed_error.empty())
            degraded = DegradedRanking{"embedding failed: " + embed_error};
    }
    if (s.mode == SearchMode::Semantic && !qvec.empty()) {
        const auto bytes = encode_vector(qvec);
        resp.query_hash = hash_hex(fnv1a64(bytes));
    } else {
        resp.query_hash = hash_hex(fnv1a64(req.raw_query.empty() ? req.query : req.raw_query));
    }

    bool any_leg_ran = false;
    auto deadline_passed = [&] {
        return req.budget.max_ms > 0.0 && ms_since(t0) > req.budget.max_ms;
    };

    // ---- keyword leg ----
    std::vector<LegItem> kw_items;
    if (s.mode == SearchMode::Semantic || (rrf && !(kw > 0.0))) {
        resp.keyword.skipped_reason = s.mode == SearchMode::Semantic ? "mode semantic" : "weight 0";
    } else if (auto match = keyword_match_expression(query, s.max_query_terms); !match) {
        resp.keyword.skipped_reason = "no keyword terms";
    } else {
        const auto t = Clock::now();
        resp.keyword.fts_query = *match;
        KeywordLegInput in;
        in.match = *match;
        in.scope = &req.scope;
        in.include_summaries = s.include_summaries;
        in.hide_superseded = hide;
        in.context_weight = s.fts_context_weight;
        in.near_weight = s.fts_near_weight;
        in.far_weight = s.fts_far_weight;
        in.k1 = s.bm25_k1;
        in.b = s.bm25_b;
        in.b_neighbours = s.bm25_b_neighbours;
        in.coverage_power = s.coverage_power;
        in.limit = s.leg_limit;
        in.cols = cols;
        in.helper = ctx.keyword_helper;
        in.split_rowid = ctx.keyword_split_rowid;
        resp.keyword.parts = keyword_leg_splits(in) ? 2 : 1;
        auto items = run_keyword_leg(ctx.stmts, in);
        if (!items)
            return items.status().with_context("keyword leg");
        kw_items = std::move(items).value();
        apply_keyword_factors(kw_items, {query, s.author_boost, req.about_since_ms,
                                         req.about_until_ms, s.day_boost, s.question_factor});
        resp.keyword.ran = true;
        resp.keyword.count = kw_items.size();
        resp.keyword.top_score = kw_items.empty() ? 0.0 : kw_items.front().raw;
        resp.keyword.ms = ms_since(t);
        any_leg_ran = true;
    }
    if (cancelled())
        return Status::cancelled();

    // ---- vector leg ----
    std::vector<LegItem> vec_items;
    if (s.mode == SearchMode::Keyword || (rrf && !(vw > 0.0))) {
        resp.vector.skipped_reason = s.mode == SearchMode::Keyword ? "mode keyword" : "weight 0";
    } else if (ctx.index.size() == 0) {
        resp.vector.skipped_reason = "no vectors for " + ctx.embedder.signature();
    } else if (qvec.empty()) {
        resp.vector.skipped_reason =
            embed_error.empty() ? "blank query" : "embedding failed: " + embed_error;
    } else if (ctx.index.dim() != qvec.size()) {
        resp.vector.skipped_reason = "index dimension " + std::to_string(ctx.index.dim()) +
                                     " differs from the query's " + std::to_string(qvec.size());
    } else if (any_leg_ran && deadline_passed()) {
        resp.vector.skipped_reason = "max_ms";
        resp.budget_reasons.push_back("max_ms");
    } else {
        const auto t = Clock::now();
        std::vector<std::size_t> positions;
        VectorLegInput in;
        in.query = qvec;
        in.limit = s.leg_limit;
        in.force_exact = req.exact;
        in.exact_scan_threshold = s.exact_scan_threshold;
        in.beam = {s.beam_width, s.beam_max_depth, s.beam_max_leaf_items};
        in.mask = ctx.masks.get(s.include_summaries, hide);
        if (!req.scope.empty()) {
            auto p =
                scoped_positions(ctx.stmts, ctx.index, req.scope, s.include_summaries, hide, cols);
            if (!p)
                return p.status().with_context("vector leg scope");
            positions = std::move(p).value();
            in.positions = &positions;
        }
        auto out = run_vector_leg(ctx.index, in);
        vec_items = std::move(out.items);
        resp.vector.ran = true;
        resp.vector.count = vec_items.size();
        resp.vector.top_score = vec_items.empty() ? 0.0 : vec_items.front().raw;
        resp.vector.exact = out.exact;
        resp.vector.exact_reason = std::move(out.exact_reason);
        resp.vector.reached_topics = std::move(out.reached_topics);
        resp.vector.scored = out.scored;
        resp.vector.ms = ms_since(t);
    }
    if (cancelled())
        return Status::cancelled();

    // ---- fusion ----
    std::vector<std::string> vec_ids, kw_ids;
    std::map<std::string, const LegItem*> vec_by_id, kw_by_id;
    for (const auto& it : vec_items) {
        vec_ids.push_back(it.id);
        vec_by_id.emplace(it.id, &it);
    }
    for (const auto& it : kw_items) {
        kw_ids.push_back(it.id);
        kw_by_id.emplace(it.id, &it);
    }
    auto fused = fuse_candidates(vec_ids, kw_ids, vw, kw, s.rrf_k, !rrf);
    std::vector<std::string> ids;
    ids.reserve(fused.size());
    for (const auto& f : fused)
        ids.push_back(f.id);

    auto stage_t = Clock::now();
    auto stage_done = [&](const char* name) {
        resp.stage_ms.emplace_back(name, ms_since(stage_t));
        stage_t = Clock::now();
    };
    auto rows = hydrate_nodes(ctx.stmts, ids, cols);
    if (!rows)
        return rows.status().with_context("reading candidates");
    stage_done("rows");
    auto entities = node_entities(ctx.stmts, ids);
    if (!entities)
        return entities.status().with_context("entity index");
    auto qents = resolve_query_entities(ctx.stmts, query, ctx.registry);
    if (!qents)
        return qents.status().with_context("query entities");
    resp.query_entities = *qents;
    stage_done("entities");
    auto graph = graph_relevance(ctx.stmts, *qents, *entities);
    if (!graph)
        return graph.status().with_context("graph signal");
    stage_done("graph");
    auto superseded_by = find_superseded_by(ctx.stmts, ctx.links, *rows);
    if (!superseded_by)
        return superseded_by.status().with_context("supersession");
    stage_done("supersession");
    if (cancelled())
        return Status::cancelled();

    // ---- scores ----
    const WeightProfile& profile = s.profile;
    std::vector<Candidate> pool;
    pool.reserve(fused.size());
    for (auto& f : fused) {
        auto rit = rows->find(f.id);
        if (rit == rows->end())
            continue; // in the index but no longer in the vault
        if (rit->second.is_summary && !s.include_summaries)
            continue;
        Candidate c;
        c.row = &rit->second;
        auto kit = kw_by_id.find(f.id);
        c.keyword = kit == kw_by_id.end() ? nullptr : kit->second;
        auto vit = vec_by_id.find(f.id);
        c.vector = vit == vec_by_id.end() ? nullptr : vit->second;
        const auto pos = ctx.index.position(f.id);
        if (pos)
            c.embedding = ctx.index.vector_at(*pos);
        const RetrievalHit& h = c.row->hit;

        Explanation& e = c.e;
        e.fusion = to_string(s.fusion);
        e.rrf_k = s.rrf_k;
        e.keyword.rank = f.keyword_rank;
        e.keyword.raw_score = c.keyword ? c.keyword->raw : 0.0;
        e.keyword.weight = kw;
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
        e.vector.weight = vw;
        e.vector.rrf_term = f.vector_term;
        e.rrf_score = f.rrf_score;
        const double age_days =
            std::max(0.0, static_cast<double>(resp.now_ms - h.time_range_end_ms) /
                              static_cast<double>(kMsPerDay));
        e.recency = {s.recency_boost, recency_factor(age_days), age_days};

        // cosine() is 0 for vectors of different dimensions (another model's index).
        const double cos = qvec.empty() || c.embedding.empty() ? 0.0 : cosine(qvec, c.embedding);
        auto git = graph->find(f.id);
        e.signal_values.graph = git == graph->end() ? 0.0 : git->second;
        e.signal_values.vector = std::clamp(cos, 0.0, 1.0);
        e.signal_values.keyword = keyword_relevance(query, h.content);
        e.signal_values.freshness =
            freshness(h.time_range_end_ms, resp.now_ms, s.freshness_half_life_days);
        const RetrievalScoreBreakdown b =
            hybrid_score(profile, e.signal_values.graph, e.signal_values.vector,
                         e.signal_values.keyword, e.signal_values.freshness);
        e.weights = {profile.graph, profile.vector, profile.keyword, profile.freshness};
        e.contributions = b.contributions;

        auto sit = superseded_by->find(f.id);
        if (sit != superseded_by->end())
            e.graph_context.superseded_by = sit->second;
        c.superseded = c.row->superseded_flag || !e.graph_context.superseded_by.empty();
        e.superseded_penalty = c.superseded && s.superseded == SupersededHandling::Demote
                                   ? s.superseded_demote_factor
                                   : 1.0;
        if (rrf) {
            e.entity_boost = s.entity_boost;
            e.entity_factor = 1.0 + e.entity_boost * e.signal_values.graph;
        }
        // The documented arithmetic (docs/explanations.md), in this order of operations.
        const double base =
            rrf ? e.rrf_score * (1.0 + e.recency.boost * e.recency.factor) * e.entity_factor
                : e.contributions.graph + e.contributions.vector + e.contributions.keyword +
                      e.contributions.freshness;
        e.final_score = base * e.superseded_penalty;
        // The beam's own path when the descent reached the hit; otherwise (exact scan, keyword
        // only) the topic that holds it, so every hit shows where it lives in the tree.
        if (c.vector && !c.vector->topic_path.empty())
            e.topic_path = c.vector->topic_path;
        else if (pos)
            e.topic_path = ctx.index.topic_path_of(*pos);
        c.fused = std::move(f);
        if (hide && c.superseded)
            continue;
        pool.push_back(std::move(c));
    }
    // Stable: equal scores keep the fused (first-seen) order, as seed 004 asks.
    std::stable_sort(pool.begin(), pool.end(), [](const Candidate& a, const Candidate& b) {
        return a.e.final_score > b.e.final_score;
    });
    for (std::size_t i = 0; i < pool.size(); ++i)
        pool[i].e.fused_rank = static_cast<int>(i) + 1;

    stage_done("scores");

    // ---- graph context: conflicts and support among the candidates ----
    {
        std::vector<ContextNode> nodes;
        nodes.reserve(pool.size());
        for (auto& c : pool) {
            std::set<std::string> ents(c.row->hit.entities.begin(), c.row->hit.entities.end());
            if (auto it = entities->find(c.row->hit.node_id); it != entities->end())
                ents.insert(it->second.begin(), it->second.end());
            c.row->hit.entities.assign(ents.begin(), ents.end());
            nodes.push_back({c.row->hit.node_id, c.row->hit.entities,
                             value_tokens(c.row->hit.content), c.embedding});
        }
        auto related = related_context(nodes, s.graph_min_shared_entities, s.graph_min_similarity);
        for (std::size_t i = 0; i < pool.size(); ++i) {
            pool[i].e.graph_context.conflicts = std::move(related[i].conflicts);
            pool[i].e.graph_context.supported_by = std::move(related[i].supported_by);
        }
    }
    if (cancelled())
        return Status::cancelled();

    stage_done("context");

    // ---- MMR over the fused list ----
    const double top = pool.empty() ? 0.0 : pool.front().e.final_score;
    std::vector<MmrCandidate> mmr_in;
    mmr_in.reserve(pool.size());
    for (std::size_t i = 0; i < pool.size(); ++i) {
        auto& e = pool[i].e;
        e.mmr.relevance = top > 0.0 ? e.final_score / top : 0.0;
        mmr_in.push_back({i, pool[i].embedding, e.mmr.relevance});
    }
    const auto picks = mmr_select(qvec, mmr_in, static_cast<std::size_t>(resp.limit),
                                  resp.mmr_lambda, s.mmr_redundancy_floor);
    std::vector<std::size_t> order;
    order.reserve(picks.size());
    for (std::size_t step = 0; step < picks.size(); ++step) {
        const auto& p = picks[step];
        auto& m = pool[p.index].e.mmr;
        m.step = static_cast<int>(step);
        m.max_similarity = p.max_similarity;
        m.mmr_score = p.score;
        if (p.penalized_by)
            m.penalized_by = pool[*p.penalized_by].row->hit.node_id;
        order.push_back(p.index);
    }

    stage_done("mmr");

    // ---- budgets ----
    if (req.budget.max_units > 0 && order.size() > static_cast<std::size_t>(req.budget.max_units)) {
        order.resize(static_cast<std::size_t>(req.budget.max_units));
        resp.budget_reasons.push_back("max_units");
    }
    if (req.budget.max_chars > 0) {
        std::int64_t used = 0;
        for (std::size_t i = 0; i < order.size(); ++i) {
            auto& c = pool[order[i]];
            const auto len = static_cast<std::int64_t>(utf8_length(c.row->hit.content));
            if (used + len <= req.budget.max_chars) {
                used += len;
                continue;
            }
            const std::int64_t room = req.budget.max_chars - used;
            std::size_t keep = i;
            if (room > 0) {
                c.row->hit.content =
                    utf8_prefix(c.row->hit.content, static_cast<std::size_t>(room));
                c.e.budget_cut = true;
                keep = i + 1;
            }
            order.resize(keep);
            resp.budget_reasons.push_back("max_chars");
            break;
        }
    }

    // ---- response ----
    std::vector<std::uint8_t> returned(pool.size(), 0);
    std::vector<RetrievalHit> hits;
    hits.reserve(order.size());
    for (std::size_t idx : order) {
        returned[idx] = 1;
        auto& c = pool[idx];
        RetrievalHit h = std::move(c.row->hit);
        h.score = c.e.final_score;
        h.explanation = std::move(c.e);
        hits.push_back(std::move(h));
    }
    const auto shown = static_cast<std::size_t>(2 * resp.limit);
    for (std::size_t i = 0; i < pool.size() && i < shown; ++i) {
        if (returned[i])
            continue;
        auto& c = pool[i];
        RetrievalHit h = c.row->hit;
        h.score = c.e.final_score;
        c.e.mmr.step = -1;
        h.explanation = c.e;
        resp.pushed_out.push_back(std::move(h));
    }
    resp.result = QueryResponse::make(std::move(hits), pool.size());
    resp.result.degraded = std::move(degraded);
    if (!resp.budget_reasons.empty())
        resp.result.truncated = true;
    resp.elapsed_ms = ms_since(t0);
    return resp;
}

} // namespace memlens::search
