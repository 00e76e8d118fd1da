// The audit log of seed 004: one retrieval_log row per query, written off the query path, so
// that any answer can be replayed and diffed later ("why did the agent say this?").
//
// Ownership and threads: an AuditWriter owns one background thread and its own connection to
// vault.db; submit() only enqueues, so a query never waits on the write. A failed write is
// never dropped silently: it is kept for flush() / last_error() and passed to the failure
// callback (called on the writer thread). A read-only vault or an OpenHuman workspace cannot
// take the row: the writer then starts disabled and says why ("audit disabled: read-only").
#pragma once

#include <memlens/search.h>
#include <memlens/status.h>

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace memlens {

class Database;
class Vault;
class SearchEngine;

// FNV-1a, 64 bit (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
std::uint64_t fnv1a64(std::span<const std::byte> bytes);
std::uint64_t fnv1a64(std::string_view text);
// 16 lowercase hex digits.
std::string hash_hex(std::uint64_t h);

struct AuditRecord {
    std::int64_t id = 0; // assigned by SQLite when written
    std::int64_t ts_ms = 0;
    std::string query;
    std::string query_hash;
    std::string mode;
    std::string query_profile; // JSON: request, legs (counts, top scores), weights, filters
    std::string sources;       // JSON: [{node_id, rank, score, fused_rank, keyword_rank, ...}]
    std::string settings;      // JSON object: every setting the query ran with
    double elapsed_ms = 0.0;
    std::int64_t vault_revision = 0;
    std::optional<std::string> error;
};

// The row for one answered query.
AuditRecord make_audit_record(const SearchRequest& request, const SearchResponse& response);

class AuditWriter {
public:
    using FailureCallback = std::function<void(const Status&, const AuditRecord&)>;

    // Never fails: when the vault cannot take rows, the writer is disabled and says why.
    static std::unique_ptr<AuditWriter> start(const Vault& vault);
    ~AuditWriter(); // writes what is queued, then stops
    AuditWriter(const AuditWriter&) = delete;
    AuditWriter& operator=(const AuditWriter&) = delete;

    bool enabled() const { return enabled_; }
    const std::string& disabled_reason() const { return disabled_reason_; }

    // Enqueues the row and returns at once. On a disabled writer the row is refused and
    // counted as failed (disabled_reason() says why), never silently dropped.
    void submit(AuditRecord record);
    // Waits until every queued row is written. Returns the first failure since the last
    // flush (and clears it), or Ok.
    Status flush();
    Status last_error() const;
    void set_failure_callback(FailureCallback cb);

    std::uint64_t written() const;
    std::uint64_t failed() const;
    std::int64_t last_written_id() const;

private:
    AuditWriter() = default;
    void run();

    bool enabled_ = false;
    std::string disabled_reason_;
    std::unique_ptr<Database> db_;
    mutable std::mutex mu_;
    std::condition_variable cv_;
    std::condition_variable idle_cv_;
    std::deque<AuditRecord> queue_;
    bool busy_ = false;
    bool stopping_ = false;
    Status pending_error_;
    Status last_error_;
    FailureCallback on_failure_;
    std::uint64_t written_ = 0;
    std::uint64_t failed_ = 0;
    std::int64_t last_id_ = 0;
    std::thread thread_;
};

// Reading the log (newest first). Uses the caller's connection.
Result<std::vector<AuditRecord>> list_audit(const Database& db, int limit = 50, int offset = 0);
Result<AuditRecord> get_audit(const Database& db, std::int64_t id);
Status write_audit_row(const Database& db, AuditRecord& record); // sets record.id

// The logged query as a request again: its text, overrides, scope, budget and "now".
Result<SearchRequest> request_from_audit(const AuditRecord& record);
Result<RetrievalSettings> settings_from_audit(const AuditRecord& record);

struct RankMove {
    std::string node_id;
    std::optional<int> logged_rank; // 1-based
    std::optional<int> new_rank;
    std::string movement; // "same" | "up" | "down" | "new" | "gone"
    double logged_score = 0.0;
    double new_score = 0.0;
};

struct AuditComparison {
    AuditRecord logged;
    SearchResponse rerun;
    bool used_logged_settings = true;
    std::vector<RankMove> moves; // the rerun's order, then the logged hits that are gone
    bool identical = false;      // same ids in the same order
    std::int64_t logged_revision = 0;
    std::int64_t current_revision = 0;
    bool data_changed = false;                 // the vault's revision differs from the logged one
    std::vector<std::string> changed_settings; // current vault settings vs. the logged ones
    bool settings_changed = false;
    // What explains a movement: "none", "data", "settings" or "data+settings". A replay with
    // the logged settings can only move through data.
    std::string cause;
};

// Runs the logged query again. with_logged_settings = true (replay) re-runs it with the
// settings it was logged with; false (diff) with the vault's current settings. The rerun is
// not itself logged.
Result<AuditComparison> replay_audit(SearchEngine& engine, std::int64_t id,
                                     bool with_logged_settings);

// Rank movement between a logged sources list and a rerun.
std::vector<RankMove> rank_moves(const std::vector<std::pair<std::string, double>>& logged,
                                 const std::vector<std::pair<std::string, double>>& rerun);

} // namespace memlens
