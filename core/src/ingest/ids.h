// Node and tree ids, derived from what they name: the same input always gives the same id.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace memlens {

// First 32 hex chars of sha256(source_kind 0x00 source_id 0x00 seq(u32 BE) 0x00 content).
std::string make_chunk_id(std::string_view source_kind, std::string_view source_id,
                          std::uint32_t seq, std::string_view content);

// "summary:{unix_ms:013}:L{level}-{hex8}", hex8 the first 8 hex chars of
// sha256(tree_id 0x00 first_child 0x00 last_child): derived from the tree and the children, not
// random, so that re-building a vault yields the same ids.
std::string make_summary_id(std::int64_t unix_ms, int level, std::string_view tree_id,
                            std::string_view first_child, std::string_view last_child);

// "{kind}:{uuid}" with a name-based (sha256) UUID of kind + scope: stable across rebuilds.
std::string make_tree_id(std::string_view kind, std::string_view scope);

} // namespace memlens
