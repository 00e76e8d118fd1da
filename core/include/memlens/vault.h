// A vault: one folder holding vault.db (SQLite, WAL) and entities/ (the Markdown registry).
//
// Also opens a TinyCortex/OpenHuman workspace (<dir>/memory_tree/chunks.db) read-only; the
// FTS5 indexes and memlens tables such a workspace lacks are built in an attached in-memory
// database, so every read path works unchanged.
//
// Thread-safety: a Vault object and its connection belong to one thread at a time. Other
// threads call open_connection() for their own connection to the same file.
#pragma once

#include <memlens/db.h>
#include <memlens/status.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace memlens {

class WalCheckpointer;

enum class VaultFormat {
    Native,            // a memlens vault folder
    OpenHumanWorkspace // memory_tree/chunks.db of TinyCortex / OpenHuman, read-only
};

class Vault {
public:
    ~Vault();
    // Creates a new vault folder (or initialises an empty one). InvalidArgument when the folder
    // already holds anything at vault.db (a vault, an empty or damaged file, a link) or a
    // workspace: nothing there is ever initialised over. A create that fails removes the
    // vault.db it made.
    static Result<std::unique_ptr<Vault>> create(const std::filesystem::path& dir);

    // Opens an existing vault or workspace. NotFound when `dir` holds neither; Corruption when
    // vault.db is not a readable SQLite database, is empty or holds no memlens schema, or when
    // its recorded schema version disagrees with its tables (changed outside memlens);
    // Unsupported when its schema is newer than this build knows, when a read-only open meets
    // an older schema (the message names the command that migrates it), or when a read-write
    // open meets storage it cannot write. A workspace always opens read-only.
    //
    // A read-only open writes nothing: no byte, no mtime, no new file in the folder (the rule
    // is OpenMode::ReadOnly's in db.h). While no process has the vault open it reads vault.db
    // as a snapshot, and once one starts writing, statements fail with Busy ("open it again");
    // while one has it open, it shares that process's -wal and sees each commit. It works on
    // read-only storage.
    static Result<std::unique_ptr<Vault>> open(const std::filesystem::path& dir, bool read_only);

    // create() when nothing is at the folder's vault.db (nor a workspace) yet, open()
    // otherwise.
    static Result<std::unique_ptr<Vault>> open_or_create(const std::filesystem::path& dir);

    const std::filesystem::path& dir() const { return dir_; }
    std::filesystem::path db_path() const;
    std::filesystem::path entities_dir() const { return dir_ / "entities"; }
    // Where content_path bodies are resolved (a workspace's content root, or the vault folder).
    std::filesystem::path content_root() const { return content_root_; }
    VaultFormat format() const { return format_; }
    bool read_only() const { return format_ == VaultFormat::OpenHumanWorkspace || db_.read_only(); }
    int schema_version() const { return schema_version_; }

    const Database& db() const { return db_; }

    // The integer column that keys chunks and summaries to their FTS5 rows: "rid" in a native
    // vault, SQLite's "rowid" in a workspace (which has no rid column).
    const char* rid_column() const { return format_ == VaultFormat::Native ? "rid" : "rowid"; }

    // A further connection to the same vault, for another thread. Read-only connections of a
    // workspace do not see the attached in-memory indexes.
    Result<Database> open_connection(bool read_only) const;

    // Unsupported("vault is read-only: <dir>") unless writes are allowed; Corruption with
    // what quick_check() found once the vault is marked damaged.
    Status check_writable() const;

    // SQLite's PRAGMA quick_check over the whole file, on this vault's connection: Ok, or
    // Corruption naming vault.db and the first problems SQLite found. It reads every page
    // (about a second per GB), so a front-end runs it off its UI thread: `stats` before it
    // counts, `serve` and the GUI beside their first work (quick_check_vault_file).
    Status quick_check() const;
    // Marks the vault damaged with what a check found: check_writable() then refuses every
    // write (an import, a store, a setting, an audit row) with that message. Call it on the
    // thread that writes; damage() reads it there.
    void mark_damaged(std::string why) { damage_ = std::move(why); }
    const std::optional<std::string>& damage() const { return damage_; }

    // Settings: string values in ml_settings. Typed views live in settings.h.
    std::optional<std::string> setting(const std::string& key) const;
    Status set_setting(const std::string& key, const std::string& value);
    std::map<std::string, std::string> all_settings() const;

    // The revision counts committed imports; audit rows record it so a replay can tell a data
    // change from a settings change.
    std::int64_t revision() const;
    Status bump_revision(); // inside the caller's transaction

    // Whether an import on this connection should look through the stored level-0 buffers for
    // ones past the flush window (Sealer::stale_trees) at `now_ms`: at most once a minute per
    // open vault. An import always checks the buffers it wrote itself; a stored one only
    // becomes stale by days passing, so a minute late changes nothing, and a store (one
    // import each) no longer reads every buffer row.
    bool stale_buffer_scan_due(std::int64_t now_ms);

private:
    Vault() = default;
    Status check_schema(std::int64_t version, bool read_only, bool can_write);
    Status migrate();
    Status prepare_workspace();

    // Declared before db_, so destroyed after the connection whose commits it watches.
    std::unique_ptr<WalCheckpointer> checkpointer_;
    std::filesystem::path dir_;
    std::filesystem::path content_root_;
    VaultFormat format_ = VaultFormat::Native;
    int schema_version_ = 0;
    Database db_;
    std::optional<std::string> damage_;
    std::optional<std::int64_t> stale_buffers_scanned_at_ms_;
};

// quick_check of a vault's database file on a read-only connection of its own, for a thread
// beside the one using the vault (serve, the GUI). Same result as Vault::quick_check().
Status quick_check_vault_file(const std::filesystem::path& db_path);

// The SQLite pragmas memlens applies to every connection of a native vault.
Status apply_connection_pragmas(const Database& db);

} // namespace memlens
