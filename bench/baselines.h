// The floors each memlens figure is divided by, measured in the same run: raw SQLite + FTS5
// (sqlite3 C API) for ingest and the keyword leg, an exact scan and hnswlib for the vector leg,
// and the recall of a neighbour list against the exact one.
#pragma once

#include <memlens/status.h>
#include <memlens/topic_tree.h>
#include <memlens/vault.h>

#include <sqlite3.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace memlens::bench {

// ---- ingest ---------------------------------------------------------------------------------

// One chunk as the pipeline wrote it, with the vault's other FTS5 columns for it.
struct BareRow {
    std::string id, source_id, author, content;
    std::int64_t ts = 0;
    std::string context, near, far;
};

// Every chunk of `vault` in rid order, with its FTS5 columns.
Result<std::vector<BareRow>> read_rows(const Vault& vault);

// The floor: the same rows into one table plus an FTS5 index with the same tokenizer, one
// transaction, one prepared statement each, the same pragmas as a vault. With `vault_shape`, the
// FTS5 index has the vault's four columns (body, context, near, far) holding the texts the
// pipeline indexed: the cost of the index alone that the keyword leg searches. Seconds.
Result<double> bare_insert_seconds(const std::filesystem::path& dir,
                                   const std::vector<BareRow>& rows, bool vault_shape);

// The vault's own floor: every row the pipeline wrote (chunks, both FTS5 indexes, scores,
// vectors, entity index, edges, summaries, trees, buffers, sources, topic tree rows), copied
// into a fresh vault of the same schema and triggers in one transaction, with no extraction,
// embedding, sealing or clustering. The rows are first copied into an in-memory database so that
// the timed part reads nothing from disk. What this costs is what writing the vault's contents
// costs on its own, whatever a pipeline computes them with. Seconds.
Result<double> vault_rows_seconds(const std::filesystem::path& dir,
                                  const std::filesystem::path& source_db);

// ---- the keyword leg ------------------------------------------------------------------------

// The floor of the keyword leg: the same MATCH expression, bm25 top-k, straight through the
// sqlite3 C API on its own read-only connection.
class RawFts {
public:
    ~RawFts() {
        sqlite3_finalize(stmt_);
        sqlite3_close(db_);
    }
    Status open(const std::filesystem::path& file) {
        if (sqlite3_open_v2(file.string().c_str(), &db_, SQLITE_OPEN_READONLY, nullptr) !=
            SQLITE_OK)
            return Status(StatusCode::IoError, "raw sqlite3 open failed");
        const char* sql = "SELECT rowid, bm25(mem_tree_chunks_fts) AS score "
                          "FROM mem_tree_chunks_fts WHERE mem_tree_chunks_fts MATCH ? "
                          "ORDER BY score LIMIT ?";
        if (sqlite3_prepare_v2(db_, sql, -1, &stmt_, nullptr) != SQLITE_OK)
            return Status(StatusCode::IoError, sqlite3_errmsg(db_));
        return Status::ok();
    }
    Result<std::size_t> run(const std::string& match, int k) {
        sqlite3_reset(stmt_);
        sqlite3_bind_text(stmt_, 1, match.data(), int(match.size()), SQLITE_TRANSIENT);
        sqlite3_bind_int(stmt_, 2, k);
        std::size_t rows = 0;
        double sink = 0.0;
        int rc;
        while ((rc = sqlite3_step(stmt_)) == SQLITE_ROW) {
            sink += double(sqlite3_column_int64(stmt_, 0)) + sqlite3_column_double(stmt_, 1);
            ++rows;
        }
        if (rc != SQLITE_DONE)
            return Status(StatusCode::IoError, sqlite3_errmsg(db_));
        return rows + (sink == -1.0 ? 1 : 0); // keeps the reads from being optimised away
    }

private:
    sqlite3* db_ = nullptr;
    sqlite3_stmt* stmt_ = nullptr;
};

// ---- the vector leg -------------------------------------------------------------------------

// One neighbour list: ids best first, with their cosines.
struct Neighbours {
    std::vector<std::string> ids;
    std::vector<double> sims;
};

Neighbours neighbours_of(const std::vector<VectorHit>& hits);

// recall@k as ann-benchmarks counts it: a returned neighbour is right when it is at least as
// close as the exact k-th. The templated corpus holds many identical messages, and which of
// equally close twins the exact scan keeps is only its id tie-break, not a better answer.
double recall(const Neighbours& got, const Neighbours& truth);

// The strict form: the same ids as the exact scan.
double id_recall(const Neighbours& got, const Neighbours& truth);

// hnswlib over the index's vectors, labelled by position in id order so a cached graph stays
// valid when the topic tree (and with it the index's layout) changes. Cached beside the vault.
// hnswlib's header defines functions that are not inline: only baselines.cpp includes it.
struct Hnsw {
    Hnsw();
    ~Hnsw();
    Hnsw(Hnsw&&) noexcept;
    Hnsw& operator=(Hnsw&&) noexcept;

    // The search-time candidate list size (hnswlib's ef).
    void set_ef(int ef);
    // Frees the graph: its memory is not memlens's and should not count in the rest of a run.
    void release();

    struct Graph; // hnswlib's space and graph
    std::unique_ptr<Graph> graph;
    std::vector<std::string> label_ids;
    double build_s = 0.0;
    bool from_cache = false;
};

// M 16, ef_construction 200, built with `threads` threads, or read from `dir` when cached there.
Result<Hnsw> hnsw_for(const TopicIndex& index, const std::filesystem::path& dir, int threads);

Neighbours hnsw_search(const Hnsw& h, const std::vector<float>& q, std::size_t k);

} // namespace memlens::bench
