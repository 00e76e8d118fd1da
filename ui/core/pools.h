// The two thread pools of the UI's background work.
//
// Queries run on queryPool(): one long-lived thread that keeps the vault's SearchEngine (and
// its topic index, which can be large) across queries; a newer query waits at most one stage of
// the older one, whose cancel flag is raised. Everything else (overviews, trees, graph loads and
// layout, audit pages, imports) runs on backgroundPool(). Pool threads never expire, so each
// keeps its cached vault connection (vault/workervault.h) until the application quits.
#pragma once

class QThreadPool;

namespace memlens::ui {

QThreadPool* queryPool();
QThreadPool* backgroundPool();

} // namespace memlens::ui
