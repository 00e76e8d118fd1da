#include "retrieval/chunk_rows.h"

#include "json/string_array.h"
#include "retrieval/id_list.h"

namespace memlens::detail {

std::string chunk_select(const VaultColumns& cols, bool with_score) {
    std::string sql = "SELECT c.id, COALESCE(c.path_scope, c.source_id), COALESCE(t.id, ''), "
                      "c.source_ref, c.tags_json, c.content, c.time_range_start_ms, "
                      "c.time_range_end_ms, c.timestamp_ms, ";
    sql += cols.chunk_content_path ? "c.content_path, " : "NULL, ";
    sql += with_score ? "COALESCE(sc.total, 0.0), " : "0.0, ";
    sql += cols.chunk_author ? "c.author " : "NULL ";
    sql += "FROM mem_tree_chunks c LEFT JOIN mem_tree_trees t ON t.kind = 'source' AND "
           "t.scope = COALESCE(c.path_scope, c.source_id) ";
    if (with_score)
        sql += "LEFT JOIN mem_tree_score sc ON sc.chunk_id = c.id ";
    return sql;
}

ChunkRow read_chunk_row(const Statement& st) {
    ChunkRow r;
    r.id = st.column_text(0);
    r.scope = st.column_text(1);
    r.tree_id = st.column_text(2);
    r.source_ref = st.column_optional_text(3);
    r.tags = parse_string_array(st.column_text_view(4));
    r.content = st.column_text(5);
    r.start_ms = st.column_int64(6);
    r.end_ms = st.column_int64(7);
    r.timestamp_ms = st.column_int64(8);
    r.content_path = st.column_optional_text(9);
    r.score_total = st.column_double(10);
    r.author = st.column_optional_text(11);
    return r;
}

Result<std::vector<ChunkRow>> load_chunks(const Database& db, const VaultColumns& cols,
                                          const std::vector<std::string>& ids, bool with_score,
                                          bool live_only) {
    std::vector<ChunkRow> out;
    if (ids.empty())
        return out;
    std::string sql =
        chunk_select(cols, with_score) + "WHERE c.id IN (SELECT value FROM json_each(?1))";
    if (live_only)
        sql += " AND " + live_chunk_condition(cols);
    auto st = db.prepare(sql);
    if (!st)
        return st.status();
    st->bind(1, json_id_list(ids));
    MEMLENS_TRY(st->each_row([&] { out.push_back(read_chunk_row(*st)); }));
    return out;
}

} // namespace memlens::detail
