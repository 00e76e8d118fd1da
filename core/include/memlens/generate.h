// A deterministic synthetic workspace corpus (DESIGN "Ingest", issue 2 §5): Slack and Discord
// channels, email threads, Notion/Confluence pages and Linear issues written by ~30 recurring
// people about 8 code-named projects, with decisions that change over time ("supersedes"),
// threads, mentions, links, hashtags and dates, spread over `days` days (fewer on weekends).
//
// Same options → byte-identical output on every platform (own RNG, integer maths). The output is
// JSONL as import_jsonl reads it (docs/formats.md); every line carries an "id", and every
// "supersedes" names an id written on an earlier line. Thread-safe: no shared state.
#pragma once

#include <memlens/import.h>
#include <memlens/status.h>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <vector>

namespace memlens {

struct GenerateOptions {
    std::size_t chunks = 5'000; // exactly this many messages (JSONL lines)
    std::uint64_t seed = 1;
    std::int64_t start_ms = 1'704'067'200'000; // 2024-01-01T00:00:00Z; the first UTC day used
    int days = 180;                            // messages fall on this many consecutive days
};

struct GenerateSummary {
    std::size_t chunks = 0;      // lines written
    std::size_t sources = 0;     // distinct "source" values
    std::size_t superseding = 0; // lines with "supersedes"
    std::uint64_t bytes = 0;     // bytes written
};

// Writes the corpus to `out`. InvalidArgument for days < 1; IoError when the stream fails;
// Cancelled when *cancel becomes true (checked once per generated day).
Result<GenerateSummary> generate_corpus(std::ostream& out, const GenerateOptions& opts,
                                        const std::atomic_bool* cancel = nullptr);

// The same, into `file` (created or truncated). IoError naming the file when it cannot be written.
Result<GenerateSummary> generate_corpus_file(const std::filesystem::path& file,
                                             const GenerateOptions& opts,
                                             const std::atomic_bool* cancel = nullptr);

// The same corpus as IngestSources, without the JSONL round trip (the demo vault and the ingest
// benchmark): equal to import_jsonl() of generate_corpus()'s output whose origin is `origin`.
Result<std::vector<IngestSource>> generate_sources(const GenerateOptions& opts,
                                                   const std::string& origin = "generated.jsonl",
                                                   const std::atomic_bool* cancel = nullptr);

} // namespace memlens
