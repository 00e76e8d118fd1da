// A deterministic synthetic workspace corpus (docs/formats.md): Slack and Discord
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

namespace memlens {

// A long chat between two friends in the LoCoMo JSON shape (import_locomo reads it; docs/
// formats.md): sessions days apart, storylines told step by step across them, short and now
// and then misspelt address forms ("Nat", "Natt" for Natalia), recurring relatives, partners,
// pets and places, and a "qa" list whose evidence names the turn that answers each question.
// Same options → same bytes (core/src/generate/conversation.cpp says what it contains and why).
struct ConversationOptions {
    int conversations = 1; // 1..3 pairs of friends, one LoCoMo sample each
    int sessions = 24;     // 3..60 per conversation
    std::uint64_t seed = 1;
    std::int64_t start_ms = 1'672'531'200'000; // 2023-01-01T00:00:00Z; sessions start after it
};

struct ConversationSummary {
    std::size_t conversations = 0;
    std::size_t sessions = 0;
    std::size_t turns = 0;
    std::size_t questions = 0;
    std::uint64_t bytes = 0;
};

// Writes the conversations to `file` (created or truncated). InvalidArgument for options out of
// range; IoError naming the file when it cannot be written.
Result<ConversationSummary> generate_conversation_file(const std::filesystem::path& file,
                                                       const ConversationOptions& opts);

} // namespace memlens
