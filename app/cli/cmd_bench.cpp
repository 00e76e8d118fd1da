// memlens-cli bench ingest|query|scale ...
#include "bench.h"

namespace memlens::cli {
namespace {

int run_bench(const Args& a) {
    if (a.positional.empty())
        return fail("bench", "which benchmark? (ingest, query, scale)");
    const std::string& what = a.positional.front();
    if (what == "ingest")
        return bench_ingest(a);
    if (what == "query")
        return bench_query(a);
    if (what == "scale")
        return bench_scale(a);
    return fail("bench", "unknown benchmark '" + what + "' (ingest, query, scale)");
}

MEMLENS_CLI_COMMAND(Spec{
    "bench",
    "measure ingest and query speed against the raw engines, in one run",
    "Usage: memlens-cli bench ingest --chunks N [--seed S] [--keep DIR] [--json]\n"
    "       memlens-cli bench query --chunks N [--queries Q] [--seed S] [--json]\n"
    "       memlens-cli bench scale [--sizes 10000,100000,1000000] [--queries Q] [--json]\n\n"
    "ingest: generates N chunks, runs the full ingest pipeline into a fresh vault (chunking,\n"
    "        entities, embeddings, FTS5, sealing, topic tree), then inserts the same rows into\n"
    "        a bare SQLite table with an FTS5 index, and reports both rates and their ratio;\n"
    "        also the rate of copying every row the pipeline wrote into a fresh vault.\n"
    "query:  builds (or reuses, by seed and size, under $XDG_CACHE_HOME/memlens/bench) a\n"
    "        generated vault of N chunks and times Q seeded queries after a warm-up: hybrid\n"
    "        search, its keyword leg against raw FTS5 bm25, its vector leg against the exact\n"
    "        scan and hnswlib (with recall@10), cover_window, drill_down, query_topic,\n"
    "        search_entities; peak RSS and vault bytes per chunk. Prints the issue-7 ratios.\n"
    "scale:  runs the query bench at each size in a fresh process and reports how each\n"
    "        figure grows (scripts/plot_scale.py turns the JSON into a PNG).",
    {"chunks", "seed", "keep", "queries", "sizes", "hnsw-ef", "hnsw-threads", "tree-shapes"},
    {"json", "build-only"},
    run_bench});

} // namespace
} // namespace memlens::cli
