// The in-memory shape of a TopicIndex, shared by its builder, search and store.
#pragma once

#include <memlens/topic_tree.h>

#include <Eigen/Core>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace memlens {

struct TopicNode {
    std::string key; // "t", "t.3", "t.3.11"
    int parent = -1;
    int depth = 0;
    bool leaf = true;
    std::vector<int> children;          // by key
    std::vector<std::uint32_t> members; // leaves only: closest to the centroid first
    std::size_t member_count = 0;       // vectors in the whole subtree
};

struct TopicIndex::Impl {
    std::size_t dim = 0;
    std::string model_signature;  // set by load(); save() records it so load() can trust a tree
    std::vector<std::string> ids; // position → node id
    std::vector<float> data;      // ids.size() × dim, each row unit length (or zero)
    std::vector<TopicNode> nodes; // nodes[0] is the root; parents before children
    std::vector<float> centroids; // nodes.size() × dim, unit length
    std::vector<std::int32_t> leaf_of; // position → index of its leaf
    // int8 copies of the rows (row ≈ code × code_scale), a quarter of the bytes: a wide beam
    // pre-scores with them and re-ranks its best candidates with the float rows, so every
    // similarity it reports is still dot() over the floats.
    std::vector<std::int8_t> codes;
    std::vector<float> code_scale;
    std::unordered_map<std::string_view, std::uint32_t> position_of; // views into ids
    TopicLoadInfo info;

    std::size_t size() const { return ids.size(); }
    const float* vec(std::size_t pos) const { return data.data() + pos * dim; }
    const float* centroid(std::size_t node) const { return centroids.data() + node * dim; }
    float* centroid(std::size_t node) { return centroids.data() + node * dim; }

    // Drops ids beyond the vectors, normalises every row and indexes the ids.
    void prepare_vectors();
    void index_ids();
    // Orders leaf members by closeness to their centroid, sorts children by key, fills the
    // subtree member counts, lays the vectors out leaf by leaf and fills leaf_of. Run after
    // building or loading the tree; positions change.
    void finalize();
    void layout_by_leaf();
    // The leaf a vector reaches by greedy descent (beam width 1, ties by key).
    int nearest_leaf(const float* v) const;
    void encode_codes();
    const std::int8_t* code(std::size_t pos) const { return codes.data() + pos * dim; }
    std::vector<std::string> path_keys(int node) const;
};

// The one similarity of the index. Beam search and the exact scan both call it, so a beam
// wide enough to reach every leaf returns bit-identical similarities and order to exact().
inline float dot(const float* a, const float* b, std::size_t dim) {
    using Map = Eigen::Map<const Eigen::VectorXf>;
    return Map(a, static_cast<Eigen::Index>(dim)).dot(Map(b, static_cast<Eigen::Index>(dim)));
}

// Symmetric int8 quantisation of one row: scale = max |x| / 127 (0 for a zero row).
float quantize_row(const float* x, std::size_t dim, std::int8_t* out);
// Integer dot product of two int8 rows.
std::int32_t dot_i8(const std::int8_t* a, const std::int8_t* b, std::size_t dim);

// The tree over impl.data, replacing impl.nodes and impl.centroids (topic_builder.cpp).
void build_topic_tree(TopicIndex::Impl& impl, const TopicTreeOptions& opts);

} // namespace memlens
