// The audit log: one retrieval_log row per query, written off the query path, so
// that any answer can be replayed and diffed later ("why did the agent say this?").
//
// Ownership and threads: an AuditWriter owns one background thread and its own connection to
// vault.db; submit() only enqueues, so a query never waits on the write.
//
// No row is ever dropped. A row that finds the vault's write lock held (an import holds it for
// its whole run) waits for it, retrying, up to AuditWriterOptions::lock_wait; one that still
// cannot be written, or that meets any other write error, is kept in audit-pending.jsonl beside
// vault.db (synced before it counts as kept) and moved into retrieval_log by the next writer
// that gets the lock. Every change of a row's state reaches the notice callback, so that a
// front-end can say it where the user looks. A read-only vault or an OpenHuman workspace cannot
// take rows at all: the writer then starts disabled and says why ("audit disabled: read-only").
#pragma once

#include <memlens/search.h>
#include <memlens/status.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <filesystem>
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

// What an audit row keeps of a client's input at most (audit_writer.cpp, make_tool_audit_record):
// a tool call's arguments and a row's error message; the query is kept to kMaxQueryBytes
// (query_context.h). Longer text is cut where a character ends and says how long it was.
inline constexpr std::size_t kMaxAuditArgumentBytes = 16 * 1024;
inline constexpr std::size_t kMaxAuditErrorBytes = 4 * 1024;

struct AuditRecord {
    std::int64_t id = 0; // assigned by SQLite when written
    std::int64_t ts_ms = 0;
    std::string query;
    std::string query_hash;
    std::string mode;
    std::string query_profile; // JSON: request, legs (counts, top scores), weights, filters
    std::string sources;       // JSON: [{node_id, rank, score, fused_rank, keyword_rank, ...}]
    std::string settings;      // JSON object: every setting the query ran with
    // The search's candidate pools, compressed (core/src/audit/candidate_codec.h; the envelope
    // is query_profile["candidates"]); empty on other rows and rows logged before schema 5.
    std::string candidates;
    double elapsed_ms = 0.0;
    std::int64_t vault_revision = 0;
    std::optional<std::string> error;
    AuditCaller caller; // empty unless an agent's call wrote the row (search.h)
};

// The row for one answered query.
AuditRecord make_audit_record(const SearchRequest& request, const SearchResponse& response);

// The row for an agent's call that is not a hybrid search: a primitive, memory_store, why_not,
// explain, or a call that failed before any search ran. mode is the tool's name, query the text
// the call was about (its query argument, or a summary such as "drill_down S:chat:a/L1/3"),
// sources the node ids it returned in order ([{"node_id", "rank"}]), query_profile
// {"tool", "arguments"}, settings {}. error set marks a failed call.
AuditRecord make_tool_audit_record(const AuditCaller& caller, std::string query,
                                   const std::vector<std::string>& node_ids, double elapsed_ms,
                                   std::int64_t vault_revision,
                                   std::optional<std::string> error = std::nullopt);

struct AuditWriterOptions {
    // How long one row may wait for the vault's write lock before it is kept in the pending
    // file instead. It outlasts an import: a million chunks import in about four minutes on the
    // machine of docs/performance.md.
    std::chrono::milliseconds lock_wait = std::chrono::minutes(10);
};

enum class AuditRowState {
    Written, // in retrieval_log (AuditNotice::id)
    Waiting, // the write lock is held by another connection; the row waits and retries
    Pending, // kept in audit-pending.jsonl; the next writer that gets the lock logs it
    Failed,  // neither written nor kept (the message says both reasons)
};

struct AuditNotice {
    AuditRowState state = AuditRowState::Written;
    std::string message;    // for a person: what happened to the row and what comes next
    std::int64_t id = 0;    // Written: the row's id
    std::size_t merged = 0; // Written: rows moved from the pending file into the log with it
};

class AuditWriter {
public:
    using NoticeCallback = std::function<void(const AuditNotice&, const AuditRecord&)>;

    // Never fails: when the vault cannot take rows, the writer is disabled and says why.
    static std::unique_ptr<AuditWriter> start(const Vault& vault, AuditWriterOptions opts = {});
    // Writes what is queued; a row that cannot get the lock at once is kept in the pending file
    // rather than waiting out lock_wait, so that closing a vault never hangs on an import.
    ~AuditWriter();
    AuditWriter(const AuditWriter&) = delete;
    AuditWriter& operator=(const AuditWriter&) = delete;

    bool enabled() const { return enabled_; }
    const std::string& disabled_reason() const { return disabled_reason_; }
    const std::filesystem::path& pending_path() const { return pending_path_; }

