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
#include <limits>
#include <utility>

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

// The largest --max-*-bytes: 1 TiB, past any file this machine could hold in memory.
constexpr std::uint64_t kMaxByteCount = std::uint64_t{1} << 40;

// "1048576", "512K", "64M", "1G" (powers of 1024): a byte count from 1 to 1 TiB.
std::optional<std::size_t> parse_byte_count(const std::string& text) {
    std::size_t digits = 0;
    while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9')
        ++digits;
    if (digits == 0 || digits > 12 || text.size() > digits + 1)
        return std::nullopt;
    std::uint64_t value = std::stoull(text.substr(0, digits));
    int shift = 0;
    if (digits < text.size()) {
        switch (text[digits]) {
        case 'k':
        case 'K':
            shift = 10;
            break;
        case 'm':
        case 'M':
            shift = 20;
            break;
        case 'g':
        case 'G':
            shift = 30;
            break;
        default:
            return std::nullopt;
        }
    }
    // Compared before the shift, which would wrap (17179869185G read as 1 GiB).
    if (value == 0 || value > (kMaxByteCount >> shift))
        return std::nullopt;
    value <<= shift;
    return static_cast<std::size_t>(value);
}

// The --max-*-bytes options over ImportOptions' defaults; an error message naming the option.
std::optional<std::string> read_limits(const Args& a, ImportOptions& opts) {
    const std::pair<const char*, std::size_t*> limits[] = {
        {"max-line-bytes", &opts.max_line_bytes},
        {"max-item-bytes", &opts.max_item_bytes},
        {"max-file-bytes", &opts.max_file_bytes},
    };
    for (const auto& [name, field] : limits) {
        auto text = a.get(name);
        if (!text)
            continue;
        auto value = parse_byte_count(*text);
        if (!value)
            return std::string("--") + name +
                   ": expected a byte count from 1 to 1024G, such as 1048576 or 64M, got '" +
                   *text + "'";
        *field = *value;
    }
    return std::nullopt;
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

    ImportOptions import_opts;
    import_opts.cancel = &g_ingest_cancel;
    if (auto bad = read_limits(a, import_opts))
        return fail("ingest", *bad);

    // Read every input before touching the vault: a bad file must leave it exactly as it was.
    std::vector<IngestSource> sources;
    for (const auto& path : a.positional) {
        auto imported = import_path(path, format, import_opts);
        if (!imported)
            return fail("ingest", imported.status());
        for (auto& s : *imported)
            sources.push_back(std::move(s));
    }

    auto vault = Vault::open_or_create(*dir);
    if (!vault)
        return fail("ingest", vault.status());
    // Writing into a damaged file spreads the damage: the import checks the whole file first.
    if (Status sound = (*vault)->quick_check(); !sound.is_ok())
        return fail("ingest", sound.code() == StatusCode::Corruption
                                  ? Status::corruption(sound.message() +
                                                       "; memlens writes nothing to a damaged "
                                                       "vault")
                                  : sound);
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
                            {"batches", report->batches},
                            {"seconds", report->seconds}};
        std::cout << dump_json(j) << '\n';
    } else {
        std::printf("ingested %zu sources: %zu chunks, %zu summaries, %zu entities, %zu edges "
                    "(%zu duplicates skipped, %zu documents replaced) in %.2f s, %zu batches\n",
                    report->sources, report->chunks, report->summaries, report->entities,
                    report->edges, report->duplicates, report->replaced, report->seconds,
                    report->batches);
    }
    return 0;
}

MEMLENS_CLI_COMMAND(Spec{
    "ingest",
    "import JSONL messages, Markdown files or LoCoMo JSON into a vault",
    "Usage: memlens-cli ingest --vault DIR [--format jsonl|markdown|locomo] [--json]\n"
    "                          [--max-line-bytes N] [--max-item-bytes N] [--max-file-bytes N]\n"
    "                          PATH...\n\n"
    "Reads every PATH first (the format is detected when --format is omitted), then writes\n"
    "chunks, entities, embeddings, FTS5 indexes, sealed summary trees and the topic tree in\n"
    "batches that hold the write lock about 50 ms each, so that other writers (an agent's\n"
    "store) get in between. A bad input leaves the vault as it was; Ctrl-C keeps the batches\n"
    "committed so far, each whole, and says how many messages they hold: importing the same\n"
    "PATHs again adds the rest.\n"
    "The vault is created when DIR does not hold one yet.\n\n"
    "Limits (bytes; K, M, G suffixes are powers of 1024), an input over one fails:\n"
    "  --max-line-bytes N  one JSONL line (default 64M)\n"
    "  --max-item-bytes N  one item's text: a JSONL text, a LoCoMo turn, a Markdown\n"
    "                      section (default 16M)\n"
    "  --max-file-bytes N  a file read whole: Markdown, LoCoMo JSON (default 256M)",
    {"vault", "format", "max-line-bytes", "max-item-bytes", "max-file-bytes"},
    {"quiet"},
    run_ingest});

} // namespace
} // namespace memlens::cli
