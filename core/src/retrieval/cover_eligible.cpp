#include "retrieval/cover_eligible.h"

#include "retrieval/doc_versions.h"

#include <algorithm>
#include <limits>
#include <set>
#include <tuple>
#include <unordered_set>

namespace memlens::detail {

Result<std::vector<Eligible>> eligible_summaries(const Database& db, const VaultColumns& cols,
                                                 const CoverWindowOptions& opts) {
    // The bound on start (<= until) keeps the index range tight: start <= end <= until.
    std::string sql =
        summary_select(cols, cols.summary_doc_version ? ", p.doc_id, p.version_ms" : ", NULL, NULL",
                       {.summaries_first = true, .outline = true}) +
        "LEFT JOIN mem_tree_summaries p ON p.id = s.parent_id "
        "WHERE t.kind = 'source' AND s.deleted = 0 AND s.level >= 1 "
        "AND s.time_range_start_ms >= ?1 AND s.time_range_start_ms <= ?2 "
        "AND s.time_range_end_ms <= ?2";
    if (opts.source_id)
        sql += " AND t.scope = ?3";
    // Ordered here rather than by SQLite, whose sorter copies every row, child lists and all.
    auto st = db.prepare(sql);
    if (!st)
        return st.status();
    st->bind(1, opts.since_ms).bind(2, opts.until_ms);
    if (opts.source_id)
        st->bind(3, *opts.source_id);
    std::vector<Eligible> out;
    MEMLENS_TRY(st->each_row([&] {
        Eligible e;
        e.row = read_summary_row(*st);
        e.parent_doc_id = st->column_optional_text(kSummaryColumns);
        e.parent_version_ms = st->column_optional_int64(kSummaryColumns + 1);
        out.push_back(std::move(e));
    }));
    std::sort(out.begin(), out.end(), [](const Eligible& a, const Eligible& b) {
        return std::tie(a.row.tree_scope, a.row.start_ms, b.row.level, a.row.id) <
               std::tie(b.row.tree_scope, b.row.start_ms, a.row.level, b.row.id);
    });
    return out;
}

std::vector<std::size_t> below(const std::vector<Eligible>& eligible,
                               const std::unordered_map<std::string, std::size_t>& by_id,
                               std::size_t index) {
    std::vector<std::size_t> out;
    std::vector<std::size_t> stack{index};
    std::unordered_set<std::size_t> seen{index};
    while (!stack.empty()) {
        const std::size_t i = stack.back();
        stack.pop_back();
        if (eligible[i].row.level <= 1)
            continue; // its children are chunks (a level-0 buffer sealed), never in `by_id`
        for (const auto& child : eligible[i].row.child_ids) {
            auto it = by_id.find(child);
            if (it != by_id.end() && seen.insert(it->second).second) {
                out.push_back(it->second);
                stack.push_back(it->second);
            }
        }
    }
    return out;
}

Status apply_latest_wins(const Database& db, std::vector<Eligible>& eligible,
                         const std::unordered_map<std::string, std::size_t>& by_id) {
    std::set<std::string> docs;
    for (const auto& e : eligible) {
        if (e.row.doc_id)
            docs.insert(*e.row.doc_id);
    }
    if (docs.empty())
        return Status::ok();
    auto newest = newest_doc_versions(db, {docs.begin(), docs.end()});
    if (!newest)
        return newest.status();
    constexpr auto kNoVersion = -std::numeric_limits<std::int64_t>::max();
    std::set<std::string> winner_roots;
    std::vector<std::size_t> losers;
    for (std::size_t i = 0; i < eligible.size(); ++i) {
        const auto& r = eligible[i].row;
        if (!r.doc_id)
            continue;
        const std::int64_t v = r.version_ms.value_or(kNoVersion);
        auto it = newest->find(*r.doc_id);
        if (it != newest->end() && v < it->second) {
            losers.push_back(i);
            continue;
        }
        const bool root = eligible[i].parent_doc_id != r.doc_id ||
                          eligible[i].parent_version_ms.value_or(kNoVersion) != v;
        if (root && !winner_roots.insert(*r.doc_id).second)
            losers.push_back(i);
    }
    for (std::size_t i : losers) {
        eligible[i].removed = true;
        for (std::size_t j : below(eligible, by_id, i))
            eligible[j].removed = true;
    }
    return Status::ok();
}

} // namespace memlens::detail
