// Embeddings: the Embedder interface, the built-in deterministic default, and an
// OpenAI-compatible HTTP embedder (POST {base}/v1/embeddings). Vectors are stored per
// model_signature (little-endian f32 BLOBs). docs/embeddings.md explains the design
// and the figures behind it.
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
class Database;

using Vector = std::vector<float>;

// Thread-safety: embed() may be called from any thread but the UI's, one call at a time per
// object; signature() and dim() may be called concurrently with embed().
class Embedder {
public:
    virtual ~Embedder() = default;
    // Identifies model + settings; vectors from different signatures never mix.
    virtual std::string signature() const = 0;
    // What ranked a query, for its audit row and explanation (CandidatePools::vector_index): the
    // signature, and for a model that grows with the vault the words it learned since its
    // training ("memlens-ppmi-v1:64:…+17"), so that a ranking that changed because the model
    // learned a word says so. Stored vectors are keyed by signature() alone.
    virtual std::string ranking_signature() const { return signature(); }
    // The vector dimension; 0 for an HTTP embedder that has not answered yet (the server
    // decides) unless its options declare one.
    virtual std::size_t dim() const = 0;
    // One vector per text, in order, unit length (a text with no words gives the zero vector).
    // Errors name the endpoint or the text index; Cancelled when `cancel` is raised (checked
    // between batches).
    virtual Result<std::vector<Vector>> embed(const std::vector<std::string>& texts,
                                              const std::atomic_bool* cancel = nullptr) = 0;
    Result<Vector> embed_one(const std::string& text);

    // An embedder that learns from a vault's own text (the word model of ppmi_model.h) has
    // nothing to embed with until it has: the import that finds it so teaches it what it
    // imports (Ingestor), with each conversation, thread or document as its texts in order.
    // Other embedders never need to.
    virtual bool needs_learning() const { return false; }
    virtual Status learn(const std::vector<std::vector<std::string>>& groups) {
        (void)groups;
        return Status::ok();
    }
    // Such a model also grows with the vault: every later import's text teaches it the words
    // it did not know, kept in the vault (docs/embeddings.md, "Words that arrive later"). The
    // Ingestor calls observe() inside the import's write transaction on `db`, before it embeds
    // anything; sync() takes up what imports in this process or another taught it since, cheap
    // when nothing changed (the search engine calls it before it embeds a query). Both wait for
    // an embed() under way. Other embedders have nothing to do.
    virtual Status observe(const Database& db,
                           const std::vector<std::vector<std::string>>& groups) {
        (void)db;
        (void)groups;
        return Status::ok();
    }
    virtual Status sync(const Database& db) {
        (void)db;
        return Status::ok();
    }
};

// The built-in embedder: deterministic, no model download. Signed feature hashing (FNV-1a 64)
// of Porter-stemmed words, bigrams of consecutive content-word stems, and character 3-/4-grams
// of each word with boundary markers, each family with its own weight; sublinear tf
// (1 + ln tf), no idf, L2-normalised. Shared stems and subwords give related words
// (plan/planning, deploy/deployment) overlapping vectors, which pure token matching does not.
struct HashEmbedderOptions {
    std::size_t dim = 256;
    float word_weight = 1.0f;     // one Porter stem
    float char_weight = 0.5f;     // all 3-/4-grams of one word together (spread over them)
    float bigram_weight = 0.5f;   // two consecutive content-word stems
    float stopword_weight = 0.1f; // a stopword's stem feature (stopwords get no other feature)
};
// dim 0 is treated as 1. Signature: "memlens-hash-v1:<dim>:w<word>:c<char>:b<bigram>:s<stop>",
// e.g. "memlens-hash-v1:256:w1.0:c0.5:b0.5:s0.1".
std::unique_ptr<Embedder> make_hash_embedder(HashEmbedderOptions opts = {});

struct HttpEmbedderOptions {
    std::string base_url; // e.g. http://127.0.0.1:11434 ; "/v1/embeddings" is appended
    std::string model;
    std::string api_key; // sent as Bearer when non-empty
    long timeout_ms = 30000;
    std::size_t batch = 64;
    std::size_t dim = 0; // expected dimension; 0 = learn it from the first answer
};
// Signature: "http-v1:<model>" (the server address is not part of it: moving a server must not
// orphan every stored vector). Errors: IoError for a refused connection or an HTTP status other
// than 200 (with the start of the body), Timeout past timeout_ms, InvalidArgument for an answer
// that is not the expected JSON, has the wrong count, wrong or inconsistent dimensions, or
// non-finite numbers. Every message names the endpoint.
std::unique_ptr<Embedder> make_http_embedder(HttpEmbedderOptions opts);

// The embedder a vault is configured for. Settings: "embedder.kind" = "hash" (default) |
// "http"; "embedder.hash.dim"; "embedder.http.base_url", "embedder.http.model",
// "embedder.http.api_key_env" (the NAME of an environment variable holding the key, so no
// secret is stored in the vault), "embedder.http.timeout_ms", "embedder.http.batch",
// "embedder.http.dim". InvalidArgument naming the setting when one is missing or malformed.
Result<std::unique_ptr<Embedder>> make_embedder_for(const Vault& vault);

// Cosine similarity; 0 when either vector is zero or the dimensions differ.
double cosine(std::span<const float> a, std::span<const float> b);
// Scales to unit length; a zero vector stays zero.
void normalize(Vector& v);

// Little-endian f32 BLOB codec. decode_vector: Corruption when the size is not a multiple of 4
// or (with expected_dim > 0) the dimension differs.
std::vector<std::byte> encode_vector(std::span<const float> v);
Result<Vector> decode_vector(std::span<const std::byte> blob, std::size_t expected_dim = 0);

} // namespace memlens
