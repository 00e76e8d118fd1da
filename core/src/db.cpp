#include "writer_turns.h"

#include <memlens/db.h>

#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <list>
#include <mutex>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <utility>

namespace memlens {

namespace detail {

// What the busy handler of one connection knows: how long to retry, and whether the connection
// is beginning a write transaction, when it announces itself as waiting (writer_turns.h).
struct BusyState {
    int timeout_ms = 0;
    std::unique_ptr<WriterTurns> turns; // null for read-only and in-memory connections
    bool beginning_write = false;
};

// The idle prepared statements of one connection (Database::prepare). Shared with the
// Statements it handed out, so that one destroyed after its Database closed finalizes itself
// instead of returning to a cache that is gone. Locked because a Statement may be destroyed on
// another thread than the one that prepares (moved into a result), never used at once.
class StatementCache {
public:
    sqlite3_stmt* take(const std::string& sql) {
        std::lock_guard lock(mutex_);
        auto it = by_sql_.find(sql);
        if (it == by_sql_.end())
            return nullptr;
        sqlite3_stmt* stmt = it->second->second;
        lru_.erase(it->second);
        by_sql_.erase(it);
        return stmt;
    }
    // Keeps a reset statement for the next prepare of `sql`; finalizes it once closed, and the
    // least recently returned one when full.
    void put(std::string sql, sqlite3_stmt* stmt) noexcept {
        sqlite3_stmt* evicted = nullptr;
        {
            std::lock_guard lock(mutex_);
            if (closed_) {
                evicted = stmt;
            } else {
                try {
                    lru_.emplace_back(sql, stmt);
                    by_sql_.emplace(std::move(sql), std::prev(lru_.end()));
                } catch (...) {
                    evicted = stmt;
                }
                if (lru_.size() > Database::kStatementCacheSize) {
                    auto oldest = lru_.begin();
                    auto range = by_sql_.equal_range(oldest->first);
                    for (auto it = range.first; it != range.second; ++it)
                        if (it->second == oldest) {
                            by_sql_.erase(it);
                            break;
                        }
                    evicted = oldest->second;
                    lru_.erase(oldest);
                }
            }
        }
        sqlite3_finalize(evicted);
    }
    // Finalizes every idle statement; later returns finalize themselves. Before the connection
    // closes.
    void close() noexcept {
        std::lock_guard lock(mutex_);
        closed_ = true;
        for (auto& [sql, stmt] : lru_)
            sqlite3_finalize(stmt);
        lru_.clear();
        by_sql_.clear();
    }

private:
    using Entry = std::pair<std::string, sqlite3_stmt*>;
    std::mutex mutex_;
    std::list<Entry> lru_; // oldest first
    std::unordered_multimap<std::string, std::list<Entry>::iterator> by_sql_;
    bool closed_ = false;
};

// What a file looked like: a snapshot connection is valid while its database file and -wal
// file still look as they did when it opened (a writer creates the -wal before it changes the
// database file, and any write changes size or mtime).
struct FileState {
    bool exists = false;
    dev_t dev = 0;
    ino_t ino = 0;
    off_t size = 0;
    struct timespec mtime = {};

    static FileState of(const std::string& path) {
        FileState f;
        struct stat st = {};
        if (::stat(path.c_str(), &st) != 0)
            return f;
        f.exists = true;
        f.dev = st.st_dev;
        f.ino = st.st_ino;
        f.size = st.st_size;
        f.mtime = st.st_mtim;
        return f;
    }
    bool operator==(const FileState& o) const {
        return exists == o.exists && dev == o.dev && ino == o.ino && size == o.size &&
               mtime.tv_sec == o.mtime.tv_sec && mtime.tv_nsec == o.mtime.tv_nsec;
    }
};

struct SnapshotGuard {
    std::string path;
    FileState db;
    FileState wal;

