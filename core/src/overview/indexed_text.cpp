#include <memlens/indexed_text.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

namespace memlens {

Result<IndexedText> indexed_text(const Vault& vault, const std::string& node_id) {
    check_off_ui_thread("indexed_text");
    const std::string rid = vault.rid_column();
    auto chunk = vault.db().prepare("SELECT f.content, f.context, f.near, f.far FROM "
                                    "mem_tree_chunks c JOIN mem_tree_chunks_fts f ON f.rowid = c." +
                                    rid + " WHERE c.id = ?");
    if (!chunk)
        return chunk.status();
    chunk->bind(1, node_id);
    auto row = chunk->step();
    if (!row)
        return row.status();
    if (*row)
        return IndexedText{chunk->column_text(0), chunk->column_text(1), chunk->column_text(2),
                           chunk->column_text(3)};
    auto summary = vault.db().prepare("SELECT f.content FROM mem_tree_summaries s JOIN "
                                      "mem_tree_summaries_fts f ON f.rowid = s." +
                                      rid + " WHERE s.id = ?");
    if (!summary)
        return summary.status();
    summary->bind(1, node_id);
    row = summary->step();
    if (!row)
        return row.status();
    if (*row)
        return IndexedText{summary->column_text(0), {}, {}, {}};
    return Status::not_found("indexed text: no chunk or summary has the id " + node_id);
}

} // namespace memlens