    // Enqueues the row and returns at once. On a disabled writer the row is refused and
    // counted as failed (disabled_reason() says why), never silently dropped.
    void submit(AuditRecord record);
    // Waits until every queued row is written, kept or failed; rows still waiting for the lock
    // after max_wait are kept in the pending file at once. Returns Ok when every row since the
    // last flush reached retrieval_log, else the first row's reason (and clears it): Busy for a
    // row kept in the pending file, another code for one that failed.
    Status flush(std::chrono::milliseconds max_wait = std::chrono::milliseconds::max());
    Status last_error() const;
    // Called on the writer thread (and on the submitting thread for a disabled writer).
    void set_notice_callback(NoticeCallback cb);

    std::uint64_t written() const;
    std::uint64_t pending() const; // kept in the pending file
    std::uint64_t failed() const;  // neither written nor kept
    std::int64_t last_written_id() const;

private:
    AuditWriter() = default;
    void run();
    // Writes one row, waiting for the lock as the options and flush() allow.
    AuditNotice write_row(AuditRecord& rec, std::unique_lock<std::mutex>& lock);
    void notify(const AuditNotice& n, const AuditRecord& rec, std::unique_lock<std::mutex>& lock);

    bool enabled_ = false;
    std::string disabled_reason_;
    AuditWriterOptions opts_;
    std::filesystem::path pending_path_;
    std::unique_ptr<Database> db_;
    mutable std::mutex mu_;
    std::condition_variable cv_;
    std::condition_variable idle_cv_;
    std::deque<AuditRecord> queue_;
    bool busy_ = false;
    bool stopping_ = false;
    bool keep_waiting_rows_ = false; // flush() ran out of time: keep rather than wait
    Status pending_error_;
    Status last_error_;
    NoticeCallback on_notice_;
    std::uint64_t written_ = 0;
    std::uint64_t pending_ = 0;
    std::uint64_t failed_ = 0;
    std::int64_t last_id_ = 0;
    std::thread thread_;
};

// audit-pending.jsonl beside the vault's database.
std::filesystem::path pending_audit_path(const Vault& vault);
// Appends the row under an exclusive lock and syncs it. Refuses a link or anything but a
// regular file at that name.
Status append_pending_audit(const std::filesystem::path& file, const AuditRecord& record);
// Moves the file's rows into retrieval_log in one transaction (each gets a new id; ts_ms is
// the time it was answered) and empties the file. A file whose content was committed already
// (by a writer that died before it emptied the file) is emptied without logging it twice.
// Busy while another connection holds the write lock; the file is then left as it is.
Result<std::size_t> merge_pending_audit(const Database& db, const std::filesystem::path& file);
// Rows waiting in the file (0 when there is none).
Result<std::size_t> count_pending_audit(const std::filesystem::path& file);
// Rewrites the file's rows under its lock: `edit` changes a row in place and returns true when
// it did (forgetting a memory redacts the rows that hold its text, forget.h). Returns how many
// rows changed; 0 and no write when none did or there is no file.
Result<std::size_t> edit_pending_audit(const std::filesystem::path& file,
                                       const std::function<bool(AuditRecord&)>& edit);

// Which rows of the log a listing shows. Every part that is set must hold; an empty filter
// keeps every row.
struct AuditFilter {
    std::string text;                     // contained in the query text (LIKE: ASCII case folds)
    std::optional<SearchMode> mode;       // the mode the query ran in
    std::optional<std::int64_t> since_ms; // ts_ms >= since_ms
    std::optional<std::int64_t> until_ms; // ts_ms <= until_ms
    std::string client;         // an agent's client: "claude-code 2.1.0" exactly, or its name alone
                                // ("claude-code": any one version of it)
    std::string session;        // its connection, exactly ("stdio pid 4242")
    std::string tool;           // the MCP tool called, exactly
    bool agents_only = false;   // rows an agent's call wrote (a client or session)
    std::int64_t after_id = 0;  // id > after_id (following the log as it grows)
    std::int64_t before_id = 0; // id < before_id when > 0 (the page after a row)
};

// How a listing names the client of an agent's call that sent no client info (its row has a
// session and no client).
inline constexpr std::string_view kAnonymousClient = "anonymous";

// The distinct clients and sessions the log names, most recent first (the Audit page's filter
// lists): at most `limit` of each.
struct AuditAgents {
    std::vector<std::string> clients;
    std::vector<std::string> sessions;
    std::vector<std::string> tools;
};
Result<AuditAgents> list_audit_agents(const Database& db, int limit = 200);

// Reading the log, newest first (by id), on the caller's connection. limit <= 0 reads 50 rows,
// a negative offset reads from 0. A vault whose retrieval_log cannot be read is the SQLite error
// with the context "audit".
Result<std::vector<AuditRecord>> list_audit(const Database& db, int limit = 50, int offset = 0);
Result<std::vector<AuditRecord>> list_audit(const Database& db, const AuditFilter& filter,
                                            int limit, std::int64_t offset);
