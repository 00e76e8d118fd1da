// The one JSON form of the retrieval types, with memlens's wire names: snake_case keys,
// node_kind "leaf" / "summary", RFC 3339 UTC times, null for an absent source_ref. Optional
// memlens additions appear only when present: "author" (a chunk's author or speaker),
// "rerank_similarity" and "explanation" (the shape
// docs/explanations.md gives). Every CLI command, the audit log and the GUI's "copy as JSON" use
// these, so one hit always reads the same everywhere.
//
// indent < 0 gives one compact line; otherwise pretty-printed with that many spaces.
// Non-finite numbers are written as null. Strings that are not valid UTF-8 have their bad bytes
// replaced by U+FFFD rather than failing. Pure functions: thread-safe, no errors.
#pragma once

#include <memlens/types.h>

#include <ostream>
#include <string>
#include <vector>

namespace memlens {

std::string to_json(const RetrievalHit& hit, int indent = -1);
std::string to_json(const std::vector<RetrievalHit>& hits, int indent = -1);
// {hits, total, truncated, degraded}
std::string to_json(const QueryResponse& response, int indent = -1);
// {"reason": ...}, or null: the one shape of a degraded ranking (types.h) in every response.
std::string to_json(const std::optional<DegradedRanking>& degraded, int indent = -1);
// SearchResponse::superseded_out: each with node_id, superseded_by, keyword_rank, vector_rank
// (null when that leg did not rank it), fused_rank, penalty, score, unpenalized_score.
std::string to_json(const std::vector<SupersededOut>& out, int indent = -1);
std::string to_json(const Explanation& explanation, int indent = -1);
std::string to_json(const EntityMatch& match, int indent = -1);
std::string to_json(const std::vector<EntityMatch>& matches, int indent = -1);
std::string to_json(const RetrievalScoreBreakdown& breakdown, int indent = -1);
std::string to_json(const GraphEdge& edge, int indent = -1);
std::string to_json(const std::vector<GraphEdge>& edges, int indent = -1);

// Writes to_json(value, indent) followed by a newline.
template <typename T> void write_json(std::ostream& out, const T& value, int indent = 2) {
    out << to_json(value, indent) << '\n';
}

} // namespace memlens
