// The stored form of a query's candidate pools in its audit row (candidate_codec.cpp says how
// and why it is compact).
#pragma once

#include <memlens/search.h>
#include <memlens/status.h>

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

// A row's pools as stored: the envelope goes in query_profile["candidates"], the bytes in the
// row's `candidates` column.
struct StoredPools {
    std::string envelope; // JSON: {"format": 2, "encoding", "size", "keyword", "vector", "column"}
    std::string column;   // the compressed record; empty if encoding failed
    std::size_t size = 0; // the record's size before compression (the envelope's "size")
};
StoredPools encode_candidate_pools(const CandidatePools& pools);
// Format 1, as memlens wrote it before schema 5 (the envelope holds the data, the column is
// empty): tests make older rows with it.
std::string encode_candidate_pools_format1(const CandidatePools& pools);
// Either format, from the envelope (text or parsed) and the row's candidates column (unused by
// format 1); corruption naming what is wrong for anything else.
Result<CandidatePools> decode_candidate_pools(const std::string& envelope,
                                              const std::string& column);
Result<CandidatePools> decode_candidate_pools(const nlohmann::json& envelope,
                                              const std::string& column);
// The inflated size a format-2 envelope records; nullopt for any other envelope.
std::optional<std::size_t> format2_size(const nlohmann::json& envelope);
// Format 2 from the column and the size its envelope records, into `out`, reusing out's
// buffers (a blast radius decodes every row of a log into one buffer per thread).
Status decode_format2_pools_into(const std::string& column, std::size_t size, CandidatePools& out);
// The same record checked whole, but only its node ids read (each handed to `node_id` once, in
// the record's order: views valid during the call) and everything but the two lists put in
// `rest` (its lists left empty): what the ranking lab keeps of a row it reads with thousands.
Status scan_format2_pools(const std::string& column, std::size_t size, CandidatePools& rest,
                          const std::function<void(std::string_view)>& node_id);

// A format-2 record as the lab's re-ranking reads it (core/src/lab/fast_rank.h): the distinct
// nodes in the record's order, without their ids (whoever holds the row knows them by
// position), and each leg's entries pointing at them.
struct CompactNode {
    double query_similarity = 0.0;
    double graph = 0.0;
    bool has_vector = true;
    bool superseded = false; // the node's superseded_by list is not empty
};
struct CompactKeyword {
    std::uint32_t node = 0;
    double raw = 0.0; // as LegCandidate (search.h)
    double fts_score = 0.0;
    double author_factor = 1.0;
    double time_factor = 1.0;
    double question_factor = 1.0;
};
struct CompactPools {
    std::vector<CompactNode> nodes;
    std::vector<CompactKeyword> keyword; // in the leg's order
    std::vector<std::uint32_t> vector;   // the vector leg's nodes, in its order
    double keyword_weight = 0.0;
    double vector_weight = 0.0;
};
// Into `out`, reusing its buffers.
Status decode_format2_compact(const std::string& column, std::size_t size, CompactPools& out);

// The base64 of format 1's data, also how the pending-audit file (audit_pending.cpp) carries a
// row's candidates column.
std::string base64(const std::string& bytes);
std::optional<std::string> unbase64(const std::string& text); // nullopt: not base64

} // namespace memlens
