// A thread's place on a busy core. Work that nobody is waiting to see right now runs behind the
// work somebody is: an import's preparing thread and the log's checkpointer behind the thread
// holding the write lock (core/src/background_priority.h), the inspector's workers behind its
// GUI thread (ui/core/pools.h).
#pragma once

namespace memlens {

// Lowers the calling thread's scheduling priority to `steps` nice steps below where it started
// (Linux keeps a nice value per thread, so the rest of the process keeps its own). A later call
// with more steps lowers it further; one with as many or fewer changes nothing: it never raises
// the thread again. A failure leaves the thread as it was, which costs only its order on a busy
// core. Call it on a thread of its own, never on a caller's.
void lower_thread_priority(int steps);

} // namespace memlens
