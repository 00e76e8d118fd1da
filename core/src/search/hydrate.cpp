#include "search/hydrate.h"

#include "json/string_array.h"

#include <memlens/text.h>

namespace memlens::search {

namespace {

// A row of the chunk query below: a leaf of its source's tree.
NodeRow leaf_node_row(Statement& s) {
    NodeRow r;
    r.hit.node_id = s.column_text(0);
    r.hit.node_kind = NodeKind::Leaf;
    r.hit.tree_kind = TreeKind::Source;
    r.hit.level = 0;
    r.source_id = s.column_text(2);
    r.hit.source_ref = s.column_optional_text(3);
    r.hit.time_range_start_ms = s.column_int64(4);
    r.hit.time_range_end_ms = s.column_int64(5);
    r.hit.topics = parse_string_array(s.column_text_view(6));
    r.hit.content = s.column_text(7);
    r.superseded_flag = s.column_int64(8) != 0;
    r.doc_id = s.column_optional_text(9);
    r.version_ms = s.column_optional_int64(10);
    r.message_id = s.column_optional_text(11);
    r.seq = s.column_int64(12);
    r.group_id = s.column_optional_text(13).value_or("");
    r.hit.tree_id = s.column_optional_text(14).value_or("");
    r.hit.tree_scope = s.column_optional_text(15).value_or("");
    r.hit.author = s.column_optional_text(16);
    return r;
}

// A row of the summary query below.
NodeRow summary_node_row(Statement& s) {
    NodeRow r;
    r.is_summary = true;
    r.hit.node_id = s.column_text(0);
    r.hit.node_kind = NodeKind::Summary;
    r.hit.tree_id = s.column_text(1);
    r.hit.tree_kind = tree_kind_from_wire(s.column_text_view(2)).value_or(TreeKind::Source);
    r.hit.level = static_cast<std::uint32_t>(s.column_int64(3));
    r.hit.child_ids = parse_string_array(s.column_text_view(4));
    r.hit.content = s.column_text(5);
    r.hit.entities = parse_string_array(s.column_text_view(6));
    r.hit.topics = parse_string_array(s.column_text_view(7));
    r.hit.time_range_start_ms = s.column_int64(8);
    r.hit.time_range_end_ms = s.column_int64(9);
    r.doc_id = s.column_optional_text(10);
    r.version_ms = s.column_optional_int64(11);
    r.hit.tree_scope = s.column_optional_text(12).value_or("");
    r.source_id = r.hit.tree_scope;
    return r;
}

// Runs `sql`, whose one parameter is the JSON array of ids `id_list`, and calls on_row with the
// statement at each row.
template <typename OnRow>
Status each_row_for_ids(StatementCache& stmts, const std::string& sql, const std::string& id_list,
                        OnRow&& on_row) {
    SqlQuery q;
    q.add(sql, id_list);
    auto st = stmts.bind(q);
    if (!st)
        return st.status();
    return (*st)->each_row([&] { on_row(**st); });
}

Status hydrate_leaves(StatementCache& stmts, const std::string& id_list, const ChunkColumns& cols,
                      std::map<std::string, NodeRow>& rows) {
    return each_row_for_ids(
        stmts,
        "SELECT c.id, c.source_kind, c.source_id, c.source_ref, c.time_range_start_ms, "
        "c.time_range_end_ms, c.tags_json, c.content, " +
            cols.superseded + ", " + cols.doc_id + ", " + cols.version_ms + ", " + cols.message_id +
            ", c.seq_in_source, " + cols.group_id + ", t.id, t.scope, " + cols.author +
            " FROM mem_tree_chunks c LEFT JOIN mem_tree_trees t ON t.kind = "
            "'source' AND t.scope = c.source_id WHERE c.id IN (SELECT value FROM json_each(?))",
        id_list, [&](Statement& st) {
            NodeRow r = leaf_node_row(st);
            rows.emplace(r.hit.node_id, std::move(r));
        });
}

Status hydrate_summaries(StatementCache& stmts, const std::string& id_list,
                         std::map<std::string, NodeRow>& rows) {
    return each_row_for_ids(stmts,
                            "SELECT s.id, s.tree_id, s.tree_kind, s.level, s.child_ids_json, "
                            "s.content, s.entities_json, s.topics_json, s.time_range_start_ms, "
                            "s.time_range_end_ms, s.doc_id, s.version_ms, t.scope FROM "
                            "mem_tree_summaries s LEFT JOIN mem_tree_trees t ON t.id = s.tree_id "
                            "WHERE s.id IN (SELECT value FROM json_each(?)) AND s.deleted = 0",
                            id_list, [&](Statement& st) {
                                NodeRow r = summary_node_row(st);
                                rows.emplace(r.hit.node_id, std::move(r));
                            });
}

} // namespace

Result<std::map<std::string, NodeRow>> hydrate_nodes(StatementCache& stmts,
                                                     const std::vector<std::string>& ids,
                                                     const ChunkColumns& cols) {
    std::map<std::string, NodeRow> rows;
    if (ids.empty())
        return rows;
    const std::string id_list = json_string_array(ids);
    MEMLENS_TRY(hydrate_leaves(stmts, id_list, cols, rows));
    if (rows.size() == ids.size())
        return rows;
    MEMLENS_TRY(hydrate_summaries(stmts, id_list, rows));
    return rows;
}

Status hydrate_briefs(StatementCache& stmts, const std::vector<std::string>& ids,
                      const ChunkColumns& cols, std::map<std::string, NodeBrief>& out) {
    if (ids.empty())
        return Status::ok();
    const std::string id_list = json_string_array(ids);
    const std::size_t before = out.size();
    const auto add = [&](bool summary) {
        return [&out, summary](Statement& st) {
            NodeBrief b;
            b.is_summary = summary;
            b.time_range_end_ms = st.column_int64(1);
            b.superseded_flag = !summary && st.column_int64(2) != 0;
            b.content_chars = utf8_length(st.column_text_view(3)); // as hydrate_nodes' content
            out.emplace(st.column_text(0), std::move(b));
        };
    };
    MEMLENS_TRY(each_row_for_ids(stmts,
                                 "SELECT c.id, c.time_range_end_ms, " + cols.superseded +
                                     ", c.content FROM mem_tree_chunks c WHERE c.id IN (SELECT "
                                     "value FROM json_each(?))",
                                 id_list, add(false)));
    if (out.size() - before == ids.size())
        return Status::ok();
    return each_row_for_ids(stmts,
                            "SELECT s.id, s.time_range_end_ms, 0, s.content FROM "
                            "mem_tree_summaries s WHERE s.id IN (SELECT value FROM json_each(?)) "
                            "AND s.deleted = 0",
                            id_list, add(true));
}

} // namespace memlens::search
