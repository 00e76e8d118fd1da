#include "retrieval/candidate.h"
#include "retrieval/source_summaries.h"

#include <memlens/retrieval.h>
#include <memlens/thread_guard.h>
#include <memlens/time_util.h>
#include <memlens/vault.h>

namespace memlens {

Result<QueryResponse> query_source(const Vault& vault, const QuerySourceOptions& opts,
                                   Embedder* embedder) {
    check_off_ui_thread("query_source");
    const std::size_t limit = clamp_query_limit(opts.limit);
    detail::SourceSelection sel;
    sel.source_id = opts.source_id;
    sel.source_kind = opts.source_kind;
    if (opts.time_window_days) {
        if (*opts.time_window_days < 0)
            return Status::invalid("query_source: time_window_days must not be negative (" +
                                   std::to_string(*opts.time_window_days) + ")");
        const std::int64_t now = opts.now_ms != 0 ? opts.now_ms : now_ms();
        sel.window = {{now - *opts.time_window_days * kMsPerDay, now}};
    }
    const auto cols = detail::vault_columns(vault);
    auto rows = detail::collect_source_summaries(vault.db(), cols, sel);
    if (!rows)
        return rows.status().with_context("query_source");

    std::vector<detail::Candidate> candidates;
    candidates.reserve(rows->size());
    for (auto& r : *rows)
        candidates.push_back(detail::candidate_from_summary(std::move(r)));
    const std::size_t total = candidates.size();
    std::optional<DegradedRanking> degraded;
    MEMLENS_TRY(
        detail::order_candidates(vault.db(), candidates, opts.query, embedder, true, degraded)
            .with_context("query_source"));
    auto r = QueryResponse::make(detail::finish(vault, std::move(candidates), limit), total);
    r.degraded = std::move(degraded);
    return r;
}

} // namespace memlens
