// Stored embeddings of one model signature, read in one batch per table.
#pragma once

#include <memlens/db.h>
#include <memlens/embedder.h>
#include <memlens/status.h>
#include <memlens/types.h>

#include <string>
#include <unordered_map>
#include <vector>

namespace memlens::detail {

// Vectors of `ids` from mem_tree_chunk_embeddings (Leaf) or mem_tree_summary_embeddings
// (Summary) for `signature`. Ids without a vector, and blobs that do not decode, are absent.
Result<std::unordered_map<std::string, Vector>> load_vectors(const Database& db, NodeKind kind,
                                                             const std::string& signature,
                                                             const std::vector<std::string>& ids);

// Little-endian f32 blob → floats into `out` (reused between rows to avoid allocations).
// False when the blob's size is not a whole number of floats.
bool blob_to_floats(std::span<const std::byte> blob, Vector& out);

} // namespace memlens::detail
