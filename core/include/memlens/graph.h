// The entity graph: two entities are linked when they occur on the same node; the
// weight is the number of distinct shared nodes. Read-only views over mem_tree_entity_edges,
// which ingest keeps in step with the entity index.
//
// Thread-safety and errors as in retrieval.h: run off the GUI thread, Status on SQLite failure,
// unknown or blank ids give empty results.
#pragma once

#include <memlens/status.h>
#include <memlens/types.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

class Vault;

inline constexpr std::size_t kDefaultGraphLimit = 100;

// Edges from `subject` to every entity sharing a node with it, weight desc, then object id.
// Self-edges are excluded. limit 0 → kDefaultGraphLimit.
Result<std::vector<GraphEdge>> co_occurring_entities(const Vault& vault, std::string_view subject,
                                                     std::size_t limit = 0);

// The object ids of co_occurring_entities, in the same order.
Result<std::vector<std::string>> neighbors(const Vault& vault, std::string_view subject,
                                           std::size_t limit = 0);

// The heaviest edges of the whole graph (weight >= min_weight), weight desc, then ids; for an
// overview before any entity is chosen. limit 0 → kDefaultGraphLimit.
Result<std::vector<GraphEdge>> strongest_edges(const Vault& vault, std::int64_t min_weight = 1,
                                               std::size_t limit = 0);

// Number of edges on a shortest path from a to b, by breadth-first search (one batched read per
// level), or nullopt when b is not reached within max_hops (clamped to [1, kMaxGraphHops]).
// a == b → 0.
Result<std::optional<int>> hop_distance(const Vault& vault, std::string_view a, std::string_view b,
                                        int max_hops);

// The hop count from `from` to each target reached within max_hops (targets equal to `from` get
// 0): a breadth-first search from both ends per target, widening the side with the smaller
// last level (one read of mem_tree_entity_edges per level).
Result<std::map<std::string, int>> hop_distances(const Vault& vault, std::string_view from,
                                                 const std::vector<std::string>& targets,
                                                 int max_hops);

// What two linked entities share. An edge's weight counts the chunks (leaves) that mention both
// (ingest leaves summaries out: a summary holds the union of its children's entities), and so do
// these, so their counts equal the edge table's weights. Given a window, they count only the
// chunks whose time lies in it, as pair_times' times do: the graph page's time window.
struct ChunkTimeWindow {
    std::int64_t since_ms = 0; // inclusive
    std::int64_t until_ms = 0; // inclusive
};

// For each of `objects`: how many chunks mention both `subject` and it, and the first and last
// of their times. Objects that share no chunk with subject (in the window) are left out; the
// order follows `objects`.
struct EntityPairDetail {
    std::string object;
    std::int64_t shared_chunks = 0;
    std::int64_t first_ms = 0;
    std::int64_t last_ms = 0;
};
Result<std::vector<EntityPairDetail>>
entity_pair_details(const Vault& vault, std::string_view subject,
                    const std::vector<std::string>& objects,
                    const std::optional<ChunkTimeWindow>& window = std::nullopt);

// The chunks that mention both a and b (in the window), oldest first: why the two are linked.
// At most `limit` (0 → kDefaultGraphLimit).
struct SharedNode {
    std::string node_id;
    std::int64_t timestamp_ms = 0;
    std::string preview; // the chunk's first 160 bytes, cut back to a whole character
};
Result<std::vector<SharedNode>>
shared_nodes(const Vault& vault, std::string_view a, std::string_view b, std::size_t limit = 0,
             const std::optional<ChunkTimeWindow>& window = std::nullopt);

// How many chunks (leaves) in the window mention `entity_id`. (An entity's `mentions` count
// summaries too, which carry no chunk time.)
Result<std::int64_t> chunk_mentions_in(const Vault& vault, std::string_view entity_id,
                                       const ChunkTimeWindow& window);

// The chunks (leaves) that mention at least two of `entity_ids`, newest first (by the chunk's
// time_range_start_ms, then id): what a group of entities, a community of the graph, is about.
// `members` lists which of entity_ids each one mentions (indices, ascending). At most `limit`
// (0 → kDefaultGraphLimit). Reads whichever is cheaper, by the counts the vault keeps (each
// entity's mentions, the pairs' edge weights): the newest chunks, probed for the entities, when
// the entities often occur together; else every mention of the entities. Stops with Cancelled
// when `cancel` is raised.
struct GroupChunk {
    std::string node_id;
    std::int64_t timestamp_ms = 0;
    std::vector<std::uint32_t> members;
};
// How group_chunks reads: Auto picks by cost; the other two force one way (tests compare them).
enum class GroupChunkRead { Auto, NewestChunks, Mentions };
Result<std::vector<GroupChunk>>
group_chunks(const Vault& vault, const std::vector<std::string>& entity_ids, std::size_t limit = 0,
             const std::atomic_bool* cancel = nullptr, GroupChunkRead read = GroupChunkRead::Auto);

// For every pair of `entity_ids` that share a chunk: the time of each shared chunk, oldest
// first. What a time window over a drawn graph is computed from (an edge's weight inside the
// window is the number of its times that fall in it). Pairs are (index of a, index of b) into
// entity_ids with a < b. Stops with Cancelled when `cancel` is raised.
struct PairTimes {
    std::uint32_t a = 0;
    std::uint32_t b = 0;
    std::vector<std::int64_t> times_ms;
};
Result<std::vector<PairTimes>> pair_times(const Vault& vault,
                                          const std::vector<std::string>& entity_ids,
                                          const std::atomic_bool* cancel = nullptr);

} // namespace memlens
