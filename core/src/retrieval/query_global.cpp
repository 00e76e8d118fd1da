#include "retrieval/candidate.h"
#include "retrieval/source_summaries.h"

#include <memlens/retrieval.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

namespace memlens {

Result<QueryResponse> query_global(const Vault& vault, const QueryGlobalOptions& opts,
                                   Embedder* embedder) {
    check_off_ui_thread("query_global");
    if (opts.until_ms < opts.since_ms)
        return Status::invalid("query_global: until (" + std::to_string(opts.until_ms) +
                               ") precedes since (" + std::to_string(opts.since_ms) + ")");
    const std::size_t limit = clamp_query_limit(opts.limit);
    detail::SourceSelection sel;
    sel.source_kind = opts.source_kind;
    sel.window = {{opts.since_ms, opts.until_ms}};
    const auto cols = detail::vault_columns(vault);
    auto rows = detail::collect_source_summaries(vault.db(), cols, sel);
    if (!rows)
        return rows.status().with_context("query_global");

    std::vector<detail::Candidate> candidates;
    candidates.reserve(rows->size());
    for (auto& r : *rows)
        candidates.push_back(detail::candidate_from_summary(std::move(r)));
    const std::size_t total = candidates.size();
    std::optional<DegradedRanking> degraded;
    MEMLENS_TRY(
        detail::order_candidates(vault.db(), candidates, opts.query, embedder, true, degraded)
            .with_context("query_global"));
    auto r = QueryResponse::make(detail::finish(vault, std::move(candidates), limit), total);
    r.degraded = std::move(degraded);
    return r;
}

} // namespace memlens
