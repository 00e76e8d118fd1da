// Sealing summary trees: leaves enter the level-0 buffer of their source tree; L0
// seals at the token budget, L1+ at the fan-out, cascading upwards; the 7-day flush force-seals
// stale L0 buffers. Documents seal each version into a subtree of its own.
//
// Stream-time flush: while an import replays history, an L0 buffer is also sealed when the next
// leaf is more than flush_after_ms newer than the buffer's oldest item — what the periodic
// flush would have done had the agent been running when the messages arrived. Without it, a
// months-long backfill would collapse into a few budget-sized summaries.
#pragma once

#include <memlens/db.h>
#include <memlens/embedder.h>
#include <memlens/ingest.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace memlens {

class NodeWriter;

// What a summary of some children says: its text, entities, topics, time envelope and score,
// as seal_items writes them.
struct SummaryDraft {
    std::string content;
    std::vector<std::string> entities;
    std::vector<std::string> topics;
    std::int64_t start_ms = 0;
    std::int64_t end_ms = 0;
    double score = 0.0;
};

// The draft of a summary of `ids` (all at child_level, non-empty), read from the vault as
// sealing reads children of earlier imports. Forgetting re-seals a summary without a forgotten
// child with it (core/src/vault/forget.cpp).
// The ids waiting in an unsealed buffer are item_ids_json followed by its ml_buffer_appends rows
// (by pos). stored_buffer_items reads them for one buffer. fold_buffer_appends writes each buffer
// that has appends whole again and deletes them: for code that rewrites buffers (forgetting) and
// for tests reading item_ids_json.
Result<std::vector<std::string>> stored_buffer_items(const Database& db, const std::string& tree_id,
                                                     std::int64_t level);
Status fold_buffer_appends(const Database& db);

Result<SummaryDraft> draft_summary(const Database& db, int child_level,
                                   const std::vector<std::string>& ids,
                                   std::int64_t output_budget_tokens);

class Sealer {
public:
    // What sealing reads of a child: its text (a leaf's prefixed by its author), importance
    // score, time envelope, distinct entity ids (sorted) and topic ids.
    struct Input {
        std::string id;
        std::string text;
        double score = 0.0;
        std::int64_t start_ms = 0;
        std::int64_t end_ms = 0;
        std::vector<std::string> entities;
        std::vector<std::string> topics;
    };

    Sealer(const Database& db, Embedder& embedder, NodeWriter& writer, SealOptions opts);

    // What a store reads before its transaction when its message will fill its tree's level-0
    // buffer: the buffer's items as sealing reads them, for note_leaf in the transaction, so
    // that the seal holds the write lock for writing only (3,000 items: 40 ms at 100,000
    // chunks, 300 ms at 1,000,000 with an import beside it). Empty when the stored token sum
    // plus `adding_tokens` stays below the budget. Which items the seal takes is read again in
    // the transaction: one another writer added meanwhile is read there.
    static Result<std::vector<Input>> read_full_buffer(const Database& db,
                                                       const std::string& tree_id,
                                                       std::int64_t adding_tokens,
                                                       const SealOptions& opts);

    // Hands the sealer a leaf written by this import, so that sealing it reads nothing back from
    // the database. Leaves of earlier imports (a buffer carried over) are read from the vault.
    void note_leaf(Input leaf);

    Status add_leaf(const std::string& tree_id, const std::string& leaf_id, std::int64_t tokens,
                    std::int64_t ts_ms);
    // The flush: every L0 buffer whose oldest item is older than now - flush_after_ms is
    // force-sealed, in two steps so that an import can commit between seals
    // (core/src/ingest/ingestor.cpp, flush_stale_buffers). stale_trees lists the trees whose
    // buffer may be past the window, sorted and distinct: the ones this sealer holds, and with
    // `scan_stored` the ones stored in the vault as well. seal_if_stale seals one tree's buffer
    // if it is.
    Result<std::vector<std::string>> stale_trees(std::int64_t now_ms, bool scan_stored);
    Status seal_if_stale(const std::string& tree_id, std::int64_t now_ms);
    // Seals one document version's leaves into a subtree; returns its root summary id.
    Result<std::string> seal_document(const std::string& tree_id,
                                      const std::vector<std::string>& leaf_ids,
                                      const std::vector<std::int64_t>& leaf_tokens,
                                      const std::string& doc_id, std::int64_t version_ms);
    // Writes the buffers back: a buffer this import only added to gets one ml_buffer_appends row
    // per new item and its token sum and oldest time in mem_tree_buffers; one it sealed or read
    // whole is written whole (item_ids_json), its appends folded in.
    Status save();

    std::size_t summaries_sealed() const { return sealed_; }

private:
    // A buffer's items are `ids` (item_ids_json, then its ml_buffer_appends rows), read only
    // once something needs them whole (sealing, the fan-out of L1+), then `added` by this import.
    // A store adds one leaf to an L0 buffer that may hold thousands: it reads and writes only
    // the sum, the oldest time and its own row.
    struct Buffer {
        std::vector<std::string> ids;
        bool ids_read = false;
        std::vector<std::string> added;
        std::int64_t token_sum = 0;
        std::optional<std::int64_t> oldest; // set exactly when the buffer holds an item
        bool dirty = false; // save() writes it: whole once ids_read, else the added rows
    };
    using Key = std::pair<std::string, int>;

    Result<Buffer*> buffer(const std::string& tree_id, int level);
    // Every item of the buffer, in order: reads the stored ones on first use.
    Result<std::vector<std::string>*> items(const Key& key, Buffer& b);
    Status seal_buffer(const std::string& tree_id, int level);
    struct Sealed {
        std::string id;
        std::int64_t tokens = 0;
        std::int64_t start_ms = 0;
    };
    // Builds, writes and links the summary of `ids` (all at child_level).
    Result<Sealed> seal_items(const std::string& tree_id, int child_level,
                              const std::vector<std::string>& ids,
                              const std::optional<std::string>& doc_id,
                              std::optional<std::int64_t> version_ms);

    // The children to seal, in the order given: from note_leaf and this import's summaries where
    // known, from the vault otherwise.
    Result<std::vector<Input>> children_of(int child_level, const std::vector<std::string>& ids);

    const Database& db_;
    Embedder& embedder_;
    NodeWriter& writer_;
    SealOptions opts_;
    std::map<Key, Buffer> buffers_;
    std::unordered_map<std::string, Input> known_; // unsealed nodes of this import, by id
    std::size_t sealed_ = 0;
};

} // namespace memlens
