// Turns at a database's write lock between connections, in this process and others.
//
// SQLite has no queue for its write lock: a connection that finds it taken sleeps in its busy
// handler (Database::open) and tries again, and a writer that commits one batch after another
// (an import, IngestOptions::batch_ms) can take the lock again between two of those tries. On a
// busy machine a one-millisecond sleep lasts three or four, so a store waited behind two or
// three batches instead of one. A writer that waits therefore says so: from its first busy try
// until its BEGIN IMMEDIATE returns it holds a shared flock on a file beside the database
// (`<db>-writers`, empty, never removed). An import looks at that lock at every message and
// commits its batch early when someone waits; between two batches it takes the lock
// exclusively, which it only gets once nobody waits, before it begins the next one.
//
// flock locks belong to an open file description, so two connections of one process exclude
// each other as two processes do; the kernel drops them with a process that dies. The file is
// never one of SQLite's, whose POSIX locks a close of another descriptor would drop.
#pragma once

#include <chrono>
#include <memory>
#include <string>

namespace memlens::detail {

class WriterTurns {
public:
    // The queue beside the database file at `db_path` (a file name, not ":memory:" nor a URI).
    // The file is made by the first writer that waits: a connection that never waits leaves
    // nothing beside the database.
    explicit WriterTurns(std::string db_path)
        : path_(std::move(db_path) + "-writers") {}
    ~WriterTurns();
    WriterTurns(const WriterTurns&) = delete;
    WriterTurns& operator=(const WriterTurns&) = delete;

    // This connection waits for the write lock; idempotent until withdraw(). Where the file
    // cannot be made (a folder nobody may write to) it waits unannounced.
    void announce();
    void withdraw();
    // Returns once no other connection announces itself, or after `at_most`.
    void let_waiting_writers_in(std::chrono::milliseconds at_most);
    // Whether another connection announces itself now.
    bool others_waiting();

private:
    bool open_file(bool create);
    std::string path_;
    int fd_ = -1;
    bool announced_ = false;
};

} // namespace memlens::detail
