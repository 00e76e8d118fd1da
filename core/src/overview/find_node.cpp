#include "json/string_array.h"

#include <memlens/overview.h>
#include <memlens/retrieval.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

namespace memlens {

Result<std::optional<RetrievalHit>> find_node(const Vault& vault, const std::string& node_id) {
    check_off_ui_thread("find_node");
    auto st = vault.db().prepare(
        "SELECT s.id, s.tree_id, t.kind, t.scope, s.level, s.content, s.entities_json, "
        "s.topics_json, s.time_range_start_ms, s.time_range_end_ms, s.score, s.child_ids_json "
        "FROM mem_tree_summaries s LEFT JOIN mem_tree_trees t ON t.id = s.tree_id "
        "WHERE s.id = ?");
    if (!st)
        return st.status();
    st->bind(1, node_id);
    auto row = st->step();
    if (!row)
        return row.status();
    if (*row) {
        RetrievalHit hit;
        hit.node_id = st->column_text(0);
        hit.node_kind = NodeKind::Summary;
        hit.tree_id = st->column_text(1);
        hit.tree_kind = tree_kind_from_wire(st->column_optional_text(2).value_or("source"))
                            .value_or(TreeKind::Source);
        hit.tree_scope = st->column_optional_text(3).value_or("");
        hit.level = static_cast<std::uint32_t>(st->column_int64(4));
        hit.content = st->column_text(5);
        hit.entities = parse_string_array(st->column_text_view(6));
        hit.topics = parse_string_array(st->column_text_view(7));
        hit.time_range_start_ms = st->column_int64(8);
        hit.time_range_end_ms = st->column_int64(9);
        hit.score = st->column_double(10);
        hit.child_ids = parse_string_array(st->column_text_view(11));
        return std::optional<RetrievalHit>(std::move(hit));
    }
    auto leaves = fetch_leaves(vault, {node_id});
    if (!leaves)
        return leaves.status();
    if (leaves->empty())
        return std::optional<RetrievalHit>();
    return std::optional<RetrievalHit>(std::move(leaves->front()));
}

} // namespace memlens
