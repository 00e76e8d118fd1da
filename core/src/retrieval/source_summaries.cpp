#include "retrieval/source_summaries.h"

#include "retrieval/doc_versions.h"
#include "retrieval/id_list.h"
#include "retrieval/scope_filter.h"

namespace memlens::detail {

namespace {

Result<std::vector<std::string>> select_tree_ids(const Database& db, const SourceSelection& sel) {
    std::vector<std::string> ids;
    std::string sql = "SELECT id, scope FROM mem_tree_trees WHERE kind = 'source' AND "
                      "(max_level > 0 OR root_id IS NOT NULL)";
    if (sel.source_id)
        sql += " AND scope = ?1";
    sql += " ORDER BY scope, id";
    auto st = db.prepare(sql);
    if (!st)
        return st.status();
    if (sel.source_id)
        st->bind(1, *sel.source_id);
    ScopeFilter filter(db, sel.source_id ? std::nullopt : sel.source_kind);
    MEMLENS_TRY(st->each_row([&] {
        if (!filter.allows(st->column_text(1)))
            return;
        ids.push_back(st->column_text(0));
    }));
    return ids;
}

} // namespace

Result<std::vector<SummaryRow>>
collect_source_summaries(const Database& db, const VaultColumns& cols, const SourceSelection& sel) {
    std::vector<SummaryRow> rows;
    auto trees = select_tree_ids(db, sel);
    if (!trees)
        return trees.status();
    if (trees->empty())
        return rows;
    std::string sql = summary_select(cols) +
                      "WHERE s.tree_id IN (SELECT value FROM json_each(?1)) AND s.level >= 1 "
                      "AND s.deleted = 0";
    if (sel.window)
        sql += " AND s.time_range_end_ms >= ?2 AND s.time_range_start_ms <= ?3";
    sql += " ORDER BY s.time_range_end_ms DESC, s.id";
    auto st = db.prepare(sql);
    if (!st)
        return st.status();
    st->bind(1, json_id_list(*trees));
    if (sel.window)
        st->bind(2, sel.window->first).bind(3, sel.window->second);
    MEMLENS_TRY(st->each_row([&] { rows.push_back(read_summary_row(*st)); }));
    MEMLENS_TRY(drop_stale_versions(db, cols, rows));
    return rows;
}

} // namespace memlens::detail
