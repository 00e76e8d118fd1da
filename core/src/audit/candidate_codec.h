// The stored form of a query's candidate pools in its audit row (candidate_codec.cpp says how
// and why it is compact).
#pragma once

#include <memlens/search.h>
#include <memlens/status.h>

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace memlens {

// A JSON object text: {"format", "encoding", "size", "keyword", "vector", "data"}.
std::string encode_candidate_pools(const CandidatePools& pools);
// Corruption naming what is wrong for anything encode_candidate_pools did not write.
Result<CandidatePools> decode_candidate_pools(const std::string& stored);
// The same from the parsed object (a row's query_profile["candidates"]).
Result<CandidatePools> decode_candidate_pools(const nlohmann::json& stored);

} // namespace memlens
