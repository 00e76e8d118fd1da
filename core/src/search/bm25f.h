// The keyword leg's ranking function, an FTS5 auxiliary function registered per connection:
// BM25F (per-column length normalisation) times a query-term coverage factor.
//
// FTS5's built-in bm25 adds the weighted column counts and then normalises by the row's total
// length over all columns. A chunk's row is its own text plus its context and its neighbours'
// text, so a short reply between two long turns was judged long and lost to the turns around
// it. BM25F normalises each column by its own average length, with its own b: a chat turn's
// length says little about its relevance (b 0.3), a neighbour column's length is mostly
// whether the chunk has neighbours at all (b 0.9). The coverage factor (Lucene's classic
// coord) prefers a row that matches more of the query's terms over one that repeats a single
// rare term: (matched / present)^p, "present" being the query terms found anywhere in the table.
#pragma once

#include <memlens/status.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

struct sqlite3;

namespace memlens::search {

// Each scored row's coverage (matched / present, in [0, 1]; a term counts as matched in a
// column of weight > 0 only), by FTS rowid, written by memlens_bm25f as it scores: the keyword
// leg reads back the rows it keeps. A second auxiliary function computing it again for every
// matched row cost as much as the ranking itself.
//
// With `keep` set (the statement's LIMIT), only rows that can still be among the best `keep`
// are recorded: a row ranked worse than the keep-th best seen so far can never be returned.
// Recording every matched row cost a map insert per row (a fifth of the leg on a common word
// at a million chunks).
// The whole table's statistics memlens_bm25f computed for one statement (on its first row, as
// FTS5's bm25 does). The keyword leg keeps them, so the term table of the few hits a query
// returns (term_table.h) needs no second pass over each term's doclist.
struct Bm25fStats {
    double rows = 0.0;
    std::vector<double> avg_len; // per column
    std::vector<double> idf;     // per phrase of the MATCH expression, in its order
};

struct CoverageSink {
    // Per recorded row its coverage and where its counts start in `counts`: the row's column
    // lengths and term counts in memlens_bm25f_row's layout (ncol, nphrase, len…, tf…), which
    // the term table of a returned hit reads (term_table.h) instead of looking the row up again.
    struct Row {
        double coverage = 1.0;
        std::size_t counts_at = 0;
    };
    std::unordered_map<std::int64_t, Row> by_rowid;
    std::vector<std::int32_t> counts;
    std::optional<Bm25fStats> stats; // of the last statement that scored a row
    std::size_t keep = 0;            // 0: record every row
    std::vector<double> best; // max-heap of the best `keep` ranks seen (front: the worst kept)

    void reset(std::size_t keep_best) {
        by_rowid.clear();
        counts.clear();
        best.clear();
        stats.reset();
        keep = keep_best;
    }
    // Whether a row of this rank (the function's result: lower is better) can still be among
    // the best `keep`; ties with the worst kept can (the rowid decides), so they are kept too.
    bool admits(double rank) {
        if (keep == 0)
            return true;
        if (best.size() < keep) {
            best.push_back(rank);
            std::push_heap(best.begin(), best.end());
            return true;
        }
        if (rank > best.front())
            return false;
        if (rank < best.front()) {
            std::pop_heap(best.begin(), best.end());
            best.back() = rank;
            std::push_heap(best.begin(), best.end());
        }
        return true;
    }
};

// SQL: memlens_bm25f(<fts table>, k1, coverage_power, w0, b0, w1, b1, ...) → −score (more
// negative = better, as bm25()); columns without a (w, b) pair weigh 1.0 with b 0.75.
// Idempotent: registering again replaces the function. `sink` (may be null) must outlive the
// connection's use of the function.
Status register_bm25f(sqlite3* db, CoverageSink* sink);

// SQL: memlens_bm25f_row(<fts table>) → a BLOB of int32: ncol, nphrase, the row's length of
// each column, then tf[p * ncol + c] (instances of phrase p in column c). What the term table
// needs of one row; cheap (no statistics).
struct Bm25fRow {
    std::vector<int> len; // per column
    std::vector<int> tf;  // phrase-major
    int ncol = 0, nphrase = 0;
};
std::optional<Bm25fRow> decode_bm25f_row(const void* data, std::size_t size);
// The counts a sink recorded for a row, in the same layout; empty when it recorded none.
std::vector<std::int32_t> recorded_counts(const CoverageSink& sink, std::int64_t rowid);

// Per query term i, the row's weighted tf: tf~ = Σ_c w_c · tf_ic / (1 − b_c + b_c · len_c /
// avglen_c); score = coverage^p · Σ_i idf_i · tf~ (k1 + 1) / (tf~ + k1), idf_i =
// max(1e-6, ln((N − n_i + 0.5) / (n_i + 0.5))), FTS5's own idf. Public for the tests.
double bm25f_term(double idf, double weighted_tf, double k1);

} // namespace memlens::search