// How many rows the filter keeps (what list_audit pages through).
Result<std::int64_t> count_audit(const Database& db, const AuditFilter& filter = {});
Result<AuditRecord> get_audit(const Database& db, std::int64_t id);
Status write_audit_row(const Database& db, AuditRecord& record); // sets record.id

// The logged query as a request again: its text, overrides, scope, budget and "now".
Result<SearchRequest> request_from_audit(const AuditRecord& record);
Result<RetrievalSettings> settings_from_audit(const AuditRecord& record);

// What a rerun of a search row needs, each column parsed once (the ranking lab reads thousands
// of rows): its request, settings, candidate pools and the node ids it returned. The errors of
// request_from_audit, settings_from_audit and candidates_from_audit (NotFound for a row
// without pools), and Corruption naming the row for malformed sources.
struct RerunInputs {
    SearchRequest request;
    RetrievalSettings settings;
    CandidatePools pools;
    std::vector<std::string> logged_ids;
    // Logged hits forgotten since the row was written (query_profile.forgotten, forget.h).
    std::vector<std::string> forgotten;
    // With keep_packed and a format-2 row: the row's candidates column and the size its
    // envelope records (lab_row_pools in lab.h turns them into the pools again).
    std::string packed_column;
    std::size_t packed_size = 0;
};
// keep_packed: a format-2 row's pools are checked whole (a damaged record is an error here) but
// not decoded: their lists stay empty and the stored form is returned instead, for a caller
// that keeps a few KB instead of ~45 KB (lab_row_pools in lab.h decodes it). packed_node_id,
// when given, is called with each distinct candidate id of such a row, in its record's order.
Result<RerunInputs>
rerun_inputs_from_audit(const AuditRecord& record, bool keep_packed = false,
                        const std::function<void(std::string_view)>& packed_node_id = {});

// The candidate pools a row keeps in query_profile.candidates (LegCandidate in search.h): per
// leg the candidates it returned with rank, raw score, the keyword leg's factors, the query
// similarity, the graph signal and the id of the vector MMR compares. NotFound for a row
// logged before rows kept them; Corruption naming the row for a malformed one.
Result<CandidatePools> candidates_from_audit(const AuditRecord& record);
// The pools as the row stores them (compact JSON; `audit show` prints them).
std::string candidate_pools_json(const CandidatePools& pools);

struct AuditRerun {
    AuditRecord logged;
    SearchResponse rerun;
    // The same node ids in the same order with the same scores, to the bit.
    bool identical = false;
    struct Difference {
        int rank = 0; // 1-based
        std::optional<std::string> logged_id, rerun_id;
        std::optional<double> logged_score, rerun_score;
    };
    std::optional<Difference> first_difference;
    std::int64_t logged_revision = 0;
    std::int64_t current_revision = 0;
    // Logged hits forgotten since (forget.h): the row names them, the vault no longer holds
    // them, and the rerun cannot return them.
    std::vector<std::string> forgotten;
};

// Rebuilds a logged query's ranking from its stored pools alone: fusion, scores, graph
// context, MMR and budgets with the logged settings and request (SearchEngine::rerun). No leg
// runs and nothing is logged; the candidates' rows and vectors are read by id, so a vault
// changed since (current_revision) may rank them differently.
Result<AuditRerun> rerun_audit(SearchEngine& engine, std::int64_t id);

// One entry of a row's sources: a hit the query returned, in rank order. The ranks of the
// explanation are there when the hit carried one (every hybrid search hit does).
struct AuditSource {
    std::string node_id;
    int rank = 0; // 1-based
    double score = 0.0;
    std::optional<int> fused_rank;
    std::optional<int> keyword_rank; // nullopt: the keyword leg did not find it
    std::optional<int> vector_rank;
    std::optional<double> rrf_score;
};

// A row read back into the values make_audit_record() wrote. The one reader of the row's JSON
// columns: front-ends use this instead of parsing query_profile, sources or settings.
struct ParsedAuditRow {
    AuditRecord record;         // the row as stored
    SearchRequest request;      // request_from_audit()
    RetrievalSettings settings; // settings_from_audit()
    SearchMode mode = SearchMode::Hybrid;
    FusionKind fusion = FusionKind::Rrf;
    std::string profile;        // the WeightProfile's name
    SignalSet profile_weights;  // its weights as the query used them
    double vector_weight = 0.0; // the legs' RRF weights
    double keyword_weight = 0.0;
    // ran, skipped_reason, count, top_score, weight, ms; keyword: fts_query; vector: exact,
    // scored, reached_topics. A leg that did not run has ran = false.
    LegReport keyword;
    LegReport vector;
    SearchScope filters;
    int limit = 0;
    double mmr_lambda = 0.0;
    std::size_t fused = 0;    // fused candidates before the limit
    std::size_t returned = 0; // hits returned
    bool truncated = false;
    std::vector<std::string> budget_reasons;
    std::vector<std::string> query_entities;
    std::vector<AuditSource> sources;
};

