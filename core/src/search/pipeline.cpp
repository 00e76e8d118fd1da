// The driver of the hybrid search and its stages that touch the vault: prepare (settings and
// the query's vector), the two legs and the candidate reads. The stages that only compute are
// in stages.cpp; pipeline.h gives the order.
#include "search/pipeline.h"

#include "search/fusion.h"
#include "search/graph_signal.h"
#include "search/keyword_factors.h"
#include "search/keyword_leg.h"
#include "search/rank_rules.h"
#include "search/term_table.h"

#include <memlens/audit.h>
#include <memlens/embedder.h>
#include <memlens/query_context.h>
#include <memlens/query_options.h>
#include <memlens/retrieval.h>
#include <memlens/text.h>
#include <memlens/thread_guard.h>
#include <memlens/time_util.h>
#include <memlens/vault.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <future>

namespace memlens::search {

namespace {

using Clock = PipelineState::Clock;

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

bool deadline_passed(const PipelineState& st) {
    const double max_ms = st.request->budget.max_ms;
    return max_ms > 0.0 && ms_since(st.started) > max_ms;
}

// The effective settings and the values fixed for the whole query; shared by a search and a
// rerun (which brings its own settings and leg weights).
void prepare_common(const SearchContext& ctx, const SearchRequest& req, RetrievalSettings s,
                    PipelineState& st) {
    st.request = &req;
    st.resp.settings = std::move(s);
    const RetrievalSettings& set = st.resp.settings;
    st.resp.vault_revision = ctx.vault.revision();
    st.resp.now_ms = effective_now(req);
    st.resp.limit = effective_limit(req, set);
    st.resp.mmr_lambda = effective_lambda(set);
    st.rrf = set.fusion == FusionKind::Rrf;
    st.hide_superseded = set.superseded == SupersededHandling::Hide;
    st.cols = ChunkColumns::for_vault(ctx.vault.format() == VaultFormat::Native);
    st.query = valid_utf8_copy(req.query);
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
        MEMLENS_TRY(check_query_option(QueryOptionId::MmrLambda, *req.mmr_lambda));
        s.mmr_lambda = *req.mmr_lambda;
    }
    if (req.recency_boost) {
        MEMLENS_TRY(check_query_option(QueryOptionId::Recency, *req.recency_boost));
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

Status prepare(const SearchContext& ctx, const SearchRequest& req, PipelineState& st) {
    auto settings = effective_settings(ctx.vault, req);
    if (!settings)
        return settings.status();
    prepare_common(ctx, req, std::move(settings).value(), st);
    const RetrievalSettings& s = st.resp.settings;

    st.plan = leg_plan(s, lexical_vectors(ctx.embedder.signature()));
    st.keyword_weight = st.resp.keyword.weight = st.plan.keyword_weight;
    st.vector_weight = st.resp.vector.weight = st.plan.vector_weight;

    // The query vector feeds the vector leg and the query similarity of each candidate (the
    // profile fold's vector signal), nothing else (MMR and graph context compare the stored
    // vectors): when neither will use it, the embedder is not asked, so keyword mode never
    // waits on an embedding server.
    if (needs_query_vector(s, st.plan) && ctx.index.size() > 0 && !blank_query(st.query)) {
        // A model that grows with the vault embeds with the words imports taught it since
        // (docs/embeddings.md); a failure to read them degrades the query like an embedding's.
        Status synced = ctx.embedder.sync(ctx.stmts.db());
        auto e = synced.is_ok() ? ctx.embedder.embed_one(st.query) : Result<Vector>(synced);
        if (e && !e->empty())
            st.query_vector = std::move(e).value();
        else
            st.embed_error = e ? "the embedder gave an empty vector" : e.status().message();
        if (!st.embed_error.empty())
            st.degraded = DegradedRanking{"embedding failed: " + st.embed_error};
    }
    if (s.mode == SearchMode::Semantic && !st.query_vector.empty())
        st.resp.query_hash = hash_hex(fnv1a64(encode_vector(st.query_vector)));
    else
        st.resp.query_hash = hash_hex(fnv1a64(req.raw_query.empty() ? req.query : req.raw_query));
    return Status::ok();
}

KeywordLegInput keyword_leg_input(const SearchContext& ctx, const PipelineState& st,
                                  std::string_view match) {
    const RetrievalSettings& s = st.resp.settings;
    KeywordLegInput in;
    in.match = match;
    in.scope = &st.request->scope;
    in.include_summaries = s.include_summaries;
    in.hide_superseded = st.hide_superseded;
    in.context_weight = s.fts_context_weight;
    in.near_weight = s.fts_near_weight;
    in.far_weight = s.fts_far_weight;
    in.k1 = s.bm25_k1;
    in.b = s.bm25_b;
    in.b_neighbours = s.bm25_b_neighbours;
    in.coverage_power = s.coverage_power;
    in.limit = s.leg_limit;
    in.cols = st.cols;
    in.helper = ctx.keyword_helper;
    in.split_rowid = ctx.keyword_split_rowid;
    return in;
}

// "Nothing matched" when no hit is left, the keyword leg brought nothing and the vector leg
// either found nothing or only noise (docs/ranking.md, "No match").
std::optional<NoMatch> no_match_of(const SearchResponse& r, const std::vector<std::string>& terms,
                                   bool scoped) {
    const LegReport& k = r.keyword;
    const LegReport& v = r.vector;
    if (r.result.hits.empty() && r.below_min_score > 0) {
        // Candidates there were; the threshold held back every one (search.min_score).
        NoMatch m;
        m.in_scope = scoped;
        m.min_score = r.settings.min_score;
        m.below_min_score = r.below_min_score;
        m.best_score = r.best_below_min_score;
        char best[32], threshold[32];
        std::snprintf(best, sizeof best, "%.5f", m.best_score);
        std::snprintf(threshold, sizeof threshold, "%.5f", m.min_score);
        const Phrase count = r.below_min_score == 1
                                 ? Phrase{ML_TR("NoMatch", "the only candidate"), {}}
                                 : Phrase{ML_TR("NoMatch", "all %1 candidates"),
                                          {std::to_string(r.below_min_score)}};
        m.reason_phrase = {ML_TR("NoMatch", "no match: %1 scored below the vault's no-match "
                                            "threshold %2 (the best: %3)"),
                           {count, std::string(threshold), std::string(best)}};
        m.reason = render_english(m.reason_phrase);
        return m;
    }
    if (!r.result.hits.empty() || (k.ran && k.count > 0) || (!k.ran && !v.ran))
        return std::nullopt;
    NoMatch m;
    m.in_scope = scoped;
    if (k.ran)
        m.unknown_terms = terms;
    m.best_similarity = v.below_noise > 0 ? v.best_below_noise : 0.0;
    m.noise_floor = v.noise_floor.value_or(0.0);
    std::string joined;
    for (const auto& t : m.unknown_terms)
        joined += (joined.empty() ? "" : ", ") + t;
    char buf[32];
    std::vector<Phrase> parts;
    if (k.ran) {
        if (m.unknown_terms.size() == 1)
            parts.push_back({scoped ? ML_TR("NoMatch", "the word %1 occurs nowhere in the searched "
                                                       "scope")
                                    : ML_TR("NoMatch", "the word %1 occurs nowhere in this vault"),
                             {joined}});
        else
            parts.push_back({scoped ? ML_TR("NoMatch", "none of the words %1 occurs in the "
                                                       "searched scope")
                                    : ML_TR("NoMatch", "none of the words %1 occurs in this vault"),
                             {joined}});
    }
    if (v.ran) {
        if (v.below_noise > 0) {
            std::snprintf(buf, sizeof buf, "%.3f", m.best_similarity);
            const std::string best = buf;
            std::snprintf(buf, sizeof buf, "%.3f", m.noise_floor);
            parts.push_back({ML_TR("NoMatch", "no memory is closer in meaning to the query than "
                                              "made-up words are (the closest: similarity %1; "
                                              "made-up words reach %2 here)"),
                             {best, std::string(buf)}});
        } else {
            parts.push_back({ML_TR("NoMatch", "no memory shares anything in meaning with it"), {}});
        }
    }
    Phrase reason = join_phrases(parts, ML_TR("NoMatch", "%1, and %2"));
    if (!v.ran && !v.skipped_reason.empty())
        reason = {ML_TR("NoMatch", "%1; the vector leg did not run (%2)"),
                  {reason, leg_skip_phrase(v.skipped_reason)}};
    m.reason_phrase = {ML_TR("NoMatch", "no match: %1"), {reason}};
    m.reason = render_english(m.reason_phrase);
    return m;
}

std::vector<std::string> searched_terms(const PipelineState& st) {
    const int max_terms = st.resp.settings.max_query_terms;
    std::vector<std::string> terms = keyword_tokens(st.query);
    if (max_terms > 0 && terms.size() > static_cast<std::size_t>(max_terms))
        terms.resize(static_cast<std::size_t>(max_terms));
    return terms;
}

Status keyword_leg(const SearchContext& ctx, PipelineState& st) {
    const RetrievalSettings& s = st.resp.settings;
    LegReport& rep = st.resp.keyword;
    if (st.plan.keyword_skipped != nullptr) {
        rep.skipped_reason = st.plan.keyword_skipped;
        return Status::ok();
    }
    auto match = keyword_match_expression(st.query, s.max_query_terms);
    if (!match) {
        rep.skipped_reason = "no searchable terms";
        return Status::ok();
    }
    const auto t = Clock::now();
    rep.fts_query = *match;
    const KeywordLegInput in = keyword_leg_input(ctx, st, *match);
    rep.parts = keyword_leg_splits(in) ? 2 : 1;
    auto items = run_keyword_leg(ctx.stmts, in, &st.keyword_stats);
    if (!items)
        return items.status().with_context("keyword leg");
    st.keyword_items = std::move(items).value();
    apply_keyword_factors(st.keyword_items,
                          {st.query, s.author_boost, st.request->about_since_ms,
                           st.request->about_until_ms, s.day_boost, s.question_factor});
    rep.ran = true;
    rep.count = st.keyword_items.size();
    rep.top_score = st.keyword_items.empty() ? 0.0 : st.keyword_items.front().raw;
    rep.ms = ms_since(t);
    return Status::ok();
}

// Sixteen made-up phrases of `words` words each, the same every time ("bufekoz", …): letters
// that make no word of any vault, so what they reach is what a query of that length reaches by
// chance under this embedder (a longer query spreads over more features and reaches less).
std::vector<std::string> made_up_noise_phrases(int words) {
    constexpr std::string_view kConsonants = "bdfgkmnprtvz";
    constexpr std::string_view kVowels = "aeiou";
    std::uint32_t x = 0x2545F491u;
    auto next = [&x](std::size_t n) {
        x = x * 1664525u + 1013904223u;
        return static_cast<std::size_t>((x >> 16) % n);
    };
    std::vector<std::string> phrases;
    for (int p = 0; p < 16; ++p) {
        std::string phrase;
        for (int w = 0; w < words; ++w) {
            if (w > 0)
                phrase += ' ';
            for (int syllable = 0; syllable < 3; ++syllable) {
                phrase += kConsonants[next(kConsonants.size())];
                phrase += kVowels[next(kVowels.size())];
            }
            phrase += kConsonants[next(kConsonants.size())];
        }
        phrases.push_back(std::move(phrase));
    }
    return phrases;
}

// The noise floor: the best similarity any of the made-up phrases as long as the query (in
// words, 1 to 6) reaches among the vectors a query searches (docs/ranking.md, "No match").
// Measured once per loaded index and length (the engine keeps it); nullopt when the embedder
// cannot embed them, and then nothing is dropped.
std::optional<double> noise_floor_of(const SearchContext& ctx, const VectorLegInput& like,
                                     std::string_view query) {
    const int words = std::clamp(static_cast<int>(split_words(query).size()), 1, 6);
    if (ctx.noise_floors != nullptr)
        if (auto it = ctx.noise_floors->find(words); it != ctx.noise_floors->end())
            return it->second;
    auto vectors = ctx.embedder.embed(made_up_noise_phrases(words));
    if (!vectors)
        return std::nullopt;
    double best = 0.0;
    for (const Vector& v : *vectors) {
        if (v.size() != ctx.index.dim())
            return std::nullopt;
        VectorLegInput in = like;
        in.query = v;
        in.limit = 1;
        in.positions = nullptr; // the whole index: a scope must not lower the floor
        auto out = run_vector_leg(ctx.index, in);
        if (!out.items.empty())
            best = std::max(best, out.items.front().raw);
    }
    if (ctx.noise_floors != nullptr)
        (*ctx.noise_floors)[words] = best;
    return best;
}

Status vector_leg(const SearchContext& ctx, PipelineState& st) {
    const RetrievalSettings& s = st.resp.settings;
    LegReport& rep = st.resp.vector;
    const std::size_t dim = st.query_vector.size();
    if (st.plan.vector_skipped != nullptr) {
        rep.skipped_reason = st.plan.vector_skipped;
    } else if (ctx.index.size() == 0) {
        rep.skipped_reason = "no vectors for " + ctx.embedder.signature();
    } else if (st.query_vector.empty()) {
        rep.skipped_reason =
            st.embed_error.empty() ? "blank query" : "embedding failed: " + st.embed_error;
    } else if (ctx.index.dim() != dim) {
        rep.skipped_reason = "index dimension " + std::to_string(ctx.index.dim()) +
                             " differs from the query's " + std::to_string(dim);
    } else if (st.resp.keyword.ran && deadline_passed(st)) {
        rep.skipped_reason = "max_ms";
        st.resp.budget_reasons.push_back("max_ms");
    } else {
        const auto t = Clock::now();
        std::vector<std::size_t> positions;
        VectorLegInput in;
        in.query = st.query_vector;
        in.limit = s.leg_limit;
        in.force_exact = st.request->exact;
        in.exact_scan_threshold = s.exact_scan_threshold;
        in.beam_min_recall = s.beam_min_recall;
        in.beam = {s.beam_width, s.beam_max_depth, s.beam_max_leaf_items};
        in.mask = ctx.masks.get(s.include_summaries, st.hide_superseded);
        if (!st.request->scope.empty()) {
            auto p = scoped_positions(ctx.stmts, ctx.index, st.request->scope, s.include_summaries,
                                      st.hide_superseded, st.cols);
            if (!p)
                return p.status().with_context("vector leg scope");
            positions = std::move(p).value();
            in.positions = &positions;
        }
        auto out = run_vector_leg(ctx.index, in);
        // A similarity of 0 or less shares nothing with the query: such a "match" is only the
        // index's order, and a query of unknown words would list it as if it were evidence.
        std::erase_if(out.items, [](const LegItem& it) { return !(it.raw > 0.0); });
        // When none of the query's words occurs in the searched text, the vector leg's list is
        // the whole answer: what is no closer to the query than made-up words are is noise, not
        // evidence. (A semantic search asked for meaning alone and is not judged so: under the
        // built-in embedder even a memory sharing the query's words can sit below the floor.)
        const bool keyword_found_nothing = st.resp.keyword.ran && st.resp.keyword.count == 0;
        if (keyword_found_nothing && !out.items.empty()) {
            if (auto floor = noise_floor_of(ctx, in, st.query)) {
                rep.noise_floor = *floor;
                for (const LegItem& it : out.items)
                    if (it.raw <= *floor)
                        rep.best_below_noise = std::max(rep.best_below_noise, it.raw);
                rep.below_noise =
                    std::erase_if(out.items, [&](const LegItem& it) { return it.raw <= *floor; });
            }
        }
        st.vector_items = std::move(out.items);
        rep.ran = true;
        rep.count = st.vector_items.size();
        rep.top_score = st.vector_items.empty() ? 0.0 : st.vector_items.front().raw;
        rep.exact = out.exact;
        rep.exact_reason = std::move(out.exact_reason);
        rep.beam_recall = out.beam_recall;
        rep.beam_min_recall = s.beam_min_recall;
        rep.reached_topics = std::move(out.reached_topics);
        rep.scored = out.scored;
        rep.ms = ms_since(t);
    }
    return Status::ok();
}

namespace {

std::vector<std::string> fused_ids(const PipelineState& st) {
    std::vector<std::string> ids;
    ids.reserve(st.fused.size());
    for (const auto& f : st.fused)
        ids.push_back(f.id);
    return ids;
}

// What the entity index says of the candidates and of the query (read together, on one
// connection).
struct EntityReads {
    std::map<std::string, std::vector<std::string>> by_node;
    std::vector<std::string> query_entities;
    std::vector<Phrase> query_phrases;
};

Status read_entities(StatementCache& stmts, const std::vector<std::string>& ids,
                     const SearchContext& ctx, std::string_view query, bool of_query,
                     EntityReads& out) {
    auto entities = node_entities(stmts, ids);
    if (!entities)
        return entities.status().with_context("entity index");
    out.by_node = std::move(entities).value();
    if (!of_query)
        return Status::ok();
    auto qents = resolve_query_entities(stmts, query, ctx.registry, &out.query_phrases);
    if (!qents)
        return qents.status().with_context("query entities");
    out.query_entities = std::move(qents).value();
    return Status::ok();
}

// Rows, entity-index entities, stored vectors and topic paths of the fused candidates (and, for
// a search, the query's entities): what both a search and a rerun read by id. With the second
// connection a vault in a file keeps (SearchContext::read_helper) the entity reads run on it
// while this thread reads the rows and the index: at 100,000 chunks each half is 1.5 to 3 ms of
// a 200-candidate hybrid search, at 10,000 about 1 ms (docs/performance.md).
Status read_rows(const SearchContext& ctx, PipelineState& st, bool of_query) {
    const auto ids = fused_ids(st);
    EntityReads ents;
    std::future<Status> side;
    if (ctx.read_helper != nullptr)
        side = std::async(std::launch::async, [&] {
            return read_entities(*ctx.read_helper, ids, ctx, st.query, of_query, ents);
        });
    else
        MEMLENS_TRY(read_entities(ctx.stmts, ids, ctx, st.query, of_query, ents));
    auto rows = hydrate_nodes(ctx.stmts, ids, st.cols);
    for (const auto& id : ids) {
        const auto pos = ctx.index.position(id);
        if (!pos)
            continue;
        st.embeddings[id] = ctx.index.vector_at(*pos);
        st.topic_paths[id] = ctx.index.topic_path_of(*pos);
    }
    const Status side_status = side.valid() ? side.get() : Status::ok();
    if (!rows)
        return rows.status().with_context("reading candidates");
    MEMLENS_TRY(side_status);
    st.rows = std::move(rows).value();
    for (auto& [id, e] : ents.by_node)
        st.facts[id].entities = std::move(e);
    if (of_query) {
        st.resp.query_entities = std::move(ents.query_entities);
        st.resp.query_entity_phrases = std::move(ents.query_phrases);
    }
    return Status::ok();
}

} // namespace

Status read_candidates(const SearchContext& ctx, PipelineState& st) {
    MEMLENS_TRY(read_rows(ctx, st, true));
    for (const Phrase& note : st.resp.query_entity_phrases)
        st.resp.query_entity_notes.push_back(render_english(note));
    std::map<std::string, std::vector<std::string>> entities_by_node;
    for (const auto& [id, f] : st.facts)
        entities_by_node.emplace(id, f.entities);
    auto graph = graph_relevance(ctx.stmts, st.resp.query_entities, entities_by_node);
    if (!graph)
        return graph.status().with_context("graph signal");
    auto superseded_by = find_superseded_by(ctx.stmts, ctx.links, st.rows);
    if (!superseded_by)
        return superseded_by.status().with_context("supersession");
    for (const auto& f : st.fused) {
        NodeFacts& facts = st.facts[f.id];
        if (auto g = graph->find(f.id); g != graph->end())
            facts.graph = g->second;
        if (auto sb = superseded_by->find(f.id); sb != superseded_by->end())
            facts.superseded_by = sb->second;
        // cosine() is 0 for vectors of different dimensions (another model's index).
        auto v = st.embeddings.find(f.id);
        if (!st.query_vector.empty() && v != st.embeddings.end() && !v->second.empty())
            facts.query_similarity = cosine(st.query_vector, v->second);
    }
    return Status::ok();
}

TermTableParams term_table_params(const PipelineState& st, std::string match) {
    const RetrievalSettings& s = st.resp.settings;
    TermTableParams p;
    p.match = std::move(match);
    p.terms = searched_terms(st);
    p.k1 = s.bm25_k1;
    p.chunk_weight = {1.0, s.fts_context_weight, s.fts_near_weight, s.fts_far_weight};
    p.chunk_b = {s.bm25_b, s.bm25_b, s.bm25_b_neighbours, s.bm25_b_neighbours};
    p.summary_b = s.bm25_b;
    p.cols = st.cols;
    return p;
}

Status explain_terms(const SearchContext& ctx, PipelineState& st) {
    const RetrievalSettings& s = st.resp.settings;
    std::vector<TermTarget> targets;
    for (std::size_t idx : st.order) {
        Candidate& c = st.pool[idx];
        if (c.keyword != nullptr && c.e.keyword.rank)
            targets.push_back({c.row->hit.node_id, c.keyword->is_summary, c.keyword->fts_rowid,
                               &c.keyword->fts_counts, &c.e.keyword});
    }
    if (targets.empty())
        return Status::ok();
    auto match = keyword_match_expression(st.query, s.max_query_terms);
    if (!match)
        return Status::ok();
    const TermTableParams p = term_table_params(st, *match);
    return fill_term_tables(ctx.stmts, p, st.keyword_stats.chunks, st.keyword_stats.summaries,
                            targets)
        .with_context("term tables");
}

CandidatePools candidate_pools(const PipelineState& st, const std::string& vector_index) {
    CandidatePools p;
    p.query_entities = st.resp.query_entities;
    p.keyword_weight = st.keyword_weight;
    p.vector_weight = st.vector_weight;
    p.vector_index = vector_index;
    auto pool_of = [&](const std::vector<LegItem>& items) {
        std::vector<LegCandidate> out;
        out.reserve(items.size());
        int rank = 0;
        for (const auto& it : items) {
            LegCandidate c;
            c.node_id = it.id;
            c.rank = ++rank;
            c.raw = it.raw;
            c.is_summary = it.is_summary;
            c.fts_score = it.fts_score;
            c.coverage = it.coverage;
            c.author_factor = it.author_factor;
            c.time_factor = it.time_factor;
            c.question_factor = it.question_factor;
            c.has_vector = st.embeddings.count(it.id) > 0;
            if (auto f = st.facts.find(it.id); f != st.facts.end()) {
                c.query_similarity = f->second.query_similarity;
                c.graph = f->second.graph;
                c.superseded_by = f->second.superseded_by;
            }
            out.push_back(std::move(c));
        }
        return out;
    };
    p.keyword = pool_of(st.keyword_items);
    p.vector = pool_of(st.vector_items);
    return p;
}

namespace {

// Runs the stages in order, timing each into resp.stage_ms and checking `cancel` between them.
class Driver {
public:
    Driver(PipelineState& st, const std::atomic_bool* cancel)
        : st_(st)
        , cancel_(cancel) {}

    template <typename F> Status stage(const char* name, F&& f) {
        if (cancel_ != nullptr && cancel_->load())
            return Status::cancelled();
        const auto t = Clock::now();
        if constexpr (std::is_void_v<decltype(f())>) {
            f();
        } else {
            MEMLENS_TRY(f());
        }
        st_.resp.stage_ms.emplace_back(name, ms_since(t));
        return Status::ok();
    }

private:
    PipelineState& st_;
    const std::atomic_bool* cancel_;
};

} // namespace

Status run_stages(SearchContext& ctx, const SearchRequest& req, const std::atomic_bool* cancel,
                  PipelineState& st) {
    MEMLENS_TRY(validate_search_request(req));
    st.started = Clock::now();
    Driver d(st, cancel);
    MEMLENS_TRY(d.stage("prepare", [&] { return prepare(ctx, req, st); }));
    MEMLENS_TRY(d.stage("keyword", [&] { return keyword_leg(ctx, st); }));
    MEMLENS_TRY(d.stage("vector", [&] { return vector_leg(ctx, st); }));
    MEMLENS_TRY(d.stage("fusion", [&] { fuse(st); }));
    MEMLENS_TRY(d.stage("reads", [&] { return read_candidates(ctx, st); }));
    MEMLENS_TRY(d.stage("scores", [&] { score(st); }));
    MEMLENS_TRY(d.stage("context", [&] { graph_context(st); }));
    MEMLENS_TRY(d.stage("mmr", [&] { mmr(st); }));
    MEMLENS_TRY(d.stage("budgets", [&] { budgets(st); }));
    MEMLENS_TRY(d.stage("terms", [&] { return explain_terms(ctx, st); }));
    return Status::ok();
}

Result<SearchResponse> run_search(SearchContext& ctx, const SearchRequest& req,
                                  const std::atomic_bool* cancel) {
    check_off_ui_thread("run_search");
    PipelineState st;
    MEMLENS_TRY(run_stages(ctx, req, cancel, st));
    st.resp.candidates = candidate_pools(st, ctx.embedder.ranking_signature());
    const std::vector<std::string> terms = searched_terms(st);
    const bool scoped = !req.scope.empty();
    SearchResponse resp = assemble(st);
    resp.no_match = no_match_of(resp, terms, scoped);
    resp.elapsed_ms = ms_since(st.started);
    return resp;
}

namespace {

LegItem leg_item(const LegCandidate& c) {
    LegItem it;
    it.id = c.node_id;
    it.is_summary = c.is_summary;
    it.raw = c.raw;
    it.fts_score = c.fts_score;
    it.coverage = c.coverage;
    it.author_factor = c.author_factor;
    it.time_factor = c.time_factor;
    it.question_factor = c.question_factor;
    return it;
}

// The rerun's candidate reads: rows and vectors by id, and each node's signals as the pools
// recorded them, not as today's graph or links would give them.
Status read_stored_candidates(const SearchContext& ctx, const CandidatePools& pools,
                              PipelineState& st) {
    MEMLENS_TRY(read_rows(ctx, st, false));
    for (const auto* pool : {&pools.keyword, &pools.vector}) {
        for (const auto& c : *pool) {
            NodeFacts& f = st.facts[c.node_id];
            f.query_similarity = c.query_similarity;
            f.graph = c.graph;
            f.superseded_by = c.superseded_by;
            if (!c.has_vector)
                st.embeddings.erase(c.node_id);
        }
    }
    return Status::ok();
}

} // namespace

Result<SearchResponse> rerun_stages(SearchContext& ctx, const SearchRequest& req,
                                    const RetrievalSettings& settings, const CandidatePools& pools,
                                    const std::atomic_bool* cancel) {
    check_off_ui_thread("rerun");
    PipelineState st;
    st.started = Clock::now();
    Driver d(st, cancel);
    MEMLENS_TRY(d.stage("prepare", [&] {
        prepare_common(ctx, req, settings, st);
        st.keyword_weight = st.resp.keyword.weight = pools.keyword_weight;
        st.vector_weight = st.resp.vector.weight = pools.vector_weight;
        st.resp.query_entities = pools.query_entities;
        for (const auto& c : pools.keyword)
            st.keyword_items.push_back(leg_item(c));
        for (const auto& c : pools.vector)
            st.vector_items.push_back(leg_item(c));
        st.resp.keyword.ran = !pools.keyword.empty();
        st.resp.keyword.count = pools.keyword.size();
        st.resp.vector.ran = !pools.vector.empty();
        st.resp.vector.count = pools.vector.size();
    }));
    MEMLENS_TRY(d.stage("fusion", [&] { fuse(st); }));
    MEMLENS_TRY(d.stage("reads", [&] { return read_stored_candidates(ctx, pools, st); }));
    MEMLENS_TRY(d.stage("scores", [&] { score(st); }));
    MEMLENS_TRY(d.stage("context", [&] { graph_context(st); }));
    MEMLENS_TRY(d.stage("mmr", [&] { mmr(st); }));
    MEMLENS_TRY(d.stage("budgets", [&] { budgets(st); }));
    MEMLENS_TRY(d.stage("terms", [&] { return explain_terms(ctx, st); }));
    st.resp.candidates = pools;
    SearchResponse resp = assemble(st);
    resp.elapsed_ms = ms_since(st.started);
    return resp;
}

} // namespace memlens::search
