// The topic tree of the vector leg: a hierarchical clustering of the vault's
// embeddings, searched by beam descent; an exact scan serves small vaults and ground truth.
//
// Storage: every vector once, contiguously, as float32 (n × dim × 4 bytes: 1,000,000 chunks ×
// 256 dims is 1 GB), plus an int8 copy for pre-scoring wide beams (a quarter of that), the ids
// and one centroid per topic. save() writes all of it, laid out leaf by leaf, to the index file
// beside vault.db (topic-index.bin); load() maps that file when it is current, so opening a
// vault reads only the topics. A query reads the int8 codes of the leaves it reaches through
// the mapping and the few float rows it re-ranks with pread, so resident memory stays a
// fraction of the file.
// Built or loaded from the database instead, the vectors are held in memory.
// docs/embeddings.md, docs/performance.md.
#pragma once

#include <memlens/embedder.h>
#include <memlens/status.h>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

class Database;
class Vault;

struct TopicTreeOptions {
    int branching = 64;      // children per inner topic (k of the k-means at each level)
    int max_leaf_items = 32; // a topic with more members is split further
    int max_depth = 8;       // leaves at this depth are never split, whatever their size
    std::uint64_t seed = 42; // k-means initialisation
};

struct BeamOptions {
    int beam_width = 8;
    int max_depth = 8;
    int max_leaf_items = 256; // members scored per reached leaf at most (closest to centroid first)
};

struct VectorHit {
    std::string node_id;
    double similarity = 0.0;
    std::vector<std::string> topic_path; // root-to-leaf topic keys that reached it
};

struct VectorSearchTrace {
    std::vector<std::string> reached_topics; // the final frontier
    std::size_t scored = 0;                  // vectors scored
    std::size_t topics_scored = 0;           // topics scored on the way down
    bool exact = false;
};

// What load() found and did, so a caller knows whether to save() the tree again.
struct TopicLoadInfo {
    bool rebuilt = false;            // no usable stored tree, or too much of it was stale
    std::size_t newly_assigned = 0;  // vectors added to stored leaves by descent
    std::size_t split_leaves = 0;    // stored leaves that outgrew 2 × max_leaf_items, split
    std::size_t dropped_members = 0; // stored members with no vector any more
    std::size_t skipped_vectors = 0; // vectors whose dimension differs from the others
    bool from_file = false;          // mapped from the index file written by the last save()
    std::string file_problem;        // why not mapped from the file (empty when it was)
};

// How load() checks the index file before mapping it (TopicIndex::load).
enum class TopicFileCheck { Whole, PerRow };

// One checksummed section of the index file (its header names them).
struct TopicFileSection {
    std::string name; // "vectors", "topic codes", "ids", …
    std::uint64_t offset = 0;
    std::uint64_t bytes = 0;
};

// The index file beside vault.db, as `stats` reports it.
struct TopicFileStatus {
    std::string path;    // the file load() maps; empty for a database without a folder
    bool exists = false; // something is at path (maybe not a regular file: see problem)
    std::uint64_t bytes = 0;
    // Whole (every checksum matches) and stamped with the token the vault holds: the next open
    // maps it.
    bool current = false;
    std::string problem; // why it is not current ("missing", "damaged: …"); empty when current
    std::vector<TopicFileSection> sections; // its layout, when its header could be read
    // Vector writes since the file was written (rows of ml_topic_delta): searched beside it from
    // vault.db until an import folds them into a new file (TopicIndex::upkeep).
    std::size_t unfolded = 0;
};

// One topic of the tree, for browsing.
struct TopicInfo {
    std::string key; // "t", "t.3", "t.3.11": deterministic for the same vectors and options
    std::string parent_key;
    int depth = 0;
    bool is_leaf = false;
    std::size_t member_count = 0; // vectors under this topic
};

