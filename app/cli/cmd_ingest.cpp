// memlens-cli ingest --vault DIR [--format jsonl|markdown|locomo] PATH...
#include "cli.h"

#include <memlens/embedder.h>
#include <memlens/import.h>
#include <memlens/ingest.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <iostream>

namespace memlens::cli {
namespace {

std::atomic_bool g_ingest_cancel{false};

extern "C" void on_ingest_sigint(int) {
    g_ingest_cancel.store(true);
}

void draw_ingest_progress(const IngestProgress& p) {
    const int width = 30;
    const double frac = p.total ? static_cast<double>(p.done) / static_cast<double>(p.total) : 0.0;
    const int filled = static_cast<int>(frac * width);
    std::fprintf(stderr, "\r[%.*s%*s] %3d%% %-9s %zu/%zu", filled, "##############################",
                 width - filled, "", static_cast<int>(frac * 100), p.phase.c_str(), p.done,
                 p.total);
    std::fflush(stderr);
}

int run_ingest(const Args& a) {
    auto dir = a.get("vault");
    if (!dir)
        return fail("ingest", "--vault DIR is required");
    if (a.positional.empty())
        return fail("ingest", "no input: give one or more files or folders");
    std::optional<ImportFormat> format;
    if (auto f = a.get("format")) {
        format = import_format_from_string(*f);
        if (!format)
            return fail("ingest",
                        "--format: unknown format '" + *f + "' (jsonl, markdown, locomo)");
    }

    // Read every input before touching the vault: a bad file must leave it exactly as it was.
    std::vector<IngestSource> sources;
    for (const auto& path : a.positional) {
        auto imported = import_path(path, format, &g_ingest_cancel);
        if (!imported)
            return fail("ingest", imported.status());
        for (auto& s : *imported)
            sources.push_back(std::move(s));
    }

    auto vault = Vault::open_or_create(*dir);
    if (!vault)
        return fail("ingest", vault.status());
    auto embedder = make_embedder_for(**vault);
    if (!embedder)
        return fail("ingest", embedder.status());

    std::signal(SIGINT, on_ingest_sigint);
    const bool tty = stderr_is_tty() && !a.json() && !a.flag("quiet");
    ProgressFn progress;
    if (tty)
        progress = draw_ingest_progress;
    Ingestor ingestor(**vault, **embedder);
    auto report = ingestor.ingest(sources, progress, &g_ingest_cancel);
    if (tty)
        std::fprintf(stderr, "\r%60s\r", "");
    if (!report)
        return fail("ingest", report.status());

    if (a.json()) {
        nlohmann::json j = {{"vault", *dir},
                            {"sources", report->sources},
                            {"chunks", report->chunks},
                            {"summaries", report->summaries},
                            {"entities", report->entities},
                            {"edges", report->edges},
                            {"duplicates", report->duplicates},
                            {"replaced", report->replaced},
                            {"seconds", report->seconds}};
        std::cout << j.dump(2) << '\n';
    } else {
        std::printf("ingested %zu sources: %zu chunks, %zu summaries, %zu entities, %zu edges "
                    "(%zu duplicates skipped, %zu documents replaced) in %.2f s\n",
                    report->sources, report->chunks, report->summaries, report->entities,
                    report->edges, report->duplicates, report->replaced, report->seconds);
    }
    return 0;
}

MEMLENS_CLI_COMMAND(Spec{
    "ingest",
    "import JSONL messages, Markdown files or LoCoMo JSON into a vault",
    "Usage: memlens-cli ingest --vault DIR [--format jsonl|markdown|locomo] [--json] PATH...\n\n"
    "Reads every PATH first (the format is detected when --format is omitted), then writes\n"
    "them in one transaction: chunks, entities, embeddings, FTS5 indexes, sealed summary\n"
    "trees and the topic tree. A bad input or Ctrl-C leaves the vault exactly as it was.\n"
    "The vault is created when DIR does not hold one yet.",
    {"vault", "format"},
    {"quiet"},
    run_ingest});

} // namespace
} // namespace memlens::cli
