#include "json/string_array.h"

#include <memlens/overview.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

namespace memlens {

Result<std::vector<SummaryOverview>> tree_summaries(const Vault& vault, const std::string& tree_id,
                                                    const SummaryListOptions& opts) {
    check_off_ui_thread("tree_summaries");
    // Only fixed clauses are appended; every value is bound.
    std::string sql =
        "SELECT s.id, s.tree_id, s.level, s.parent_id, s.child_ids_json, s.entities_json, "
        "s.topics_json, s.time_range_start_ms, s.time_range_end_ms, s.token_count, s.score, "
        "substr(s.content, 1, ?1) FROM mem_tree_summaries s "
        "WHERE s.tree_id = ?2 AND s.deleted = 0";
    if (opts.level)
        sql += " AND s.level = ?3";
    // A parent that was deleted no longer holds its children: they are tops again.
    if (opts.top_only)
        sql += " AND (s.parent_id IS NULL OR NOT EXISTS (SELECT 1 FROM mem_tree_summaries p "
               "WHERE p.id = s.parent_id AND p.deleted = 0))";
    sql += " ORDER BY s.level DESC, s.time_range_start_ms, s.id";
    if (opts.limit > 0)
        sql += " LIMIT ?4";

    auto st = vault.db().prepare(sql);
    if (!st)
        return st.status();
    st->bind(1, static_cast<std::int64_t>(opts.preview_chars));
    st->bind(2, tree_id);
    if (opts.level)
        st->bind(3, *opts.level);
    if (opts.limit > 0)
        st->bind(4, static_cast<std::int64_t>(opts.limit));

    std::vector<SummaryOverview> out;
    MEMLENS_TRY(st->each_row([&] {
        SummaryOverview s;
        s.id = st->column_text(0);
        s.tree_id = st->column_text(1);
        s.level = static_cast<int>(st->column_int64(2));
        s.parent_id = st->column_optional_text(3);
        s.child_count =
            static_cast<std::int64_t>(parse_string_array(st->column_text_view(4)).size());
        s.entities = parse_string_array(st->column_text_view(5));
        s.topics = parse_string_array(st->column_text_view(6));
        s.start_ms = st->column_int64(7);
        s.end_ms = st->column_int64(8);
        s.token_count = st->column_int64(9);
        s.score = st->column_double(10);
        s.preview = st->column_text(11);
        out.push_back(std::move(s));
    }));
    return out;
}

} // namespace memlens
