// The two thread pools of the UI's background work.
//
// Queries run on queryPool(): one long-lived thread that keeps the vault's SearchEngine (and
// its topic index, which can be large) across queries; a newer query waits at most one stage of
// the older one, whose cancel flag is raised. Everything else (overviews, trees, graph loads and
// layout, audit pages, imports) runs on backgroundPool(), except the checks a vault gets when it
// opens (SQLite's quick_check reads the whole file: 10 s at a million chunks), which run on
// checksPool() so that they never hold a thread a page waits for. Pool threads never expire, so
// each keeps its cached vault connection (vault/workervault.h) until the application quits.
#pragma once

class QThreadPool;

namespace memlens::ui {

QThreadPool* queryPool();
QThreadPool* backgroundPool();
QThreadPool* checksPool();

// Called first by every job on these pools: the first time on a pool thread, lowers that
// thread's scheduling priority (nice + 5; Linux keeps one per thread), so that on two busy
// cores the GUI thread gets a core before the workers whose results it waits to show. At a
// million chunks the audit page's two reads and a query beside them kept the GUI thread from
// a core for 78 ms (memlens-bench gui). Alone on the machine a worker loses nothing.
void yieldToGuiThread();
// The same, and behind the other workers too (nice + 10): for the checks, which nobody waits for.
void yieldToEveryone();

} // namespace memlens::ui
