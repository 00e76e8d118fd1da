// The in-memory shape of a TopicIndex, shared by its builder, search and store.
#pragma once

#include <memlens/topic_tree.h>

#include <Eigen/Core>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

struct TopicNode {
    std::string key; // "t", "t.3", "t.3.11"
    int parent = -1;
    int depth = 0;
    bool leaf = true;
    std::vector<int> children; // by key
    // Leaves of an owned index: closest to the centroid first. A mapped index leaves these
    // empty; its members are the positions of spans[i].
    std::vector<std::uint32_t> members;
    std::size_t member_count = 0; // vectors in the whole subtree
};

// A topic index written to a file beside vault.db (topic_file.cpp), mapped read-only. The
// rows, codes, scales and ids are read through the mapping, so opening a vault costs what
// the tree's nodes cost, not a pass over every vector.
struct MappedTopicFile;

struct TopicIndex::Impl {
    std::size_t dim = 0;
    std::string model_signature;  // set by load(); save() records it so load() can trust a tree
    std::vector<TopicNode> nodes; // nodes[0] is the root; parents before children
    std::vector<float> centroids; // nodes.size() × dim, unit length; empty when `file` is set
    TopicLoadInfo info;

    // Owned storage: built, or read from the database. Empty when `file` is set.
    std::vector<std::string> ids; // position → node id
    std::vector<float> data;      // ids.size() × dim, each row unit length (or zero)
    // int8 copies of the rows (row ≈ code × code_scale), a quarter of the bytes: a wide beam
    // pre-scores with them and re-ranks its best candidates with the float rows, so every
    // similarity it reports is still dot() over the floats.
    std::vector<std::int8_t> codes;
    std::vector<float> code_scale;
    std::vector<std::uint32_t> by_id; // positions ordered by node id, for position lookups

    // What the beam ranks a topic by (topic_stats.cpp): the mean of its members and their
    // variance, dimension by dimension, each as int8 codes with one scale per topic, laid out
    // as one row of 2 × dim codes a topic (mean, then variance), and the topic's z, the
    // expected best of its member_count draws in standard deviations: sqrt(2 ln n).
    std::vector<std::int8_t> owned_topic_codes; // nodes × 2·dim; empty when `file` is set
    std::vector<float> owned_topic_scales;      // nodes × 2 (mean, variance)
    std::vector<float> topic_z;                 // nodes; always owned

    // The tree as the beam walks it (index_spans): the children of a topic are the topics
    // [first_child, first_child + child_count) and a leaf's members the positions
    // [first_member, first_member + member_count), since topics are numbered breadth first and
    // leaves laid out in that order. 16 bytes a topic, where a TopicNode is over 100 and its
    // children and members sit in heap blocks of their own: the descent reads only these and
    // the topic codes, and both stay in cache.
    struct TopicSpan {
        std::uint32_t first_child = 0;
        std::uint32_t child_count = 0; // 0: a leaf
        std::uint32_t first_member = 0;
        std::uint32_t member_count = 0;
    };
    std::vector<TopicSpan> spans;
    // Leaves holding members, in position order (first_member ascending), for leaf_at().
    std::vector<std::uint32_t> leaves_by_position;
    // The leaf holding `pos` (a binary search over leaves_by_position), or -1.
    int leaf_at(std::size_t pos) const;

    // Mapped storage: the same arrays, laid out leaf by leaf, read from the file.
    std::shared_ptr<const MappedTopicFile> file;
    const float* mapped_centroids = nullptr;
    const std::int8_t* mapped_topic_codes = nullptr;
    const float* mapped_topic_scales = nullptr;
    std::size_t mapped_count = 0;
    const float* mapped_rows = nullptr;
    const std::int8_t* mapped_codes = nullptr;
    const float* mapped_scales = nullptr;
    const std::uint64_t* mapped_id_offsets = nullptr; // count + 1 offsets into mapped_id_chars
    const char* mapped_id_chars = nullptr;
    const std::uint32_t* mapped_by_id = nullptr;

