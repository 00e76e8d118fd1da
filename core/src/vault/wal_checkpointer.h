// Copies a vault's write-ahead log back into vault.db on a thread of its own, so that no commit
// pays for it. SQLite's own rule runs the checkpoint inside the commit that takes the log past
// 1,000 pages: every few dozen stores one of them copied and synced some 4 MB, the slowest
// twentieth of an agent's stores. A Vault opened for writing installs one on its connection
// (vault.cpp): that connection's commits only report the log's size here; past
// kCheckpointPages this thread runs a PASSIVE checkpoint on a connection of its own, which
// neither waits for nor blocks the writer or any reader (docs/architecture.md, "Threads").
// Its copy and sync still slow the two or three commits that land meanwhile (the disk is
// shared), so it runs after 4,000 pages (16 MiB of log, about 160 stores) rather than SQLite's
// 1,000: a quarter as many commits are slowed (memlens-bench store, docs/performance.md).
#pragma once

#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

struct sqlite3;

namespace memlens {

class Database;

class WalCheckpointer {
public:
    static constexpr int kCheckpointPages = 4000;

    // Takes over `writer`'s checkpoints: turns its automatic ones off and watches its commits.
    // The thread starts with the first checkpoint due. `writer` must outlive this object's
    // hook: close the connection first, then destroy this.
    explicit WalCheckpointer(const Database& writer);
    ~WalCheckpointer();
    WalCheckpointer(const WalCheckpointer&) = delete;
    WalCheckpointer& operator=(const WalCheckpointer&) = delete;

private:
    static int on_commit(void* self, sqlite3* db, const char* schema, int pages);
    void run();

    std::string path_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool due_ = false;
    bool stop_ = false;
    std::thread thread_;
};

} // namespace memlens
