// The stored form of a query's candidate pools in its audit row (candidate_codec.cpp says how
// and why it is compact).
#pragma once

#include <memlens/search.h>
#include <memlens/status.h>

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>

namespace memlens {

// A row's pools as stored: the envelope goes in query_profile["candidates"], the bytes in the
// row's `candidates` column.
struct StoredPools {
    std::string envelope; // JSON: {"format": 2, "encoding", "size", "keyword", "vector", "column"}
    std::string column;   // the compressed record; empty if encoding failed
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
// Format 2 from the column and the size its envelope records, into `out`, reusing out's
// buffers (a blast radius decodes every row of a log into one buffer per thread).
Status decode_format2_pools_into(const std::string& column, std::size_t size, CandidatePools& out);

// The base64 of format 1's data, also how the pending-audit file (audit_pending.cpp) carries a
// row's candidates column.
std::string base64(const std::string& bytes);
std::optional<std::string> unbase64(const std::string& text); // nullopt: not base64

} // namespace memlens
