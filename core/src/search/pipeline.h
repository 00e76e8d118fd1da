// The hybrid search as a chain of named stages over one PipelineState (docs/architecture.md
// draws it): prepare → keyword leg → vector leg → fusion → candidate reads → scores → graph
// context → MMR → budgets → terms → assembly. The legs and the candidate reads are the only
// stages that touch the vault (and, in a rerun, the term tables: term_table.h); every other stage
// is a function of the state alone, so a stored state (the candidate pools of an audit row,
// CandidatePools in search.h) can be ranked again without retrieval (rerun_stages). Every number a
// stage produces is written into the hit's Explanation as it is computed, never re-derived
// (docs/explanations.md).
#pragma once

#include "search/hydrate.h"
#include "search/keyword_leg.h"
#include "search/leg_item.h"
#include "search/rank_rules.h"
#include "search/statement_cache.h"
#include "search/supersession.h"
#include "search/term_table.h"
#include "search/vector_leg.h"
#include "search/verdict.h"

#include <memlens/search.h>

#include <atomic>
#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace memlens {
class EntityRegistry;
}

namespace memlens::search {

struct SearchContext {
    const Vault& vault;
    Embedder& embedder;
    const TopicIndex& index;
    StatementCache& stmts;
    const IndexMasks& masks;
    const SupersedesLinks& links;
    const EntityRegistry* registry = nullptr;
    // A second connection for the keyword leg's upper half of the rowid range, and where the
    // halves meet (KeywordLegInput); null / 0 ranks in one statement.
    StatementCache* keyword_helper = nullptr;
    std::int64_t keyword_split_rowid = 0;
    // The engine's cache of this index's noise floors by query length in words (pipeline.cpp,
    // noise_floor_of); null: none.
    std::map<int, double>* noise_floors = nullptr;
    // A second connection on which the candidate reads take the entity index while this thread
    // reads the candidates' rows (read_candidates); null: both on `stmts`, one after the other.
    StatementCache* read_helper = nullptr;
};

// One fused candidate on its way through scores, graph context and MMR.
struct Candidate {
    FusedEntry fused;
    NodeRow* row = nullptr;
    const LegItem* keyword = nullptr;
    const LegItem* vector = nullptr;
    Vector embedding; // empty when the node has none
    Explanation e;
    bool superseded = false;
};

// What a node brings to scoring besides its row: read from the vault by the candidate reads
// stage, or taken from stored pools by a rerun.
struct NodeFacts {
    double query_similarity = 0.0; // cosine(query vector, stored vector), 0 without either
    double graph = 0.0;
    std::vector<std::string> superseded_by;
    std::vector<std::string> entities; // from the entity index
};

struct PipelineState {
    using Clock = std::chrono::steady_clock;

    const SearchRequest* request = nullptr;
    Clock::time_point started;

    // prepare: the effective settings and the values every later stage reads.
    SearchResponse resp; // settings, limit, λ, now, legs' reports, stage times, budget reasons
    bool rrf = true;
    bool hide_superseded = false;
    LegPlan plan; // which legs run, at what weight (a rerun takes the weights from the pools)
    ChunkColumns cols;
    double keyword_weight = 0.0;
    double vector_weight = 0.0;
    std::string query; // the searched text as valid UTF-8
    Vector query_vector;
    std::string embed_error;
    std::optional<DegradedRanking> degraded;

    // legs
    std::vector<LegItem> keyword_items;
    KeywordLegStats keyword_stats; // the whole tables' BM25F statistics, for the term tables
    std::vector<LegItem> vector_items;
    // fusion
    std::vector<FusedEntry> fused;
    // candidate reads
    std::map<std::string, NodeRow> rows;
    std::map<std::string, NodeFacts> facts;
    std::map<std::string, Vector> embeddings; // node id → its stored vector, when it has one
    std::map<std::string, std::vector<std::string>> topic_paths; // where each lives in the tree
    // scores (then graph context and MMR fill in each candidate's explanation)
    std::vector<Candidate> pool;
    // MMR, then budgets: positions in `pool`, in the order returned
    std::vector<std::size_t> order;
};

// Only ASCII white space (or nothing): no leg has a word to look for.
bool blank_query(std::string_view text);

// Whether the text has a word to search for: not only punctuation, symbols, stopwords (which
// include the FTS5 operators AND, OR, NOT) and one-letter ASCII words. Without one a search is
// refused (validate_search_request): the keyword leg has no term and the vector leg would only
// list the index's order.
bool has_searchable_terms(std::string_view text);

// The vault's settings (or request.settings) with the request's overrides applied.
Result<RetrievalSettings> effective_settings(const Vault& vault, const SearchRequest& request);

// ---- Stages. Each reads and writes the state; only those taking a SearchContext touch the
// vault, the index or the embedder.
Status prepare(const SearchContext& ctx, const SearchRequest& request, PipelineState& st);
Status keyword_leg(const SearchContext& ctx, PipelineState& st);
Status vector_leg(const SearchContext& ctx, PipelineState& st);
void fuse(PipelineState& st);
// Rows, entities, the graph signal, supersession, vectors and query similarity, by id.
Status read_candidates(const SearchContext& ctx, PipelineState& st);
void score(PipelineState& st);
void graph_context(PipelineState& st);
void mmr(PipelineState& st);
void budgets(PipelineState& st);
// The keyword leg's term table of each hit to be returned that the leg ranked (term_table.h):
// from what the leg recorded; a rerun reads the rows from FTS5.
Status explain_terms(const SearchContext& ctx, PipelineState& st);
SearchResponse assemble(PipelineState& st);

// The keyword leg's input for this query's settings and scope (what keyword_leg runs; why_not.cpp
// places a node among the leg's matches with the same input).
KeywordLegInput keyword_leg_input(const SearchContext& ctx, const PipelineState& st,
                                  std::string_view match);
// The keyword tokens the leg's MATCH expression searches for, in its phrases' order.
std::vector<std::string> searched_terms(const PipelineState& st);

// The term tables' parameters for this query's settings and the leg's MATCH expression.
TermTableParams term_table_params(const PipelineState& st, std::string match);

// The verdict's input for pool[idx] at `position` (1-based; 0 = not returned): assemble writes
// each shown candidate's verdict from it, why_not.cpp the one of the node it is asked about.
VerdictInput verdict_input(const PipelineState& st, std::size_t idx, int position);

// The pools the legs returned, as an audit row keeps them.
CandidatePools candidate_pools(const PipelineState& st, const std::string& vector_index);

// Every stage from prepare to terms, in order, each timed into st.resp.stage_ms, leaving the
// state as the stages left it (assemble moves out of it). run_search and why_not run it.
Status run_stages(SearchContext& ctx, const SearchRequest& request, const std::atomic_bool* cancel,
                  PipelineState& st);

// Why the request did not return `node_id` (why_not.cpp): run_stages once, then the first stage
// that dropped the node. Logs nothing.
Result<WhyNotAnswer> why_not_stages(SearchContext& ctx, const SearchRequest& request,
                                    std::string_view node_id, const std::atomic_bool* cancel);

// The driver: every stage in order, each timed into resp.stage_ms.
Result<SearchResponse> run_search(SearchContext& ctx, const SearchRequest& request,
                                  const std::atomic_bool* cancel);

// The stages after retrieval on stored pools: fusion → scores → graph context → MMR →
// budgets, with the candidates' rows and vectors read by id.
Result<SearchResponse> rerun_stages(SearchContext& ctx, const SearchRequest& request,
                                    const RetrievalSettings& settings, const CandidatePools& pools,
                                    const std::atomic_bool* cancel);

} // namespace memlens::search
