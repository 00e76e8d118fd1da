#include "retrieval/candidate.h"
#include "retrieval/doc_versions.h"

#include <memlens/retrieval.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <unordered_map>

namespace memlens {

namespace {

std::string trimmed(std::string_view s) {
    const auto b = s.find_first_not_of(" \t\r\n\f\v");
    if (b == std::string_view::npos)
        return {};
    const auto e = s.find_last_not_of(" \t\r\n\f\v");
    return std::string(s.substr(b, e - b + 1));
}

struct IndexRow {
    std::string node_id;
    bool summary = false;
};

// Newest mentions first; the window is pushed into SQL before the cap so an old window is not
// crowded out by newer mentions.
Result<std::vector<IndexRow>> lookup_entity(const Database& db, const std::string& entity_id,
                                            const QueryTopicOptions& opts) {
    std::string sql = "SELECT node_id, node_kind FROM mem_tree_entity_index WHERE entity_id = ?1";
    if (opts.since_ms)
        sql += " AND timestamp_ms >= ?2";
    if (opts.until_ms)
        sql += " AND timestamp_ms <= ?3";
    sql += " ORDER BY timestamp_ms DESC, node_id LIMIT ?4";
    auto st = db.prepare(sql);
    if (!st)
        return st.status();
    st->bind(1, entity_id);
    if (opts.since_ms)
        st->bind(2, *opts.since_ms);
    if (opts.until_ms)
        st->bind(3, *opts.until_ms);
    st->bind(4, static_cast<std::int64_t>(kTopicLookupCap));
    std::vector<IndexRow> rows;
    MEMLENS_TRY(st->each_row([&] {
        rows.push_back({st->column_text(0), st->column_text_view(1) == "summary"});
    }));
    return rows;
}

} // namespace

Result<QueryResponse> query_topic(const Vault& vault, const QueryTopicOptions& opts,
                                  Embedder* embedder) {
    check_off_ui_thread("query_topic");
    const std::string entity_id = trimmed(opts.entity_id);
    if (entity_id.empty())
        return QueryResponse::empty();
    if (opts.since_ms && opts.until_ms && *opts.until_ms < *opts.since_ms)
        return Status::invalid("query_topic: until (" + std::to_string(*opts.until_ms) +
                               ") precedes since (" + std::to_string(*opts.since_ms) + ")");
    const std::size_t limit = clamp_query_limit(opts.limit);
    const Database& db = vault.db();
    const auto cols = detail::vault_columns(vault);

    auto index = lookup_entity(db, entity_id, opts);
    if (!index)
        return index.status().with_context("query_topic");
    std::vector<std::string> summary_ids, leaf_ids;
    for (const auto& r : *index)
        (r.summary ? summary_ids : leaf_ids).push_back(r.node_id);

    auto summaries = detail::load_summaries(db, cols, summary_ids);
    if (!summaries)
        return summaries.status().with_context("query_topic");
    std::erase_if(*summaries, [](const detail::SummaryRow& s) { return s.deleted; });
    MEMLENS_TRY(detail::drop_stale_versions(db, cols, *summaries).with_context("query_topic"));
    auto chunks = detail::load_chunks(db, cols, leaf_ids, false, true);
    if (!chunks)
        return chunks.status().with_context("query_topic");

    std::unordered_map<std::string, detail::SummaryRow*> summary_by_id;
    for (auto& s : *summaries)
        summary_by_id.emplace(s.id, &s);
    std::unordered_map<std::string, detail::ChunkRow*> chunk_by_id;
    for (auto& c : *chunks)
        chunk_by_id.emplace(c.id, &c);

    std::vector<detail::Candidate> candidates;
    for (const auto& r : *index) {
        if (r.summary) {
            auto it = summary_by_id.find(r.node_id);
            if (it != summary_by_id.end())
                candidates.push_back(detail::candidate_from_summary(std::move(*it->second)));
        } else {
            auto it = chunk_by_id.find(r.node_id);
            if (it != chunk_by_id.end())
                candidates.push_back(detail::candidate_from_chunk(std::move(*it->second), 0.0));
        }
    }
    // The mention time picked the rows; the envelope decides whether the node overlaps.
    std::erase_if(candidates, [&](const detail::Candidate& c) {
        return (opts.since_ms && c.hit.time_range_end_ms < *opts.since_ms) ||
               (opts.until_ms && c.hit.time_range_start_ms > *opts.until_ms);
    });
    const std::size_t total = candidates.size();
    std::optional<DegradedRanking> degraded;
    MEMLENS_TRY(detail::order_candidates(db, candidates, opts.query, embedder, true, degraded)
                    .with_context("query_topic"));
    auto r = QueryResponse::make(detail::finish(vault, std::move(candidates), limit), total);
    r.degraded = std::move(degraded);
    return r;
}

} // namespace memlens