    // The snapshot reads only the database file, and that changes only at a checkpoint. A -wal
    // that a writer merely opened (created empty) changes nothing this snapshot reads; one that
    // holds a commit holds what the snapshot cannot show. Either of those ends it, so that a
    // reader opened a moment before a writer (a window reopening its vault) is not refused.
    Status check() const {
        const FileState now_wal = FileState::of(path + "-wal");
        if (FileState::of(path) == db && (now_wal == wal || now_wal.size == 0))
            return Status::ok();
        return Status::busy(path +
                            ": another process started writing it after it was opened read-only; "
                            "open it again to read the new state");
    }
};

} // namespace detail

namespace {

Status status_from_rc(int rc, const std::string& message) {
    switch (rc & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return Status::busy(message);
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        return Status::corruption(message);
    case SQLITE_CANTOPEN:
        return Status::not_found(message);
    case SQLITE_READONLY:
        return Status::unsupported(message);
    case SQLITE_IOERR:
    case SQLITE_FULL:
        return Status::io(message);
    case SQLITE_INTERRUPT:
        return Status::cancelled(message);
    case SQLITE_MISUSE:
    case SQLITE_RANGE:
        return Status::internal(message);
    default:
        return Status::invalid(message);
    }
}

// SQLITE_FULL said plainly: a full disk is the disk's state, not the statement's, so the
// message names the file, without the SQL a person cannot act on.
Status disk_full(sqlite3* db) {
    const char* file = db ? sqlite3_db_filename(db, "main") : nullptr;
    return Status::io("no space left on the disk of " +
                      std::string(file && *file ? file : "the database") +
                      " (or the database reached its size limit): free some space and try "
                      "again; the change was not written");
}

} // namespace

// ---- Statement ----------------------------------------------------------------------------

Statement::Statement(Statement&& other) noexcept
    : stmt_(std::exchange(other.stmt_, nullptr))
    , db_(std::exchange(other.db_, nullptr))
    , bind_error_(std::move(other.bind_error_))
    , guard_(std::move(other.guard_))
    , started_(other.started_)
    , cache_(std::move(other.cache_))
    , cache_key_(std::move(other.cache_key_)) {}

Statement& Statement::operator=(Statement&& other) noexcept {
    if (this != &other) {
        release();
        stmt_ = std::exchange(other.stmt_, nullptr);
        db_ = std::exchange(other.db_, nullptr);
        bind_error_ = std::move(other.bind_error_);
        guard_ = std::move(other.guard_);
        started_ = other.started_;
        cache_ = std::move(other.cache_);
        cache_key_ = std::move(other.cache_key_);
    }
    return *this;
}

Statement::~Statement() {
    release();
}

void Statement::release() noexcept {
    sqlite3_stmt* stmt = std::exchange(stmt_, nullptr);
    if (stmt == nullptr)
        return;
    if (!cache_) {
        sqlite3_finalize(stmt);
        return;
    }
    sqlite3_reset(stmt);
    sqlite3_clear_bindings(stmt);
    cache_->put(std::move(cache_key_), stmt);
    cache_.reset();
}

Status Statement::error_status(int rc) const {
    std::string msg = db_ ? sqlite3_errmsg(db_) : "no connection";
    if ((rc & 0xff) == SQLITE_FULL) {
        return disk_full(db_);
    }
    if (stmt_ != nullptr) {
        if (const char* sql = sqlite3_sql(stmt_))
            msg += " (in: " + std::string(sql).substr(0, 160) + ")";
    }
    return status_from_rc(rc, msg);
}

#define MEMLENS_BIND(call)                                                                         \
    do {                                                                                           \
        int rc_ = (call);                                                                          \
        if (rc_ != SQLITE_OK && bind_error_.is_ok())                                               \
            bind_error_ = error_status(rc_);                                                       \
    } while (false)

Statement& Statement::bind(int index, std::int64_t value) {
    MEMLENS_BIND(sqlite3_bind_int64(stmt_, index, value));
    return *this;
}
Statement& Statement::bind(int index, double value) {
    MEMLENS_BIND(sqlite3_bind_double(stmt_, index, value));
    return *this;
}
Statement& Statement::bind(int index, std::string_view text) {
    MEMLENS_BIND(
        sqlite3_bind_text64(stmt_, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8));
    return *this;
}
Statement& Statement::bind_blob(int index, std::span<const std::byte> blob) {
    MEMLENS_BIND(sqlite3_bind_blob64(stmt_, index, blob.data(), blob.size(), SQLITE_TRANSIENT));
    return *this;
}
Statement& Statement::bind_null(int index) {
    MEMLENS_BIND(sqlite3_bind_null(stmt_, index));
    return *this;
}
#undef MEMLENS_BIND

Result<bool> Statement::step() {
    if (!bind_error_.is_ok())
        return bind_error_;
    // Checked once per run of the statement, before SQLite reads any page for it.
    if (guard_ && !started_)
        MEMLENS_TRY(guard_->check());
    int rc = sqlite3_step(stmt_);
    // A run ends at its last row or an error; SQLite starts the next run by itself.
    started_ = rc == SQLITE_ROW;
    if (rc == SQLITE_ROW)
        return true;
    // ... and is checked again when it ends: a writer that started while it ran (and whose
    // checkpoint may have changed pages under it) makes the whole run void, its rows and its
    // error alike, so a torn read is reported as what it is and never as data or damage.
    if (guard_)
        MEMLENS_TRY(guard_->check());
    if (rc == SQLITE_DONE)
        return false;
    return error_status(rc);
}

Status Statement::exec() {
    for (;;) {
        auto r = step();
        if (!r)
            return r.status();
        if (!*r)
            return Status::ok();
    }
}

void Statement::reset() {
    started_ = false;
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
    bind_error_ = Status::ok();
}

int Statement::column_count() const {
    return sqlite3_column_count(stmt_);
}
bool Statement::column_is_null(int col) const {
    return sqlite3_column_type(stmt_, col) == SQLITE_NULL;
}
std::int64_t Statement::column_int64(int col) const {
    return sqlite3_column_int64(stmt_, col);
}
double Statement::column_double(int col) const {
    return sqlite3_column_double(stmt_, col);
}
std::string_view Statement::column_text_view(int col) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
    if (p == nullptr)
        return {};
    return {p, static_cast<size_t>(sqlite3_column_bytes(stmt_, col))};
}
std::string Statement::column_text(int col) const {
    return std::string(column_text_view(col));
}
std::span<const std::byte> Statement::column_blob(int col) const {
    const auto* p = static_cast<const std::byte*>(sqlite3_column_blob(stmt_, col));
    if (p == nullptr)
        return {};
    return {p, static_cast<size_t>(sqlite3_column_bytes(stmt_, col))};
}
std::optional<std::string> Statement::column_optional_text(int col) const {
    if (column_is_null(col))
        return std::nullopt;
    return column_text(col);
}
std::optional<std::int64_t> Statement::column_optional_int64(int col) const {
    if (column_is_null(col))
        return std::nullopt;
    return column_int64(col);
}

