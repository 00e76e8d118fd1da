// Importers: turn files into normalised IngestSource records for the ingest pipeline.
// Importers only read; they never touch a vault. Every error names the file and, where there
// is one, the line (or the JSON path) and what was wrong.
#pragma once

#include <memlens/status.h>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace memlens {

struct IngestItem {
    std::string text;
    std::string author;                     // a person's name or handle; may be empty
    std::int64_t ts_ms = 0;                 // when it was said / written
    std::string source_ref;                 // back-pointer: "D3:5", "notes/plan.md#3", message id
    std::optional<std::string> message_id;  // the importer's own id (JSONL "id")
    std::optional<std::string> supersedes;  // message id (or chunk id) this item replaces
    std::vector<std::string> tags;
    std::string group_id;                   // thread / session / document this item belongs to
    std::string context;                    // searchable text that is not the body (captions, date)
    std::size_t line = 0;                   // 1-based line in the origin file, 0 if none
};

struct IngestSource {
    std::string source_id;    // "slack:#eng", "docs/plan.md", "locomo:conv-26"
    std::string source_kind;  // "chat" | "email" | "document"
    std::string platform;     // "slack", "gmail", "markdown", "locomo", ...
    std::string title;
    std::string format;       // "jsonl" | "markdown" | "locomo"
    std::string origin_path;  // file it came from
    bool is_document = false; // documents are replaced on re-ingest (older version kept, superseded)
    std::int64_t version_ms = 0; // document version (file mtime or explicit)
    std::vector<std::string> persons; // speakers / participants, known to be persons
    std::vector<IngestItem> items;    // in source order
};

// Source kind of a platform or source id by the registry of NOTES §4: "slack:#eng" → "chat",
// "gmail:..." → "email", "notion:..." → "document"; the literal chat:/email:/document: prefixes
// map to themselves. nullopt when the prefix is not in the registry.
std::optional<std::string> source_kind_for(std::string_view source_id_or_platform);

enum class ImportFormat { Jsonl, Markdown, Locomo };
const char* to_string(ImportFormat f);
std::optional<ImportFormat> import_format_from_string(std::string_view s);

// Guesses the format from the path: a folder or *.md → Markdown; *.jsonl/*.ndjson → JSONL;
// *.json whose top level is an array of objects with "conversation" → LoCoMo.
Result<ImportFormat> detect_format(const std::filesystem::path& path);

// JSONL messages: one object a line with "source", "author", "ts" (RFC 3339 or epoch ms),
// "text", optional "id", "supersedes", "tags" (array of strings), "thread". Blank lines are
// skipped. Items of one "source" form one IngestSource, in file order.
Result<std::vector<IngestSource>> import_jsonl(const std::filesystem::path& file,
                                               const std::atomic_bool* cancel = nullptr);

// Markdown: a file, or a folder walked recursively for *.md (sorted by path). source_id is the
// path relative to the folder given (the file name for a single file). Each file is one
// document source; its sections become items.
Result<std::vector<IngestSource>> import_markdown(const std::filesystem::path& file_or_dir,
                                                  const std::atomic_bool* cancel = nullptr);

// LoCoMo JSON (NOTES §7): one source per conversation ("locomo:<sample_id>"), one item per
// turn with dia_id as source_ref, the session's time on each turn, "session_N" as group_id,
// image captions appended to the text.
Result<std::vector<IngestSource>> import_locomo(const std::filesystem::path& file,
                                                const std::atomic_bool* cancel = nullptr);

// Dispatches on `format`, or detect_format() when none is given.
Result<std::vector<IngestSource>> import_path(const std::filesystem::path& path,
                                              std::optional<ImportFormat> format,
                                              const std::atomic_bool* cancel = nullptr);

} // namespace memlens
