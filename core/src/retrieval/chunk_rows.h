// mem_tree_chunks rows as the primitives read them, with the source tree they seal into and
// (optionally) their mem_tree_score total joined in.
#pragma once

#include "retrieval/vault_columns.h"

#include <memlens/db.h>
#include <memlens/status.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace memlens::detail {

struct ChunkRow {
    std::string id;
    std::string scope;   // the tree scope it seals under: path_scope, else source_id
    std::string tree_id; // "" while no tree of that scope exists
    std::optional<std::string> source_ref;
    std::vector<std::string> tags;
    std::string content;
    std::int64_t start_ms = 0;
    std::int64_t end_ms = 0;
    std::int64_t timestamp_ms = 0;
    std::optional<std::string> content_path;
    double score_total = 0.0; // 0 without a score row, or when not joined
    std::optional<std::string> author;
};

// "SELECT … FROM mem_tree_chunks c LEFT JOIN mem_tree_trees t … [LEFT JOIN mem_tree_score sc …]";
// append a WHERE clause.
std::string chunk_select(const VaultColumns& cols, bool with_score);
ChunkRow read_chunk_row(const Statement& st);

// Rows for the given ids (missing ids are absent). `live_only` drops superseded and dropped
// chunks.
Result<std::vector<ChunkRow>> load_chunks(const Database& db, const VaultColumns& cols,
                                          const std::vector<std::string>& ids, bool with_score,
                                          bool live_only);

} // namespace memlens::detail