// ---- Database -----------------------------------------------------------------------------

Database::Database(Database&& other) noexcept
    : db_(std::exchange(other.db_, nullptr))
    , read_only_(other.read_only_)
    , path_(std::move(other.path_))
    , guard_(std::move(other.guard_))
    , cache_(std::move(other.cache_))
    , busy_(std::move(other.busy_)) {}

Database& Database::operator=(Database&& other) noexcept {
    if (this != &other) {
        if (cache_)
            cache_->close();
        sqlite3_close_v2(db_);
        db_ = std::exchange(other.db_, nullptr);
        read_only_ = other.read_only_;
        path_ = std::move(other.path_);
        guard_ = std::move(other.guard_);
        cache_ = std::move(other.cache_);
        busy_ = std::move(other.busy_);
    }
    return *this;
}

Database::~Database() {
    if (cache_)
        cache_->close();
    sqlite3_close_v2(db_);
}

namespace {

// SQLite counts every allocation in process-wide statistics under one global mutex unless told
// not to before it initialises. memlens never reads those statistics, and the mutex serialises
// connections that work on different threads (the keyword leg's two halves) on every malloc.
// Once SQLite is initialised (by another library first) the call fails and changes nothing.
void configure_sqlite_once() {
    static const bool configured = [] {
        return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0) == SQLITE_OK;
    }();
    (void)configured;
}