// Corruption naming the row and the column when a JSON column is not what make_audit_record()
// writes (not JSON, the wrong shape, a value of the wrong type). A key that is missing reads
// as its default, so rows written before a key existed still parse. Pure; thread-safe.
Result<ParsedAuditRow> parse_audit_row(const AuditRecord& record);
// The node ids a row's sources list, in order (any row: a search's hits, an agent's primitive
// or store); empty for a malformed column.
std::vector<std::string> audit_node_ids(const AuditRecord& record);

// How a hit moved from one ranking of a query to another (logged → rerun; the lab's before →
// after): same place, up, down, new (only in the second), gone (only in the first).
enum class Movement { Same, Up, Down, New, Gone };

// Its wire word: "same", "up", "down", "new", "gone".
constexpr const char* to_string(Movement m) {
    switch (m) {
    case Movement::Up:
        return "up";
    case Movement::Down:
        return "down";
    case Movement::New:
        return "new";
    case Movement::Gone:
        return "gone";
    case Movement::Same:
        break;
    }
    return "same";
}

// The movement from rank `from` to rank `to` (1-based; nullopt: not in that ranking).
constexpr Movement movement_between(std::optional<int> from, std::optional<int> to) {
    if (!from)
        return Movement::New;
    if (!to)
        return Movement::Gone;
    return *to == *from ? Movement::Same : *to < *from ? Movement::Up : Movement::Down;
}

// What moved a rerun's ranking away from the logged one (AuditComparison::cause).
enum class AuditCause { None, Data, Settings, DataAndSettings };

// Its wire word: "none", "data", "settings", "data+settings".
constexpr const char* to_string(AuditCause c) {
    switch (c) {
    case AuditCause::Data:
        return "data";
    case AuditCause::Settings:
        return "settings";
    case AuditCause::DataAndSettings:
        return "data+settings";
    case AuditCause::None:
        break;
    }
    return "none";
}

struct RankMove {
    std::string node_id;
    std::optional<int> logged_rank; // 1-based
    std::optional<int> new_rank;
    Movement movement = Movement::Same;
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
    bool data_changed = false; // the vault's revision differs from the logged one
    // The embedder that ranked the logged query and the one that ranked the rerun
    // (CandidatePools::vector_index; embedder_phrase in search.h says it in words). A growing
    // word model that learned words from later imports, or another embedder, gives the same text
    // other vectors: the vector leg's candidates and scores can differ even where nothing else
    // did. Empty where the vector leg did not run, or the row keeps no candidate pools.
    std::string logged_embedder;
    std::string current_embedder;
    bool embedder_changed = false;             // both known and different
    std::vector<std::string> changed_settings; // current vault settings vs. the logged ones
    bool settings_changed = false;
    // What moved the ranking. A replay with the logged settings can only move through data (the
    // vault's revision says it changed). A diff names only what moved it: data when the logged
    // settings rerun today give another order than the logged one, settings when the settings
    // compared give another order than the logged settings today; a setting that changed and
    // moved nothing is no cause.
    AuditCause cause = AuditCause::None;

    // A diff, setting by setting: of changed_settings, each applied alone to the logged
    // settings and rerun today, against the logged settings rerun today (so a change of the data
    // is not counted as the setting's): those that alone reorder the hits (or change which hits
    // return), those that change scores but not the order, those that change nothing.
    std::vector<std::string> reordering;
    std::vector<std::string> rescoring;
    std::vector<std::string> inert;
    // A diff: the logged settings rerun today give the logged order (false: the data moved it).
    bool data_keeps_order = true;
};

// Runs the logged query again. with_logged_settings = true (replay) re-runs it with the
// settings it was logged with; false (diff) is diff_audit against the vault's current settings.
// The rerun is not itself logged.
Result<AuditComparison> replay_audit(SearchEngine& engine, std::int64_t id,
                                     bool with_logged_settings);

// The logged query rerun with `settings` (the vault's current ones, with the row's own per-query
// choices, when nullopt; given settings keep the row's mode), against the logged ranking, with
// each changed setting's part (AuditComparison::reordering …): one rerun with the logged
// settings, one with `settings`, and one per changed setting. Nothing is logged.
Result<AuditComparison> diff_audit(SearchEngine& engine, std::int64_t id,
                                   std::optional<RetrievalSettings> settings = std::nullopt);

// Rank movement between a logged sources list and a rerun.
std::vector<RankMove> rank_moves(const std::vector<std::pair<std::string, double>>& logged,
                                 const std::vector<std::pair<std::string, double>>& rerun);

} // namespace memlens
