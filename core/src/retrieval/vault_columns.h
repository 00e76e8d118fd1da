// Which optional columns a vault's tables carry. A native vault has every one; an OpenHuman
// workspace lacks memlens's own columns and, when an older version of its schema wrote it, some
// of the columns that schema added later. The primitives build their SQL from this so one code
// path reads both.
#pragma once

#include <string>

namespace memlens {
class Vault;
}

namespace memlens::detail {

struct VaultColumns {
    bool chunk_superseded = true;   // memlens: 1 when a newer document version replaced it
    bool chunk_lifecycle = true;    // lifecycle_status ('dropped' rows are never retrieved)
    bool chunk_content_path = true; // full body on disk
    bool chunk_parent_link = true;  // parent_summary_id, the L1 summary that sealed it
    // mem_tree_chunks_parent is (parent_summary_id, time_range_start_ms) (schema 9): a window's
    // chunks of one parent, or of none, are an index range
    bool chunk_parent_time = true;
    bool chunk_author = true;         // author: who wrote or said it
    bool summary_doc_version = true;  // doc_id + version_ms for latest-wins
    bool summary_content_path = true; // full body on disk
};

VaultColumns vault_columns(const Vault& vault);

// SQL condition (alias c) that keeps chunks a reader may see: not superseded, not dropped.
std::string live_chunk_condition(const VaultColumns& cols);

} // namespace memlens::detail