// A file name, not ":memory:" nor a URI the caller built.
bool is_plain_path(const std::string& path) {
    return !path.empty() && path != ":memory:" && path.rfind("file:", 0) != 0;
}

// "file:<path>?<query>" with the characters a URI gives meaning to escaped.
std::string file_uri(const std::string& path, const char* query) {
    std::string uri = "file:";
    for (char c : path) {
        if (c == '%' || c == '?' || c == '#') {
            static constexpr char kHex[] = "0123456789ABCDEF";
            uri += '%';
            uri += kHex[(static_cast<unsigned char>(c) >> 4) & 15];
            uri += kHex[static_cast<unsigned char>(c) & 15];
        } else {
            uri += c;
        }
    }
    return uri + "?" + query;
}

// The file starts with an SQLite header whose read version says WAL (byte 19 is 2): SQLite
// opens the -wal of such a file, creating it if it can (btree.c, lockBtree).
//
// The header is read through SQLite's own file layer, never by opening the file ourselves:
// POSIX drops every lock a process holds on a file when any descriptor of that file is closed,
// so an std::ifstream opened and closed beside a live connection silently released that
// connection's locks and let another process write under it: vaults shared by several
// processes were corrupted this way.
// SQLite's unix layer knows every descriptor it has on a file and keeps a closed connection's
// descriptor open while another connection of the process holds a lock. Opening a connection
// opens the file but reads nothing and creates no -wal or -shm; those come with the first
// statement, which this probe never runs.
bool has_wal_header(const std::string& path) {
    sqlite3* probe = nullptr;
    const int rc =
        sqlite3_open_v2(file_uri(path, "mode=ro").c_str(), &probe,
                        SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nullptr);
    std::array<char, 20> head{};
    bool read = false;
    if (rc == SQLITE_OK) {
        sqlite3_file* file = nullptr;
        if (sqlite3_file_control(probe, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK &&
            file != nullptr && file->pMethods != nullptr)
            read = file->pMethods->xRead(file, head.data(), static_cast<int>(head.size()), 0) ==
                   SQLITE_OK;
    }
    sqlite3_close_v2(probe);
    return read && std::string_view(head.data(), 16) == std::string_view("SQLite format 3\0", 16) &&
           head[19] == 2;
}

std::atomic<ReadOnlyPolicy> g_read_only_policy{ReadOnlyPolicy::LiveReader};

// This process may create files in the database's folder.
bool folder_writable(const std::string& path) {
    const auto slash = path.find_last_of('/');
    const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash + 1);
    return ::access(dir.c_str(), W_OK) == 0;
}

} // namespace

void set_read_only_policy(ReadOnlyPolicy policy) {
    g_read_only_policy.store(policy, std::memory_order_relaxed);
}

Status Database::check_snapshot() const {
    return guard_ ? guard_->check() : Status::ok();
}

