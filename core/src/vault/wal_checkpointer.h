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
//
// The log only starts again from its beginning once a checkpoint has copied all of it and no
// reader still needs it. A writer that commits without pause (an import's batches) appends
// faster than a PASSIVE pass beside it copies, so no pass ever reaches the end and the log grew
// without bound: 9.6 GB of log for a 0.8 GB vault at 200,000 imported chunks, 17 GB and more at
// 1,000,000 (memlens-bench query --build-only). Past kWriterCheckpointPages the committing
// connection therefore copies the log itself, right after its commit (the write lock already
// released, as SQLite's own automatic checkpoint does), which nothing appends to meanwhile; its
// next transaction then starts the log again, and the file is cut back to kLogBytesKept.
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
    static constexpr int kWriterCheckpointPages = 8 * kCheckpointPages; // 125 MiB at 4 KiB
    static constexpr long long kLogBytesKept = 64LL << 20;              // journal_size_limit

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
    std::mutex pass_mutex_; // held for each checkpoint, the thread's and the writer's
    std::condition_variable wake_;
    bool due_ = false;
    bool stop_ = false;
    std::thread thread_;
};

} // namespace memlens