// In-memory index over (node_id, vector). Built from the vault, persisted to ml_topic_* tables.
// Vectors are kept unit length; similarities are cosines. Thread-safety: the const members may
// run concurrently once built.
class TopicIndex {
public:
    // Loads all vectors of `model_signature` (chunks first, then summaries, each by id) and the
    // persisted tree. Vectors the stored tree lacks are assigned to the nearest leaf by greedy
    // descent; a leaf they fill beyond 2 × max_leaf_items is split below its own key, as the
    // builder would split it. Builds afresh when no tree is stored, it does not fit these
    // vectors, or more than 20% of the vectors are not in it.
    // When the index file beside vault.db carries the token the vault's settings hold (the
    // last save() committed it, and no vector changed since: triggers on the embedding tables
    // forget the token on any write), maps that instead
    // (load_info().from_file); a missing, stale, foreign or damaged file (any checksum of its
    // header or sections not matching), or anything but a regular file, is ignored
    // (load_info().file_problem says why).
    // With `recluster`, the stored tree and the index file are ignored and the vectors are
    // clustered afresh with `opts` (load_info().rebuilt), as `memlens-cli reindex --recluster`
    // does for a vault whose tree an older memlens shaped.
    // `check` says how much of the file is checksummed before it is mapped: Whole (every
    // section; what ingest and reindex need, since they write the rows back out) or PerRow (the
    // header and every section except the float rows, their int8 codes and the centroids, whose
    // per-row checksums are checked the first time a row or code is read: what a search needs,
    // at a fraction of the cost for a large file). A row found damaged reads as zeros and is
    // reported by damage().
    static Result<TopicIndex> load(const Database& db, const std::string& model_signature,
                                   const TopicTreeOptions& opts = {}, bool recluster = false,
                                   TopicFileCheck check = TopicFileCheck::Whole);

    // Builds from given vectors (tests, bench) without a database. Vectors whose dimension
    // differs from the first one's are skipped (load_info().skipped_vectors); surplus ids too.
    static TopicIndex build(std::vector<std::string> ids, std::vector<Vector> vectors,
                            const TopicTreeOptions& opts = {});
    // The same from one contiguous n × dim array, without a second copy of the vectors.
    static TopicIndex build(std::vector<std::string> ids, std::vector<float> flat, std::size_t dim,
                            const TopicTreeOptions& opts = {});

    // A store appends: the index file stays current after a write, and the vectors written
    // since (inserted, replaced, deleted; ml_topic_delta, kept by triggers in the writer's
    // transaction) are read from vault.db by load() into an incremental part that every search
    // scans whole beside the beam. When more than this many are listed, the import that listed
    // them folds them into a new file after its commit (fold_listed()); with no file to map, it
    // writes one in its transaction (save()). See upkeep().
    static constexpr std::size_t kMaxUnfoldedRows = 4096;
    // The smallest index whose file save() and fold_listed() measure the beam on (beam_recall):
    // below it the exact scan takes about 2 ms, and an unmeasured index is scanned exactly up to
    // search.exact_scan_threshold (docs/explanations.md, "Vector leg").
    static constexpr std::size_t kBeamMeasuredFrom = 20'000;
    // What the index needs after this transaction's writes, read inside the writer's
    // transaction: Appends when a file is there for the vault's token and model and at most
    // kMaxUnfoldedRows vector writes are listed since it; Fold when more are listed (then
    // fold_listed() after the commit); Save when there is no such file (then save() in the
    // transaction: nothing to fold into).
    enum class Upkeep { Appends, Fold, Save };
    static Result<Upkeep> upkeep(const Database& db, const std::string& model_signature);

    // Folds the vectors listed since the vault's file into a new file without holding the
    // write lock while it writes it: reads the file and the list (a read transaction), folds
    // them in (their vectors join the leaves their greedy descent reaches; overfull leaves
    // split) and writes the new file under a pending name; then takes the write lock only to
    // commit its token and delete the rows it folded. Rows listed meanwhile (another writer's
    // stores) stay listed, searched beside the new file. The tree tables keep the tree of the
    // last save(): load() reads them only when no file maps, and assigns the vectors they lack.
    // Needs a writable connection outside any transaction; `cancel`, checked between its steps
    // (read, fold, write), stops it before the commit; `before_commit` runs between the file and
    // the commit (tests write there). False, with nothing changed, when there is no file to fold
    // into, another process is folding, another writer replaced the file meanwhile (its file
    // holds what this one would), or it was cancelled.
    // Measures the beam on the current index file when the file carries no measurement (one
    // written before beam_recall() existed) and holds at least `min_vectors`, and records it
    // under the file's token, as save() would have: TopicFolder does it once in the background,
    // memlens-bench before it times. False when there was nothing to do (measured, smaller, no
    // file, read-only, cancelled) or another file replaced it meanwhile. Needs a writable
    // connection outside any transaction.
    static Result<bool> measure_file(const Database& db, const std::string& model_signature,
                                     const std::atomic_bool* cancel = nullptr,
                                     std::size_t min_vectors = kBeamMeasuredFrom);

