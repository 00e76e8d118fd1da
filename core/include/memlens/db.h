// Small RAII wrappers over sqlite3 and sqlite3_stmt.
//
// Ownership: Database owns its connection; Statement owns its prepared statement and must not
// outlive the Database that prepared it. Thread-safety: a Database is used by one thread at a
// time (SQLite's "multi-thread" mode); open one connection per thread. Errors come back as
// Status with SQLite's message and the failing SQL; nothing here throws or prints.
#pragma once

#include <memlens/status.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace memlens {

class Database;

namespace detail {
struct SnapshotGuard;
class StatementCache;
struct BusyState;
} // namespace detail

class Statement {
public:
    Statement() = default;
    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&& other) noexcept;
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    ~Statement();

    bool valid() const { return stmt_ != nullptr; }

    // Parameters are 1-based, as in SQLite. Every value a user or a file supplies is bound,
    // never spliced into SQL text.
    Statement& bind(int index, std::int64_t value);
    Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
    Statement& bind(int index, double value);
    Statement& bind(int index, std::string_view text);
    Statement& bind(int index, const char* text) { return bind(index, std::string_view(text)); }
    Statement& bind(int index, const std::string& text) {
        return bind(index, std::string_view(text));
    }
    Statement& bind_blob(int index, std::span<const std::byte> blob);
    Statement& bind_null(int index);
    Statement& bind(int index, std::nullopt_t) { return bind_null(index); }
    template <typename T> Statement& bind(int index, const std::optional<T>& v) {
        return v ? bind(index, *v) : bind_null(index);
    }

    // Advances the statement. Result: true when a row is available, false when done.
    Result<bool> step();
    // Steps through every row and calls on_row() for each: the one loop over a statement's
    // rows. on_row reads the columns of this statement; it returns nothing, or a Status (an
    // error stops the loop and is returned), or a bool (false stops the loop: enough rows).
    template <typename F> Status each_row(F&& on_row);
    // Runs to completion, discarding rows.
    Status exec();
    // Rewinds the statement and clears its bindings, ready for the next set of parameters.
    void reset();

    int column_count() const;
    bool column_is_null(int col) const;
    std::int64_t column_int64(int col) const;
    double column_double(int col) const;
    std::string column_text(int col) const;
    std::string_view column_text_view(int col) const;      // valid until the next step/reset
    std::span<const std::byte> column_blob(int col) const; // valid until the next step/reset
    std::optional<std::string> column_optional_text(int col) const;
    std::optional<std::int64_t> column_optional_int64(int col) const;

    sqlite3_stmt* handle() const { return stmt_; }

private:
    friend class Database;
    Statement(sqlite3_stmt* stmt, sqlite3* db, std::shared_ptr<const detail::SnapshotGuard> guard,
              std::shared_ptr<detail::StatementCache> cache, std::string cache_key)
        : stmt_(stmt)
        , db_(db)
        , guard_(std::move(guard))
        , cache_(std::move(cache))
        , cache_key_(std::move(cache_key)) {}
    Status error_status(int rc) const;
    // Hands the prepared statement back to its connection's cache (or finalizes it).
    void release() noexcept;

    sqlite3_stmt* stmt_ = nullptr;
    sqlite3* db_ = nullptr;
    Status bind_error_;                                  // first bind failure, reported by step()
    std::shared_ptr<const detail::SnapshotGuard> guard_; // see Database::is_snapshot()
    bool started_ = false;                               // stepped since prepare or reset
    std::shared_ptr<detail::StatementCache> cache_;      // where release() returns stmt_
    std::string cache_key_;                              // the SQL it was prepared from
};

// ReadOnly, under ReadOnlyPolicy::NoTrace or where the folder cannot be written (below), never
// creates, writes or deletes a file, nor changes an mtime, beside the database:
//  - a WAL database without a -wal file (no connection has it open; or an empty -wal without
//    a -shm, left where none could be made) opens as an immutable snapshot (SQLite's
//    "immutable=1"): no lock, no -wal, no -shm. Coordinating with a writer that starts later
//    would need those files, so instead every statement checks, before it reads and again
//    when its run ends, that no writer has committed since (the database file is as it was at
//    open and any -wal is still empty: a writer that only opened the vault changes nothing the
//    snapshot reads); once one has, the run fails with Busy "open it again", whatever it read,
//    so a page a writer changed under it is never returned as data nor reported as damage.
//  No file of the database is ever opened outside SQLite (db.cpp, has_wal_header): closing
//  such a descriptor would drop the locks this process's connections hold on it.
//  - a WAL database with a -wal and its -shm (a connection has it open, or one was
//    interrupted) opens as an ordinary read-only connection sharing that writer's index: it
//    sees every commit as it lands, and keeps its read mark in the -shm as every SQLite
//    reader does (that file's content and mtime change; the database and -wal do not). SQLite
//    creates a missing -shm beside a non-empty -wal where the folder is writable; where it is not,
//    it reads through a private index.
//  - any other file (rollback journal, not a database) opens as an ordinary read-only
//    connection, which creates no file either.
// ReadOnlyFile applies the same rule to the file on a connection that stays writable for
// ATTACHed databases (a workspace builds its indexes in an attached in-memory database).
enum class OpenMode { ReadOnly, ReadOnlyFile, ReadWrite, ReadWriteCreate };

// Whether the snapshot above is taken where the folder can be written. A snapshot cannot follow
// a writer, so a reader that lives long (the GUI, a server, a test holding readers across
// imports) wants LiveReader, the default: SQLite's ordinary read-only WAL reader, which creates
// -wal and -shm beside a file nobody has open. A reader that lives for one command (memlens-cli's
// read commands) wants NoTrace: it leaves the folder exactly as it was. Where the folder cannot
// be written the snapshot is taken either way. Process-wide; set once at start-up.
enum class ReadOnlyPolicy { LiveReader, NoTrace };
void set_read_only_policy(ReadOnlyPolicy policy);

