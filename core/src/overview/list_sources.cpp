#include <memlens/overview.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <algorithm>
#include <map>

namespace memlens {

Result<std::vector<SourceOverview>> list_sources(const Vault& vault) {
    check_off_ui_thread("list_sources");
    const Database& db = vault.db();

    auto st =
        db.prepare("SELECT source_id, MIN(source_kind), COUNT(*), SUM(parent_summary_id IS NULL), "
                   "MIN(time_range_start_ms), MAX(time_range_end_ms) "
                   "FROM mem_tree_chunks GROUP BY source_id ORDER BY source_id");
    if (!st)
        return st.status();
    std::vector<SourceOverview> out;
    std::map<std::string, std::size_t> by_id;
    MEMLENS_TRY(st->each_row([&] {
        SourceOverview s;
        s.source_id = st->column_text(0);
        s.source_kind = st->column_text(1);
        s.chunk_count = st->column_int64(2);
        s.unsealed_chunks = st->column_int64(3);
        s.earliest_ms = st->column_int64(4);
        s.latest_ms = st->column_int64(5);
        by_id.emplace(s.source_id, out.size());
        out.push_back(std::move(s));
    }));

    // Platform and title are memlens's own bookkeeping; a workspace has the table (attached,
    // empty) but no rows, and its sources keep empty strings there.
    auto meta = db.prepare("SELECT source_id, platform, title FROM ml_sources");
    if (!meta)
        return meta.status();
    MEMLENS_TRY(meta->each_row([&] {
        auto it = by_id.find(meta->column_text(0));
        if (it == by_id.end())
            return;
        out[it->second].platform = meta->column_text(1);
        out[it->second].title = meta->column_optional_text(2).value_or("");
    }));

    // A source tree's scope is the source id it summarises, as in query_source.
    auto trees = db.prepare("SELECT id, scope FROM mem_tree_trees WHERE kind = 'source'");
    if (!trees)
        return trees.status();
    MEMLENS_TRY(trees->each_row([&] {
        auto it = by_id.find(trees->column_text(1));
        if (it != by_id.end())
            out[it->second].tree_id = trees->column_text(0);
    }));
    return out;
}

std::pair<std::int64_t, std::int64_t> time_span(const std::vector<SourceOverview>& sources) {
    std::pair<std::int64_t, std::int64_t> span{0, 0};
    for (const SourceOverview& s : sources) {
        if (&s == &sources.front() || s.earliest_ms < span.first)
            span.first = s.earliest_ms;
        span.second = std::max(span.second, s.latest_ms);
    }
    return span;
}

} // namespace memlens