    static Result<bool> fold_listed(const Database& db, const std::string& model_signature,
                                    const std::atomic_bool* cancel = nullptr,
                                    const std::function<void()>& before_commit = {});

    // Brings a mapped index up to the vault: reads the vectors written since this index last
    // read the list (those of another process included), leaving the mapping as it is. False
    // (nothing changed) when the vault holds another file's token or another model's tree, or
    // this index was not mapped from a file: then load() again.
    Result<bool> refresh(const Database& db);
    // How many vectors this index holds beside its file (the incremental part).
    std::size_t unfolded() const;

    // Writes the tree to ml_topic_nodes / ml_topic_members (replacing what was there), inside a
    // savepoint, so it can join the caller's transaction; then a new index file beside vault.db
    // (topic-index.bin.<token>.pending, created exclusively, synced) and, in the same
    // savepoint, its token. The file becomes current with the commit of that token and not
    // before: until then topic-index.bin and the old token stay as they were, so a crash or a
    // rollback leaves the old index current and whole. Called outside a transaction, save()
    // commits and then publishes the file itself; inside one, the caller calls publish_file()
    // after its commit. A mapped index with an incremental part first folds it in: its vectors
    // join the leaves their greedy descent reaches (overfull leaves split), and the rows of
    // ml_topic_delta that load() read are deleted in the same savepoint.
    Status save(const Database& db);

    // After the commit of a save(): renames the new file over topic-index.bin and removes
    // pending files that no commit made current (left by a crash or a rollback), unless a
    // fold_listed() is writing one (it holds a lock on the vault folder meanwhile). Needs a
    // writable connection outside any transaction: it holds the write lock (BEGIN IMMEDIATE)
    // meanwhile, so no writer is between its write and its commit. Skipping it loses nothing:
    // load() maps a committed pending file under its own name.
    static Status publish_file(const Database& db);

    // The index file load() would map and whether it is current: topic-index.bin, or a
    // committed pending file not yet renamed. Reads every section to check its checksum.
    static Result<TopicFileStatus> file_status(const Database& db);

    std::size_t size() const;
    std::size_t dim() const;
    const TopicLoadInfo& load_info() const;

    // Beam descent: frontier = root; at each depth score the children of the
    // frontier, keep the top beam_width (ties by topic key), stop when all are leaves. A topic
    // scores what its best member is expected to score: the mean cosine of its members to the
    // query plus sqrt(2 ln n) standard deviations of it (the variance taken per dimension;
    // docs/embeddings.md). A leaf in the frontier competes again with its own score, so leaves
    // of different depths mix fairly. Only the members of reached leaves are scored. With
    // `allowed` (one byte per position; missing bytes mean not allowed) only allowed members
    // are scored and topics without any are skipped. Results sorted by similarity desc, then
    // node id. Empty when the query's dimension differs from the index's.
    std::vector<VectorHit> search(std::span<const float> query, std::size_t k,
                                  const BeamOptions& beam, VectorSearchTrace* trace = nullptr,
                                  const std::vector<std::uint8_t>* allowed = nullptr) const;

    // The k nearest (allowed) vectors, best first (ties by node id), and after them every
    // further one as close as the k-th, so that equal vectors are never cut apart. From 4,096
    // vectors on (with codes) each is scored on its int8 code first and only the best max(4k, 64),
    // with every vector whose code scores as the last of them, on its floats; the similarities
    // are those exact() reports. Measured against exact(): docs/performance.md ("walk at a
    // million").
    std::vector<VectorHit> nearest(std::span<const float> query, std::size_t k,
                                   const std::vector<std::uint8_t>* allowed = nullptr) const;

    // How many vectors an exact scan with `allowed` scores: the allowed positions whose node was
    // not written again or deleted since the index read it.
    std::size_t count(const std::vector<std::uint8_t>* allowed = nullptr) const;

    // Exact scan over every (allowed) vector: the ground truth. topic_path stays empty (no
    // descent reached the hit); topic_path_of() tells where a hit lives.
    std::vector<VectorHit> exact(std::span<const float> query, std::size_t k,
                                 const std::vector<std::uint8_t>* allowed = nullptr) const;

