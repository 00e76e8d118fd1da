// The dense route of walk: the query's cosine against every stored summary and leaf vector of
// the embedder's signature, an exact scan that keeps only the best n.
#pragma once

#include "retrieval/candidate.h"

#include <memlens/retrieval.h>
#include <memlens/status.h>

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace memlens {
class Vault;
class Embedder;
} // namespace memlens

namespace memlens::detail {

struct DenseResult {
    std::vector<Candidate> candidates; // best first: cosine desc, later end, then id
    std::size_t total = 0;             // how many nodes were scored (or listed, without vectors)
    std::optional<DegradedRanking> degraded; // set when the embedder failed (the fallback ran)
};

// Without an embedder, or when embedding the query fails (then `degraded` says why), the
// summaries of every source tree newest first stand in (no leaves: nothing ranks them). `window`
// keeps nodes whose envelope overlaps it. Scores are the cosine (also in rerank_similarity), or the
// summary's own score on the fallback. With `search`, it finds the nearest vectors (asked for
// 2n, then ordered as below); without, every stored vector of the signature is read from vault.db.
Result<DenseResult> dense_top(const Vault& vault, const std::string& query, Embedder* embedder,
                              std::size_t n,
                              const std::optional<std::pair<std::int64_t, std::int64_t>>& window,
                              const DenseSearch* search = nullptr);

// Sets each leaf hit's entities to the entity ids the index lists for that chunk (one read).
Status fill_leaf_entities(const Database& db, std::vector<Candidate>& candidates);

} // namespace memlens::detail