    // A PerRow-checked mapping (TopicFileCheck): the file's per-row checksums, two a position
    // (its float row, its int8 code), and which of them were already found to match (bit 0 the
    // row, bit 1 the code). Null for an owned index or a Whole-checked mapping.
    const std::uint32_t* mapped_row_crcs = nullptr;
    std::unique_ptr<std::atomic<std::uint8_t>[]> row_checked;
    std::vector<float> zero_row; // dim zeros: a row that fails its checksum, read in place
    // The sections whose whole checksum was deferred (vectors, vector codes, centroids) and
    // those checksums: write_topic_file() checks them before it copies a mapped index out.
    std::vector<std::pair<TopicFileSection, std::uint32_t>> deferred_sections;
    mutable std::mutex damage_mutex;
    mutable std::string damage;
    // Whether the row at `pos` (just read into `row`) / its code matches its checksum; the
    // first mismatch is recorded in `damage`. Always true without per-row checksums.
    bool row_ok(std::size_t pos, const float* row) const;
    bool code_ok(std::size_t pos) const;
    void note_damage(std::size_t pos, const char* section) const;

    // The incremental part of a mapped index: the vectors written since the file was
    // (ml_topic_delta, schema 6), read from vault.db by load() and refresh(). They take the
    // positions after the file's, [mapped_count, size()), sit in no topic, and every search
    // scores them all. A position whose node was written again or deleted since is dead
    // (`dead`, empty while none is): never scored, never found by id.
    std::vector<std::string> delta_ids;
    std::vector<float> delta_data;          // delta_ids.size() × dim, unit length
    std::vector<std::uint32_t> delta_by_id; // delta offsets ordered by node id
    std::vector<std::uint8_t> dead;         // size() bytes once a position died
    std::int64_t delta_seq = 0;             // the last ml_topic_delta row read
    std::string file_token;                 // the token of the mapped file
    // The beam's recall measured when the mapped file was written (TopicIndex::beam_recall).
    std::vector<TopicIndex::BeamRecall> beam_recall;
    bool is_delta(std::size_t pos) const { return file && pos >= mapped_count; }
    bool live(std::size_t pos) const { return dead.empty() || dead[pos] == 0; }
    void kill(std::size_t pos) {
        if (dead.empty())
            dead.assign(size(), 0);
        dead[pos] = 1;
    }
    // Appends one vector of the incremental part (normalised here), killing the position its
    // node held before.
    void add_delta(std::string id, const float* row);
    void index_delta_ids();
    // Makes a mapped index with an incremental part an owned one holding both: the file's rows
    // in their leaves, the new vectors placed in the leaf their greedy descent reaches, overfull
    // leaves split, dead positions gone; then finalize(). What save() writes.
    void materialize(const TopicTreeOptions& opts);

