// The retrieval primitives: deterministic, scope-specific, read-only views
// over the summary trees, the chunks and the entity index. Every primitive returns the unified
// RetrievalHit / QueryResponse of types.h; which primitive to call is the caller's choice.
//
// Contracts shared by every function here:
// - Read-only. They run on the calling thread against vault.db() and must not be called on the
//   GUI thread (each one calls check_off_ui_thread). A Vault belongs to one thread at a time.
// - Errors (SQLite failures, until < since, negative windows) come back as Status; nothing
//   throws or prints. Unknown ids and blank inputs are not errors: they give empty results.
// - SQL reads are batched: one query per table per batch (or per BFS level), never per hit.
// - `embedder` may be null: then no rerank happens and the documented fallback order is used.
//   Stored vectors are read for embedder->signature(); a vector of another dimension counts as
//   none. A failing embedder never fails the call: the fallback order is kept, and the
//   response's `degraded` (types.h) says why, so a fallback is never silent.
// - A query text longer than kMaxQueryBytes (query_context.h) is InvalidArgument.
#pragma once

#include <memlens/status.h>
#include <memlens/types.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace memlens {

class Vault;
class Embedder;

// Result-count limits of the primitives.
inline constexpr std::size_t kDefaultQueryLimit = 10;
inline constexpr std::size_t kMaxQueryLimit = 100;
inline constexpr std::size_t kDefaultEntitySearchLimit = 5;
inline constexpr std::size_t kDefaultCoverLimit = 200;
inline constexpr std::size_t kFetchBatchLimit = 20;
inline constexpr std::size_t kTopicLookupCap = 200;
inline constexpr std::size_t kEntityLookupCap = 500;
inline constexpr int kDefaultGraphHops = 2;
inline constexpr int kMaxGraphHops = 4;

// limit 0 → kDefaultQueryLimit; larger than kMaxQueryLimit → kMaxQueryLimit.
std::size_t clamp_query_limit(std::size_t limit);

// The source kinds a scope filter can name, in display order.
inline constexpr std::array<std::string_view, 3> kSourceKinds = {"chat", "email", "document"};

// True when a tree scope belongs to a source kind ("chat", "email", "document"): the scope's
// platform prefix maps to that kind (source_kind_for of import.h, case-insensitive), or the
// scope carries the literal "<kind>:" prefix.
bool scope_matches_kind(std::string_view scope, std::string_view kind);

struct QuerySourceOptions {
    std::optional<std::string> source_id;   // one tree: kind source, scope = source_id
    std::optional<std::string> source_kind; // else every source tree of that kind
    std::optional<int> time_window_days;    // keep summaries overlapping [now − d, now]
    std::optional<std::string> query;       // rerank by cosine; blank = none
    std::size_t limit = 0;                  // 0 → 10, at most 100
    std::int64_t now_ms = 0;                // 0 = wall clock
};

// Level ≥ 1 summaries of the selected source trees (trees that never sealed are skipped).
// With a query and an embedder: cosine rerank (hit.rerank_similarity set); otherwise newest
// time_range_end first. total counts matches before the limit.
Result<QueryResponse> query_source(const Vault& vault, const QuerySourceOptions& opts,
                                   Embedder* embedder = nullptr);

struct QueryGlobalOptions {
    std::int64_t since_ms = 0;
    std::int64_t until_ms = 0;
    std::optional<std::string> source_kind;
    std::optional<std::string> query;
    std::size_t limit = 0; // 0 → 10, at most 100
};

// Summaries of every source tree whose envelope overlaps [since, until], ordered as
// query_source orders. InvalidArgument when until < since.
Result<QueryResponse> query_global(const Vault& vault, const QueryGlobalOptions& opts,
                                   Embedder* embedder = nullptr);

struct QueryTopicOptions {
    std::string entity_id; // canonical id, e.g. "topic:phoenix"; blank → empty response
    std::optional<std::int64_t> since_ms;
    std::optional<std::int64_t> until_ms;
    std::optional<std::string> query;
    std::size_t limit = 0; // 0 → 10, at most 100
};

