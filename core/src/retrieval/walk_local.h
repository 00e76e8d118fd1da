// The local route of walk: the nodes the entity index lists under
// both entities of a related pair, ranked by how many query entities they hold.
#pragma once

#include <memlens/db.h>
#include <memlens/status.h>
#include <memlens/types.h>

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace memlens {
class Vault;
}

namespace memlens::detail {

using Window = std::optional<std::pair<std::int64_t, std::int64_t>>;

struct Mention {
    std::string node_id;
    bool summary = false;
    std::int64_t ts = 0;
};

// Up to kEntityLookupCap newest index rows per entity (mention time inside `window`), one read
// of the index on (entity_id, timestamp_ms DESC, node_id) per entity.
Result<std::map<std::string, std::vector<Mention>>>
mentions_of(const Database& db, const std::vector<std::string>& entities, const Window& window);

struct PairDistance {
    std::string a, b;
    int hops = 0;
};

struct LocalCandidate {
    bool summary = false;
    std::set<std::string> matched; // query entities of the pairs whose node sets met here
    std::int64_t latest_ts = 0;    // newest of those mentions
};

// The union over pairs within `hops` of the intersection of their two node sets.
std::map<std::string, LocalCandidate>
local_candidates(const std::vector<PairDistance>& pairs, int hops,
                 const std::map<std::string, std::vector<Mention>>& mentions);

// Ranked by matched count, then newest mention, then id; hydrated (deleted summaries, stale
// versions and dead chunks dropped); score = matched count; the first k returned.
Result<QueryResponse> resolve_local(const Vault& vault,
                                    const std::map<std::string, LocalCandidate>& candidates,
                                    std::size_t k);

} // namespace memlens::detail