Result<Database> Database::open(const std::string& path, OpenMode mode, int busy_timeout_ms) {
    configure_sqlite_once();
    int flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI;
    std::string target = path;
    std::shared_ptr<detail::SnapshotGuard> guard;
    if ((mode == OpenMode::ReadOnly || mode == OpenMode::ReadOnlyFile) && is_plain_path(path)) {
        // The rule is OpenMode's comment in db.h. The files' states are taken before SQLite
        // reads anything, so a writer that starts in between shows at the first statement.
        // An empty -wal with its -shm beside it may belong to a writer that has not committed
        // yet (another connection of this very process, say): that one is shared, not
        // snapshotted, or the writer's first commit would make the snapshot stale at once.
        auto wal = detail::FileState::of(path + "-wal");
        const bool shm = detail::FileState::of(path + "-shm").exists;
        const bool no_trace =
            g_read_only_policy.load(std::memory_order_relaxed) == ReadOnlyPolicy::NoTrace ||
            !folder_writable(path);
        if (no_trace && has_wal_header(path) && (!wal.exists || (wal.size == 0 && !shm))) {
            guard = std::make_shared<detail::SnapshotGuard>(
                detail::SnapshotGuard{path, detail::FileState::of(path), wal});
            target = file_uri(path, "immutable=1");
        } else if (mode == OpenMode::ReadOnlyFile) {
            target = file_uri(path, "mode=ro");
        }
    }
    switch (mode) {
    case OpenMode::ReadOnly:
        flags |= SQLITE_OPEN_READONLY;
        break;
    case OpenMode::ReadOnlyFile: // the file is read-only through the URI
    case OpenMode::ReadWrite:
        flags |= SQLITE_OPEN_READWRITE;
        break;
    case OpenMode::ReadWriteCreate:
        flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
        break;
    }
    sqlite3* raw = nullptr;
    int rc = sqlite3_open_v2(target.c_str(), &raw, flags, nullptr);
    if (rc != SQLITE_OK) {
        std::string msg = raw ? sqlite3_errmsg(raw) : "out of memory";
        sqlite3_close_v2(raw);
        return status_from_rc(rc, path + ": cannot open database: " + msg);
    }
    sqlite3_extended_result_codes(raw, 1);
    // A lock held by another connection is retried every millisecond until busy_timeout_ms
    // have passed. SQLite's own busy timeout backs off to 100 ms between tries, which lets a
    // writer that commits often (an import, one batch after another) take the lock again
    // before a waiting store looks. A connection beginning a write transaction also says that
    // it waits, so that such a writer lets it in first (writer_turns.h).
    auto busy = std::make_shared<detail::BusyState>();
    busy->timeout_ms = busy_timeout_ms;
    if (mode == OpenMode::ReadWrite || mode == OpenMode::ReadWriteCreate)
        busy->turns = is_plain_path(path) ? std::make_unique<detail::WriterTurns>(path) : nullptr;
    sqlite3_busy_handler(
        raw,
        [](void* state, int tries) -> int {
            auto& self = *static_cast<detail::BusyState*>(state);
            if (tries >= self.timeout_ms)
                return 0;
            if (self.beginning_write && self.turns)
                self.turns->announce();
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
            return 1;
        },
        busy.get());
    Database db;
    db.db_ = raw;
    db.read_only_ = mode == OpenMode::ReadOnly;
    db.path_ = path;
    db.guard_ = std::move(guard);
    db.cache_ = std::make_shared<detail::StatementCache>();
    db.busy_ = std::move(busy);
    return db;
}

Result<Statement> Database::prepare(std::string_view sql, Reuse reuse) const {
    MEMLENS_TRY(check_snapshot()); // preparing reads the schema
    const bool cache = cache_ && reuse == Reuse::Yes;
    std::string key(cache ? sql : std::string_view());
    if (sqlite3_stmt* cached = cache ? cache_->take(key) : nullptr)
        return Statement(cached, db_, guard_, cache_, std::move(key));
    sqlite3_stmt* stmt = nullptr;
    int rc = sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()),
                                SQLITE_PREPARE_PERSISTENT, &stmt, nullptr);
    if (rc != SQLITE_OK) {
        return status_from_rc(rc, std::string(sqlite3_errmsg(db_)) +
                                      " (in: " + std::string(sql.substr(0, 160)) + ")");
    }
    // A statement SQLite made nothing of (only a comment or blanks) is not worth keeping.
    return Statement(stmt, db_, guard_, stmt && cache ? cache_ : nullptr, std::move(key));
}

