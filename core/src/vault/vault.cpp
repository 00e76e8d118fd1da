#include "vault/schema.h"

#include <memlens/vault.h>

#include <system_error>

namespace memlens {

namespace fs = std::filesystem;

namespace {

constexpr const char* kDbName = "vault.db";

fs::path workspace_db(const fs::path& dir) {
    return dir / "memory_tree" / "chunks.db";
}

// "file:<path>?mode=ro" with the characters a URI gives meaning to escaped.
std::string sqlite_readonly_uri(const std::string& path) {
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
    return uri + "?mode=ro";
}

bool looks_like_sqlite(const fs::path& p) {
    std::error_code ec;
    return fs::is_regular_file(p, ec);
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

fs::path Vault::db_path() const {
    return format_ == VaultFormat::Native ? dir_ / kDbName : workspace_db(dir_);
}

Result<std::unique_ptr<Vault>> Vault::create(const fs::path& dir) {
    std::error_code ec;
    if (fs::exists(dir / kDbName, ec))
        return Status::invalid(dir.string() + ": already holds a vault (vault.db)");
    fs::create_directories(dir / "entities", ec);
    if (ec)
        return Status::io(dir.string() + ": cannot create vault folder: " + ec.message());
    auto db = Database::open((dir / kDbName).string(), OpenMode::ReadWriteCreate);
    if (!db)
        return db.status();
    std::unique_ptr<Vault> v(new Vault());
    v->dir_ = dir;
    v->content_root_ = dir;
    v->db_ = std::move(db).value();
    if (Status s = v->db_.exec("PRAGMA journal_mode = WAL"); !s)
        return s.with_context((dir / kDbName).string());
    MEMLENS_TRY(apply_connection_pragmas(v->db_));
    MEMLENS_TRY(v->migrate().with_context((dir / kDbName).string()));
    return v;
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
    } else {
        return Status::not_found(dir.string() +
                                 ": not a vault (no vault.db, no memory_tree/chunks.db)");
    }
    const std::string path = v->db_path().string();
    // A workspace opens through a mode=ro URI on a read-write connection: the file stays
    // untouched, while the in-memory database attached for the indexes it lacks is writable
    // (a read-only connection would make every attached database read-only too).
    const bool workspace = v->format_ == VaultFormat::OpenHumanWorkspace;
    auto db = workspace
                  ? Database::open(sqlite_readonly_uri(path), OpenMode::ReadWrite)
                  : Database::open(path, read_only ? OpenMode::ReadOnly : OpenMode::ReadWrite);
    if (!db)
        return db.status();
    v->db_ = std::move(db).value();

    // Reading the schema is the first real read: it is where a corrupt file shows itself.
    auto version = v->db_.query_int("PRAGMA user_version");
    if (!version)
        return Status::corruption(path + ": not a readable SQLite database (" +
                                  version.status().message() + ")");
    auto objects = v->db_.query_int("SELECT count(*) FROM sqlite_master");
    if (!objects)
        return Status::corruption(path + ": not a readable SQLite database (" +
                                  objects.status().message() + ")");
    v->schema_version_ = static_cast<int>(*version);

    if (v->format_ == VaultFormat::OpenHumanWorkspace) {
        MEMLENS_TRY(v->prepare_workspace().with_context(path));
        return v;
    }
    if (v->schema_version_ > schema::latest_version()) {
        return Status::unsupported(path + ": schema version " + std::to_string(v->schema_version_) +
                                   " is newer than this memlens understands (" +
                                   std::to_string(schema::latest_version()) + ")");
    }
    MEMLENS_TRY(apply_connection_pragmas(v->db_));
    if (v->schema_version_ < schema::latest_version()) {
        if (read_only)
            return Status::unsupported(path + ": schema version " +
                                       std::to_string(v->schema_version_) +
                                       " needs a migration; open it read-write once");
        MEMLENS_TRY(v->migrate().with_context(path));
    }
    return v;
}

Result<std::unique_ptr<Vault>> Vault::open_or_create(const fs::path& dir) {
    std::error_code ec;
    if (fs::exists(dir / kDbName, ec) || fs::exists(workspace_db(dir), ec))
        return open(dir, false);
    return create(dir);
}

Status Vault::migrate() {
    const auto& all = schema::migrations();
    for (int v = schema_version_; v < static_cast<int>(all.size()); ++v) {
        auto tx = Transaction::begin(db_);
        if (!tx)
            return tx.status();
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
    vault_revision INTEGER NOT NULL, error TEXT);
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
    return Status::ok();
}

std::optional<std::string> Vault::setting(const std::string& key) const {
    auto st = db_.prepare("SELECT value FROM ml_settings WHERE key = ?");
    if (!st)
        return std::nullopt;
    st->bind(1, key);
    auto row = st->step();
    if (!row || !*row)
        return std::nullopt;
    return st->column_text(0);
}

Status Vault::set_setting(const std::string& key, const std::string& value) {
    if (format_ != VaultFormat::OpenHumanWorkspace)
        MEMLENS_TRY(check_writable());
    auto st = db_.prepare("INSERT INTO ml_settings(key, value) VALUES (?, ?) "
                          "ON CONFLICT(key) DO UPDATE SET value = excluded.value");
    if (!st)
        return st.status();
    st->bind(1, key).bind(2, value);
    return st->exec();
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

Status Vault::bump_revision() {
    return set_setting("vault.revision", std::to_string(revision() + 1));
}

} // namespace memlens