    // How much of the exact top 10 the beam descent finds among the first 10 of the `asked`
    // it returns (the vector leg asks for search.leg_limit) at each of `widths` (ascending;
    // depth and leaf items from `base`), with `samples` of the index's own vectors as queries: the
    // middle row of each of `samples` equal slices of its positions, each left out of its own
    // results. One pass over the rows finds every query's exact top 10. save() and
    // fold_listed() measure the file they write when it holds kBeamMeasuredFrom vectors or more
    // (widths 64 to 1024, 32 queries: core/src/topic/topic_store.cpp) and load() reads it back: the
    // vector leg runs the beam where it finds what the exact scan finds (search.beam.min_recall,
    // docs/performance.md).
    struct BeamRecall {
        int width = 0;
        double recall = 0.0;
    };
    std::vector<BeamRecall> beam_recall(const std::vector<int>& widths, std::size_t samples,
                                        const BeamOptions& base, std::size_t asked) const;
    // The recall measured for the mapped file at the widest measured width not above `width`;
    // nullopt when the index was not mapped from a measured file, or `width` is below them all.
    std::optional<double> measured_beam_recall(int width) const;

    // Position of a node id in the index (for `allowed` masks), or nullopt.
    std::optional<std::size_t> position(std::string_view node_id) const;
    // Valid while the index lives (a view into its ids or its mapped file).
    std::string_view id_at(std::size_t pos) const;
    // One unit-length row, copied. A mapped index reads its float rows from the file (never
    // through the mapping, whose read faults would make whole neighbourhoods of rows resident).
    Vector vector_at(std::size_t pos) const;
    // Copies one row into out (dim() floats).
    void copy_vector(std::size_t pos, float* out) const;
    // Calls fn(position, row) for each position, reading consecutive positions together; the
    // row is valid during the call only. Positions are visited in ascending order.
    void visit_rows(std::vector<std::size_t> positions,
                    const std::function<void(std::size_t, std::span<const float>)>& fn) const;
    // Whether the rows are read from the index file beside vault.db (load() found it whole
    // and current) rather than held in memory.
    bool mapped() const;
    // What a PerRow-checked index found wrong while reading rows or codes ("the checksum of
    // row 17 (c1017) in its vectors section does not match"); empty while nothing was. The
    // damaged rows read as zeros, so a result computed meanwhile is not to be trusted: the
    // search engine then loads the index again with a Whole check and runs the query again.
    std::string damage() const;
    // Root-to-leaf keys of the leaf holding `pos`.
    std::vector<std::string> topic_path_of(std::size_t pos) const;
    // Every topic, parents before children, siblings by key.
    std::vector<TopicInfo> topics() const;

    struct Impl;
    TopicIndex();
    ~TopicIndex();
    TopicIndex(TopicIndex&&) noexcept;
    TopicIndex& operator=(TopicIndex&&) noexcept;

private:
    explicit TopicIndex(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

// Folds a vault's listed vectors on a thread of its own, for a process whose writes are an
// agent's stores (the MCP server): such a store does not fold (IngestOptions::fold_here false)
// and returns at once; request() after each write starts a fold when more than
// TopicIndex::kMaxUnfoldedRows vectors are listed (TopicIndex::fold_listed, on a connection of
// this object's own; the write lock only for its commit). Errors change nothing in the vault: the
// vectors stay listed and searched beside the file, and the next request tries again.
class TopicFolder {
public:
    TopicFolder(std::filesystem::path vault_dir, std::string model_signature);
    ~TopicFolder(); // cancels a fold under way and waits for it to stop
    TopicFolder(const TopicFolder&) = delete;
    TopicFolder& operator=(const TopicFolder&) = delete;

    // Returns at once; a fold that is due runs after the one under way, if any.
    void request();
    // Waits until no fold is under way or asked for (tests, the bench). How many folds
    // committed so far.
    std::size_t wait_idle();

private:
    void run();
    struct State;
    std::unique_ptr<State> state_;
};

// What reindex_topic_index wrote.
struct ReindexReport {
    std::size_t vectors = 0;
    std::size_t topics = 0;
    bool rebuilt = false;     // clustered afresh (no usable stored tree, or `recluster`)
    bool was_current = false; // the index file was current before (it was mapped)
    TopicFileStatus file;     // the file as it stands now
    double seconds = 0.0;
};

// Writes the vault's topic tree and its index file again from its vectors (the vault's
// embedder's): what `memlens-cli reindex` and the GUI's Rebuild Index run for a vault whose
// topic-index.bin is missing, stale or damaged. One transaction holds the write lock while the
// tree is saved; the new file replaces the old only once its token is committed
// (TopicIndex::publish_file), so a reader in another process maps the old file or the new one.
// Errors: the vault's (read-only: Unsupported), the embedder's, SQLite's, the file's.
Result<ReindexReport> reindex_topic_index(const Vault& vault, bool recluster);

} // namespace memlens
