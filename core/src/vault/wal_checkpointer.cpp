#include "vault/wal_checkpointer.h"

#include "background_priority.h"

#include <memlens/db.h>

#include <sqlite3.h>

namespace memlens {

WalCheckpointer::WalCheckpointer(const Database& writer)
    : path_(writer.path()) {
    // Replaces SQLite's automatic checkpoint, which is itself a wal hook.
    sqlite3_wal_hook(writer.handle(), &WalCheckpointer::on_commit, this);
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

int WalCheckpointer::on_commit(void* self, sqlite3*, const char*, int pages) {
    if (pages < kCheckpointPages)
        return SQLITE_OK;
    auto* me = static_cast<WalCheckpointer*>(self);
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
        if (db.valid())
            sqlite3_wal_checkpoint_v2(db.handle(), nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr,
                                      nullptr);
        lock.lock();
    }
}

} // namespace memlens
