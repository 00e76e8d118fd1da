// Parsing and checking an OpenAI-style embeddings answer, apart from the transport so each
// malformed shape has one clear message.
#pragma once

#include <memlens/embedder.h>

#include <string>
#include <string_view>

namespace memlens::embed {

// The most dimensions an embedding may have (the largest common models have 4,096).
inline constexpr std::size_t kMaxEmbeddingDim = 16384;

// {"data":[{"embedding":[...],"index":i}, ...]} → `expected_count` vectors placed by index (by
// order when index is absent). expected_dim 0 accepts any dimension shared by all vectors, up
// to kMaxEmbeddingDim.
// InvalidArgument for anything else; messages do not name the endpoint (the caller does).
Result<std::vector<Vector>> parse_embedding_response(std::string_view body,
                                                     std::size_t expected_count,
                                                     std::size_t expected_dim);

// The start of a body for an error message: at most 200 bytes, cut at a UTF-8 boundary,
// control characters shown as spaces.
std::string body_snippet(std::string_view body);

} // namespace memlens::embed
