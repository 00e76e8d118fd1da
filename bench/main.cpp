// memlens-bench graph|gui|ingest|lab|long-text|mcp|query|scale: the speed benchmarks, as ratios
// against baselines measured in the same run (docs/performance.md). Built beside memlens-cli and
// never installed.
#include "bench.h"

#include <memlens/db.h>

#include <unistd.h>

#include <iostream>
#include <string>
#include <vector>

namespace memlens::bench {

std::string self_exe() {
    return "/proc/" + std::to_string(::getpid()) + "/exe";
}

namespace {

const std::vector<cli::Spec>& commands() {
    static const std::vector<cli::Spec> specs = {
        {"ingest",
         "the full ingest pipeline against a bare SQLite + FTS5 insert of the same rows",
         "Usage: memlens-bench ingest --chunks N [--seed S] [--keep DIR] [--json]\n\n"
         "Generates N chunks (default 100000), runs the full ingest pipeline into a fresh vault\n"
         "(chunking, entities, embeddings, FTS5, sealing, topic tree), then inserts the same rows\n"
         "into a bare SQLite table with an FTS5 index, and reports both rates and their ratio;\n"
         "also the rate of copying every row the pipeline wrote into a fresh vault. --keep DIR\n"
         "keeps the vault and the bare databases in DIR (a temporary folder otherwise).",
         {"chunks", "seed", "keep"},
         {},
         bench_ingest},
        {"graph",
         "what the graph view reads and lays out, against one read of the edge table",
         "Usage: memlens-bench graph [--chunks N] [--runs R] [--seed S] [--json]\n\n"
         "On the cached generated vault of N chunks (default 10000; built as 'query' builds\n"
         "it), times R runs (default 5) after a warm-up of each step the graph view runs off\n"
         "the GUI thread: the default view (neighbourhood of the 8 most mentioned, laid out\n"
         "with communities and PageRank), a search and the neighbourhood of its best match, a\n"
         "focus two hops out, a community's chunks, the edge times of the time window, and the\n"
         "2,000 most mentioned laid out; each against one read of the whole edge table.",
         {"chunks", "runs", "seed"},
         {},
         bench_graph},
        {"gui",
         "the inspector's widgets driven offscreen: each gesture's time, the GUI thread's gaps",
         "Usage: memlens-bench gui [--chunks N] [--logged L] [--audit-rows R] [--seed S] "
         "[--json]\n\n"
         "On a copy of the cached generated vault of N chunks (default 10000; built as 'query'\n"
         "builds it), logs L real searches (default 200) and copies of them up to R rows\n"
         "(default 100000), then drives the real main window offscreen (QT_QPA_PLATFORM, when\n"
         "set, chooses another platform): opens the vault, waits for the Overview's health, runs\n"
         "a question, expands a tree, covers the last 90 days, opens the graph, lists the audit\n"
         "log and opens the Lab and one what-if. Reports each step's time from the gesture to\n"
         "its view, the longest gap of a 5 ms timer on the GUI thread during it (against the\n"
         "same timer over a second of an idle window), and peak RSS.",
         {"chunks", "logged", "audit-rows", "seed"},
         {},
         bench_gui},
        {"lab",
         "the ranking lab's re-rank, what-if and blast radius, against a search",
         "Usage: memlens-bench lab [--chunks N] [--queries Q] [--seed S] [--keep DIR] [--json]\n\n"
         "On a copy of the cached generated vault of N chunks (default 10000; built as 'query'\n"
         "builds it), asks and logs Q seeded questions (default 2000), then times on 50 of the\n"
         "logged rows: a search of the query (the baseline), one re-rank of the row's stored\n"
         "candidates with explanations (a slider move), and a what-if with RRF k = 20; and a\n"
         "blast radius with RRF k = 20 over the whole log (reading and parsing it, re-ranking\n"
         "every row), with the estimate for 10,000 rows. --keep DIR keeps the copy and its log\n"
         "in DIR; a later run with the same DIR reuses a log of at least Q rows.",
         {"chunks", "queries", "seed", "keep"},
         {},
         bench_lab},
        {"long-text",
         "one long text ingested at growing sizes: time must grow linearly with size",
         "Usage: memlens-bench long-text [--mib 1,2,4,8] [--json]\n\n"
         "Ingests one generated message of each size (MiB, at most 16: one item's limit) into a\n"
         "fresh vault and reports the seconds per MiB of each against the smallest size's, the\n"
         "baseline of the same run: linear is 1.",
         {"mib"},
         {},
         bench_long_text},
        {"mcp",
         "memory_search through the MCP server against the same search in process",
         "Usage: memlens-bench mcp [--chunks N] [--queries Q] [--seed S] [--cli PATH] [--json]\n\n"
         "On a copy of the cached generated vault of N chunks (default 10000; built as 'query'\n"
         "builds it), times Q seeded queries (default 50) after a warm-up pass: through\n"
         "SearchEngine::query in this process, then as memory_search calls to a 'memlens-cli\n"
         "serve' child over stdio (request line written to response line read). Reports both\n"
         "p50/p95 and what the server adds. --cli PATH as for 'query'.",
         {"chunks", "queries", "seed", "cli"},
         {},
         bench_mcp},
        {"store",
         "memory_store at a vault's size against a bare insert; searches during stores",
         "Usage: memlens-bench store [--chunks N] [--stores S] [--queries Q] [--rate R] "
         "[--import M] [--seed SEED] [--embedder hash|ppmi] [--json]\n\n"
         "On a copy of the cached generated vault of N chunks (default 10000; built as 'query'\n"
         "builds it; --embedder ppmi: the copy learns a word model from its own chunks, embeds\n"
         "them with it and builds its topic index, as a vault imported with embedder.kind ppmi\n"
         "is, so each store also teaches the model its new words): S stores of one memory each as "
         "memory_store runs them (default 100),\n"
         "against S raw sqlite3 transactions inserting one chunk row and its FTS5 row into the\n"
         "same vault; then Q seeded hybrid searches (default 50) alone, while another\n"
         "connection stores R memories a second (default 50), and while it stores one right\n"
         "after another; then stores R a second while another connection imports M generated\n"
         "messages (default 20000; 0: none). Reports p50/p95 and the ratios store p95 / bare\n"
         "p95 and search p95 during stores / alone, and the stores' p50/p95/max behind the\n"
         "import (each commits after at most about IngestOptions::batch_ms).",
         {"chunks", "stores", "queries", "rate", "seed", "import", "embedder"},
         {},
         bench_store},
        {"query",
         "every retrieval entry point against raw FTS5, an exact scan and hnswlib",
         "Usage: memlens-bench query --chunks N [--queries Q] [--seed S] [--hnsw-ef EF]\n"
         "                           [--hnsw-threads T] [--tree-shapes BxL,...] [--cli PATH] "
         "[--primitives-only] [--json]\n\n"
         "Builds (or reuses, by seed and size, under $XDG_CACHE_HOME/memlens/bench) a generated\n"
         "vault of N chunks (default 10000) and times Q seeded queries (default 50) after a\n"
         "warm-up: hybrid search, its keyword leg against raw FTS5 bm25, its vector leg against\n"
         "the exact scan and hnswlib (with recall@10), cover_window, drill_down, query_topic,\n"
         "search_entities; peak RSS and vault bytes per chunk. Prints the ratios that\n"
         "docs/performance.md sets as targets.\n"
         "The cold-start figure times a fresh memlens-cli process: --cli PATH, else $MEMLENS_CLI,\n"
         "else the memlens-cli built beside this memlens-bench, else one in its folder.\n"
         "--primitives-only times cover_window, drill_down, query_topic and search_entities\n"
         "alone (minutes less at a million chunks: no hnswlib build, no sweeps).",
         {"chunks", "seed", "queries", "hnsw-ef", "hnsw-threads", "tree-shapes", "cli"},
         {"build-only", "primitives-only"},
         bench_query},
        {"scale",
         "the query bench at several sizes, each in a fresh process",
         "Usage: memlens-bench scale [--sizes 10000,100000,1000000] [--queries Q] [--seed S]\n"
         "                           [--cli PATH] [--json]\n\n"
         "Runs the query bench at each size in a fresh process and reports how each figure\n"
         "grows (scripts/plot_scale.py turns the JSON into a PNG).",
         {"sizes", "queries", "seed", "cli"},
         {},
         bench_scale},
    };
    return specs;
}

void print_overview() {
    std::cout << "memlens-bench " MEMLENS_VERSION " - memlens's speed, as ratios against the raw "
                 "engines measured in the same run\n\n"
                 "Usage: memlens-bench <benchmark> [options]\n\nBenchmarks:\n";
    for (const auto& spec : commands())
        std::cout << "  " << spec.name << std::string(10 - spec.name.size(), ' ') << spec.summary
                  << '\n';
    std::cout << "\nRun 'memlens-bench <benchmark> --help' for its options.\n";
}

} // namespace
} // namespace memlens::bench

