// Installs the core's UI-thread guard (memlens/thread_guard.h) for this application: any core
// entry point that runs on the GUI's event-loop thread is logged as critical, and aborts the
// process when MEMLENS_STRICT_THREADS=1 (the UI tests set it), so a regression cannot hide.
#pragma once

namespace memlens::ui {

// Call once, after the QApplication exists and before any job starts (tests may call it again
// to change MEMLENS_STRICT_THREADS).
void installUiThreadGuard();

} // namespace memlens::ui