Status Database::exec(std::string_view sql) const {
    MEMLENS_TRY(check_snapshot());
    char* err = nullptr;
    std::string owned(sql);
    int rc = sqlite3_exec(db_, owned.c_str(), nullptr, nullptr, &err);
    if ((rc & 0xff) == SQLITE_FULL) {
        sqlite3_free(err);
        return disk_full(db_);
    }
    if (rc != SQLITE_OK) {
        std::string msg = err ? err : sqlite3_errmsg(db_);
        sqlite3_free(err);
        return status_from_rc(rc, msg);
    }
    return Status::ok();
}

std::int64_t Database::last_insert_rowid() const {
    return sqlite3_last_insert_rowid(db_);
}
int Database::changes() const {
    return sqlite3_changes(db_);
}
std::string Database::last_error() const {
    return sqlite3_errmsg(db_);
}

Result<std::int64_t> Database::query_int(std::string_view sql) const {
    auto st = prepare(sql);
    if (!st)
        return st.status();
    auto row = st->step();
    if (!row)
        return row.status();
    if (!*row)
        return Status::not_found("no row for: " + std::string(sql));
    return st->column_int64(0);
}

void Database::let_waiting_writers_in(std::chrono::milliseconds at_most) const {
    if (busy_ && busy_->turns)
        busy_->turns->let_waiting_writers_in(at_most);
}

bool Database::writer_waiting() const {
    return busy_ && busy_->turns && busy_->turns->others_waiting();
}

// ---- Transaction --------------------------------------------------------------------------

Result<Transaction> Transaction::begin(const Database& db) {
    MEMLENS_TRY(db.check_snapshot());
    if (db.busy_)
        db.busy_->beginning_write = true;
    Status s = db.exec("BEGIN IMMEDIATE");
    if (db.busy_) {
        db.busy_->beginning_write = false;
        if (db.busy_->turns)
            db.busy_->turns->withdraw();
    }
    // Busy here means that the busy timeout passed while another connection held the write
    // lock. The callers add the file's path (Vault::migrate, the ingestor, reindex).
    if (s.code() == StatusCode::Busy)
        return Status::busy("another process (an import or another writer) holds the vault's "
                            "write lock; try again when it has finished (" +
                            s.message() + ")");
    MEMLENS_TRY(s);
    return Transaction(&db);
}

Transaction::Transaction(Transaction&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)) {}

Transaction::~Transaction() {
    rollback();
}

Status Transaction::commit() {
    if (db_ == nullptr)
        return Status::internal("commit on a finished transaction");
    Status s = db_->exec("COMMIT");
    if (s.is_ok())
        db_ = nullptr;
    return s;
}

void Transaction::rollback() {
    if (db_ != nullptr) {
        (void)db_->exec("ROLLBACK");
        db_ = nullptr;
    }
}

Result<ReadSnapshot> ReadSnapshot::begin(const Database& db) {
    if (sqlite3_get_autocommit(db.handle()) == 0)
        return ReadSnapshot(nullptr);
    MEMLENS_TRY(db.exec("BEGIN"));
    return ReadSnapshot(&db);
}

ReadSnapshot::ReadSnapshot(ReadSnapshot&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)) {}

ReadSnapshot::~ReadSnapshot() {
    // A read-only transaction has nothing to keep: COMMIT and ROLLBACK both just end it.
    if (db_ != nullptr)
        (void)db_->exec("COMMIT");
}

std::string escape_like(std::string_view text) {
    std::string out;
    out.reserve(text.size() + 4);
    for (char c : text) {
        if (c == '%' || c == '_' || c == '\\')
            out.push_back('\\');
        out.push_back(c);
    }
    return out;
}

} // namespace memlens
