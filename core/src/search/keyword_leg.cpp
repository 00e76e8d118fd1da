#include "search/keyword_leg.h"

#include <memlens/text.h>

#include <algorithm>
#include <cstring>
#include <future>
#include <limits>
#include <unordered_map>

namespace memlens::search {

std::optional<std::string> keyword_match_expression(std::string_view text, int max_terms) {
    auto tokens = keyword_tokens(text);
    if (tokens.empty())
        return std::nullopt;
    if (max_terms > 0 && tokens.size() > static_cast<std::size_t>(max_terms)) {
        // Re-joined words split back into the same tokens, so build_fts_query stays the one
        // place that quotes them.
        std::string kept;
        for (int i = 0; i < max_terms; ++i)
            kept += tokens[static_cast<std::size_t>(i)] + " ";
        return build_fts_query(kept);
    }
    return build_fts_query(text);
}

namespace {

// Whether a chunk ends by asking (its last non-blank character is '?'): apply_keyword_factors.
const std::string kAsks = "substr(rtrim(c.content, char(32, 9, 10, 13)), -1) = '?'";

// The coverage memlens_bm25f wrote for an FTS row while this statement ran.
double coverage_of_row(const CoverageSink& sink, std::int64_t fts_rowid) {
    auto it = sink.by_rowid.find(fts_rowid);
    return it == sink.by_rowid.end() ? 1.0 : it->second.coverage;
}

Status collect(Statement* st, bool is_summary, const CoverageSink& sink,
               std::vector<LegItem>& out) {
    return st->each_row([&] {
        // Columns: id, score, FTS rowid, then for chunks their author and time range.
        LegItem item;
        item.id = st->column_text(0);
        item.is_summary = is_summary;
        item.raw = item.fts_score = st->column_double(1);
        item.fts_rowid = st->column_int64(2);
        item.coverage = coverage_of_row(sink, item.fts_rowid);
        item.fts_counts = recorded_counts(sink, item.fts_rowid);
        if (!is_summary) {
            item.author = st->column_text(3);
            item.time_start_ms = st->column_int64(4);
            item.time_end_ms = st->column_int64(5);
            item.asks = st->column_int64(6) != 0;
        }
        out.push_back(std::move(item));
    });
}

// memlens_bm25f takes k1, the coverage power, then a (weight, b) pair per column: content 1.0,
// then context, near and far. A table with fewer columns (an older vault) ignores the extra
// pairs.
void add_chunk_rank(SqlQuery& q, const KeywordLegInput& in) {
    q.add("memlens_bm25f(mem_tree_chunks_fts, ?", in.k1);
    q.add(", ?, 1.0", in.coverage_power);
    q.add(", ?", in.b);
    q.add(", ?", in.context_weight);
    q.add(", ?", in.b);
    q.add(", ?", in.near_weight);
    q.add(", ?", in.b_neighbours);
    q.add(", ?", in.far_weight);
    q.add(", ?) AS score", in.b_neighbours);
}

//
// Unscoped, the FTS5 table alone ranks and cuts to `limit`; only the kept rows are joined to
// their chunk ids. Joining every match first (the scoped path) doubles the leg's cost on a
// common word.
struct Ranked {
    std::int64_t rid;
    double score, coverage;
    std::vector<std::int32_t> counts; // recorded_counts (bm25f.h)
};

// One statement's best `limit` FTS rows, within [first, last] of the rowids when given.
Result<std::vector<Ranked>> rank_rows(StatementCache& stmts, const KeywordLegInput& in,
                                      std::optional<std::pair<std::int64_t, std::int64_t>> range) {
    MEMLENS_TRY(stmts.ensure_ranking_functions());
    SqlQuery q;
    q.add("SELECT rowid, ");
    add_chunk_rank(q, in);
    q.add(" FROM mem_tree_chunks_fts WHERE mem_tree_chunks_fts MATCH ?", std::string(in.match));
    if (range) {
        q.add(" AND rowid >= ?", range->first);
        q.add(" AND rowid <= ?", range->second);
    }
    q.add(" ORDER BY score, rowid LIMIT ?", static_cast<std::int64_t>(in.limit));
    auto st = stmts.bind(q);
    if (!st)
        return st.status();
    stmts.coverage().reset(static_cast<std::size_t>(std::max(0, in.limit)));
    std::vector<Ranked> ranked;
    MEMLENS_TRY((*st)->each_row([&] {
        ranked.push_back({(*st)->column_int64(0), (*st)->column_double(1), 1.0, {}});
    }));
    for (auto& r : ranked) {
        r.coverage = coverage_of_row(stmts.coverage(), r.rid);
        r.counts = recorded_counts(stmts.coverage(), r.rid);
    }
    return ranked;
}

Status unscoped_chunks(StatementCache& stmts, const KeywordLegInput& in,
                       std::vector<LegItem>& items, std::optional<Bm25fStats>& stats) {
    std::vector<Ranked> ranked;
    if (keyword_leg_splits(in)) {
        // The upper half on the helper's thread and connection, the lower half here.
        auto upper = std::async(std::launch::async, [&] {
            return rank_rows(
                *in.helper, in,
                std::pair{in.split_rowid + 1, std::numeric_limits<std::int64_t>::max()});
        });
        auto lower = rank_rows(stmts, in,
                               std::pair{std::numeric_limits<std::int64_t>::min(), in.split_rowid});
        auto high = upper.get();
        if (!lower)
            return lower.status();
        if (!high)
            return high.status().with_context("second connection");
        // The same whole-table statistics on both connections; a half without a match has none.
        stats = stmts.coverage().stats ? stmts.coverage().stats : in.helper->coverage().stats;
        ranked = std::move(lower).value();
        ranked.insert(ranked.end(), high->begin(), high->end());
        // ORDER BY score, rowid of the one statement, over both halves.
        std::sort(ranked.begin(), ranked.end(), [](const Ranked& a, const Ranked& b) {
            return a.score != b.score ? a.score < b.score : a.rid < b.rid;
        });
        if (ranked.size() > static_cast<std::size_t>(std::max(0, in.limit)))
            ranked.resize(static_cast<std::size_t>(std::max(0, in.limit)));
    } else {
        auto all = rank_rows(stmts, in, std::nullopt);
        if (!all)
            return all.status();
        ranked = std::move(all).value();
        stats = stmts.coverage().stats;
    }
    std::string rids = "[";
    for (std::size_t i = 0; i < ranked.size(); ++i)
        rids += (i > 0 ? "," : "") + std::to_string(ranked[i].rid);
    rids += "]";
    if (ranked.empty())
        return Status::ok();
    SqlQuery ids;
    ids.add("SELECT " + in.cols.rid +
                ", c.id, c.owner, c.time_range_start_ms, c.time_range_end_ms, " + kAsks +
                " FROM mem_tree_chunks c WHERE " + in.cols.rid +
                " IN (SELECT value FROM json_each(?))",
            rids);
    auto map = stmts.bind(ids);
    if (!map)
        return map.status();
    struct Chunk {
        std::string id, author;
        std::int64_t start = 0, end = 0;
        bool asks = false;
    };
    std::unordered_map<std::int64_t, Chunk> id_of;
    MEMLENS_TRY((*map)->each_row([&] {
        id_of.emplace((*map)->column_int64(0),
                      Chunk{(*map)->column_text(1), (*map)->column_text(2), (*map)->column_int64(3),
                            (*map)->column_int64(4), (*map)->column_int64(5) != 0});
    }));
    for (const auto& r : ranked) {
        auto it = id_of.find(r.rid);
        if (it == id_of.end())
            continue; // an index row whose chunk is gone is not a hit
        LegItem item;
        item.id = it->second.id;
        item.raw = item.fts_score = r.score;
        item.coverage = r.coverage;
        item.fts_rowid = r.rid;
        item.fts_counts = r.counts;
        item.author = it->second.author;
        item.time_start_ms = it->second.start;
        item.time_end_ms = it->second.end;
        item.asks = it->second.asks;
        items.push_back(std::move(item));
    }
    return Status::ok();
}

} // namespace

bool keyword_leg_splits(const KeywordLegInput& in) {
    return in.helper != nullptr && in.split_rowid > 0 &&
           (in.scope == nullptr || in.scope->empty()) && !in.hide_superseded;
}

Result<std::vector<LegItem>> run_keyword_leg(StatementCache& stmts, const KeywordLegInput& in,
                                             KeywordLegStats* stats) {
    MEMLENS_TRY(stmts.ensure_ranking_functions());
    std::vector<LegItem> items;
    KeywordLegStats kept;
    if (in.scope->empty() && !in.hide_superseded) {
        MEMLENS_TRY(unscoped_chunks(stmts, in, items, kept.chunks));
    } else {
        SqlQuery q;
        q.add("SELECT c.id, ");
        add_chunk_rank(q, in);
        q.add(", mem_tree_chunks_fts.rowid, c.owner, c.time_range_start_ms, c.time_range_end_ms, " +
                  std::string(kAsks) +
                  " FROM mem_tree_chunks_fts JOIN "
                  "mem_tree_chunks c ON " +
                  in.cols.rid + " = mem_tree_chunks_fts.rowid WHERE mem_tree_chunks_fts MATCH ?",
              std::string(in.match));
        append_chunk_scope(q, *in.scope, in.hide_superseded, in.cols);
        q.add(" ORDER BY score, " + in.cols.rid + " LIMIT ?", static_cast<std::int64_t>(in.limit));
        auto st = stmts.bind(q);
        if (!st)
            return st.status();
        stmts.coverage().reset(static_cast<std::size_t>(std::max(0, in.limit)));
        MEMLENS_TRY(collect(*st, false, stmts.coverage(), items));
        kept.chunks = stmts.coverage().stats;
    }
    if (in.include_summaries) {
        SqlQuery q;
        const std::string rid = in.cols.rid == "c.rid" ? "s.rid" : "s.rowid";
        // The same function over the one content column, so the two tables merge on one scale.
        q.add("SELECT s.id, memlens_bm25f(mem_tree_summaries_fts, ?", in.k1);
        q.add(", ?, 1.0", in.coverage_power);
        q.add(", ?) AS score, mem_tree_summaries_fts.rowid", in.b);
        q.add(" FROM mem_tree_summaries_fts JOIN mem_tree_summaries s ON " + rid +
              " = mem_tree_summaries_fts.rowid WHERE mem_tree_summaries_fts MATCH ?");
        q.binds.emplace_back(std::string(in.match));
        if (append_summary_scope(q, *in.scope, in.hide_superseded)) {
            q.add(" ORDER BY score, " + rid + " LIMIT ?", static_cast<std::int64_t>(in.limit));
            auto st = stmts.bind(q);
            if (!st)
                return st.status();
            stmts.coverage().reset(static_cast<std::size_t>(std::max(0, in.limit)));
            MEMLENS_TRY(collect(*st, true, stmts.coverage(), items));
            kept.summaries = stmts.coverage().stats;
            // Both tables score with the same function over the same tokenizer; merge on it.
            // Stable: on equal bm25, chunks before summaries, each in its own (rid) order.
            std::stable_sort(items.begin(), items.end(),
                             [](const LegItem& a, const LegItem& b) { return a.raw < b.raw; });
            if (items.size() > static_cast<std::size_t>(in.limit))
                items.resize(static_cast<std::size_t>(in.limit));
        }
    }
    if (stats != nullptr)
        *stats = std::move(kept);
    return items;
}

namespace {

// The summary table's ranking, as run_keyword_leg writes it.
void add_summary_rank(SqlQuery& q, const KeywordLegInput& in) {
    q.add("memlens_bm25f(mem_tree_summaries_fts, ?", in.k1);
    q.add(", ?, 1.0", in.coverage_power);
    q.add(", ?) AS score", in.b);
}

// "FROM … WHERE … MATCH ?" of one table with the leg's scope, selecting the FTS rowid and the
// score; false when the scope admits no row of that table.
bool place_query(SqlQuery& q, const KeywordLegInput& in, bool summaries) {
    if (summaries) {
        const std::string rid = in.cols.rid == "c.rid" ? "s.rid" : "s.rowid";
        q.add("SELECT " + rid + ", ");
        add_summary_rank(q, in);
        q.add(" FROM mem_tree_summaries_fts JOIN mem_tree_summaries s ON " + rid +
              " = mem_tree_summaries_fts.rowid WHERE mem_tree_summaries_fts MATCH ?");
        q.binds.emplace_back(std::string(in.match));
        return append_summary_scope(q, *in.scope, in.hide_superseded);
    }
    if (in.scope->empty() && !in.hide_superseded) {
        q.add("SELECT rowid, ");
        add_chunk_rank(q, in);
        q.add(" FROM mem_tree_chunks_fts WHERE mem_tree_chunks_fts MATCH ?", std::string(in.match));
        return true;
    }
    q.add("SELECT mem_tree_chunks_fts.rowid, ");
    add_chunk_rank(q, in);
    q.add(" FROM mem_tree_chunks_fts JOIN mem_tree_chunks c ON " + in.cols.rid +
              " = mem_tree_chunks_fts.rowid WHERE mem_tree_chunks_fts MATCH ?",
          std::string(in.match));
    append_chunk_scope(q, *in.scope, in.hide_superseded, in.cols);
    return true;
}

// Calls fn(rowid, score) for every row the query gives.
template <typename F> Status each_row(StatementCache& stmts, const SqlQuery& q, F&& fn) {
    auto st = stmts.bind(q);
    if (!st)
        return st.status();
    stmts.coverage().reset(1); // nothing of the sink is read here: record as little as it can
    return (*st)->each_row([&] { fn((*st)->column_int64(0), (*st)->column_double(1)); });
}

} // namespace

Result<KeywordPlace> keyword_place(StatementCache& stmts, const KeywordLegInput& in,
                                   bool is_summary, std::int64_t fts_rowid, bool count) {
    MEMLENS_TRY(stmts.ensure_ranking_functions());
    KeywordPlace place;
    {
        // Its own row: the score the leg gives it (the function's statistics are the whole
        // table's, so one row scores as it does among all) and its counts.
        SqlQuery q;
        if (!place_query(q, in, is_summary))
            return place;
        const std::string table = is_summary ? "mem_tree_summaries_fts" : "mem_tree_chunks_fts";
        q.add(" AND " + table + ".rowid = ?", fts_rowid);
        auto st = stmts.bind(q);
        if (!st)
            return st.status();
        stmts.coverage().reset(1);
        auto row = (*st)->step();
        if (!row)
            return row.status();
        if (!*row)
            return place;
        place.matched = true;
        place.score = (*st)->column_double(1);
        (*st)->reset(); // ends its read transaction (term_table.cpp's rowid_of says why)
        SqlQuery c;
        c.add("SELECT memlens_bm25f_row(" + table + ") FROM " + table + " WHERE " + table +
                  " MATCH ?",
              std::string(in.match));
        c.add(" AND rowid = ?", fts_rowid);
        auto cs = stmts.bind(c);
        if (!cs)
            return cs.status();
        auto crow = (*cs)->step();
        if (!crow)
            return crow.status();
        if (*crow) {
            const auto blob = (*cs)->column_blob(0);
            place.counts.resize(blob.size() / sizeof(std::int32_t));
            std::memcpy(place.counts.data(), blob.data(),
                        place.counts.size() * sizeof(std::int32_t));
        }
        (*cs)->reset();
    }
    if (!count)
        return place;
    // The leg's order: (score, rowid) within a table; merged on score, chunks first on a tie.
    std::size_t above = 0;
    const double mine = place.score;
    SqlQuery chunks;
    place_query(chunks, in, false);
    MEMLENS_TRY(each_row(stmts, chunks, [&](std::int64_t rid, double score) {
        ++place.matches;
        if (score < mine || (score == mine && (is_summary || rid < fts_rowid)))
            ++above;
    }));
    if (in.include_summaries) {
        SqlQuery summaries;
        if (place_query(summaries, in, true)) {
            MEMLENS_TRY(each_row(stmts, summaries, [&](std::int64_t rid, double score) {
                ++place.matches;
                if (score < mine || (score == mine && is_summary && rid < fts_rowid))
                    ++above;
            }));
        }
    }
    place.rank = above + 1;
    return place;
}

} // namespace memlens::search
