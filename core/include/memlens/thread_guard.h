// A hook that lets the GUI prove that core work never runs on its event-loop thread.
//
// The core knows nothing of Qt, so it cannot ask "am I on the GUI thread?". The UI installs a
// predicate; every core entry point that touches SQLite, retrieval, ingest or layout calls
// check_off_ui_thread(), which reports a violation through the installed handler (the UI's
// handler logs and, in debug builds and tests, aborts). Without a handler it costs one atomic
// load.
#pragma once

namespace memlens {

using ThreadPredicate = bool (*)();
using ViolationHandler = void (*)(const char* entry_point);

// Installs the predicate "is the calling thread the UI thread?" and what to do on a violation.
// Pass nullptr to remove. Thread-safe: the pair is kept in atomics that every thread reads, so
// it may be installed or removed while workers run; a check running at that moment uses the
// old predicate or the new one. Install it at start-up to have every call checked.
void install_ui_thread_guard(ThreadPredicate is_ui_thread, ViolationHandler on_violation);

// Called at core entry points with a static string naming the entry point.
void check_off_ui_thread(const char* entry_point);

// How many violations were reported since start (for tests).
int ui_thread_violations();

} // namespace memlens
