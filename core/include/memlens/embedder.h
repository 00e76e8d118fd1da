// Embeddings: the Embedder interface, the built-in deterministic default, and an
// OpenAI-compatible HTTP embedder (POST {base}/v1/embeddings). Vectors are stored per
// model_signature (NOTES §1: little-endian f32 BLOBs).
#pragma once

#include <memlens/status.h>

#include <atomic>
#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace memlens {

class Vault;

using Vector = std::vector<float>;

// Thread-safety: embed() may be called from any thread, one call at a time per object.
class Embedder {
public:
    virtual ~Embedder() = default;
    // Identifies model + settings; vectors from different signatures never mix.
    virtual std::string signature() const = 0;
    virtual std::size_t dim() const = 0;
    // One unit-length vector per text, in order. Errors name the endpoint or the text index.
    virtual Result<std::vector<Vector>> embed(const std::vector<std::string>& texts,
                                              const std::atomic_bool* cancel = nullptr) = 0;
    Result<Vector> embed_one(const std::string& text);
};

// The built-in embedder: deterministic, no model download. Feature hashing of Porter-stemmed
// words, word bigrams and character n-grams of each word into a signed vector, log-scaled and
// L2-normalised; shared stems and subwords give related words (plan/planning/planned,
// deploy/deployment) overlapping vectors, which pure token matching does not.
struct HashEmbedderOptions {
    std::size_t dim = 256;
};
std::unique_ptr<Embedder> make_hash_embedder(HashEmbedderOptions opts = {});

struct HttpEmbedderOptions {
    std::string base_url;  // e.g. http://127.0.0.1:11434 ; "/v1/embeddings" is appended
    std::string model;
    std::string api_key;   // sent as Bearer when non-empty
    long timeout_ms = 30000;
    std::size_t batch = 64;
};
std::unique_ptr<Embedder> make_http_embedder(HttpEmbedderOptions opts);

// The embedder a vault is configured for (settings "embedder.kind" = "hash" | "http", and
// "embedder.http.base_url", "embedder.http.model", "embedder.hash.dim").
Result<std::unique_ptr<Embedder>> make_embedder_for(const Vault& vault);

// Cosine similarity; 0 when either vector is zero or the dimensions differ.
double cosine(std::span<const float> a, std::span<const float> b);
void normalize(Vector& v);

// Little-endian f32 BLOB codec.
std::vector<std::byte> encode_vector(std::span<const float> v);
Result<Vector> decode_vector(std::span<const std::byte> blob, std::size_t expected_dim = 0);

} // namespace memlens
