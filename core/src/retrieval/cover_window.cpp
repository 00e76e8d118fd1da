#include "retrieval/candidate.h"
#include "retrieval/doc_versions.h"
#include "retrieval/id_list.h"

#include <memlens/retrieval.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <algorithm>
#include <limits>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace memlens {

namespace {

using detail::SummaryRow;

struct Eligible {
    SummaryRow row;
    std::optional<std::string> parent_doc_id;
    std::optional<std::int64_t> parent_version_ms;
    bool removed = false;
};

// One row of the cover before hydration: enough to sort and count, nothing more, so a window
// holding a million chunks costs a million small records at most.
struct Entry {
    std::string scope;
    std::int64_t start_ms = 0;
    std::int64_t end_ms = 0;
    bool summary = false;
    std::string id;
    std::size_t eligible_index = 0;
};

class ScopeFilter {
public:
    ScopeFilter(const Database& db, const CoverWindowOptions& opts)
        : kind_(opts.source_kind) {
        if (!kind_)
            return;
        if (auto st = db.prepare("SELECT source_id FROM ml_sources WHERE lower(source_kind) = "
                                 "lower(?1)")) {
            st->bind(1, *kind_);
            while (true) {
                auto row = st->step();
                if (!row || !*row)
                    break;
                recorded_.insert(st->column_text(0));
            }
        }
    }
    bool allows(const std::string& scope) {
        if (!kind_)
            return true;
        auto [it, fresh] = cache_.try_emplace(scope, false);
        if (fresh)
            it->second = recorded_.count(scope) != 0 || scope_matches_kind(scope, *kind_);
        return it->second;
    }

private:
    std::optional<std::string> kind_;
    std::set<std::string> recorded_;
    std::unordered_map<std::string, bool> cache_;
};

Result<std::vector<Eligible>> eligible_summaries(const Database& db,
                                                 const detail::VaultColumns& cols,
                                                 const CoverWindowOptions& opts) {
    // The bound on start (<= until) keeps the index range tight: start <= end <= until.
    std::string sql =
        detail::summary_select(cols, cols.summary_doc_version ? ", p.doc_id, p.version_ms"
                                                              : ", NULL, NULL") +
        "LEFT JOIN mem_tree_summaries p ON p.id = s.parent_id "
        "WHERE t.kind = 'source' AND s.deleted = 0 AND s.level >= 1 "
        "AND s.time_range_start_ms >= ?1 AND s.time_range_start_ms <= ?2 "
        "AND s.time_range_end_ms <= ?2";
    if (opts.source_id)
        sql += " AND t.scope = ?3";
    sql += " ORDER BY t.scope, s.time_range_start_ms, s.level DESC, s.id";
    auto st = db.prepare(sql);
    if (!st)
        return st.status();
    st->bind(1, opts.since_ms).bind(2, opts.until_ms);
    if (opts.source_id)
        st->bind(3, *opts.source_id);
    std::vector<Eligible> out;
    while (true) {
        auto row = st->step();
        if (!row)
            return row.status();
        if (!*row)
            break;
        Eligible e;
        e.row = detail::read_summary_row(*st);
        e.parent_doc_id = st->column_optional_text(detail::kSummaryColumns);
        e.parent_version_ms = st->column_optional_int64(detail::kSummaryColumns + 1);
        out.push_back(std::move(e));
    }
    return out;
}

// The eligible summaries below `index` (not itself), walking child_ids within the eligible set.
std::vector<std::size_t> below(const std::vector<Eligible>& eligible,
                               const std::unordered_map<std::string, std::size_t>& by_id,
                               std::size_t index) {
    std::vector<std::size_t> out;
    std::vector<std::size_t> stack{index};
    std::unordered_set<std::size_t> seen{index};
    while (!stack.empty()) {
        const std::size_t i = stack.back();
        stack.pop_back();
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

// Latest-wins (NOTES §2): a summary of an older version than its document's newest goes, with
// everything below it; of two roots of the same winning version the first (in scope, start
// order) stays. A root is a summary whose parent is not part of the same document version.
// The chunks under removed summaries must not come back raw either: the caller hides them.
Status apply_latest_wins(const Database& db, std::vector<Eligible>& eligible,
                         const std::unordered_map<std::string, std::size_t>& by_id) {
    std::set<std::string> docs;
    for (const auto& e : eligible) {
        if (e.row.doc_id)
            docs.insert(*e.row.doc_id);
    }
    if (docs.empty())
        return Status::ok();
    auto newest = detail::newest_doc_versions(db, {docs.begin(), docs.end()});
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

} // namespace

Result<QueryResponse> cover_window(const Vault& vault, const CoverWindowOptions& opts) {
    check_off_ui_thread("cover_window");
    if (opts.until_ms < opts.since_ms)
        return Status::invalid("cover_window: until (" + std::to_string(opts.until_ms) +
                               ") precedes since (" + std::to_string(opts.since_ms) + ")");
    const std::size_t limit = opts.limit == 0 ? kDefaultCoverLimit : opts.limit;
    const Database& db = vault.db();
    const auto cols = detail::vault_columns(vault);
    ScopeFilter filter(db, opts);

    auto eligible = eligible_summaries(db, cols, opts);
    if (!eligible)
        return eligible.status().with_context("cover_window");
    std::erase_if(*eligible, [&](const Eligible& e) { return !filter.allows(e.row.tree_scope); });
    std::unordered_map<std::string, std::size_t> by_id;
    for (std::size_t i = 0; i < eligible->size(); ++i)
        by_id.emplace((*eligible)[i].row.id, i);

    MEMLENS_TRY(apply_latest_wins(db, *eligible, by_id).with_context("cover_window"));

    // The frontier: kept summaries whose parent is not itself kept. Every summary at or below
    // the frontier, and every removed one, hides its chunks from the raw fallback.
    std::vector<Entry> entries;
    std::vector<bool> hides(eligible->size(), false);
    for (std::size_t i = 0; i < eligible->size(); ++i) {
        const auto& e = (*eligible)[i];
        if (e.removed) {
            hides[i] = true;
            continue;
        }
        if (e.row.parent_id) {
            auto p = by_id.find(*e.row.parent_id);
            if (p != by_id.end() && !(*eligible)[p->second].removed)
                continue;
        }
        hides[i] = true;
        for (std::size_t j : below(*eligible, by_id, i))
            hides[j] = true;
        entries.push_back({e.row.tree_scope, e.row.start_ms, e.row.end_ms, true, e.row.id, i});
    }
    std::vector<std::string> hiding_ids;
    for (std::size_t i = 0; i < eligible->size(); ++i) {
        if (hides[i])
            hiding_ids.push_back((*eligible)[i].row.id);
    }

    // Every in-window chunk, streamed through one cursor: no scan cap, so a source that sorts
    // last is never starved. A chunk whose parent link names a hiding summary is left in SQLite
    // (most of a long window); the rest come here and are checked against the child lists.
    std::string sql = "SELECT c.id, COALESCE(c.path_scope, c.source_id), c.time_range_start_ms, "
                      "c.time_range_end_ms FROM mem_tree_chunks c "
                      "WHERE c.time_range_start_ms >= ?1 AND c.time_range_start_ms <= ?2 "
                      "AND c.time_range_end_ms <= ?2 AND " +
                      detail::live_chunk_condition(cols);
    if (opts.source_id)
        sql += " AND (c.path_scope = ?3 OR (c.path_scope IS NULL AND c.source_id = ?3))";
    if (cols.chunk_parent_link && !hiding_ids.empty())
        sql += " AND (c.parent_summary_id IS NULL OR c.parent_summary_id NOT IN "
               "(SELECT value FROM json_each(?4)))";
    auto st = db.prepare(sql);
    if (!st)
        return st.status().with_context("cover_window");
    st->bind(1, opts.since_ms).bind(2, opts.until_ms);
    if (opts.source_id)
        st->bind(3, *opts.source_id);
    if (cols.chunk_parent_link && !hiding_ids.empty())
        st->bind(4, detail::json_id_list(hiding_ids));
    const std::size_t first_raw = entries.size();
    std::unordered_map<std::string, std::size_t> raw_at;
    while (true) {
        auto row = st->step();
        if (!row)
            return row.status().with_context("cover_window");
        if (!*row)
            break;
        std::string scope = st->column_text(1);
        if (!filter.allows(scope))
            continue;
        std::string id = st->column_text(0);
        raw_at.emplace(id, entries.size());
        entries.push_back(
            {std::move(scope), st->column_int64(2), st->column_int64(3), false, std::move(id), 0});
    }
    // A chunk listed under a hiding summary without a parent link back to it is hidden too.
    if (!raw_at.empty()) {
        std::vector<bool> drop(entries.size(), false);
        bool any = false;
        for (std::size_t i = 0; i < eligible->size(); ++i) {
            if (!hides[i])
                continue;
            for (const auto& child : (*eligible)[i].row.child_ids) {
                auto it = raw_at.find(child);
                if (it != raw_at.end()) {
                    drop[it->second] = true;
                    any = true;
                }
            }
        }
        if (any) {
            std::size_t k = first_raw;
            for (std::size_t i = first_raw; i < entries.size(); ++i) {
                if (!drop[i])
                    entries[k++] = std::move(entries[i]);
            }
            entries.resize(k);
        }
    }

    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
        if (a.scope != b.scope)
            return a.scope < b.scope;
        if (a.start_ms != b.start_ms)
            return a.start_ms < b.start_ms;
        if (a.end_ms != b.end_ms)
            return a.end_ms < b.end_ms;
        if (a.summary != b.summary)
            return a.summary;
        return a.id < b.id;
    });
    const std::size_t total = entries.size();
    if (entries.size() > limit)
        entries.resize(limit);

    std::vector<std::string> chunk_ids;
    for (const auto& e : entries) {
        if (!e.summary)
            chunk_ids.push_back(e.id);
    }
    auto chunks = detail::load_chunks(db, cols, chunk_ids, false, false);
    if (!chunks)
        return chunks.status().with_context("cover_window");
    std::unordered_map<std::string, detail::ChunkRow*> chunk_by_id;
    for (auto& c : *chunks)
        chunk_by_id.emplace(c.id, &c);

    std::vector<detail::Candidate> out;
    out.reserve(entries.size());
    for (const auto& e : entries) {
        if (e.summary) {
            out.push_back(
                detail::candidate_from_summary(std::move((*eligible)[e.eligible_index].row)));
        } else if (auto it = chunk_by_id.find(e.id); it != chunk_by_id.end()) {
            out.push_back(detail::candidate_from_chunk(std::move(*it->second), 0.0));
        }
    }
    const std::size_t n = out.size();
    return QueryResponse::make(detail::finish(vault, std::move(out), n), total);
}

} // namespace memlens
