// Hybrid search (docs/architecture.md draws its stages): a keyword leg over the
// FTS5 indexes and a vector leg over the topic tree, fused by weighted RRF or the profile fold,
// with graph context, supersession, MMR and budgets; every hit carries a complete Explanation
// from which its final score and its position can be recomputed (docs/explanations.md).
//
// Ownership: a SearchEngine borrows the Vault (which must outlive it) and owns the loaded
// TopicIndex, the embedder (unless one is lent), the prepared statements and the audit writer.
// Thread-safety: one SearchEngine is used by one thread at a time, the thread that may use the
// vault's connection; the audit rows are written by the engine's own background thread on its
// own connection. Errors come back as Status; a query never throws and never prints.
#pragma once

#include <memlens/embedder.h>
#include <memlens/query_context.h>
#include <memlens/retrieval.h>
#include <memlens/settings.h>
#include <memlens/status.h>
#include <memlens/topic_tree.h>
#include <memlens/types.h>

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace memlens {

class Vault;
class AuditWriter;

// Scoping, applied inside both legs: in the keyword leg's SQL and as the vector
// leg's `allowed` mask. Empty lists do not filter.
struct SearchScope {
    std::vector<std::string> namespaces;
    // Topic names ("deploy" or "topic:deploy"): a chunk's tags, a summary's topics, or an
    // entity-index link to topic:<name> / hashtag:<name>.
    std::vector<std::string> topics;
    std::vector<std::string> content_types;
    std::vector<std::string> source_kinds; // chat | email | document
    // Tags a memory was stored with (memory_store's `tags`, a JSONL line's "tags"): chunks
    // carrying at least one of them, compared ignoring ASCII case. Summaries mix many chunks, so
    // a scope naming tags admits chunks only (memories.h).
    std::vector<std::string> tags;
    std::optional<std::int64_t> since_ms; // keeps nodes whose time range overlaps the window
    std::optional<std::int64_t> until_ms;

    bool empty() const {
        return namespaces.empty() && topics.empty() && content_types.empty() &&
               source_kinds.empty() && tags.empty() && !since_ms && !until_ms;
    }
};

// Budgets. 0 = no budget.
struct SearchBudget {
    int max_units = 0;          // at most this many hits
    std::int64_t max_chars = 0; // total content code points; the hit that crosses it is cut
    double max_ms = 0.0;        // legs not yet started when it passes are skipped
};

// The most hits one search returns (SearchOverrides::limit, SearchBudget::max_units).
inline constexpr int kMaxSearchLimit = 100;

// The per-query choices every way of asking shares: overrides of the vault's settings for
// this query only (nullopt = the setting), scope, budgets, "now" and whether to log it.
struct SearchOverrides {
    std::optional<SearchMode> mode;
    std::optional<FusionKind> fusion;
    std::optional<std::string> profile;
    std::optional<double> mmr_lambda;
    std::optional<double> recency_boost;
    std::optional<bool> include_summaries;
    int limit = 0;      // 0 = the "search.limit" setting; 1..kMaxSearchLimit
    bool exact = false; // exact scan instead of the beam descent
    SearchScope scope;
    SearchBudget budget;
    std::int64_t now_ms = 0; // "now" for recency, freshness and relative dates; 0 = wall clock
    // When set, these settings are used as they are and the vault's are not read (replay).
    std::optional<RetrievalSettings> settings;
    bool audit = true; // write a retrieval_log row
};

// One hybrid search as the pipeline runs it: the analysed text and the moment it is about.
// Front-ends do not build one: they call SearchEngine::query, which analyses the text once and
// fills it. Replays rebuild one from an audit row (request_from_audit in audit.h).
struct SearchRequest : SearchOverrides {
    std::string query; // what the legs search
    // What the user typed, when `query` is an analysed form of it (apply_query_context of
    // query_context.h); the audit row logs and hashes this one. Empty = `query`.
    std::string raw_query;
    // The moment the query is about (QueryContext::window, set by apply_query_context),
    // inclusive epoch ms. Not a filter (that is `scope`): when it is at most a day long, the
    // keyword leg scales the bm25 of chunks inside it by 1 + search.day_boost.
    std::optional<std::int64_t> about_since_ms;
    std::optional<std::int64_t> about_until_ms;
};

// Who asked, on a row an agent's call wrote through the MCP server (app/mcp, docs/agents.md);
// kept in its audit row (audit.h).
// Every field is empty on a row of the GUI or the CLI.
struct AuditCaller {
    std::string client;    // the client's name and version as it gave them: "claude-code 2.1.0"
    std::string session;   // the connection: "stdio pid 4242", "http session 3f2a9c01"
    std::string tool;      // the MCP tool called: "memory_search", "query_source", "memory_store"
    std::string arguments; // the call's arguments as received, compact JSON object text

    bool empty() const { return client.empty() && session.empty() && tool.empty(); }
    bool operator==(const AuditCaller&) const = default;
};

// What a front-end passes to SearchEngine::query besides the text.
struct QueryOptions : SearchOverrides {
    // Names the analysis treats as persons (speakers, authors) besides the registry's.
    std::vector<std::string> known_persons;
    // A caller's own analysis (explicit_query_context of query_context.h): used as it is, the
    // text is not analysed again.
    std::optional<QueryContext> context;
    // Who asked, written into the audit row (an agent's call through the MCP server).
    AuditCaller caller;
};

// Ok, or InvalidArgument naming what is wrong: a time window whose until is before its since,
// a limit or budget outside its range (negative, above kMaxSearchLimit, max_chars above
// 1,000,000,000, max_ms not finite or above a day), a source kind outside kSourceKinds, a
// blank query (every search mode needs words to look for), a query with no searchable terms
// (only punctuation, search operators, stopwords or one-letter words), a query longer than
// kMaxQueryBytes. The profile is checked against the vault's own when the settings are read.
Status validate_search_request(const SearchRequest& request);

struct LegReport {
    bool ran = false;
    std::string skipped_reason; // why it did not run: "weight 0", "no searchable terms", ...
    std::size_t count = 0;      // candidates it returned
    double top_score = 0.0;     // its best raw score (bm25 or cosine)
    double weight = 0.0;        // its RRF weight in this query
    double ms = 0.0;
    std::string fts_query; // keyword leg: the MATCH expression it ran
    int parts = 0; // keyword leg: statements that ranked its matches at once (2: the rowid range
                   // split over two connections, SearchEngineOptions)
    bool exact = false; // vector leg: exact scan instead of beam descent
    std::string
        exact_reason; // "small vault", "requested", "scoped", "beam recall below the minimum"
    // Vector leg: the beam's recall of the exact top 10 its index file measured at this query's
    // beam width, which chose between the beam and the exact scan (at least beam_min_recall:
    // the beam); nullopt for an unmeasured index, chosen by size (RetrievalSettings).
    std::optional<double> beam_recall;
    double beam_min_recall = 0.0;
    std::vector<std::string> reached_topics; // vector leg: the beam's final frontier
    std::size_t scored = 0;                  // vector leg: vectors scored
    // Vector leg: the topic index file turned out damaged while this query read it, so the
    // query ran again on vectors read from vault.db; says what and where. Empty normally.
    std::string index_problem;
    // Vector leg, when the keyword leg ran and matched nothing: the best similarity made-up
    // phrases as long as the query reach in this vault (the noise floor; docs/ranking.md,
    // "No match"), and how many of the leg's candidates were no closer than that and dropped.
    std::optional<double> noise_floor;
    std::size_t below_noise = 0;
    double best_below_noise = 0.0; // the closest of those
};

// A search that found nothing worth returning says so instead of listing the nearest noise:
// no keyword match, and nothing closer in meaning than made-up words are.
struct NoMatch {
    // The query's keyword terms, none of which occurs in the searched text (empty when the
    // keyword leg did not run).
    std::vector<std::string> unknown_terms;
    bool in_scope = false;        // the search had a scope: "in the searched scope"
    double best_similarity = 0.0; // the closest memory's, dropped as noise (0: none at all)
    double noise_floor = 0.0;
    // The vault's no-match threshold held back every candidate: it (settings.min_score), how
    // many it held back and the best score among them. 0 when the threshold was not the cause.
    double min_score = 0.0;
    std::size_t below_min_score = 0;
    double best_score = 0.0;
    std::string reason;   // in words, the numbers in it
    Phrase reason_phrase; // the same, to render in the reader's language
};

// A leg's skipped_reason (LegReport: "weight 0", "no vectors for …", "max_ms") and its
// exact_reason ("small vault", "requested", "scoped", "beam recall below the minimum") as
// phrases to show; a reason these do not
// know is shown as written.
Phrase leg_skip_phrase(std::string_view reason);
Phrase exact_scan_phrase(std::string_view reason);
// The embedder that ranked (CandidatePools::vector_index, Embedder::ranking_signature) in words:
// "hashed word features, 256 dimensions", "the vault's word model, 64 dimensions, 17 words
// learned since its training", "model nomic-embed-text over HTTP". An empty signature (the
// vector leg did not run, or a row logged before it was kept) is an empty phrase; one these do
// not know is shown as written.
Phrase embedder_phrase(std::string_view ranking_signature);
// AuditState::disabled_reason ("audit disabled: read-only", "not logged: …") as a phrase.
Phrase audit_state_phrase(std::string_view reason);

struct AuditState {
    bool enabled = false;
    std::string disabled_reason; // e.g. "audit disabled: read-only"
};

// One candidate as its leg returned it, with what the stages after retrieval need of it that
// the vault's rows do not hold. A query's pools are kept in its audit row so that fusion,
// scores, graph context, MMR and budgets can be re-run later without retrieval
// (SearchEngine::rerun; rerun_audit in audit.h).
struct LegCandidate {
    std::string node_id;
    int rank = 0;     // 1-based, in its leg
    double raw = 0.0; // what the leg ranked by: bm25 x factors (keyword), cosine (vector)
    bool is_summary = false;
    // Keyword leg: memlens_bm25f before the factors, its coverage, and the three factors.
    double fts_score = 0.0;
    double coverage = 1.0;
    double author_factor = 1.0;
    double time_factor = 1.0;
    double question_factor = 1.0;
    // Of the node, the same in both legs:
    bool has_vector = false;       // the topic index holds a vector under node_id
    double query_similarity = 0.0; // cosine of the query's vector and that vector (0 = none)
    double graph = 0.0;            // the graph signal
    std::vector<std::string> superseded_by;
};

struct CandidatePools {
    std::vector<LegCandidate> keyword; // in the leg's order
    std::vector<LegCandidate> vector;
    std::vector<std::string> query_entities;
    double keyword_weight = 0.0; // the legs' weights in this query
    double vector_weight = 0.0;
    // The embedder that ranked (Embedder::ranking_signature): the signature of the topic index
    // the vectors are in, then "+N" for the words a growing model learned since its training.
    std::string vector_index;
};

struct SearchResponse {
    QueryResponse result; // hits in MMR step order; total = fused candidates before the limit
    // Fused candidates within the top 2 × limit that MMR (or a budget) left out, and every MMR
    // pick a budget left out, in fused order, with their explanations (mmr.step = -1 for MMR's
    // leftovers): what diversification and budgets pushed out.
    std::vector<RetrievalHit> pushed_out;
    // Older versions the supersession penalty kept out of the hits, in fused order: what a reader
    // who expected them must be told (the hits' verdicts name them too).
    std::vector<SupersededOut> superseded_out;
    // The same candidates in full (content, explanation, verdict), in the same order: what the
    // inspector shows greyed on request. The JSON carries superseded_out only.
    std::vector<RetrievalHit> superseded_hits;
    // Set when the answer is "nothing matched" (no hits for that reason).
    std::optional<NoMatch> no_match;
    LegReport keyword;
    LegReport vector;
    RetrievalSettings settings; // the settings the query ran with
    int limit = 0;
    double mmr_lambda = 0.7;
    std::vector<std::string> query_entities; // entities of the graph signal
    // How a query entity was resolved, where that is worth saying: "\"Jon\" is a registry
    // alias of person:john (John)", "\"caroline\" names a person, not topic:caroline".
    std::vector<std::string> query_entity_notes;
    std::vector<Phrase> query_entity_phrases; // the same notes, to render in the reader's language
    std::vector<std::string> budget_reasons;  // "max_units", "max_chars", "max_ms"
    // Candidates the no-match threshold (settings.min_score) held back, and the best score
    // among them (0 when none).
    std::size_t below_min_score = 0;
    double best_below_min_score = 0.0;
    std::string query_hash; // FNV-1a 64, hex (of the query vector in semantic mode)
    std::int64_t now_ms = 0;
    std::int64_t vault_revision = 0;
    double elapsed_ms = 0.0;
    // Wall time of each stage after the legs, in order: "rows", "entities", "graph",
    // "supersession", "scores", "context", "mmr" (the bench and the GUI show where time goes).
    std::vector<std::pair<std::string, double>> stage_ms;
    AuditState audit;
    CandidatePools candidates; // what the legs returned (empty pools for a leg that did not run)
};

// What SearchEngine::query answers: the response, the analysis it ran with, and the request
// the pipeline ran (what the audit row logs).
struct QueryAnswer {
    SearchResponse response;
    QueryContext context;
    SearchRequest request;
};

// ---- Fusion arithmetic, public so tests and the GUI can show it -----------------------------

struct FusedEntry {
    std::string id;
    std::optional<int> vector_rank; // 1-based
    std::optional<int> keyword_rank;
    double vector_term = 0.0;  // vector_weight / (k + rank), or 0
    double keyword_term = 0.0; // keyword_weight / (k + rank), or 0
    double rrf_score = 0.0;    // vector_term + keyword_term, added in that order
};

// Weighted RRF: entries in first-seen order (the vector list, then items only in
// the keyword list). The contrib > 0 guard: an item enters only when its RRF score is > 0, so
// an item found only by a leg of weight 0 never enters. A repeated id keeps its first rank.
std::vector<FusedEntry> rrf_fuse(const std::vector<std::string>& vector_ids,
                                 const std::vector<std::string>& keyword_ids, double vector_weight,
                                 double keyword_weight, int k);

// Hyperbolic recency: 1 / (1 + age_days), age clamped at 0.
double recency_factor(double age_days);

// One number under a why-not verdict, formatted for reading ("keyword rank" → "212 of 3,104
// matches (leg limit 200)").
struct WhyNotFact {
    std::string name;
    std::string value;
    Phrase name_phrase; // the same two as phrases, to render in the reader's language
    Phrase value_phrase;
};

// The first stage where a node fell out of a query's answer (its wire word, to_string):
// Returned ("returned": it is a hit; facts give its rank), UnknownNode ("unknown_node"),
// NoSearchableTerms ("no_searchable_terms"), Scope ("scope": outside the request's source / kinds
// / time window), Superseded ("superseded": hidden as superseded), NoKeywordMatch
// ("no_keyword_match": missing_terms), KeywordRank ("keyword_rank": matched, ranked beyond the
// keyword leg's limit), NoVector ("no_vector": the node has no embedding), Beam ("beam": its
// topic leaf was not among the leaves the beam reached: both topic paths), VectorRank
// ("vector_rank": reached, ranked beyond the vector leg's limit), FusedRank ("fused_rank": fused
// rank beyond the candidates the later stages consider / the limit), Mmr ("mmr": not kept by
// MMR: its MMR score at the step it lost, the pick it was too similar to, that similarity, λ and
// the redundancy floor), Budget ("budget": max_units / max_chars), NoLegRan ("no_leg_ran":
// neither leg ran for this query, e.g. semantic mode whose embedding failed: the verdict says
// why).
enum class WhyNotStage {
    Returned,
    UnknownNode,
    NoSearchableTerms,
    Scope,
    Superseded,
    NoKeywordMatch,
    KeywordRank,
    NoVector,
    Beam,
    VectorRank,
    FusedRank,
    Mmr,
    Budget,
    NoLegRan,
    MinScore // below the vault's no-match threshold (search.min_score)
};
const char* to_string(WhyNotStage stage);
// The stage in words to show ("not kept by MMR"); to_string is its wire word.
Phrase why_not_stage_phrase(WhyNotStage stage);

// Why a query did not return a node: the first stage where it fell out (why_not.cpp).
struct WhyNotAnswer {
    std::string node_id;
    std::string query; // the searched text
    WhyNotStage stage = WhyNotStage::UnknownNode;
    // One line in words, e.g. "Not returned: keyword rank 212, beyond the keyword leg's limit of
    // 200; the vector leg did not reach its topic."
    std::string verdict;
    Phrase verdict_phrase;                  // the same, to render in the reader's language
    std::vector<WhyNotFact> facts;          // the numbers under the verdict, in reading order
    std::vector<std::string> missing_terms; // query terms none of its columns hold
    std::vector<std::string> matched_terms;
    std::vector<std::string> node_topic_path; // the topic path of the node's vector, root first
    // The leaves the beam reached (paths), when stage is "beam".
    std::vector<std::vector<std::string>> reached_topic_paths;
    // When it was a fused candidate: its explanation (verdict, legs, MMR).
    std::optional<Explanation> explanation;
};

// ---- The engine --------------------------------------------------------------------------

// What ranking a node needs besides what the candidate pools keep: the ranking lab's blast
// radius reads it once for every candidate of the log (SearchEngine::node_briefs, lab.h).
struct NodeBrief {
    bool is_summary = false;
    std::int64_t time_range_end_ms = 0;
    bool superseded_flag = false;
    std::size_t content_chars = 0; // code points, what SearchBudget::max_chars counts
    Vector embedding;              // from the loaded topic index; empty without one
};

// ml_settings key: the chunk count from which the keyword leg ranks on two connections.
inline constexpr std::string_view kParallelKeywordSetting = "engine.parallel_keyword_min_chunks";

struct SearchEngineOptions {
    bool audit = true;           // start the background audit writer (when the vault is writable)
    TopicTreeOptions topic_tree; // how the index is built when the vault has none stored
    // A native vault of at least this many chunks ranks its keyword matches in two halves at
    // once, on a second read-only connection and thread; 0 never does. The hits are the same.
    // The vault's ml_settings key kParallelKeywordSetting, when set, overrides it.
    std::int64_t parallel_keyword_min_chunks = 20'000;
};

class SearchEngine {
public:
    // Loads the vault's embedder (make_embedder_for), its topic index for that embedder's
    // signature, the entity registry, and starts the audit writer. A missing registry folder is
    // an empty registry; a malformed one is EntityRegistry::load's error (file and line), as
    // it is for ingest (also when a reload meets it).
    static Result<std::unique_ptr<SearchEngine>> open(const Vault& vault,
                                                      SearchEngineOptions opts = {});
    // With a caller's embedder (not owned: it must outlive the engine).
    static Result<std::unique_ptr<SearchEngine>> open(const Vault& vault, Embedder& embedder,
                                                      SearchEngineOptions opts = {});
    ~SearchEngine();
    SearchEngine(const SearchEngine&) = delete;
    SearchEngine& operator=(const SearchEngine&) = delete;

    // Runs one query. When the vault's revision moved since the index was loaded, the index is
    // reloaded first. `cancel` is checked between stages (Cancelled). InvalidArgument for a
    // query (or raw_query) longer than kMaxQueryBytes (query_context.h), a profile override
    // that is neither a built-in profile nor the vault's own (WeightProfile::names), and a
    // source kind outside kSourceKinds (retrieval.h). The embedder is asked for the query's
    // vector only when the vector leg runs or the profile fold weighs the vector signal; when
    // it fails then, result.degraded says why (types.h).
    Result<SearchResponse> search(const SearchRequest& request,
                                  const std::atomic_bool* cancel = nullptr);

    // The way in for a query from any front-end (CLI, GUI, eval, benchmarks, agents): checks
    // the options (validate_search_request), analyses the text once against the engine's own
    // registry and options.now_ms (make_query_context; options.context is used as it is),
    // then runs search() on the analysed text and logs what was typed.
    Result<QueryAnswer> query(std::string_view text, const QueryOptions& options = {},
                              const std::atomic_bool* cancel = nullptr);

    // Re-runs the stages after retrieval (fusion, scores, graph context, MMR, budgets) on
    // stored candidate pools with the given settings: reads the candidates' rows and vectors
    // by id, runs no leg, embeds nothing, logs nothing. With the pools, request and settings
    // of an audit row and an unchanged vault it gives the logged ranking bit for bit.
    Result<SearchResponse> rerun(const SearchRequest& request, const RetrievalSettings& settings,
                                 const CandidatePools& pools,
                                 const std::atomic_bool* cancel = nullptr);

    // The briefs of the ids the vault holds (ids it lacks are left out), as a rerun reads them.
    Result<std::map<std::string, NodeBrief>> node_briefs(const std::vector<std::string>& ids);

    // Why the query `text` (with the same options query() takes) did not return `node_id`:
    // runs the query's stages once more, logs no audit row, and finds the first stage that
    // dropped the node. InvalidArgument for a malformed id (empty, over 512 bytes, control
    // characters, not UTF-8) and for options query() refuses; an id the vault lacks is stage
    // "unknown_node", a query with no searchable terms stage "no_searchable_terms".
    Result<WhyNotAnswer> why_not(std::string_view text, std::string_view node_id,
                                 const QueryOptions& options = {},
                                 const std::atomic_bool* cancel = nullptr);

    // walk (retrieval.h) with the engine's embedder, its dense route answered by the engine's
    // topic index by the vector leg's rule (the beam where the index measured that it finds what
    // the exact scan finds, search.beam.min_recall; else the exact scan) instead of reading every
    // stored vector from vault.db. Reloads a stale index first; logs nothing.
    Result<QueryResponse> walk(const WalkOptions& opts, WalkTrace* trace = nullptr);

    // True when an import committed since the index was loaded (one small read).
    bool stale() const;
    Status reload();

    const Vault& vault() const;
    Embedder& embedder();
    const TopicIndex& index() const;
    // The background audit writer, or nullptr when auditing is off (read-only vault, option).
    AuditWriter* audit_writer();
    AuditState audit_state() const;

    struct Impl;

private:
    explicit SearchEngine(std::unique_ptr<Impl> impl);
    // search() with the audit row attributed to `caller` (query() passes options.caller).
    Result<SearchResponse> search_as(const SearchRequest& request, const AuditCaller& caller,
                                     const std::atomic_bool* cancel);
    std::unique_ptr<Impl> impl_;
};

// The response as JSON: the hits exactly as json_writer.h writes them (each with its
// "explanation"), then the legs, pushed_out, settings and audit state. `extra` (a JSON object
// text, may be empty) is merged in at the top level, e.g. the CLI's audit row id.
std::string search_response_json(const SearchResponse& response, int indent = 2,
                                 const std::string& extra = {});

// A why-not answer as JSON: {"node_id", "query", "stage", "verdict", "facts": [{"name",
// "value"}...], "missing_terms", "matched_terms", "node_topic_path", "reached_topic_paths",
// "explanation" (only when it was a fused candidate)}.
std::string why_not_json(const WhyNotAnswer& answer, int indent = 2);

} // namespace memlens
