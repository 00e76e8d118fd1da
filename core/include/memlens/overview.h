// Read-only listings for an inspector: what a vault holds, shaped for browsing rather than
// ranking. Sources with their chunk counts, trees with their root and levels, a tree's
// summaries, a chunk-density histogram for a timeline, and the entity graph's most mentioned
// nodes with the edges between them.
//
// These calls never rank by relevance and never embed: retrieval lives in retrieval.h and
// search.h. They read only columns that an OpenHuman workspace's tables have too, so they work
// on a native vault and on an OpenHuman workspace alike.
//
// Thread-safety: like every read of a Vault, call them from the thread that owns the Vault
// (never the GUI thread; each entry point reports itself to check_off_ui_thread). Errors come
// back as Status with SQLite's message; nothing here throws or prints.
#pragma once

#include <memlens/status.h>
#include <memlens/types.h>

#include <atomic>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace memlens {

class Vault;

struct SourceOverview {
    std::string source_id;
    std::string source_kind; // "chat" | "email" | "document" | what the workspace recorded
    std::string platform;    // empty when the vault does not record one (workspaces)
    std::string title;       // empty when unknown
    std::int64_t chunk_count = 0;
    std::int64_t unsealed_chunks = 0; // chunks not yet under any summary
    std::int64_t earliest_ms = 0;     // min chunk time_range_start
    std::int64_t latest_ms = 0;       // max chunk time_range_end
    std::string tree_id;              // the source tree for this source; empty when none exists
};

// Every source, ordered by source_id. One pass over the chunks (grouped by source), so it
// costs a scan of mem_tree_chunks: call it once per vault revision, not per keystroke.
Result<std::vector<SourceOverview>> list_sources(const Vault& vault);
// The vault's time span from its sources: the earliest start and the latest end of any chunk, as
// vault_stats reads them (without a second pass over every chunk); {0, 0} without sources.
std::pair<std::int64_t, std::int64_t> time_span(const std::vector<SourceOverview>& sources);

struct TreeOverview {
    std::string id;
    TreeKind kind = TreeKind::Source;
    std::string scope;
    std::string root_id; // empty until the tree has a single root
    int max_level = 0;
    std::string status; // "active" | "archived"
    std::int64_t created_at_ms = 0;
    std::int64_t last_sealed_at_ms = 0;
    // Live (not deleted) summaries per level: summaries_per_level[L] for L in 0..max_level
    // (index 0 is always 0: leaves are chunks, counted in SourceOverview).
    std::vector<std::int64_t> summaries_per_level;
    std::int64_t summary_count = 0;
    std::int64_t start_ms = 0; // envelope of the tree's live summaries (0 when none)
    std::int64_t end_ms = 0;
};

// Every tree, ordered by kind then scope.
Result<std::vector<TreeOverview>> list_trees(const Vault& vault);

struct SummaryOverview {
    std::string id;
    std::string tree_id;
    int level = 0;
    std::optional<std::string> parent_id;
    std::int64_t child_count = 0;
    std::vector<std::string> entities;
    std::vector<std::string> topics;
    std::int64_t start_ms = 0;
    std::int64_t end_ms = 0;
    std::int64_t token_count = 0;
    double score = 0.0;
    std::string preview; // the first characters of the summary text (at most preview_chars)
};

struct SummaryListOptions {
    std::optional<int> level; // only this level; nullopt = every level
    bool top_only = false;    // only summaries with no live parent (the tree's roots so far)
    std::size_t preview_chars = 240;
    std::size_t limit = 0; // 0 = no limit
};

// A tree's live summaries ordered by level descending, then start time, then id. Unknown tree
// → an empty list (not an error), like drill_down on an unknown id.
Result<std::vector<SummaryOverview>> tree_summaries(const Vault& vault, const std::string& tree_id,
                                                    const SummaryListOptions& opts = {});

struct TimeHistogram {
    std::int64_t since_ms = 0;
    std::int64_t bucket_ms = 0;       // width of each bucket
    std::vector<std::int64_t> counts; // chunks whose time_range_start falls in each bucket
};

// Chunk density over [since_ms, until_ms) in `buckets` equal buckets, for a timeline's
// backdrop. since == until == 0 spans the whole vault. InvalidArgument when until < since or
// buckets is 0; an empty vault gives an empty histogram.
Result<TimeHistogram> chunk_histogram(const Vault& vault, std::int64_t since_ms,
                                      std::int64_t until_ms, std::size_t buckets);

struct EntityNodeOverview {
    std::string id; // canonical id, e.g. "person:alice"
    std::string kind;
    std::string surface;            // one surface form seen in the index
    std::int64_t mention_count = 0; // entity-index rows (distinct nodes that mention it)
};

struct EntityGraphOverview {
    std::vector<EntityNodeOverview> nodes; // mention_count desc, then id
    struct Edge {
        std::uint32_t a = 0; // indexes into nodes
        std::uint32_t b = 0;
        std::int64_t weight = 0;
    };
    std::vector<Edge> edges;         // weight desc; only edges between listed nodes
    std::int64_t total_entities = 0; // distinct entities in the vault, before max_nodes
    std::int64_t total_edges = 0;    // edges at or above min_weight, before the node cut
};

struct EntityGraphOptions {
    std::size_t max_nodes = 5000;
    std::size_t max_edges = 50000; // the heaviest edges among the listed nodes; 0 = none read
    std::int64_t min_weight = 1;
    std::vector<std::string> kinds; // empty = every kind
    // When set, only these entities (e.g. a focus entity's neighbourhood) are listed,
    // whatever their rank.
    std::optional<std::vector<std::string>> only_ids;
};

// The most mentioned entities and the co-occurrence edges among them, for drawing.
Result<EntityGraphOverview> entity_graph(const Vault& vault, const EntityGraphOptions& opts = {});

// A neighbourhood of the graph, what the graph view opens on: the seeds (empty: the
// `seed_count` most mentioned entities), each seed's `per_seed` strongest neighbours at
// min_weight, and entity_graph over those ids (its total_entities is the vault's; total_edges
// counts the vault's edges at min_weight). Seeds are listed in `seeds` in the order used.
struct NeighbourhoodOptions {
    std::vector<std::string> seeds;
    std::size_t seed_count = 8;
    std::size_t per_seed = 12;
    std::int64_t min_weight = 2;
};
struct EntityNeighbourhood {
    EntityGraphOverview graph;
    std::vector<std::string> seeds;
};
Result<EntityNeighbourhood> entity_neighbourhood(const Vault& vault,
                                                 const NeighbourhoodOptions& opts,
                                                 const std::atomic_bool* cancel = nullptr);

// The ancestry of each given node: its parent summary, that summary's parent, and so on up to
// the top, nearest first (deleted summaries included: the chain is structural). A chunk's parent
// is its parent_summary_id. Ids that are unknown, or have no parent, map to an empty chain.
// Reads one batch per level, so a query's hits cost a handful of statements, not one per hit.
Result<std::map<std::string, std::vector<std::string>>>
node_ancestry(const Vault& vault, const std::vector<std::string>& node_ids);

// One node by id, as the unified hit shape with its whole content: a summary (with its tree's
// kind and scope, children, entities and topics) or a chunk (through fetch_leaves). nullopt
// when no node has that id. For following a link (superseded_by, a child id) to its node.
Result<std::optional<RetrievalHit>> find_node(const Vault& vault, const std::string& node_id);

} // namespace memlens