    std::size_t base_size() const { return file ? mapped_count : ids.size(); }
    std::size_t size() const { return file ? mapped_count + delta_ids.size() : ids.size(); }
    // Owned rows only: a mapped index's rows are read with read_rows() / visit_rows().
    const float* vec(std::size_t pos) const { return data.data() + pos * dim; }
    const std::int8_t* code(std::size_t pos) const {
        return (file ? mapped_codes : codes.data()) + pos * dim;
    }
    float scale(std::size_t pos) const { return file ? mapped_scales[pos] : code_scale[pos]; }
    bool has_codes() const { return file ? true : !codes.empty(); }
    std::string_view id(std::size_t pos) const {
        if (is_delta(pos))
            return delta_ids[pos - mapped_count];
        if (file)
            return {mapped_id_chars + mapped_id_offsets[pos],
                    std::size_t(mapped_id_offsets[pos + 1] - mapped_id_offsets[pos])};
        return ids[pos];
    }
    std::optional<std::uint32_t> find(std::string_view node_id) const;
    // Copies rows [first, first + count) into out, reading the file (not the mapping) when
    // mapped: read faults on a mapping map 16 pages around each touched one, so a few hundred
    // scattered rows a query would make the whole float section resident within minutes.
    void read_rows(std::size_t first, std::size_t count, float* out) const;
    // Up to this many bytes of float rows, a scan of every row (the exact scan) reads a mapped
    // index in place: copying them out with pread cost more than the dot products (11 MB, about
    // 1.5 ms a query at 10,000 chunks), and the whole section resident is a few megabytes.
    static constexpr std::size_t kScanInPlaceBytes = std::size_t{32} << 20;
    // Whether every row can be read in place: owned, or a mapped file whose float rows are at
    // most kScanInPlaceBytes.
    bool rows_in_place() const {
        return !file || mapped_count * dim * sizeof(float) <= kScanInPlaceBytes;
    }
    // The row at `pos` where every row can be read in place (owned, or a small mapped file;
    // see kScanInPlaceBytes); nullptr where rows must be copied out with read_rows(). A row of
    // the file is checked against its checksum as read_rows() checks it, and one that fails
    // reads as zeros there too.
    const float* row_in_place(std::size_t pos) const {
        if (!file)
            return vec(pos);
        if (!rows_in_place())
            return nullptr;
        if (is_delta(pos))
            return delta_data.data() + (pos - mapped_count) * dim;
        const float* row = mapped_rows + pos * dim;
        return row_ok(pos, row) ? row : zero_row.data();
    }
    // Calls fn(pos, row) for ascending, distinct positions: in place when owned or small
    // (row_in_place), else read from the file in runs of consecutive positions.
    template <typename Fn> void visit_rows(const std::vector<std::size_t>& sorted, Fn&& fn) const {
        if (sorted.empty())
            return;
        if (rows_in_place()) {
            for (std::size_t pos : sorted)
                fn(pos, row_in_place(pos));
            return;
        }
        constexpr std::size_t kMaxRun = 1024;
        std::vector<float> buf;
        for (std::size_t i = 0; i < sorted.size();) {
            std::size_t j = i + 1;
            while (j < sorted.size() && j - i < kMaxRun && sorted[j] == sorted[j - 1] + 1)
                ++j;
            buf.resize((j - i) * dim);
            read_rows(sorted[i], j - i, buf.data());
            for (std::size_t k = i; k < j; ++k)
                fn(sorted[k], buf.data() + (k - i) * dim);
            i = j;
        }
    }
    const float* centroid(std::size_t node) const {
        return (file ? mapped_centroids : centroids.data()) + node * dim;
    }
    // Owned centroids only (the builder): a const Impl reached through a non-const pointer
    // must still read a mapped index's centroids from the file.
    float* owned_centroid(std::size_t node) { return centroids.data() + node * dim; }
    const std::int8_t* topic_code(std::size_t node) const {
        return (file ? mapped_topic_codes : owned_topic_codes.data()) + node * 2 * dim;
    }
    const float* topic_scales(std::size_t node) const {
        return (file ? mapped_topic_scales : owned_topic_scales.data()) + node * 2;
    }

    // Drops ids beyond the vectors, normalises every row and indexes the ids.
    void prepare_vectors();
    void index_ids();
    // Orders leaf members by closeness to their centroid, sorts children by key, fills the
    // subtree member counts, lays the vectors out leaf by leaf and fills the spans. Run after
    // building or loading the tree; positions change.
    void finalize();
    void layout_by_leaf();
    // Renumbers the topics breadth first, children by key (parents still before children).
    void order_breadth_first();
    // The leaf a vector reaches by greedy descent (beam width 1, ties by key).
    int nearest_leaf(const float* v) const;
    void encode_codes();
    // Fills owned_topic_codes / owned_topic_scales from the members' rows (owned storage),
    // then topic_z. Run after the members are final.
    void compute_topic_stats();
    void compute_topic_z();
    // Fills `spans` and `leaves_by_position` from the nodes' children and members; false
    // when a topic's children or a leaf's members are not one run.
    bool index_spans();
    void index_leaves();
    std::vector<std::string> path_keys(int node) const;
};

