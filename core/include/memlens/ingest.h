// The write path: chunk, extract entities, embed, index, seal summary trees (docs/architecture.md).
// One transaction per import: a failed or cancelled ingest leaves the vault exactly as it was.
#pragma once

#include <memlens/import.h>
#include <memlens/status.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace memlens {

class Vault;
class Embedder;

struct SealOptions {
    std::int64_t l0_token_budget = 50'000;          // L0 seals when its token sum reaches this
    int summary_fanout = 10;                        // L1+ seal at this many items
    std::int64_t output_budget_tokens = 5'000;      // summary text cut at budget × 4 characters
    std::int64_t flush_after_ms = 7 * 86'400'000LL; // force-seal L0 whose oldest item is older
    int max_levels = 32;
};

// How long an import holds the write lock at a time, its commit included (IngestOptions::batch_ms):
// a store waits at most about this long behind it (memlens-bench store --import measures it).
inline constexpr int kImportBatchMs = 50;

struct IngestOptions {
    SealOptions seal;
    std::int64_t max_chunk_tokens = 400; // long items are split into chunks of at most this
    std::int64_t now_ms = 0;             // "now" for the 7-day flush; 0 = wall clock
    bool update_topic_tree = true;       // rebuild / extend the vector leg's topic tree
    bool report_chunk_ids = false;       // list the written chunks' ids (an agent's store)
    // An import commits in batches that hold the write lock about batch_ms milliseconds each,
    // their commit included (the last batch's commit time counts toward the next), cut between
    // two messages (never inside a document), so that another writer waits at most about that
    // long for the write lock; a third as long while other writers keep coming (one waited in
    // the last two seconds);
    // 0: one transaction for everything. Cancelled or failed, an import keeps the batches it
    // committed, each whole, and says how many messages they hold; importing the same input
    // again skips them as duplicates.
    int batch_ms = kImportBatchMs;
    // Past TopicIndex::kMaxUnfoldedRows listed vectors, whether this import folds them into a
    // new index file after its commit, in this call (TopicIndex::fold_listed: seconds in a
    // large vault, without the write lock), or leaves that to the caller: IngestReport::fold_due
    // then says one is due (an agent's store: the server's TopicFolder folds on its own thread).
    bool fold_here = true;
};

struct IngestProgress {
    std::string phase; // "reading", "chunking", "embedding", "indexing", "sealing", "topics"
    std::size_t done = 0;
    std::size_t total = 0;
};

struct IngestReport {
    std::size_t sources = 0;
    std::size_t chunks = 0;     // chunks written
    std::size_t summaries = 0;  // summaries sealed
    std::size_t entities = 0;   // distinct entity ids indexed by this import
    std::size_t edges = 0;      // distinct co-occurrence edges (entity pairs) this import added to
    std::size_t duplicates = 0; // items skipped because already present
    std::size_t replaced = 0;   // document sources whose older version was superseded
    double seconds = 0.0;
    // Of `seconds`, the time its batches waited for the write lock (BEGIN IMMEDIATE) while
    // another writer held it: a store behind an import waits here, and its own work is the rest.
    double lock_wait_seconds = 0.0;
    std::size_t batches = 0;            // transactions committed (IngestOptions::batch_ms)
    std::vector<std::string> chunk_ids; // IngestOptions::report_chunk_ids: the chunks written
    // More vectors are listed beside the index file than it takes and this import did not fold
    // them (IngestOptions::fold_here false, a cancel, or a failed fold).
    bool fold_due = false;
};

using ProgressFn = std::function<void(const IngestProgress&)>;

// Thread-safety: one Ingestor per vault connection; it holds the write lock for one batch at a
// time (IngestOptions::batch_ms). Cancellation (cancel set to true) rolls back the batch under
// way and returns Cancelled, saying how many messages the batches before it stored.
// The longest author, message id, source id, title or tag that enters a vault (any writer).
inline constexpr std::size_t kMaxIngestNameBytes = 1024;

class Ingestor {
public:
    Ingestor(Vault& vault, Embedder& embedder, IngestOptions opts = {});
    Result<IngestReport> ingest(const std::vector<IngestSource>& sources,
                                const ProgressFn& progress = {},
                                const std::atomic_bool* cancel = nullptr);
    // The messages the batches the last ingest() committed took in (stored, or skipped as
    // stored already): all of them after a success; after a cancel or an error, those it
    // keeps (0: the vault is unchanged).
    std::size_t committed_items() const { return committed_items_; }

private:
    Vault& vault_;
    Embedder& embedder_;
    IngestOptions opts_;
    std::size_t committed_items_ = 0;
};

// ingest_document: write one document into its source tree, replacing an earlier
// version with the same source_id (the old one is kept, marked superseded).
Result<IngestReport> ingest_document(Vault& vault, Embedder& embedder, const std::string& source_id,
                                     const std::string& title, const std::string& markdown,
                                     std::int64_t version_ms);

// Counts for `memlens-cli stats` and the GUI's status bar.
struct VaultStats {
    std::int64_t sources = 0, chunks = 0, summaries = 0, trees = 0, entities = 0, edges = 0;
    std::int64_t embeddings = 0, audit_rows = 0, revision = 0;
    std::int64_t earliest_ms = 0, latest_ms = 0;
};
// Without `time_span`, earliest_ms and latest_ms stay 0: the latest end has no index and costs a
// pass over every chunk (0.2 to 0.5 s at a million), which a caller that lists the sources
// (list_sources: each source's earliest start and latest end) already makes.
Result<VaultStats> vault_stats(const Vault& vault, bool time_span = true);

} // namespace memlens
