// The entity graph: two entities are linked when they occur on the same node; the
// weight is the number of distinct shared nodes. Read-only views over mem_tree_entity_edges,
// which ingest keeps in step with the entity index.
//
// Thread-safety and errors as in retrieval.h: run off the GUI thread, Status on SQLite failure,
// unknown or blank ids give empty results.
#pragma once

#include <memlens/status.h>
#include <memlens/types.h>

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

// One breadth-first search from `from`, stopping once every target is reached or max_hops
// levels are done: the hop count of each target reached (targets equal to `from` get 0).
Result<std::map<std::string, int>> hop_distances(const Vault& vault, std::string_view from,
                                                 const std::vector<std::string>& targets,
                                                 int max_hops);

} // namespace memlens
