// memlens-cli generate --out FILE.jsonl --chunks N: write the synthetic workspace corpus.
#include "cli.h"

#include <memlens/generate.h>
#include <memlens/time_util.h>

#include <nlohmann/json.hpp>

#include <chrono>
#include <iostream>
#include <limits>

namespace memlens::cli {
namespace {

constexpr std::int64_t kMaxChunks = 100'000'000; // --chunks: about 25 GB of JSONL

int run_generate(const Args& a) {
    auto out = a.get("out");
    if (!out)
        return fail("generate", "--out FILE is required");
    auto chunks = a.get_int("chunks", 0, kMaxChunks);
    auto seed = a.get_int("seed", 0, std::numeric_limits<std::int64_t>::max());
    auto days = a.get_int("days", 1, kMaxDays);
    auto start = a.get_time("start");
    for (const Status& s : {chunks.status(), seed.status(), days.status(), start.status()})
        if (!s.is_ok())
            return fail("generate", s);
    if (!*chunks)
        return fail("generate", "--chunks N is required");

    GenerateOptions opts;
    opts.chunks = static_cast<std::size_t>(**chunks);
    if (*seed)
        opts.seed = static_cast<std::uint64_t>(**seed);
    if (*days)
        opts.days = static_cast<int>(**days);
    if (*start)
        opts.start_ms = **start;

    auto t0 = std::chrono::steady_clock::now();
    auto summary = generate_corpus_file(*out, opts);
    if (!summary)
        return fail("generate", summary.status());
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    if (a.json()) {
        nlohmann::json j = {{"out", *out},
                            {"chunks", summary->chunks},
                            {"sources", summary->sources},
                            {"bytes", summary->bytes},
                            {"superseding", summary->superseding},
                            {"seed", opts.seed},
                            {"days", opts.days},
                            {"start", format_rfc3339(opts.start_ms)},
                            {"seconds", seconds}};
        std::cout << dump_json(j) << '\n';
    } else {
        std::cout << "wrote " << summary->chunks << " messages from " << summary->sources
                  << " sources (" << summary->superseding << " superseding) to " << *out << ", "
                  << summary->bytes << " bytes in " << seconds << " s\n";
    }
    return 0;
}

MEMLENS_CLI_COMMAND(Spec{
    "generate",
    "write a deterministic synthetic workspace corpus (JSONL)",
    "Usage: memlens-cli generate --out FILE.jsonl --chunks N [--seed S] [--days D]\n"
    "                            [--start TIME] [--json]\n\n"
    "Writes N messages of a fictional company's workspace as JSONL (see docs/formats.md):\n"
    "Slack and Discord channels, email threads, Notion/Confluence pages and Linear issues by\n"
    "~30 recurring people about 8 projects, with decisions that change over time (lines with\n"
    "\"supersedes\"), threads, mentions, links, hashtags and dates. The same options always\n"
    "produce the same bytes.\n\n"
    "  --out FILE    file to write (replaced if it exists)\n"
    "  --chunks N    number of messages (lines), 0..100000000\n"
    "  --seed S      random seed, 0 or more (default 1)\n"
    "  --days D      spread over D consecutive days (default 180)\n"
    "  --start TIME  first day, RFC 3339 or epoch ms (default 2024-01-01)\n"
    "  --json        print {\"out\", \"chunks\", \"sources\", \"bytes\", ...} instead of a line\n\n"
    "Then: memlens-cli ingest --vault DIR FILE.jsonl",
    {"out", "chunks", "seed", "days", "start"},
    {},
    run_generate});

} // namespace
} // namespace memlens::cli
