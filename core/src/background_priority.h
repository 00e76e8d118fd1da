// Work that runs ahead of or behind what needs it (an import's next block prepared while the
// current one is written, the log copied back into vault.db) runs at a lower scheduling
// priority, so that the thread holding the write lock and another connection's store or search
// get a core first. On two busy cores the slowest stores behind an import waited for a core as
// much as for the lock (docs/performance.md, "An import beside a store"). Alone on the machine
// such work loses nothing.
#pragma once

namespace memlens::detail {

// Lowers the calling thread's priority by 10 nice steps (lower_thread_priority,
// memlens/thread_priority.h). Call it on a thread of its own, never on a caller's.
void run_behind_interactive_work();

} // namespace memlens::detail
