// memlens-bench long-text: ingesting one long text must take time linear in its size. The chunker
// once counted the whole rest of a text for every chunk it cut: a 1 MB text took 0.5 s, an 8 MB
// one 15.8 s. The baseline is the smallest size of the same run: each larger size's seconds per
// MiB against it, where linear is 1.
#include "bench.h"

#include <memlens/embedder.h>
#include <memlens/import.h>
#include <memlens/ingest.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <random>

namespace memlens::bench {

namespace fs = std::filesystem;

namespace {

// Sentences of plain words in paragraphs, deterministic for a size: what a pasted document or a
// long message looks like to the chunker (paragraph, sentence and word boundaries all present).
std::string long_text(std::size_t bytes) {
    static const char* const words[] = {"budget",   "review",  "launch", "vendor",   "pricing",
                                        "decision", "phoenix", "atlas",  "security", "meeting",
                                        "timeline", "risk",    "owner",  "metrics",  "quarter"};
    std::mt19937_64 rng(bytes);
    std::string text;
    text.reserve(bytes + 64);
    int in_sentence = 0, in_paragraph = 0;
    while (text.size() < bytes) {
        text += words[rng() % std::size(words)];
        if (++in_sentence < 12) {
            text += ' ';
            continue;
        }
        in_sentence = 0;
        text += ". ";
        if (++in_paragraph == 6) {
            in_paragraph = 0;
            text += "\n\n";
        }
    }
    return text;
}

Result<double> ingest_seconds(const fs::path& dir, const std::string& text) {
    fs::remove_all(dir);
    auto vault = Vault::create(dir);
    if (!vault)
        return vault.status();
    auto embedder = make_embedder_for(**vault);
    if (!embedder)
        return embedder.status();
    IngestSource s;
    s.source_id = "slack:#long";
    s.source_kind = "chat";
    s.platform = "slack";
    s.title = "one long message";
    s.format = "jsonl";
    IngestItem item;
    item.text = text;
    item.author = "Nora";
    item.ts_ms = 1'704'067'200'000; // 2024-01-01
    s.items.push_back(std::move(item));
    Ingestor ingestor(**vault, **embedder);
    auto report = ingestor.ingest({s});
    if (!report)
        return report.status();
    return report->seconds;
}

} // namespace

int bench_long_text(const Args& a) {
    std::vector<std::int64_t> mib = {1, 2, 4, 8};
    if (auto s = a.get("mib")) {
        mib.clear();
        for (const auto& part : cli::split_list(*s)) {
            std::int64_t n = 0;
            auto [p, ec] = std::from_chars(part.data(), part.data() + part.size(), n);
            // One item is at most 16 MiB (IngestOptions, docs/formats.md).
            if (ec != std::errc() || p != part.data() + part.size() || n < 1 || n > 16)
                return fail("long-text",
                            "--mib: expected integers from 1 to 16, not '" + part + "'");
            mib.push_back(n);
        }
    }
    std::sort(mib.begin(), mib.end());
    std::random_device rd;
    const fs::path dir = fs::temp_directory_path() /
                         ("memlens-bench-long-text-" + std::to_string(rd()) + std::to_string(rd()));
    nlohmann::json runs = nlohmann::json::array();
    double base = 0.0;
    for (std::int64_t m : mib) {
        const std::string text = long_text(static_cast<std::size_t>(m) << 20);
        auto s = ingest_seconds(dir / "vault", text);
        if (!s) {
            std::error_code ec;
            fs::remove_all(dir, ec);
            return fail("long-text", s.status().with_context(std::to_string(m) + " MiB"));
        }
        const double per_mib = *s / static_cast<double>(m);
        if (base == 0.0)
            base = per_mib;
        runs.push_back({{"mib", m},
                        {"seconds", *s},
                        {"seconds_per_mib", per_mib},
                        {"per_mib_against_smallest", base > 0.0 ? per_mib / base : 0.0}});
    }
    std::error_code ec;
    fs::remove_all(dir, ec);
    const nlohmann::json j = {{"runs", runs}};
    if (a.json()) {
        std::cout << j.dump(2) << '\n';
        return 0;
    }
    std::printf("%8s %10s %14s %12s\n", "MiB", "seconds", "seconds/MiB", "vs smallest");
    for (const auto& r : runs)
        std::printf("%8lld %10.3f %14.3f %11.2fx\n",
                    static_cast<long long>(r["mib"].get<std::int64_t>()),
                    r["seconds"].get<double>(), r["seconds_per_mib"].get<double>(),
                    r["per_mib_against_smallest"].get<double>());
    std::printf("linear: every size near 1.00x the smallest's seconds per MiB\n");
    return 0;
}

} // namespace memlens::bench