// The nodes the entity index lists for one entity (newest mentions first, at most
// kTopicLookupCap rows, the window applied to the mention time in SQL), resolved into leaf and
// summary hits; deleted summaries, dropped and superseded chunks are skipped. Hits are then
// kept when their envelope overlaps the window, and ordered as query_source orders.
// InvalidArgument when both bounds are given and until < since.
Result<QueryResponse> query_topic(const Vault& vault, const QueryTopicOptions& opts,
                                  Embedder* embedder = nullptr);

struct CoverWindowOptions {
    std::int64_t since_ms = 0;
    std::int64_t until_ms = 0;
    std::optional<std::string> source_id;   // only this source's tree and chunks
    std::optional<std::string> source_kind; // only sources of this kind (scope_matches_kind or
                                            // the chunks' recorded source_kind)
    std::size_t limit = 0;                  // 0 → 200
};

// The minimum set of nodes covering every in-window chunk. A chunk is in
// the window when start >= since and end <= until; a summary is eligible under the same rule
// when not deleted, and maximal when its parent is missing or not eligible. Versioned documents
// are latest-wins: a summary of an older version_ms of its doc_id (and its subtree) is dropped,
// as are superseded chunks; among copies of one document version the first wins. Chunks that
// no chosen summary covers come back raw with score 0. Every in-window chunk is considered (one
// streaming cursor, no scan cap), so no source is starved. Sorted by tree_scope, then start,
// then end, summaries before leaves, then id; the source filters apply before the limit.
// InvalidArgument when until < since.
Result<QueryResponse> cover_window(const Vault& vault, const CoverWindowOptions& opts);

struct SearchEntitiesOptions {
    std::string query;              // trimmed and lowercased; blank → no matches
    std::vector<std::string> kinds; // entity_kind filter; empty = all kinds
    std::size_t limit = 0;          // 0 → 5, at most 100
};

// LIKE lookup over the entity index: a row matches when its lowercased entity_id or surface
// contains the query (%, _ and \ match literally). Grouped by entity id and kind, ordered by
// mention_count desc, last_seen desc, then id. `surface` is the surface of the newest chunk that
// names it; first_seen and last_seen are the times of its oldest and newest chunk.
Result<std::vector<EntityMatch>> search_entities(const Vault& vault,
                                                 const SearchEntitiesOptions& opts);

struct DrillDownOptions {
    std::string node_id;
    int max_depth = 1;                // 0 → empty; 1 = the node's children
    std::optional<std::string> query; // rerank the visited nodes; blank = none
    std::optional<std::size_t> limit; // applied after the rerank
};

// BFS down a summary's child_ids, one batched read per table per level. Unknown ids and leaf
// ids give an empty list. Deleted summaries are dropped (before the version check); a document
// root at an older version_ms than the newest of its doc_id is skipped with its subtree, and
// only the first root of the winning version is kept. Without a query, hits are in BFS order.
// When the rerank could not embed the query, BFS order stands and `degraded` (if given) says
// why; it is reset otherwise.
Result<std::vector<RetrievalHit>> drill_down(const Vault& vault, const DrillDownOptions& opts,
                                             Embedder* embedder = nullptr,
                                             std::optional<DegradedRanking>* degraded = nullptr);

// Hydrates raw chunks by id: the first kFetchBatchLimit ids only, input order kept, missing ids
// skipped. score = mem_tree_score.total or 0. content is the whole body: the file at
// content_path under vault.content_root() when there is one (an OpenHuman workspace keeps a
// 500-character preview in the table), else the stored text.
Result<std::vector<RetrievalHit>> fetch_leaves(const Vault& vault,
                                               const std::vector<std::string>& chunk_ids);

struct WalkOptions {
    std::string query;                   // blank → empty response
    std::size_t limit = 0;               // k: 0 → 10, at most 100
    int max_hops = 0;                    // h: 0 → 2, at most 4
    std::optional<int> time_window_days; // look back from now on every route
    std::int64_t now_ms = 0;             // 0 = wall clock
};

