#include <memlens/db.h>

#include <sqlite3.h>

#include <utility>

namespace memlens {

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

} // namespace

// ---- Statement ----------------------------------------------------------------------------

Statement::Statement(Statement&& other) noexcept
    : stmt_(std::exchange(other.stmt_, nullptr))
    , db_(std::exchange(other.db_, nullptr))
    , bind_error_(std::move(other.bind_error_)) {}

Statement& Statement::operator=(Statement&& other) noexcept {
    if (this != &other) {
        sqlite3_finalize(stmt_);
        stmt_ = std::exchange(other.stmt_, nullptr);
        db_ = std::exchange(other.db_, nullptr);
        bind_error_ = std::move(other.bind_error_);
    }
    return *this;
}

Statement::~Statement() {
    sqlite3_finalize(stmt_);
}

Status Statement::error_status(int rc) const {
    std::string msg = db_ ? sqlite3_errmsg(db_) : "no connection";
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
    int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW)
        return true;
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
    , path_(std::move(other.path_)) {}

Database& Database::operator=(Database&& other) noexcept {
    if (this != &other) {
        sqlite3_close_v2(db_);
        db_ = std::exchange(other.db_, nullptr);
        read_only_ = other.read_only_;
        path_ = std::move(other.path_);
    }
    return *this;
}

Database::~Database() {
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

} // namespace

Result<Database> Database::open(const std::string& path, OpenMode mode, int busy_timeout_ms) {
    configure_sqlite_once();
    int flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI;
    switch (mode) {
    case OpenMode::ReadOnly:
        flags |= SQLITE_OPEN_READONLY;
        break;
    case OpenMode::ReadWrite:
        flags |= SQLITE_OPEN_READWRITE;
        break;
    case OpenMode::ReadWriteCreate:
        flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
        break;
    }
    sqlite3* raw = nullptr;
    int rc = sqlite3_open_v2(path.c_str(), &raw, flags, nullptr);
    if (rc != SQLITE_OK) {
        std::string msg = raw ? sqlite3_errmsg(raw) : "out of memory";
        sqlite3_close_v2(raw);
        return status_from_rc(rc, path + ": cannot open database: " + msg);
    }
    sqlite3_extended_result_codes(raw, 1);
    sqlite3_busy_timeout(raw, busy_timeout_ms);
    Database db;
    db.db_ = raw;
    db.read_only_ = mode == OpenMode::ReadOnly;
    db.path_ = path;
    return db;
}

Result<Statement> Database::prepare(std::string_view sql) const {
    sqlite3_stmt* stmt = nullptr;
    int rc = sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()),
                                SQLITE_PREPARE_PERSISTENT, &stmt, nullptr);
    if (rc != SQLITE_OK) {
        return status_from_rc(rc, std::string(sqlite3_errmsg(db_)) +
                                      " (in: " + std::string(sql.substr(0, 160)) + ")");
    }
    return Statement(stmt, db_);
}

Status Database::exec(std::string_view sql) const {
    char* err = nullptr;
    std::string owned(sql);
    int rc = sqlite3_exec(db_, owned.c_str(), nullptr, nullptr, &err);
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

// ---- Transaction --------------------------------------------------------------------------

Result<Transaction> Transaction::begin(const Database& db) {
    MEMLENS_TRY(db.exec("BEGIN IMMEDIATE"));
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