int main(int argc, char** argv) {
    namespace bench = memlens::bench;
    memlens::cli::set_program_name("memlens-bench");
    // Unlike memlens-cli's one-shot commands, the query bench is one long-lived process whose
    // engine writes audit rows while its read-only connections read: they must follow that
    // writer, never read a snapshot of the file without its WAL (db.h, ReadOnlyPolicy).
    memlens::set_read_only_policy(memlens::ReadOnlyPolicy::LiveReader);
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        bench::print_overview();
        return args.empty() ? 2 : 0;
    }
    if (args[0] == "--version") {
        std::cout << "memlens-bench " MEMLENS_VERSION "\n";
        return 0;
    }
    const memlens::cli::Spec* spec = nullptr;
    for (const auto& s : bench::commands())
        if (s.name == args[0])
            spec = &s;
    if (!spec)
        return memlens::cli::fail(
            args[0], "unknown benchmark (ingest, query, scale; see memlens-bench --help)");
    std::vector<std::string> rest(args.begin() + 1, args.end());
    auto parsed = memlens::cli::parse_args(rest, *spec);
    if (!parsed)
        return memlens::cli::fail(spec->name, parsed.status());
    if (parsed->flag("help")) {
        std::cout << spec->usage << '\n';
        return 0;
    }
    try {
        return spec->run(*parsed);
    } catch (const std::exception& e) {
        return memlens::cli::fail(spec->name, std::string("internal error: ") + e.what());
    }
}