enum class WalkRoute {
    Empty,            // blank query
    Dense,            // no query entity: cosine over summary and leaf embeddings
    GlobalOccurrence, // entities, but no pair within h hops: dense top 2k re-sorted by mentions
    Local,            // related pairs: intersected entity-index node sets
};
const char* to_wire(WalkRoute route);

// Why walk answered as it did, for the inspector.
struct WalkTrace {
    WalkRoute route = WalkRoute::Empty;
    std::vector<std::string> query_entities; // canonical ids, first occurrence wins
    std::vector<std::pair<std::string, std::string>> related_pairs; // at hops_used
    int hops_used = 0;
};

// What walk's dense route asks of a vector index: the `k` summaries and chunks nearest to
// `query` (best first, with their cosine; then every further one as close as the k-th), leaving out
// deleted summaries and superseded chunks, and among nodes whose time range overlaps `window` when
// one is given; and how many nodes it compared (`compared`, the response's total: chunks another
// writer marked dropped are compared, then left out of the hits). SearchEngine::walk answers it
// from the engine's topic index; without one, walk scans the stored vectors in vault.db, with the
// same answer.
struct DenseNeighbours {
    std::vector<std::pair<std::string, double>> nearest;
    std::size_t compared = 0;
};
using DenseSearch = std::function<Result<DenseNeighbours>(
    std::span<const float> query, std::size_t k,
    const std::optional<std::pair<std::int64_t, std::int64_t>>& window)>;

// The deterministic E2GraphRAG walk (fast_retrieve), no model. Query entities
// come from extract_entities with the vault's person entities as known persons and the entity
// registry's aliases. Dense route: cosine of the query against stored summary and leaf vectors
// (ties → later end, then id); without an embedder, summaries newest first. Local route: per
// related pair, the nodes indexed under both entities (kEntityLookupCap newest rows per entity);
// h is lowered while more than k candidates remain (the last non-empty set is kept); ranked by
// matched-entity count (the hit's score), then newest mention, then id. Leaf hits carry the
// entity ids the index lists for them, since walk ranks by those. A registry that does not
// load (EntityRegistry::load's error, naming the file and line) fails the walk, as it fails
// ingest; a dense route whose embedder fails sets the response's `degraded`. `dense`, when
// given, finds the dense route's nearest vectors (SearchEngine::walk passes its index's).
Result<QueryResponse> walk(const Vault& vault, const WalkOptions& opts, Embedder* embedder,
                           WalkTrace* trace = nullptr, const DenseSearch* dense = nullptr);

// smart_walk is walk: both modes go through the same fast_retrieve.
Result<QueryResponse> smart_walk(const Vault& vault, const WalkOptions& opts, Embedder* embedder,
                                 WalkTrace* trace = nullptr, const DenseSearch* dense = nullptr);

// The ids among `ids` that name no chunk and no summary of the vault (a deleted summary names
// none), in the order given: what a caller reports as unknown where the primitives above answer
// an unknown id with an empty list (drill_down, fetch_leaves).
Result<std::vector<std::string>> unknown_node_ids(const Vault& vault,
                                                  const std::vector<std::string>& ids);

// True when the entity index lists `entity_id` (a canonical id, e.g. person:alice): what
// query_topic answers with an empty list when it does not.
Result<bool> entity_known(const Vault& vault, std::string_view entity_id);

// The chunks already holding a message that an ingest of it would skip as a duplicate (the
// ingestor's rule, core/src/ingest/ingestor.cpp: in the same source, the same message_id when
// one is given: its chunks in order; else the same time and a chunk that begins the text: that
// chunk). Empty when there is none.
Result<std::vector<std::string>>
stored_message_chunks(const Vault& vault, std::string_view source_id, std::int64_t ts_ms,
                      std::string_view text, const std::optional<std::string>& message_id);

} // namespace memlens
