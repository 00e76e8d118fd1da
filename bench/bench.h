// memlens-bench: speed figures reported as ratios against a baseline measured in the same run
// (never as absolute targets). One subcommand a file: ingest.cpp, long_text.cpp, query.cpp,
// scale.cpp.
#pragma once

#include "cli.h"

#include <cstdint>
#include <string>

namespace memlens::bench {

using cli::Args;

// --chunks, --queries and every --sizes entry: 1..kMaxBenchCount.
inline constexpr std::int64_t kMaxBenchCount = 100'000'000;

// The full pipeline against a bare SQLite + FTS5 insert of the same rows (ingest.cpp).
int bench_ingest(const Args& a);
// Query latency of every retrieval entry point against raw FTS5, an exact scan and hnswlib,
// on a cached generated vault (query.cpp).
int bench_query(const Args& a);
// One long text ingested at growing sizes: seconds per MiB against the smallest (long_text.cpp).
int bench_long_text(const Args& a);
// The query bench at several sizes, each in a fresh process so peak RSS stays per size
// (scale.cpp).
int bench_scale(const Args& a);

// A memory_search through `memlens-cli serve` (MCP over stdio) against the same search in
// process (mcp.cpp).
int bench_mcp(const Args& a);
// What a memory_store costs at a vault's size against a bare chunk + FTS5 insert, and the search
// p95 while stores run against search alone (store.cpp).
int bench_store(const Args& a);
// What the graph view reads and computes (neighbourhood, search, focus, community chunks, edge
// times, the 2,000 most mentioned) against one read of the edge table (graph.cpp).
int bench_graph(const Args& a);
// What the ranking lab costs: a slider's re-rank, a what-if, a blast radius over a generated
// log, against a search of the same queries (lab.cpp).
int bench_lab(const Args& a);
// The inspector's real widgets driven offscreen over a vault: each gesture's time to its view on
// screen and the longest the GUI thread was blocked meanwhile (gui.cpp).
int bench_gui(const Args& a);

// "memlens-bench <command>: <message>" on stderr (main() sets the program name); the exit code.
using cli::fail;

// This process's own executable, for the children that run a part of the bench on their own.
std::string self_exe();

} // namespace memlens::bench
