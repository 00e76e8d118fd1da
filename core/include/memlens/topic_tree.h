// The topic tree of the vector leg (seed 004): a hierarchical clustering of the vault's
// embeddings, searched by beam descent; an exact scan serves small vaults and ground truth.
#pragma once

#include <memlens/embedder.h>
#include <memlens/status.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace memlens {

class Database;

struct TopicTreeOptions {
    int branching = 16;        // children per inner topic (k of the k-means at each level)
    int max_leaf_items = 256;  // a topic with more members is split further
    int max_depth = 8;
    std::uint64_t seed = 42;   // k-means initialisation
};

struct BeamOptions {
    int beam_width = 8;
    int max_depth = 8;
    int max_leaf_items = 256;  // members scored per reached leaf at most
};

struct VectorHit {
    std::string node_id;
    double similarity = 0.0;
    std::vector<std::string> topic_path; // root-to-leaf topic keys that reached it
};

struct VectorSearchTrace {
    std::vector<std::string> reached_topics; // the final frontier
    std::size_t scored = 0;                  // vectors scored
    bool exact = false;
};

// In-memory index over (node_id, vector). Built from the vault, persisted to ml_topic_* tables.
// Thread-safety: search() is const and may run concurrently once built.
class TopicIndex {
public:
    // Loads all vectors of `model_signature` (chunks and summaries) and the persisted tree, or
    // builds the tree when none is stored or it is stale.
    static Result<TopicIndex> load(const Database& db, const std::string& model_signature,
                                   const TopicTreeOptions& opts = {});

    // Builds from given vectors (tests, bench) without a database.
    static TopicIndex build(std::vector<std::string> ids, std::vector<Vector> vectors,
                            const TopicTreeOptions& opts = {});

    // Writes the tree to ml_topic_nodes / ml_topic_members (replacing what was there).
    Status save(const Database& db) const;

    std::size_t size() const;
    std::size_t dim() const;

    // Beam descent (seed 004): frontier = root; at each depth score the children of the
    // frontier, keep the top beam_width (ties by topic key), stop when all are leaves; score only
    // the members of reached leaves. Results sorted by similarity desc, then node id.
    std::vector<VectorHit> search(std::span<const float> query, std::size_t k,
                                  const BeamOptions& beam, VectorSearchTrace* trace = nullptr,
                                  const std::vector<std::uint8_t>* allowed = nullptr) const;

    // Exact scan over every vector (ground truth).
    std::vector<VectorHit> exact(std::span<const float> query, std::size_t k,
                                 const std::vector<std::uint8_t>* allowed = nullptr) const;

    // Position of a node id in the index (for `allowed` masks), or nullopt.
    std::optional<std::size_t> position(const std::string& node_id) const;
    const std::string& id_at(std::size_t pos) const;
    std::span<const float> vector_at(std::size_t pos) const;

    struct Impl;
    TopicIndex();
    ~TopicIndex();
    TopicIndex(TopicIndex&&) noexcept;
    TopicIndex& operator=(TopicIndex&&) noexcept;

private:
    std::unique_ptr<Impl> impl_;
};

} // namespace memlens
