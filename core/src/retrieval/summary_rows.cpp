#include "retrieval/summary_rows.h"

#include "json/string_array.h"
#include "retrieval/id_list.h"

namespace memlens::detail {

std::string summary_select(const VaultColumns& cols, const std::string& extra_columns,
                           SummarySelect how) {
    std::string sql = "SELECT s.id, s.tree_id, s.tree_kind, COALESCE(t.scope, ''), s.level, "
                      "s.parent_id, ";
    sql += how.outline ? "CASE WHEN s.level > 1 THEN s.child_ids_json END, '', NULL, NULL, "
                       : "s.child_ids_json, s.content, s.entities_json, s.topics_json, ";
    sql += "s.time_range_start_ms, s.time_range_end_ms, s.score, s.deleted, ";
    sql += cols.summary_doc_version ? "s.doc_id, s.version_ms, " : "NULL, NULL, ";
    sql += cols.summary_content_path ? "s.content_path" : "NULL";
    sql += extra_columns + " ";
    sql += how.summaries_first ? "FROM mem_tree_summaries s CROSS JOIN mem_tree_trees t "
                               : "FROM mem_tree_summaries s LEFT JOIN mem_tree_trees t ";
    sql += "ON t.id = s.tree_id ";
    return sql;
}

SummaryRow read_summary_row(const Statement& st) {
    SummaryRow r;
    r.id = st.column_text(0);
    r.tree_id = st.column_text(1);
    r.tree_kind = st.column_text(2);
    r.tree_scope = st.column_text(3);
    r.level = static_cast<int>(st.column_int64(4));
    r.parent_id = st.column_optional_text(5);
    if (r.parent_id && r.parent_id->empty())
        r.parent_id.reset();
    r.child_ids = parse_string_array(st.column_text_view(6));
    r.content = st.column_text(7);
    r.entities = parse_string_array(st.column_text_view(8));
    r.topics = parse_string_array(st.column_text_view(9));
    r.start_ms = st.column_int64(10);
    r.end_ms = st.column_int64(11);
    r.score = st.column_double(12);
    r.deleted = st.column_int64(13) != 0;
    r.doc_id = st.column_optional_text(14);
    if (r.doc_id && r.doc_id->empty())
        r.doc_id.reset();
    r.version_ms = st.column_optional_int64(15);
    r.content_path = st.column_optional_text(16);
    return r;
}

Result<std::vector<SummaryRow>> load_summaries(const Database& db, const VaultColumns& cols,
                                               const std::vector<std::string>& ids) {
    std::vector<SummaryRow> out;
    if (ids.empty())
        return out;
    auto st = db.prepare(summary_select(cols) + "WHERE s.id IN (SELECT value FROM json_each(?1))");
    if (!st)
        return st.status();
    st->bind(1, json_id_list(ids));
    MEMLENS_TRY(st->each_row([&] { out.push_back(read_summary_row(*st)); }));
    return out;
}

Result<std::unordered_map<std::string, std::vector<std::string>>>
load_child_lists(const Database& db, const std::vector<std::string>& ids) {
    std::unordered_map<std::string, std::vector<std::string>> out;
    if (ids.empty())
        return out;
    auto st = db.prepare("SELECT id, child_ids_json FROM mem_tree_summaries "
                         "WHERE id IN (SELECT value FROM json_each(?1))");
    if (!st)
        return st.status();
    st->bind(1, json_id_list(ids));
    MEMLENS_TRY(st->each_row(
        [&] { out.emplace(st->column_text(0), parse_string_array(st->column_text_view(1))); }));
    return out;
}

} // namespace memlens::detail
