// The text the keyword leg searched for one node, by column of its FTS5 row (the columns of
// mem_tree_chunks_fts in core/src/vault/schema.cpp): what a term table's "column" refers to, so
// a hit matched only in its neighbouring turns can show those turns with the terms marked.
#pragma once

#include <memlens/status.h>

#include <string>

namespace memlens {

class Vault;

struct IndexedText {
    std::string content; // the node's own text
    std::string context; // chunks: author, tags, session and date
    std::string near;    // chunks: the items one before and one after in its thread, by lines
    std::string far;     // chunks: the items two before and two after
};

// NotFound when neither a chunk nor a summary has that id (a summary has only content). Reads
// one FTS5 row by rowid; must not run on the GUI thread (thread_guard.h).
Result<IndexedText> indexed_text(const Vault& vault, const std::string& node_id);

} // namespace memlens