class Database {
public:
    Database() = default;
    Database(Database&& other) noexcept;
    Database& operator=(Database&& other) noexcept;
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;
    ~Database();

    // Opens (or creates) a database file; ":memory:" for an in-memory database. A busy timeout
    // is set so short lock contention waits instead of failing.
    static Result<Database> open(const std::string& path, OpenMode mode,
                                 int busy_timeout_ms = 2000);
    // How long a vault's own writing connection (Vault::open for writing) waits for the write
    // lock before it reports Busy: writers take turns (an agent's store behind another's, behind
    // the GUI's import) rather than failing after the 2 s other connections wait.
    static constexpr int kWriterBusyTimeoutMs = 30000;

    bool valid() const { return db_ != nullptr; }
    bool read_only() const { return read_only_; }
    // The file's path as given to open(), never a URI (files beside it are found from it).
    const std::string& path() const { return path_; }
    // True when the file opened as an immutable snapshot (see OpenMode).
    bool is_snapshot() const { return guard_ != nullptr; }
    // Busy once another process has started writing a snapshot's file; ok otherwise.
    Status check_snapshot() const;

    // A statement prepared from the same text earlier on this connection and since destroyed
    // is reused (reset, its bindings cleared) instead of parsed again: a store runs some forty
    // statements, and parsing them was a sixth of its time. The cache keeps at most
    // kStatementCacheSize idle statements, the least recently used dropped first.
    // Reuse::No prepares a statement that is finalized when destroyed: one that calls a
    // function registered on the connection with per-owner data (memlens_bm25f and its
    // coverage sink, search/bm25f.h) must not outlive that owner in the cache, for it keeps
    // the registration it was prepared with.
    enum class Reuse { Yes, No };
    Result<Statement> prepare(std::string_view sql, Reuse reuse = Reuse::Yes) const;
    static constexpr std::size_t kStatementCacheSize = 128;
    // Runs one or more statements without parameters (schema, pragmas).
    Status exec(std::string_view sql) const;

    std::int64_t last_insert_rowid() const;
    int changes() const;
    std::string last_error() const;

    // Reads a single integer (e.g. "PRAGMA user_version"); NotFound when no row.
    Result<std::int64_t> query_int(std::string_view sql) const;

    // For a writer that commits one batch after another (an import): returns once no other
    // connection to this file, in this process or another, waits for the write lock (in
    // Transaction::begin), or after `at_most`. Call it between a commit and the next begin so
    // that a waiting store gets in between two batches (src/writer_turns.h).
    void let_waiting_writers_in(std::chrono::milliseconds at_most) const;
    // Whether another connection to this file waits for the write lock now (it announced
    // itself in Transaction::begin): a writer holding the lock for a batch commits early.
    bool writer_waiting() const;

    sqlite3* handle() const { return db_; }

private:
    friend class Transaction;
    sqlite3* db_ = nullptr;
    bool read_only_ = false;
    std::string path_;
    std::shared_ptr<const detail::SnapshotGuard> guard_;
    std::shared_ptr<detail::StatementCache> cache_;
    std::shared_ptr<detail::BusyState> busy_; // the busy handler's state (db.cpp)
};

template <typename F> Status Statement::each_row(F&& on_row) {
    for (;;) {
        auto more = step();
        if (!more)
            return more.status();
        if (!*more)
            return Status::ok();
        using R = std::invoke_result_t<F&>;
        if constexpr (std::is_same_v<R, bool>) {
            if (!on_row())
                return Status::ok();
        } else if constexpr (std::is_same_v<R, Status>) {
            if (Status s = on_row(); !s.is_ok())
                return s;
        } else {
            static_assert(std::is_void_v<R>, "on_row returns void, Status or bool");
            on_row();
        }
    }
}

// BEGIN IMMEDIATE … COMMIT, rolled back by the destructor unless commit() succeeded. IMMEDIATE
// takes the write lock up front so a locked vault fails fast with Busy instead of mid-import;
// that Busy names the file and says that another process (an import or another writer) holds
// its write lock.
class Transaction {
public:
    static Result<Transaction> begin(const Database& db);
    Transaction(Transaction&& other) noexcept;
    Transaction& operator=(Transaction&&) = delete;
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    ~Transaction();

    Status commit();
    void rollback();

private:
    explicit Transaction(const Database* db)
        : db_(db) {}
    const Database* db_ = nullptr;
};

// One consistent view of the database for several reads: BEGIN (deferred) … COMMIT, so every
// SELECT in between sees the same WAL snapshot even while another connection commits. When the
// connection is already inside a transaction (its reads are consistent anyway) it does nothing.
class ReadSnapshot {
public:
    static Result<ReadSnapshot> begin(const Database& db);
    ReadSnapshot(ReadSnapshot&& other) noexcept;
    ReadSnapshot& operator=(ReadSnapshot&&) = delete;
    ReadSnapshot(const ReadSnapshot&) = delete;
    ReadSnapshot& operator=(const ReadSnapshot&) = delete;
    ~ReadSnapshot();

private:
    explicit ReadSnapshot(const Database* db)
        : db_(db) {}
    const Database* db_ = nullptr; // null when the snapshot belongs to an enclosing transaction
};

// Escapes %, _ and \ so user text matches literally in `LIKE ? ESCAPE '\'`.
std::string escape_like(std::string_view text);

} // namespace memlens