// The file beside a vault's database that holds its topic index; empty for an in-memory
// database.
std::filesystem::path topic_file_path(const Database& db);
// A new index file is written under a name of its own, topic-index.bin.<token>.pending, and
// renamed over topic-index.bin only after the commit that stores its token (topic_store.cpp).
std::filesystem::path pending_topic_file_path(const std::filesystem::path& path,
                                              const std::string& token);
// The token a file name of that form carries, or nullopt for any other name.
std::optional<std::string> pending_topic_file_token(std::string_view name);
// Writes the index (laid out leaf by leaf) to a new file at `path`, stamped with `token`, with
// the checksums of its header and sections, and syncs it. Creates the file exclusively
// (O_EXCL | O_NOFOLLOW): an existing file or link there is an error, never overwritten.
Status write_topic_file(const TopicIndex::Impl& impl, const std::filesystem::path& path,
                        const std::string& token);
// Why the file at `path` cannot be mapped for `token`: not a regular file (links are not
// followed, FIFOs not waited on), not ours, another version or token, or a checksum that does
// not match; empty when it is whole and current. `sections` gets its layout when the header
// is readable.
std::string check_topic_file(const std::filesystem::path& path, const std::string& token,
                             std::vector<TopicFileSection>* sections = nullptr);
// Maps the file into impl when check_topic_file() finds nothing wrong, it was written for
// `signature` and its tree holds together; false (impl untouched, `problem` says why)
// otherwise.
bool read_topic_file(const std::filesystem::path& path, const std::string& token,
                     const std::string& signature, TopicIndex::Impl& impl,
                     std::string* problem = nullptr, TopicFileCheck check = TopicFileCheck::Whole);

// The one similarity of the index. Beam search and the exact scan both call it, so a beam
// wide enough to reach every leaf returns bit-identical similarities and order to exact().
inline float dot(const float* a, const float* b, std::size_t dim) {
    using Map = Eigen::Map<const Eigen::VectorXf>;
    return Map(a, static_cast<Eigen::Index>(dim)).dot(Map(b, static_cast<Eigen::Index>(dim)));
}

// Symmetric int8 quantisation of one row: scale = max |x| / 127 (0 for a zero row).
float quantize_row(const float* x, std::size_t dim, std::int8_t* out);
// Quantisation of a row of non-negative values (variances, squares) onto 0..127.
float quantize_nonnegative_row(const float* x, std::size_t dim, std::int8_t* out);
// Integer dot product of two int8 rows whose values lie in -127..127. Uses AVX2 when the CPU
// has it (checked once at run time), SSE2 otherwise; both give the exact integer sum.
std::int32_t dot_i8(const std::int8_t* a, const std::int8_t* b, std::size_t dim);
// The portable path of dot_i8, for tests that compare the two.
std::int32_t dot_i8_portable(const std::int8_t* a, const std::int8_t* b, std::size_t dim);

// The beam's topic score for a query (beam_search.cpp): the mean similarity of the topic's
// members plus z standard deviations of their similarity, an estimate of its best member.
struct TopicQuery {
    std::vector<std::int8_t> q; // the query, quantised
    float q_scale = 0.0f;
    std::vector<std::int8_t> q2; // its squares, quantised onto 0..127
    float q2_scale = 0.0f;
};
TopicQuery make_topic_query(const float* unit_query, std::size_t dim);
float topic_score(const TopicIndex::Impl& impl, const TopicQuery& q, std::size_t node);

// The tree over impl.data, replacing impl.nodes and impl.centroids (topic_builder.cpp).
void build_topic_tree(TopicIndex::Impl& impl, const TopicTreeOptions& opts);
// Splits every leaf above 2 × max_leaf_items (and above max_depth's reach) by the same k-means
// the builder uses, below its own key, leaving the rest of the tree as it is; returns how many
// leaves it split. Owned storage only; run finalize() afterwards.
std::size_t split_overfull_leaves(TopicIndex::Impl& impl, const TopicTreeOptions& opts);

} // namespace memlens
