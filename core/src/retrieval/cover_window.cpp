#include "retrieval/candidate.h"
#include "retrieval/cover_eligible.h"
#include "retrieval/id_list.h"
#include "retrieval/scope_filter.h"

#include <memlens/retrieval.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace memlens {

namespace {

// One row of the cover before hydration: enough to sort and count, nothing more, so a window
// holding a million chunks costs a million small records at most.
struct Entry {
    std::string scope;
    std::int64_t start_ms = 0;
    std::int64_t end_ms = 0;
    bool summary = false;
    std::string id;
};

} // namespace

namespace {

// The frontier: kept summaries whose parent is not itself kept, added to `entries`. Every
// summary at or below the frontier, and every removed one, hides its chunks from the raw
// fallback: true at its index in the result.
std::vector<bool> add_frontier(const std::vector<detail::Eligible>& eligible,
                               const std::unordered_map<std::string, std::size_t>& by_id,
                               std::vector<Entry>& entries) {
    std::vector<bool> hides(eligible.size(), false);
    for (std::size_t i = 0; i < eligible.size(); ++i) {
        const auto& e = eligible[i];
        if (e.removed) {
            hides[i] = true;
            continue;
        }
        if (e.row.parent_id) {
            auto p = by_id.find(*e.row.parent_id);
            if (p != by_id.end() && !eligible[p->second].removed)
                continue;
        }
        hides[i] = true;
        for (std::size_t j : detail::below(eligible, by_id, i))
            hides[j] = true;
        entries.push_back({e.row.tree_scope, e.row.start_ms, e.row.end_ms, true, e.row.id});
    }
    return hides;
}

constexpr const char* kRawColumns =
    "SELECT c.id, COALESCE(c.path_scope, c.source_id), c.time_range_start_ms, "
    "c.time_range_end_ms FROM mem_tree_chunks c WHERE c.time_range_start_ms >= ?1 "
    "AND c.time_range_start_ms <= ?2 AND c.time_range_end_ms <= ?2 AND ";
constexpr const char* kRawSource =
    " AND (c.path_scope = ?3 OR (c.path_scope IS NULL AND c.source_id = ?3))";

// Adds each row of `st` (kRawColumns) the scope filter admits to `entries`, its place to `raw_at`.
Status add_raw_rows(Statement& st, detail::ScopeFilter& filter, std::vector<Entry>& entries,
                    std::unordered_map<std::string, std::size_t>& raw_at) {
    return st.each_row([&] {
        std::string scope = st.column_text(1);
        if (!filter.allows(scope))
            return;
        std::string id = st.column_text(0);
        raw_at.emplace(id, entries.size());
        entries.push_back(
            {std::move(scope), st.column_int64(2), st.column_int64(3), false, std::move(id)});
    });
}

// The in-window chunks no hiding summary holds, by parent: those no summary sealed yet, then
// those of each summary that hides nothing and overlaps the window (a chunk lies within its
// summary's time range: the sealer and forget's re-seal make the range of its children's). Each
// is one range of (parent_summary_id, time_range_start_ms): at a million chunks a 90-day window
// holds 500,000 chunks, nearly all under summaries the window covers, and these ranges read only
// the few thousand at its edges.
Status add_raw_chunks_by_parent(const Database& db, const detail::VaultColumns& cols,
                                const CoverWindowOptions& opts, detail::ScopeFilter& filter,
                                const std::vector<std::string>& hiding_ids,
                                std::vector<Entry>& entries,
                                std::unordered_map<std::string, std::size_t>& raw_at) {
    const std::string tail =
        detail::live_chunk_condition(cols) + (opts.source_id ? kRawSource : "");
    auto unsealed =
        db.prepare(std::string(kRawColumns) + "c.parent_summary_id IS NULL AND " + tail);
    auto of_parent = db.prepare(std::string(kRawColumns) + "c.parent_summary_id = ?4 AND " + tail);
    // Unordered, so that SQLite reads the time index: asked for them by id, it walked the
    // primary key and read every summary's row, a level-1 summary's list of a thousand chunks
    // and more included, to test its times (240 ms at a million chunks, against 1 ms).
    auto parents = db.prepare("SELECT id FROM mem_tree_summaries WHERE time_range_start_ms <= ?2 "
                              "AND time_range_end_ms >= ?1");
    for (auto* st : {&unsealed, &of_parent, &parents})
        if (!*st)
            return st->status();
    const auto bind_window = [&](Statement& st) {
        st.bind(1, opts.since_ms).bind(2, opts.until_ms);
        if (opts.source_id)
            st.bind(3, *opts.source_id);
    };
    bind_window(*unsealed);
    parents->bind(1, opts.since_ms).bind(2, opts.until_ms);
    MEMLENS_TRY(add_raw_rows(*unsealed, filter, entries, raw_at));
    const std::unordered_set<std::string> hiding(hiding_ids.begin(), hiding_ids.end());
    std::vector<std::string> open;
    MEMLENS_TRY(parents->each_row([&] {
        std::string id = parents->column_text(0);
        if (hiding.count(id) == 0)
            open.push_back(std::move(id));
    }));
    for (const auto& id : open) {
        of_parent->reset(); // clears the bindings too
        bind_window(*of_parent);
        of_parent->bind(4, id);
        MEMLENS_TRY(add_raw_rows(*of_parent, filter, entries, raw_at));
    }
    return Status::ok();
}

// Every in-window chunk the scope admits, streamed through one cursor: no scan cap, so a source
// that sorts last is never starved. A chunk whose parent link names a hiding summary is left in
// SQLite (most of a long window); the rest are added to `entries`, their places in `raw_at`.
// Where the parent index holds the time too (a vault of this schema), by parent instead.
Status add_raw_chunks(const Database& db, const detail::VaultColumns& cols,
                      const CoverWindowOptions& opts, detail::ScopeFilter& filter,
                      const std::vector<std::string>& hiding_ids, std::vector<Entry>& entries,
                      std::unordered_map<std::string, std::size_t>& raw_at) {
    if (cols.chunk_parent_link && cols.chunk_parent_time)
        return add_raw_chunks_by_parent(db, cols, opts, filter, hiding_ids, entries, raw_at);
    std::string sql = std::string(kRawColumns) + detail::live_chunk_condition(cols);
    if (opts.source_id)
        sql += kRawSource;
    if (cols.chunk_parent_link && !hiding_ids.empty())
        sql += " AND (c.parent_summary_id IS NULL OR c.parent_summary_id NOT IN "
               "(SELECT value FROM json_each(?4)))";
    auto st = db.prepare(sql);
    if (!st)
        return st.status();
    st->bind(1, opts.since_ms).bind(2, opts.until_ms);
    if (opts.source_id)
        st->bind(3, *opts.source_id);
    if (cols.chunk_parent_link && !hiding_ids.empty())
        st->bind(4, detail::json_id_list(hiding_ids));
    return add_raw_rows(*st, filter, entries, raw_at);
}

// A chunk listed under a hiding summary without a parent link back to it is hidden too. A
// chunk lies within the time range of every summary that lists it (the sealer and forget's
// re-seal make a summary's range its children's), so only the lists of the hiding summaries
// whose range holds a raw chunk's start are read: at a million chunks a 90-day window's
// summaries list 500,000 chunks, and the raw ones lie at its edges.
Status drop_listed_children(const Database& db, const std::vector<detail::Eligible>& eligible,
                            const std::vector<bool>& hides,
                            const std::unordered_map<std::string, std::size_t>& raw_at,
                            std::size_t first_raw, std::vector<Entry>& entries) {
    std::vector<std::int64_t> starts;
    starts.reserve(entries.size() - first_raw);
    for (std::size_t i = first_raw; i < entries.size(); ++i)
        starts.push_back(entries[i].start_ms);
    std::sort(starts.begin(), starts.end());
    std::vector<std::size_t> holding;
    std::vector<std::string> level_one; // their lists are not in the outline
    for (std::size_t i = 0; i < eligible.size(); ++i) {
        const auto& row = eligible[i].row;
        if (!hides[i])
            continue;
        const auto first = std::lower_bound(starts.begin(), starts.end(), row.start_ms);
        if (first == starts.end() || *first > row.end_ms)
            continue;
        holding.push_back(i);
        if (row.level <= 1)
            level_one.push_back(row.id);
    }
    auto lists = detail::load_child_lists(db, level_one);
    if (!lists)
        return lists.status();
    std::vector<bool> drop(entries.size(), false);
    bool any = false;
    for (std::size_t i : holding) {
        const auto& row = eligible[i].row;
        const auto listed = lists->find(row.id);
        for (const auto& child : listed != lists->end() ? listed->second : row.child_ids) {
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
    return Status::ok();
}

// The cover's rows read whole, in its order: the summaries with their content and child lists,
// the chunks with their text.
Result<std::vector<detail::Candidate>> read_entries(const Database& db,
                                                    const detail::VaultColumns& cols,
                                                    const std::vector<Entry>& entries) {
    std::vector<std::string> chunk_ids;
    std::vector<std::string> summary_ids;
    for (const auto& e : entries)
        (e.summary ? summary_ids : chunk_ids).push_back(e.id);
    auto summaries = detail::load_summaries(db, cols, summary_ids);
    if (!summaries)
        return summaries.status();
    std::unordered_map<std::string, detail::SummaryRow*> summary_by_id;
    for (auto& s : *summaries)
        summary_by_id.emplace(s.id, &s);
    auto chunks = detail::load_chunks(db, cols, chunk_ids, false, false);
    if (!chunks)
        return chunks.status();
    std::unordered_map<std::string, detail::ChunkRow*> chunk_by_id;
    for (auto& c : *chunks)
        chunk_by_id.emplace(c.id, &c);

    std::vector<detail::Candidate> out;
    out.reserve(entries.size());
    for (const auto& e : entries) {
        if (e.summary) {
            if (auto it = summary_by_id.find(e.id); it != summary_by_id.end())
                out.push_back(detail::candidate_from_summary(std::move(*it->second)));
        } else if (auto it = chunk_by_id.find(e.id); it != chunk_by_id.end()) {
            out.push_back(detail::candidate_from_chunk(std::move(*it->second), 0.0));
        }
    }
    return out;
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
    detail::ScopeFilter filter(db, opts.source_kind);

    auto eligible = detail::eligible_summaries(db, cols, opts);
    if (!eligible)
        return eligible.status().with_context("cover_window");
    std::erase_if(*eligible,
                  [&](const detail::Eligible& e) { return !filter.allows(e.row.tree_scope); });
    std::unordered_map<std::string, std::size_t> by_id;
    for (std::size_t i = 0; i < eligible->size(); ++i)
        by_id.emplace((*eligible)[i].row.id, i);

    MEMLENS_TRY(detail::apply_latest_wins(db, *eligible, by_id).with_context("cover_window"));

    std::vector<Entry> entries;
    const std::vector<bool> hides = add_frontier(*eligible, by_id, entries);
    std::vector<std::string> hiding_ids;
    for (std::size_t i = 0; i < eligible->size(); ++i) {
        if (hides[i])
            hiding_ids.push_back((*eligible)[i].row.id);
    }

    const std::size_t first_raw = entries.size();
    std::unordered_map<std::string, std::size_t> raw_at;
    MEMLENS_TRY(add_raw_chunks(db, cols, opts, filter, hiding_ids, entries, raw_at)
                    .with_context("cover_window"));
    if (!raw_at.empty())
        MEMLENS_TRY(drop_listed_children(db, *eligible, hides, raw_at, first_raw, entries)
                        .with_context("cover_window"));

    // Only the first `limit` in order are returned; the total counts them all.
    const std::size_t total = entries.size();
    const auto shown = entries.begin() + static_cast<std::ptrdiff_t>(std::min(limit, total));
    std::partial_sort(entries.begin(), shown, entries.end(), [](const Entry& a, const Entry& b) {
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
    entries.erase(shown, entries.end());

    auto out = read_entries(db, cols, entries);
    if (!out)
        return out.status().with_context("cover_window");
    const std::size_t n = out->size();
    return QueryResponse::make(detail::finish(vault, std::move(out).value(), n), total);
}

} // namespace memlens
