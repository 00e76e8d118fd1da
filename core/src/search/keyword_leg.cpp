#include "search/keyword_leg.h"

#include <memlens/text.h>

#include <algorithm>

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

Status collect(Statement* st, bool is_summary, std::vector<LegItem>& out) {
    for (;;) {
        auto row = st->step();
        if (!row)
            return row.status();
        if (!*row)
            return Status::ok();
        out.push_back({st->column_text(0), is_summary, st->column_double(1), {}});
    }
}

} // namespace

Result<std::vector<LegItem>> run_keyword_leg(StatementCache& stmts, const KeywordLegInput& in) {
    std::vector<LegItem> items;
    {
        SqlQuery q;
        q.add("SELECT c.id, bm25(mem_tree_chunks_fts, 1.0, ?) AS score FROM mem_tree_chunks_fts "
              "JOIN mem_tree_chunks c ON " +
                  in.cols.rid + " = mem_tree_chunks_fts.rowid WHERE mem_tree_chunks_fts MATCH ?",
              in.context_weight);
        q.binds.emplace_back(std::string(in.match));
        append_chunk_scope(q, *in.scope, in.hide_superseded, in.cols);
        q.add(" ORDER BY score, c.id LIMIT ?", static_cast<std::int64_t>(in.limit));
        auto st = stmts.bind(q);
        if (!st)
            return st.status();
        MEMLENS_TRY(collect(*st, false, items));
    }
    if (in.include_summaries) {
        SqlQuery q;
        const std::string rid = in.cols.rid == "c.rid" ? "s.rid" : "s.rowid";
        q.add("SELECT s.id, bm25(mem_tree_summaries_fts) AS score FROM mem_tree_summaries_fts "
              "JOIN mem_tree_summaries s ON " +
                  rid + " = mem_tree_summaries_fts.rowid WHERE mem_tree_summaries_fts MATCH ?",
              std::string(in.match));
        if (append_summary_scope(q, *in.scope, in.hide_superseded)) {
            q.add(" ORDER BY score, s.id LIMIT ?", static_cast<std::int64_t>(in.limit));
            auto st = stmts.bind(q);
            if (!st)
                return st.status();
            MEMLENS_TRY(collect(*st, true, items));
            // Both tables score with the same bm25 over the same tokenizer; merge on it.
            std::stable_sort(items.begin(), items.end(), [](const LegItem& a, const LegItem& b) {
                if (a.raw != b.raw)
                    return a.raw < b.raw;
                return a.id < b.id;
            });
            if (items.size() > static_cast<std::size_t>(in.limit))
                items.resize(static_cast<std::size_t>(in.limit));
        }
    }
    return items;
}

} // namespace memlens::search
