// A hit on its way out of a primitive: the hit, its stored vector (for the rerank) and where
// its whole body lives (read only for the hits that survive the limit).
#pragma once

#include "retrieval/chunk_rows.h"
#include "retrieval/summary_rows.h"

#include <memlens/embedder.h>
#include <memlens/types.h>

#include <optional>
#include <string>
#include <vector>

namespace memlens {
class Vault;
}

namespace memlens::detail {

struct Candidate {
    RetrievalHit hit;
    Vector embedding; // empty = none
    std::optional<std::string> content_path;
};

// Hit conversions: a summary keeps its own score; a leaf gets the caller's score.
Candidate candidate_from_summary(SummaryRow&& row);
Candidate candidate_from_chunk(ChunkRow&& row, double score);

// Reads the stored vectors of `embedder_signature` for every candidate (one query per table).
Status attach_vectors(const Database& db, const std::string& embedder_signature,
                      std::vector<Candidate>& candidates);

// The shared order of query_source / query_global / query_topic / drill_down: newest
// time_range_end first (stable), then, with a non-blank query and an embedder, the cosine
// rerank of scoring.h. An embedding failure keeps the newest-first order and says why in
// `degraded`. A query longer than kMaxQueryBytes is InvalidArgument (query_context.h).
Status order_candidates(const Database& db, std::vector<Candidate>& candidates,
                        const std::optional<std::string>& query, Embedder* embedder,
                        bool newest_first, std::optional<DegradedRanking>& degraded);

// What a ranking falls back on when the embedder gives no query vector (types.h).
DegradedRanking embedding_failed(const Status& status);

// Truncates to `limit` and turns the survivors into hits with whole bodies.
std::vector<RetrievalHit> finish(const Vault& vault, std::vector<Candidate>&& candidates,
                                 std::size_t limit);

// A query that is absent or only whitespace means "no query".
bool has_query(const std::optional<std::string>& query);

} // namespace memlens::detail
