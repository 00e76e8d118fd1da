// memlens-cli bench: speed figures reported as ratios against a baseline measured in the same
// run (never as absolute targets).
#pragma once

#include "cli.h"

namespace memlens::cli {

int bench_ingest(const Args& a);
// Query latency of every retrieval entry point against raw FTS5, an exact scan and hnswlib,
// on a cached generated vault (bench_query.cpp).
int bench_query(const Args& a);
// The query bench at several sizes, each in a fresh process so peak RSS stays per size
// (bench_scale.cpp).
int bench_scale(const Args& a);

} // namespace memlens::cli
