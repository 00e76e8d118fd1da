// The keyword leg: the keyword tokenizer (text.h) turns the user's text into OR-joined quoted
// terms, so nothing a user types is FTS5 syntax; bm25 ranks; scoping sits inside the SQL.
#pragma once

#include "search/leg_item.h"
#include "search/scope_sql.h"
#include "search/statement_cache.h"

#include <memlens/search.h>

#include <optional>
#include <string_view>

namespace memlens::search {

// The FTS5 MATCH expression for `text`, keeping the first `max_terms` keyword tokens;
// nullopt when no token survives (the leg sits out).
std::optional<std::string> keyword_match_expression(std::string_view text, int max_terms);

struct KeywordLegInput {
    std::string_view match; // from keyword_match_expression
    const SearchScope* scope = nullptr;
    bool include_summaries = false;
    bool hide_superseded = false;
    double context_weight = 0.5;
    double near_weight = 0.3;
    double far_weight = 0.1;
    // BM25F (bm25f.h): k1, b of the chunk's own columns (content, context) and of its
    // neighbours' (near, far), and the coverage power.
    double k1 = 1.2;
    double b = 0.75;
    double b_neighbours = 0.75;
    double coverage_power = 0.0;
    int limit = 100;
    ChunkColumns cols;
    // Unscoped chunk matches can be ranked in two halves of the FTS rowid range at once: rows
    // up to split_rowid on `stmts`, the rest on `helper` (a second connection to the same vault,
    // used by one other thread), merged on (score, rowid). Each row scores the same either way
    // (the function's statistics are the whole table's), so the merged list is the one a single
    // statement returns. split_rowid 0 or no helper: one statement.
    StatementCache* helper = nullptr;
    std::int64_t split_rowid = 0;
};

// Whether run_keyword_leg ranks the chunk matches in two statements at once: a helper and a
// split point given, no scope and no superseded chunks to hide.
bool keyword_leg_splits(const KeywordLegInput& in);

// The statistics memlens_bm25f used for each table (bm25f.h), when it scored a row there.
struct KeywordLegStats {
    std::optional<Bm25fStats> chunks;
    std::optional<Bm25fStats> summaries;
};

// Chunk and summary matches merged by bm25 (then id), best first, at most `limit`. `stats`
// (may be null) receives the tables' statistics.
Result<std::vector<LegItem>> run_keyword_leg(StatementCache& stmts, const KeywordLegInput& in,
                                             KeywordLegStats* stats = nullptr);

// Where one node stands among every match of the leg's MATCH expression and scope, in the
// leg's own order (bm25 as memlens_bm25f gives it, then rowid; chunks before summaries on
// equal bm25) without the leg's limit: why_not.cpp says whether the limit cut it.
struct KeywordPlace {
    bool matched = false;    // its FTS row matches (within the scope)
    double score = 0.0;      // its memlens_bm25f (more negative = better)
    std::size_t rank = 0;    // 1-based among all matches; 0 when not counted or not matched
    std::size_t matches = 0; // every match the leg would rank without its limit (when counted)
    std::vector<std::int32_t> counts; // its row's memlens_bm25f_row (bm25f.h)
};

// `fts_rowid` is the node's row in its table's FTS index. With `count` false only `matched`,
// `score` and `counts` are filled (no pass over the other matches).
Result<KeywordPlace> keyword_place(StatementCache& stmts, const KeywordLegInput& in,
                                   bool is_summary, std::int64_t fts_rowid, bool count);

} // namespace memlens::search
