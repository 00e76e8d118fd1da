#include "vault/schema.h"
#include "vault/settings_rows.h"
#include "vault/wal_checkpointer.h"

#include <memlens/entity_merge.h>
#include <memlens/text.h>
#include <memlens/vault.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <system_error>

namespace memlens {

namespace fs = std::filesystem;

namespace {

constexpr const char* kDbName = "vault.db";

fs::path workspace_db(const fs::path& dir) {
    return dir / "memory_tree" / "chunks.db";
}

bool looks_like_sqlite(const fs::path& p) {
    std::error_code ec;
    return fs::is_regular_file(p, ec);
}

// Something is at `p`, whatever it is (a dangling link, a file this process may not read): a
// path that is present is never created over.
bool present(const fs::path& p) {
    struct stat st = {};
    return ::lstat(p.c_str(), &st) == 0 || errno != ENOENT;
}

// This process may create files in `dir` and write `file`. access() answers for the real
// storage: permissions (which root passes) and a read-only mount (which nobody passes).
bool writable(const fs::path& dir, const fs::path& file) {
    return ::access(dir.c_str(), W_OK) == 0 && ::access(file.c_str(), W_OK) == 0;
}

std::uintmax_t size_or_zero(const fs::path& p) {
    std::error_code ec;
    const auto n = fs::file_size(p, ec);
    return ec ? 0 : n;
}

// Something is at `db`, but not a file SQLite could open: says what, not "no vault.db".
Status not_a_database_file(const fs::path& db) {
    std::error_code ec;
    const auto own = fs::symlink_status(db, ec);
    const auto target = fs::status(db, ec);
    const char* what = fs::is_symlink(own) && !fs::exists(target) ? "a link to nothing"
                       : fs::is_directory(target)                 ? "a folder"
                       : fs::is_fifo(target)                      ? "a FIFO (named pipe)"
                       : fs::is_socket(target)                    ? "a socket"
                       : fs::is_block_file(target) || fs::is_character_file(target)
                           ? "a device"
                           : "not a regular file";
    return Status::invalid(db.string() + ": is " + what +
                           ", not a database file; a vault's vault.db must be a regular file");
}

// The first read of the file failed: changes in a WAL that cannot be read without a -shm this
// folder cannot hold, or a file that is not a database.
Status unreadable_database(const std::string& path, bool can_write, const Status& failure) {
    const fs::path wal = path + "-wal", shm = path + "-shm";
    if (!can_write && size_or_zero(wal) > 0 && !present(shm))
        return Status::unsupported(
            path + ": vault.db-wal holds changes that are not in vault.db yet, and reading " +
            "them needs vault.db-shm, which cannot be created in this folder (read-only " +
            "storage); open the vault read-write once where it can be written (" +
            failure.message() + ")");
    return Status::corruption(path + ": not a readable SQLite database (" + failure.message() +
                              ")");
}

} // namespace

Status apply_connection_pragmas(const Database& db) {
    MEMLENS_TRY(db.exec("PRAGMA foreign_keys = ON"));
    MEMLENS_TRY(db.exec("PRAGMA temp_store = MEMORY"));
    MEMLENS_TRY(db.exec("PRAGMA cache_size = -65536")); // 64 MiB page cache
    MEMLENS_TRY(db.exec("PRAGMA mmap_size = 0"));
    if (!db.read_only())
        MEMLENS_TRY(db.exec("PRAGMA synchronous = NORMAL"));
    return Status::ok();
}

Vault::~Vault() {
    db_ = Database(); // closes the connection before its checkpointer goes
}

fs::path Vault::db_path() const {
    return format_ == VaultFormat::Native ? dir_ / kDbName : workspace_db(dir_);
}

Result<std::unique_ptr<Vault>> Vault::create(const fs::path& dir) {
    const fs::path db_path = dir / kDbName;
    if (present(db_path))
        return Status::invalid(dir.string() + ": already holds vault.db; nothing was changed");
    if (present(workspace_db(dir)))
        return Status::invalid(dir.string() + ": holds an OpenHuman workspace (" +
                               workspace_db(dir).string() + "); nothing was changed");
    std::error_code ec;
    fs::create_directories(dir / "entities", ec);
    if (ec)
        return Status::io(dir.string() + ": cannot create vault folder: " + ec.message());
    // O_EXCL makes the file ours: one that appeared since the check above (another process,
    // a damaged or empty file) is refused, never initialised over.
    const int fd = ::open(db_path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) {
        const int err = errno;
        if (err == EEXIST)
            return Status::invalid(dir.string() + ": already holds vault.db; nothing was changed");
        return Status::io(db_path.string() + ": cannot create: " + std::strerror(err));
    }
    ::close(fd);

    auto init = [&]() -> Result<std::unique_ptr<Vault>> {
        auto db = Database::open(db_path.string(), OpenMode::ReadWrite);
        if (!db)
            return db.status();
        std::unique_ptr<Vault> v(new Vault());
        v->dir_ = dir;
        v->content_root_ = dir;
        v->db_ = std::move(db).value();
        if (Status s = v->db_.exec("PRAGMA journal_mode = WAL"); !s)
            return s.with_context(db_path.string());
        MEMLENS_TRY(apply_connection_pragmas(v->db_));
        MEMLENS_TRY(v->migrate().with_context(db_path.string()));
        v->checkpointer_ = std::make_unique<WalCheckpointer>(v->db_);
        return v;
    };
    auto made = init();
    if (!made) {
        // The file is the one made above and nothing else has a vault in it yet: leaving it
        // would leave a half-made vault that every later open refuses.
        for (const char* suffix : {"-wal", "-shm", ""})
            fs::remove(db_path.string() + suffix, ec);
    }
    return made;
}

Result<std::unique_ptr<Vault>> Vault::open(const fs::path& dir, bool read_only) {
    std::error_code ec;
    std::unique_ptr<Vault> v(new Vault());
    v->dir_ = dir;
    v->content_root_ = dir;
    if (looks_like_sqlite(dir / kDbName)) {
        v->format_ = VaultFormat::Native;
    } else if (looks_like_sqlite(workspace_db(dir))) {
        v->format_ = VaultFormat::OpenHumanWorkspace;
        v->content_root_ = dir / "memory_tree" / "content";
        if (!fs::exists(v->content_root_, ec))
            v->content_root_ = dir;
        read_only = true;
    } else if (!fs::exists(dir, ec)) {
        return Status::not_found(dir.string() + ": no such vault folder");
    } else if (present(dir / kDbName)) {
        return not_a_database_file(dir / kDbName);
    } else {
        return Status::not_found(dir.string() +
                                 ": not a vault (no vault.db, no memory_tree/chunks.db)");
    }
    const std::string path = v->db_path().string();
    const bool workspace = v->format_ == VaultFormat::OpenHumanWorkspace;
    const bool can_write = writable(dir, v->db_path());
    if (!read_only && !can_write)
        return Status::unsupported(dir.string() +
                                   ": cannot be written (read-only storage, or no permission "
                                   "to write the folder or vault.db); open the vault read-only");
    // A workspace's file opens read-only on a connection that stays writable for the in-memory
    // database attached for the indexes it lacks (a read-only connection would make every
    // attached database read-only too). Read-only opens follow OpenMode's rule (db.h): they
    // create, write and delete nothing beside the file.
    auto db = workspace ? Database::open(path, OpenMode::ReadOnlyFile)
                        : Database::open(path, read_only ? OpenMode::ReadOnly : OpenMode::ReadWrite,
                                         read_only ? 2000 : Database::kWriterBusyTimeoutMs);
    if (!db)
        return db.status();
    v->db_ = std::move(db).value();

    {
        // The version and the tables it is checked against are read in one snapshot: another
        // process may migrate the vault between two separate reads, and a version read before
        // its commit would then disagree with the tables read after it.
        auto snapshot = ReadSnapshot::begin(v->db_);
        if (!snapshot)
            return unreadable_database(path, can_write, snapshot.status());
        // Reading the schema is the first real read: it is where a corrupt file shows itself.
        auto version = v->db_.query_int("PRAGMA user_version");
        if (version)
            if (auto objects = v->db_.query_int("SELECT count(*) FROM sqlite_master"); !objects)
                version = objects.status();
        if (!version)
            return unreadable_database(path, can_write, version.status());

        if (workspace) {
            v->schema_version_ = static_cast<int>(std::clamp<std::int64_t>(*version, -1, 1 << 30));
        } else {
            MEMLENS_TRY(v->check_schema(*version, read_only, can_write));
        }
    }
    if (workspace) {
        MEMLENS_TRY(v->prepare_workspace().with_context(path));
        return v;
    }
    MEMLENS_TRY(apply_connection_pragmas(v->db_));
    if (v->schema_version_ < schema::latest_version())
        MEMLENS_TRY(v->migrate().with_context(path));
    // An entity merge killed part-way is finished or undone before anything reads the registry.
    if (!v->read_only()) {
        MEMLENS_TRY(recover_entity_merge(*v));
        v->checkpointer_ = std::make_unique<WalCheckpointer>(v->db_);
    }
    return v;
}

// Refuses every recorded version this build cannot open as it is: not a vault, a version
// outside the known range, a version that disagrees with the tables. Advice names what works.
Status Vault::check_schema(std::int64_t version, bool read_only, bool can_write) {
    const std::string path = db_path().string();
    const int latest = schema::latest_version();
    auto objects = db_.query_int("SELECT count(*) FROM sqlite_master");
    if (!objects)
        return objects.status().with_context(path);
    if (version == 0 && *objects == 0) {
        return Status::corruption(
            path + (size_or_zero(path) == 0 ? ": is empty (0 bytes)" : ": holds no tables") +
            ", not a memlens vault; nothing was changed (remove it, or give a folder that holds "
            "a vault, or an empty one for a new vault)");
    }
    if (version > latest)
        return Status::unsupported(path + ": schema version " + std::to_string(version) +
                                   " is newer than this memlens understands (" +
                                   std::to_string(latest) + "); open it with a newer memlens");

    // Which migrations the tables show: each creates its marker object.
    int found = 0;
    bool prefix = true;
    for (const char* name : schema::markers()) {
        auto st = db_.prepare("SELECT count(*) FROM sqlite_master WHERE name = ?");
        if (!st)
            return st.status().with_context(path);
        st->bind(1, name);
        auto row = st->step();
        if (!row)
            return row.status().with_context(path);
        const bool has = *row && st->column_int64(0) > 0;
        if (has && !prefix)
            return Status::corruption(
                path + ": schema version " + std::to_string(version) +
                " is recorded, but its tables match no memlens schema version: it was changed "
                "outside memlens; restore the vault from a backup");
        if (has)
            ++found;
        else
            prefix = false;
    }
    if (version == 0)
        return Status::corruption(
            path + (found == 0 ? ": holds tables but no memlens schema (user_version 0): not a "
                                 "memlens vault; nothing was changed"
                               : ": records no schema version (user_version 0) though its "
                                 "tables are those of schema version " +
                                     std::to_string(found) +
                                     ": it was changed outside memlens; if nothing else was "
                                     "changed, sqlite3 '" +
                                     path + "' 'PRAGMA user_version = " + std::to_string(found) +
                                     "' sets it back"));
    if (version != found) {
        if (found == 0)
            return Status::corruption(path + ": records schema version " + std::to_string(version) +
                                      " but has none of memlens's tables: not a memlens vault, "
                                      "or one changed outside memlens");
        return Status::corruption(
            path + ": schema version " + std::to_string(version) +
            " is recorded, but its tables are those of schema version " + std::to_string(found) +
            ": the version was changed outside memlens and the vault is inconsistent; if nothing "
            "else was changed, sqlite3 '" +
            path + "' 'PRAGMA user_version = " + std::to_string(found) +
            "' sets it back, otherwise restore the vault from a backup");
    }
    schema_version_ = static_cast<int>(version);
    if (version < latest && read_only) {
        const std::string migrate_cmd = "memlens-cli reindex --vault";
        return Status::unsupported(
            path + ": schema version " + std::to_string(version) + " is older than this " +
            "memlens's (" + std::to_string(latest) + ") and a read-only open does not migrate " +
            "it; " +
            (can_write ? "'" + migrate_cmd + " " + dir_.string() + "' migrates it"
                       : "its folder cannot be written: copy the vault to a writable folder and "
                         "run '" +
                             migrate_cmd + " COPY' there"));
    }
    return Status::ok();
}

Result<std::unique_ptr<Vault>> Vault::open_or_create(const fs::path& dir) {
    // Whatever is at vault.db (an empty or damaged file, a dangling link) goes to open(),
    // which says what is wrong with it; only a missing one is created.
    if (present(dir / kDbName) || present(workspace_db(dir)))
        return open(dir, false);
    return create(dir);
}

Status Vault::migrate() {
    const auto& all = schema::migrations();
    if (schema_version_ < 0 || schema_version_ > static_cast<int>(all.size()))
        return Status::internal("migrate: schema version " + std::to_string(schema_version_) +
                                " out of range");
    for (int v = schema_version_; v < static_cast<int>(all.size()); ++v) {
        auto tx = Transaction::begin(db_);
        if (!tx)
            return tx.status();
        // Another process opening the same vault may have migrated it since this one read the
        // version: read again under the write lock and go on from there (the empty transaction
        // rolls back).
        auto now = db_.query_int("PRAGMA user_version");
        if (!now)
            return now.status();
        if (*now > v) {
            schema_version_ = static_cast<int>(*now);
            v = schema_version_ - 1;
            continue;
        }
        MEMLENS_TRY(db_.exec(all[static_cast<size_t>(v)]));
        MEMLENS_TRY(db_.exec("PRAGMA user_version = " + std::to_string(v + 1)));
        MEMLENS_TRY(tx->commit());
        schema_version_ = v + 1;
    }
    return Status::ok();
}

// A workspace has the mem_tree_* tables but none of memlens's own. Build them in an attached
// in-memory database; unqualified table names resolve there because main lacks them.
Status Vault::prepare_workspace() {
    MEMLENS_TRY(db_.exec("ATTACH DATABASE ':memory:' AS ml"));
    MEMLENS_TRY(db_.exec(R"SQL(
CREATE VIRTUAL TABLE ml.mem_tree_chunks_fts USING fts5(
    content, context, near, far, tokenize = 'porter unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE ml.mem_tree_summaries_fts USING fts5(
    content, tokenize = 'porter unicode61 remove_diacritics 2');
CREATE TABLE ml.ml_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE ml.ml_topic_nodes (topic_key TEXT PRIMARY KEY, parent_key TEXT, depth INTEGER NOT NULL,
    is_leaf INTEGER NOT NULL, centroid BLOB NOT NULL, member_count INTEGER NOT NULL, label TEXT);
CREATE TABLE ml.ml_topic_members (topic_key TEXT NOT NULL, node_id TEXT NOT NULL,
    PRIMARY KEY (topic_key, node_id)) WITHOUT ROWID;
CREATE TABLE ml.retrieval_log (id INTEGER PRIMARY KEY AUTOINCREMENT, ts_ms INTEGER NOT NULL,
    query TEXT NOT NULL, query_hash TEXT NOT NULL, mode TEXT NOT NULL, query_profile TEXT NOT NULL,
    sources TEXT NOT NULL, settings TEXT NOT NULL, elapsed_ms REAL NOT NULL,
    vault_revision INTEGER NOT NULL, error TEXT, client TEXT, session TEXT, tool TEXT,
    arguments TEXT, candidates BLOB);
CREATE TABLE ml.ml_sources (source_id TEXT PRIMARY KEY, source_kind TEXT NOT NULL,
    platform TEXT NOT NULL, title TEXT, format TEXT NOT NULL, origin_path TEXT, doc_id TEXT,
    version_ms INTEGER, chunk_count INTEGER NOT NULL DEFAULT 0, imported_at_ms INTEGER NOT NULL);
)SQL"));
    // Index the workspace's text. Its chunks have no rid column: use SQLite's rowid, which is
    // stable while the file is open read-only.
    MEMLENS_TRY(db_.exec("INSERT INTO ml.mem_tree_chunks_fts(rowid, content, context, near, far) "
                         "SELECT rowid, content, '', '', '' FROM main.mem_tree_chunks"));
    MEMLENS_TRY(db_.exec("INSERT INTO ml.mem_tree_summaries_fts(rowid, content) "
                         "SELECT rowid, content FROM main.mem_tree_summaries"));
    // The workspace is read-only, so its entity list is built once here (see schema migration 2).
    MEMLENS_TRY(db_.exec(schema::entity_list_sql("ml.", "main.")));
    return Status::ok();
}

Result<Database> Vault::open_connection(bool read_only) const {
    if (format_ == VaultFormat::OpenHumanWorkspace)
        read_only = true;
    auto db =
        Database::open(db_path().string(),
                       read_only || this->read_only() ? OpenMode::ReadOnly : OpenMode::ReadWrite);
    if (!db)
        return db.status();
    if (format_ == VaultFormat::Native)
        MEMLENS_TRY(apply_connection_pragmas(*db));
    return db;
}

Status Vault::check_writable() const {
    if (format_ == VaultFormat::OpenHumanWorkspace)
        return Status::unsupported(dir_.string() + ": an OpenHuman workspace opens read-only");
    if (read_only())
        return Status::unsupported(dir_.string() + ": vault is open read-only");
    if (damage_)
        return Status::corruption(*damage_ + "; memlens writes nothing to a damaged vault");
    return Status::ok();
}

namespace {

// PRAGMA quick_check's answer on `db`: Ok for "ok", else Corruption with its first lines (or
// the error SQLite stopped at, when the damage keeps the check itself from running on).
Status run_quick_check(const Database& db, const std::string& path) {
    auto damaged = [&path](std::string what) {
        // SQLite's words, without the statement text the error carries (it is always this one).
        what = what.substr(0, what.find(" (in: "));
        return Status::corruption(path + " is damaged (SQLite's quick_check: " + what + ")");
    };
    auto st = db.prepare("PRAGMA quick_check(8)");
    if (!st)
        return st.status().code() == StatusCode::Corruption ? damaged(st.status().message())
                                                            : st.status();
    std::string problems;
    for (;;) {
        auto row = st->step();
        if (!row)
            return row.status().code() == StatusCode::Corruption ? damaged(row.status().message())
                                                                 : row.status();
        if (!*row)
            break;
        const std::string line = st->column_text(0);
        if (line == "ok")
            return Status::ok();
        problems += (problems.empty() ? "" : "; ") + cut_utf8(line, 300);
    }
    return damaged(problems);
}

} // namespace

Status Vault::quick_check() const {
    return run_quick_check(db_, db_path().string());
}

Status quick_check_vault_file(const fs::path& db_path) {
    auto db = Database::open(db_path.string(), OpenMode::ReadOnly);
    if (!db)
        return db.status();
    return run_quick_check(*db, db_path.string());
}

std::optional<std::string> Vault::setting(const std::string& key) const {
    auto value = read_setting(db_, key);
    return value ? std::move(value).value() : std::nullopt;
}

Status Vault::set_setting(const std::string& key, const std::string& value) {
    if (format_ != VaultFormat::OpenHumanWorkspace)
        MEMLENS_TRY(check_writable());
    return write_setting(db_, key, value);
}

std::map<std::string, std::string> Vault::all_settings() const {
    std::map<std::string, std::string> out;
    auto st = db_.prepare("SELECT key, value FROM ml_settings ORDER BY key");
    if (!st)
        return out;
    while (true) {
        auto row = st->step();
        if (!row || !*row)
            break;
        out.emplace(st->column_text(0), st->column_text(1));
    }
    return out;
}

std::int64_t Vault::revision() const {
    auto v = setting("vault.revision");
    if (!v)
        return 0;
    try {
        return std::stoll(*v);
    } catch (...) {
        return 0;
    }
}

bool Vault::stale_buffer_scan_due(std::int64_t now_ms) {
    constexpr std::int64_t kEveryMs = 60'000;
    if (stale_buffers_scanned_at_ms_ && now_ms >= *stale_buffers_scanned_at_ms_ &&
        now_ms - *stale_buffers_scanned_at_ms_ < kEveryMs)
        return false;
    stale_buffers_scanned_at_ms_ = now_ms;
    return true;
}

Status Vault::bump_revision() {
    return set_setting("vault.revision", std::to_string(revision() + 1));
}

} // namespace memlens
