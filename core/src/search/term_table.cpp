#include "search/term_table.h"

namespace memlens::search {

namespace {

const std::vector<std::string> kChunkColumns = {"content", "context", "near", "far"};
const std::vector<std::string> kSummaryColumns = {"content"};

// The FTS rowid of a node (its table's rid), when the leg did not hand it over.
Result<std::int64_t> rowid_of(StatementCache& stmts, const TermTarget& t, const ChunkColumns& c) {
    SqlQuery q;
    if (t.is_summary)
        q.add(std::string("SELECT ") + (c.rid == "c.rid" ? "s.rid" : "s.rowid") +
                  " FROM mem_tree_summaries s WHERE s.id = ?",
              t.node_id);
    else
        q.add("SELECT " + c.rid + " FROM mem_tree_chunks c WHERE c.id = ?", t.node_id);
    auto st = stmts.bind(q);
    if (!st)
        return st.status();
    auto row = (*st)->step();
    const std::int64_t rid = row && *row ? (*st)->column_int64(0) : 0;
    // A statement left on a row keeps its read transaction open: the connection would go on
    // seeing this snapshot of the vault (and not, say, the audit rows written since).
    (*st)->reset();
    if (!row)
        return row.status();
    return rid;
}

} // namespace

std::vector<TermEvidence> term_table(const Bm25fRow& row, const Bm25fStats& stats,
                                     const std::vector<std::string>& terms,
                                     const std::vector<std::string>& columns,
                                     const std::vector<double>& weight,
                                     const std::vector<double>& b, double k1) {
    const auto ncol = static_cast<std::size_t>(row.ncol);
    const auto nphrase = static_cast<std::size_t>(row.nphrase);
    // Columns without a (weight, b) pair: memlens_bm25f's defaults.
    auto w_of = [&](std::size_t c) { return c < weight.size() ? weight[c] : 1.0; };
    auto b_of = [&](std::size_t c) { return c < b.size() ? b[c] : 0.75; };
    std::vector<double> norm(ncol, 1.0);
    for (std::size_t c = 0; c < ncol; ++c) {
        const double avg = c < stats.avg_len.size() ? stats.avg_len[c] : 0.0;
        // The same expression, in the same order, as bm25f_fn.
        norm[c] = 1.0 - b_of(c) + (avg > 0.0 ? b_of(c) * row.len[c] / avg : 0.0);
    }
    std::vector<TermEvidence> out;
    out.reserve(nphrase * ncol);
    for (std::size_t p = 0; p < nphrase; ++p) {
        const double idf = p < stats.idf.size() ? stats.idf[p] : 0.0;
        std::vector<double> part(ncol, 0.0);
        double wtf = 0.0;
        for (std::size_t c = 0; c < ncol; ++c) {
            const int n = row.tf[p * ncol + c];
            if (n > 0 && norm[c] > 0.0) {
                part[c] = w_of(c) * n / norm[c];
                wtf += part[c];
            }
        }
        const double term_score = bm25f_term(idf, wtf, k1);
        for (std::size_t c = 0; c < ncol; ++c) {
            TermEvidence t;
            t.term = p < terms.size() ? terms[p] : "phrase " + std::to_string(p + 1);
            t.column = c < columns.size() ? columns[c] : "column " + std::to_string(c + 1);
            t.tf = row.tf[p * ncol + c];
            t.matched = t.tf > 0;
            t.idf = idf;
            t.column_weight = w_of(c);
            t.b = b_of(c);
            t.column_length = row.len[c];
            t.average_length = c < stats.avg_len.size() ? stats.avg_len[c] : 0.0;
            t.length_norm = norm[c];
            t.weighted_tf = part[c];
            t.contribution = part[c] > 0.0 ? -term_score * (part[c] / wtf) : 0.0;
            out.push_back(std::move(t));
        }
    }
    return out;
}

Status fill_term_tables(StatementCache& stmts, const TermTableParams& p,
                        std::optional<Bm25fStats> chunk_stats,
                        std::optional<Bm25fStats> summary_stats, std::vector<TermTarget>& targets) {
    if (targets.empty() || p.match.empty())
        return Status::ok();
    auto table_of = [&](const TermTarget& t, const Bm25fRow& counts, const Bm25fStats& stats) {
        return t.is_summary
                   ? term_table(counts, stats, p.terms, kSummaryColumns, {1.0}, {p.summary_b}, p.k1)
                   : term_table(counts, stats, p.terms, kChunkColumns, p.chunk_weight, p.chunk_b,
                                p.k1);
    };
    for (auto& t : targets) {
        if (t.leg == nullptr)
            continue;
        // What the leg recorded as it scored the row: no SQL.
        const std::optional<Bm25fStats>& leg_stats = t.is_summary ? summary_stats : chunk_stats;
        if (t.counts != nullptr && !t.counts->empty() && leg_stats) {
            auto counts =
                decode_bm25f_row(t.counts->data(), t.counts->size() * sizeof(std::int32_t));
            if (counts) {
                t.leg->terms = table_of(t, *counts, *leg_stats);
                continue;
            }
        }
        MEMLENS_TRY(stmts.ensure_ranking_functions());
        if (t.fts_rowid == 0) {
            auto rid = rowid_of(stmts, t, p.cols);
            if (!rid)
                return rid.status();
            t.fts_rowid = *rid;
            if (t.fts_rowid == 0)
                continue; // the node is gone: no row to explain
        }
        std::optional<Bm25fStats>& stats = t.is_summary ? summary_stats : chunk_stats;
        const std::string table = t.is_summary ? "mem_tree_summaries_fts" : "mem_tree_chunks_fts";
        SqlQuery q;
        // Without the leg's statistics (a rerun), memlens_bm25f computes them on this row, over
        // the whole table, and leaves them in the sink.
        q.add("SELECT memlens_bm25f_row(" + table + ")" +
                  (stats ? std::string() : ", memlens_bm25f(" + table + ")") + " FROM " + table +
                  " WHERE " + table + " MATCH ?",
              p.match);
        q.add(" AND rowid = ?", t.fts_rowid);
        auto st = stmts.bind(q);
        if (!st)
            return st.status();
        if (!stats)
            stmts.coverage().reset(0);
        auto row = (*st)->step();
        if (!row)
            return row.status();
        if (!*row)
            continue; // no longer matches (the vault changed since the pools were kept)
        const auto blob = (*st)->column_blob(0);
        auto counts = decode_bm25f_row(blob.data(), blob.size());
        (*st)->reset(); // ends its read transaction (rowid_of says why)
        if (!stats)
            stats = stmts.coverage().stats;
        if (!counts || !stats)
            continue;
        t.leg->terms = table_of(t, *counts, *stats);
    }
    return Status::ok();
}

} // namespace memlens::search
