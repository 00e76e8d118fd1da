#include <memlens/overview.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <algorithm>
#include <map>

namespace memlens {

Result<std::vector<TreeOverview>> list_trees(const Vault& vault) {
    check_off_ui_thread("list_trees");
    const Database& db = vault.db();

    auto st = db.prepare("SELECT id, kind, scope, root_id, max_level, status, created_at_ms, "
                         "last_sealed_at_ms FROM mem_tree_trees ORDER BY kind, scope");
    if (!st)
        return st.status();
    std::vector<TreeOverview> out;
    std::map<std::string, std::size_t> by_id;
    MEMLENS_TRY(st->each_row([&] {
        TreeOverview t;
        t.id = st->column_text(0);
        t.kind = tree_kind_from_wire(st->column_text_view(1)).value_or(TreeKind::Source);
        t.scope = st->column_text(2);
        t.root_id = st->column_optional_text(3).value_or("");
        t.max_level = static_cast<int>(st->column_int64(4));
        t.status = st->column_text(5);
        t.created_at_ms = st->column_int64(6);
        t.last_sealed_at_ms = st->column_optional_int64(7).value_or(0);
        by_id.emplace(t.id, out.size());
        out.push_back(std::move(t));
    }));

    auto levels = db.prepare("SELECT tree_id, level, COUNT(*), MIN(time_range_start_ms), "
                             "MAX(time_range_end_ms) FROM mem_tree_summaries WHERE deleted = 0 "
                             "GROUP BY tree_id, level");
    if (!levels)
        return levels.status();
    MEMLENS_TRY(levels->each_row([&] {
        auto it = by_id.find(levels->column_text(0));
        if (it == by_id.end())
            return;
        TreeOverview& t = out[it->second];
        const auto level =
            static_cast<std::size_t>(std::max<std::int64_t>(0, levels->column_int64(1)));
        if (t.summaries_per_level.size() <= level)
            t.summaries_per_level.resize(level + 1, 0);
        const std::int64_t n = levels->column_int64(2);
        t.summaries_per_level[level] = n;
        const std::int64_t start = levels->column_int64(3);
        const std::int64_t end = levels->column_int64(4);
        t.start_ms = t.summary_count == 0 ? start : std::min(t.start_ms, start);
        t.end_ms = t.summary_count == 0 ? end : std::max(t.end_ms, end);
        t.summary_count += n;
    }));
    // Callers index by level up to max_level; keep the vector that long even for levels the
    // tree's metadata claims but whose summaries were all deleted.
    for (auto& t : out) {
        const auto want = static_cast<std::size_t>(std::max(0, t.max_level)) + 1;
        if (t.summaries_per_level.size() < want)
            t.summaries_per_level.resize(want, 0);
    }
    return out;
}

} // namespace memlens
