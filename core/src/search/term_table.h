// The keyword leg's term table (TermEvidence in types.h): for a hit the leg ranked, each query
// term in each column of its FTS row, with the numbers BM25F combined and each one's share of
// the hit's bm25. Computed only for the few hits a query returns, from the row's counts and
// the tables' statistics that memlens_bm25f recorded while the leg scored (bm25f.h): no SQL at
// all. A rerun, which has neither, reads the counts with one FTS5 lookup per hit
// (memlens_bm25f_row) and the statistics once.
#pragma once

#include "search/bm25f.h"
#include "search/scope_sql.h"
#include "search/statement_cache.h"

#include <memlens/types.h>

#include <optional>
#include <string>
#include <vector>

namespace memlens::search {

struct TermTableParams {
    std::string match;              // the leg's MATCH expression
    std::vector<std::string> terms; // its phrases' keyword tokens, in order
    double k1 = 1.2;
    // (weight, b) of the chunk table's columns content, context, near, far; the summary
    // table's one column weighs 1 with summary_b.
    std::vector<double> chunk_weight, chunk_b;
    double summary_b = 0.75;
    ChunkColumns cols;
};

struct TermTarget {
    std::string node_id;
    bool is_summary = false;
    std::int64_t fts_rowid = 0; // 0: looked up by node id
    // The row's counts as the leg recorded them (LegItem::fts_counts); empty: read from FTS5.
    const std::vector<std::int32_t>* counts = nullptr;
    LegExplanation* leg = nullptr;
};

// Fills each target's leg->terms. Statistics the leg did not keep (a rerun) are computed here.
Status fill_term_tables(StatementCache& stmts, const TermTableParams& p,
                        std::optional<Bm25fStats> chunk_stats,
                        std::optional<Bm25fStats> summary_stats, std::vector<TermTarget>& targets);

// The table of one row: the arithmetic of memlens_bm25f (bm25f.cpp), kept apart per column.
std::vector<TermEvidence> term_table(const Bm25fRow& row, const Bm25fStats& stats,
                                     const std::vector<std::string>& terms,
                                     const std::vector<std::string>& columns,
                                     const std::vector<double>& weight,
                                     const std::vector<double>& b, double k1);

} // namespace memlens::search
