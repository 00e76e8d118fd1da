#include "vault/wal_checkpointer.h"

#include "background_priority.h"

#include <memlens/db.h>

#include <sqlite3.h>

namespace memlens {

WalCheckpointer::WalCheckpointer(const Database& writer)
    : path_(writer.path()) {
    // Replaces SQLite's automatic checkpoint, which is itself a wal hook.
    sqlite3_wal_hook(writer.handle(), &WalCheckpointer::on_commit, this);
    // A log that grew large during an import is cut back when it starts again, not kept at
    // its largest. A failure leaves the file at its size, which costs disk and nothing else.
    (void)writer.exec("PRAGMA journal_size_limit = " + std::to_string(kLogBytesKept));
}

WalCheckpointer::~WalCheckpointer() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable())
        thread_.join();
}

int WalCheckpointer::on_commit(void* self, sqlite3* db, const char* schema, int pages) {
    auto* me = static_cast<WalCheckpointer*>(self);
    if (pages < kCheckpointPages)
        return SQLITE_OK;
    if (pages >= kWriterCheckpointPages) {
        // The thread's passes have not kept up (the header says why): copy it all now, while
        // this connection appends nothing, after the thread's pass if one is under way (only
        // one connection checkpoints at a time; a pass never waits for anything). Busy when
        // another process's connection is checkpointing: the next commit tries again. Errors
        // change nothing in the vault.
        std::lock_guard pass(me->pass_mutex_);
        sqlite3_wal_checkpoint_v2(db, schema, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
        return SQLITE_OK;
    }
    {
        std::lock_guard lock(me->mutex_);
        if (me->stop_)
            return SQLITE_OK;
        me->due_ = true;
        if (!me->thread_.joinable()) {
            try {
                me->thread_ = std::thread([me] { me->run(); });
            } catch (...) {
                // No thread: leave the log to grow until the connection closes, which
                // checkpoints it; the commit itself succeeded.
                return SQLITE_OK;
            }
        }
    }
    me->wake_.notify_one();
    return SQLITE_OK;
}

void WalCheckpointer::run() {
    // Behind the commits and the reads its copy and sync would slow.
    detail::run_behind_interactive_work();
    Database db; // opened on first use, kept for the next
    std::unique_lock lock(mutex_);
    while (true) {
        wake_.wait(lock, [&] { return due_ || stop_; });
        if (stop_)
            return;
        due_ = false;
        lock.unlock();
        if (!db.valid()) {
            // A connection learns that the file is in WAL mode when it first reads it; until
            // then a checkpoint finds no log.
            auto opened = Database::open(path_, OpenMode::ReadWrite, 0);
            if (opened && opened->query_int("PRAGMA user_version"))
                db = std::move(opened).value();
        }
        // PASSIVE copies what no reader still needs and returns; a busy log is tried again
        // after the next commit past the bound. Errors change nothing in the vault.
        if (db.valid()) {
            std::lock_guard pass(pass_mutex_);
            sqlite3_wal_checkpoint_v2(db.handle(), nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr,
                                      nullptr);
        }
        lock.lock();
    }
}

} // namespace memlens
