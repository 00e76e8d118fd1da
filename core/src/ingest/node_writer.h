// Prepared INSERTs for everything one node brings into a vault: its row, its FTS5 row, its
// embedding, its entity index rows and co-occurrence edges. Owned by one ingest, used inside its
// transaction; statements are prepared once and reused for every node.
#pragma once

#include <memlens/db.h>
#include <memlens/embedder.h>
#include <memlens/entities.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace memlens {

struct ChunkRow {
    std::string id;
    std::string source_kind;
    std::string source_id;
    std::string source_ref;
    std::string owner;
    std::int64_t timestamp_ms = 0;
    std::string tags_json = "[]";
    std::string content;
    std::int64_t token_count = 0;
    std::int64_t seq_in_source = 0;
    std::string content_sha256;
    std::string author;
    std::string group_id;
    std::string ns = "default";
    std::string content_type = "text";
    std::optional<std::string> doc_id;
    std::optional<std::int64_t> version_ms;
    std::optional<std::string> supersedes;
    std::optional<std::string> message_id;
    std::string fts_context; // indexed beside the content, not part of it
    std::string fts_near;    // text of the items right before and after this one
    std::string fts_far;     // text of the items two before and two after
};

struct SummaryRow {
    std::string id;
    std::string tree_id;
    int level = 1;
    std::vector<std::string> child_ids;
    std::string content;
    std::vector<std::string> entities;
    std::vector<std::string> topics;
    std::int64_t start_ms = 0;
    std::int64_t end_ms = 0;
    double score = 0.0;
    std::int64_t sealed_at_ms = 0;
    std::optional<std::string> doc_id;
    std::optional<std::int64_t> version_ms;
};

class NodeWriter {
public:
    static Result<NodeWriter> prepare(const Database& db, std::string model_signature);

    // Chunk rows wait in memory until their leaf is sealed, so that each is written once with
    // its parent (link_children would otherwise find and rewrite every row, content and all),
    // or until flush_chunks.
    Status insert_chunk(const ChunkRow& row);
    // Writes the chunk rows and entity index rows still waiting. Call before anything reads
    // mem_tree_chunks or mem_tree_entity_index and before the transaction commits.
    Status flush_chunks();
    Status insert_chunk_embedding(const std::string& chunk_id, const Vector& v);
    Status insert_score(const std::string& chunk_id, double total, double token_signal,
                        double unique_words, double entity_density);
    // Entity index rows for a node, written by flush_chunks (in runs, so that the index's B-tree
    // pages stay in the cache from one row to the next); for leaves also +1 on the edge of every
    // distinct pair. Returns the distinct entity ids indexed, sorted.
    Result<std::vector<std::string>> index_entities(const std::string& node_id, bool is_leaf,
                                                    const std::string& tree_id, std::int64_t ts_ms,
                                                    const std::vector<ExtractedEntity>& entities);
    Status insert_summary(const SummaryRow& row);
    Status insert_summary_embedding(const std::string& summary_id, const Vector& v);
    // child → parent links are set only where the child has none.
    Status link_children(const std::vector<std::string>& child_ids, int child_level,
                         const std::string& parent_id);
    Status upsert_tree(const std::string& tree_id, const std::string& scope, std::int64_t now_ms);
    Status update_tree_root(const std::string& tree_id, const std::string& root_id, int level,
                            std::int64_t sealed_at_ms);

    // Distinct entity pairs (edges) whose weight this writer raised.
    // The entity pairs whose edges this writer added to, as "a\x1fb" with a < b.
    const std::unordered_set<std::string>& edges_touched() const { return edges_touched_; }

    // Writes the buffered FTS5 rows. Call before the transaction commits. FTS5 keeps inserted
    // terms in memory until a flush, and SQLite flushes every FTS5 table at the start of each
    // statement that needs a statement journal (the multi-row UPDATEs of link_children, upserts):
    // written interleaved, every sealed summary cut the chunk index into tiny segments that then
    // had to be merged. Buffered, FTS5 sees long runs of inserts and writes few large segments.
    Status flush_fts();
    // Writes the co-occurrence edges counted since the last flush, one upsert per pair (an
    // import repeats the same pairs thousands of times). Call before the transaction commits.
    Status flush_edges();

private:
    struct PendingFts {
        std::int64_t rid = 0;
        bool summary = false;
        std::string content, context, near, far;
    };
    Status buffer_fts(PendingFts row);
    struct PendingChunk {
        ChunkRow row;
        std::int64_t rid = 0;
        std::int64_t created_ms = 0;
        std::optional<std::string> parent;
    };
    Status write_chunk(const PendingChunk& c);

    NodeWriter() = default;
    const Database* db_ = nullptr;
    std::string signature_;
    std::int64_t next_chunk_rid_ = 1;
    std::int64_t next_summary_rid_ = 1;
    std::unordered_set<std::string> edges_touched_; // "a\x1fb", a < b
    struct PendingEdge {
        std::int64_t weight = 0;
        std::int64_t updated_ms = 0;
    };
    std::map<std::pair<std::string, std::string>, PendingEdge> pending_edges_;
    struct PendingEntity {
        std::string entity_id, node_id;
        bool leaf = true;
        std::string kind, surface;
        double score = 0.0;
        std::int64_t ts_ms = 0;
        std::string tree_id;
    };
    std::vector<PendingEntity> pending_entities_;
    std::vector<PendingChunk> pending_chunks_;
    std::unordered_map<std::string, std::size_t> pending_chunk_index_; // id → pending_chunks_
    std::vector<PendingFts> pending_fts_;
    std::size_t pending_fts_bytes_ = 0;
    Statement chunk_, chunk_fts_, chunk_emb_, score_, entity_, edge_, summary_, summary_fts_,
        summary_emb_, link_chunk_, link_summary_, tree_, tree_root_;
};

} // namespace memlens
