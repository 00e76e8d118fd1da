// Importers: turn files into normalised IngestSource records for the ingest pipeline.
// Importers only read; they never touch a vault. Every error names the file and, where there
// is one, the line (or the JSON path) and what was wrong. Any error fails the whole import:
// nothing is returned, so the pipeline fails before it writes anything.
//
// Thread-safety: every function here is reentrant (no shared state); call them off the UI
// thread, they read files (Markdown and LoCoMo whole, JSONL line by line), each bounded by the
// limits of ImportOptions. The formats and limits are specified in docs/formats.md.
#pragma once

#include <memlens/status.h>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

struct IngestItem {
    std::string text;
    std::string author;                    // a person's name or handle; may be empty
    std::int64_t ts_ms = 0;                // when it was said / written
    std::string source_ref;                // back-pointer: "D3:5", "notes/plan.md#L3", message id
    std::optional<std::string> message_id; // the importer's own id (JSONL "id")
    std::optional<std::string> supersedes; // message id (or chunk id) this item replaces
    // memory_update (memories.h): the ingest fails unless `supersedes` names a chunk that is
    // not superseded yet, checked inside its transaction (NotFound / InvalidArgument).
    bool supersedes_current = false;
    std::vector<std::string> tags;
    std::string group_id; // thread / session / document this item belongs to
    std::string context;  // searchable text that is not the body (captions, date)
    std::size_t line = 0; // 1-based line in the origin file, 0 if none

    bool operator==(const IngestItem&) const = default;
};

struct IngestSource {
    std::string source_id;   // "slack:#eng", "docs/plan.md", "locomo:conv-26"
    std::string source_kind; // "chat" | "email" | "document"
    std::string platform;    // "slack", "gmail", "markdown", "locomo", ...
    std::string title;
    std::string format;      // "jsonl" | "markdown" | "locomo"
    std::string origin_path; // file it came from
    bool is_document =
        false; // documents are replaced on re-ingest (older version kept, superseded)
    std::int64_t version_ms = 0;      // document version (file mtime or explicit)
    std::vector<std::string> persons; // speakers / participants, known to be persons
    std::vector<IngestItem> items;    // in source order

    bool operator==(const IngestSource&) const = default;
};

// Source kind of a platform or source id by the platform registry (docs/formats.md): "slack:#eng" →
// "chat", "gmail:..." → "email", "notion:..." → "document"; the literal chat:/email:/document:
// prefixes map to themselves, and memlens's own platforms too ("markdown" → document, "locomo" →
// chat). Text before the first ':' is the platform (the whole text when there is none), compared
// case-insensitively. nullopt when the platform is not in the registry.
std::optional<std::string> source_kind_for(std::string_view source_id_or_platform);

// The platform part of a source id: "Slack:#eng" → "slack"; "" when there is no ':'.
std::string platform_of(std::string_view source_id);

// What an import reads, and the cancel flag. Every limit is in bytes and bounds the memory an
// input can take, so any input (even /dev/zero) is read in bounded memory and an over-long one
// fails with an error naming the file (and line) and the option. docs/formats.md ("Limits").
struct ImportOptions {
    // One line of a JSONL file (read line by line, never whole), after which reading stops.
    std::size_t max_line_bytes = 64u << 20;
    // One item's text: a JSONL "text", a LoCoMo turn, a Markdown section.
    std::size_t max_item_bytes = 16u << 20;
    // A file read whole: a Markdown file, a LoCoMo JSON file.
    std::size_t max_file_bytes = 256u << 20;
    const std::atomic_bool* cancel = nullptr;
};

// The timestamps an import accepts: 0000-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z (what
// RFC 3339's four-digit year can express), in epoch milliseconds.
inline constexpr std::int64_t kMinImportTimeMs = -62'167'219'200'000;
inline constexpr std::int64_t kMaxImportTimeMs = 253'402'300'799'999;

enum class ImportFormat { Jsonl, Markdown, Locomo };
const char* to_string(ImportFormat f);
// "jsonl" (or "ndjson"), "markdown" (or "md"), "locomo"; case-insensitive.
std::optional<ImportFormat> import_format_from_string(std::string_view s);

// Guesses the format from the path: a folder or *.md / *.markdown → Markdown; *.jsonl/*.ndjson
// → JSONL; *.json whose top level is an array of objects with "conversation" → LoCoMo. Any other
// file is sniffed: a first non-blank character '{' → JSONL, a LoCoMo-shaped array → LoCoMo.
// IoError naming the path when it cannot be read; InvalidArgument when nothing matches.
Result<ImportFormat> detect_format(const std::filesystem::path& path);

// JSONL messages: one object a line with "source", "ts" (RFC 3339 or epoch ms) and "text",
// optional "author", "id", "supersedes", "tags" (array of strings), "thread". Blank lines are
// skipped. Items of one "source" form one IngestSource, in file order; sources appear in the
// order of their first line. group_id = "thread", else "<source>#<yyyy-mm-dd>" (UTC day).
// Unknown platforms are "chat". Errors: "<file>:<line>: <what>" (InvalidArgument), or IoError
// naming an unreadable path. Cancelled when *cancel becomes true. The file is streamed: a line
// longer than opts.max_line_bytes stops the read there.
Result<std::vector<IngestSource>> import_jsonl(const std::filesystem::path& file,
                                               const ImportOptions& opts);
Result<std::vector<IngestSource>> import_jsonl(const std::filesystem::path& file,
                                               const std::atomic_bool* cancel = nullptr);
// The same on text already in memory; `origin` names it in errors and in origin_path.
Result<std::vector<IngestSource>> parse_jsonl(std::string_view content, const std::string& origin,
                                              const ImportOptions& opts);
Result<std::vector<IngestSource>> parse_jsonl(std::string_view content, const std::string& origin,
                                              const std::atomic_bool* cancel = nullptr);

// Markdown: a file, or a folder walked recursively for *.md (list_markdown_files). source_id is
// the path relative to the folder given (the file name for a single file). Each file is one
// document source; its sections (split at ATX headings outside code fences, heading line kept)
// become items. Optional YAML frontmatter: title, date, tags, author. Empty files are skipped;
// a folder with no .md file is InvalidArgument.
Result<std::vector<IngestSource>> import_markdown(const std::filesystem::path& file_or_dir,
                                                  const ImportOptions& opts);
Result<std::vector<IngestSource>> import_markdown(const std::filesystem::path& file_or_dir,
                                                  const std::atomic_bool* cancel = nullptr);
// One Markdown document from memory. `origin` names it in errors; `mtime_ms` stands in for the
// file's modification time (version and default timestamp).
Result<IngestSource> parse_markdown(std::string_view content, const std::string& source_id,
                                    const std::string& origin, std::int64_t mtime_ms,
                                    const ImportOptions& opts = {});

// The files a folder import reads, relative to `root`, sorted by their generic path bytes: every
// *.md / *.markdown that is a regular file reached from `root` without a symbolic link. Hidden
// entries (name starting with '.') are skipped with all they hold; so are symbolic links
// (wherever they point, so the walk never leaves the folder and never reads a file twice) and
// FIFOs, sockets and devices (not notes; a FIFO would block, a device may never end). IoError
// naming the path that cannot be listed.
Result<std::vector<std::filesystem::path>> list_markdown_files(const std::filesystem::path& root);

// LoCoMo JSON: one source per conversation ("locomo:<sample_id>"), one item per
// turn with dia_id as source_ref, the session's time (+1 s per turn) on each turn, "session_N"
// as group_id, image captions appended to the text. Wrong shape → InvalidArgument naming the
// file and the JSON path ("[0].conversation.session_3[4].text").
Result<std::vector<IngestSource>> import_locomo(const std::filesystem::path& file,
                                                const ImportOptions& opts);
Result<std::vector<IngestSource>> import_locomo(const std::filesystem::path& file,
                                                const std::atomic_bool* cancel = nullptr);
Result<std::vector<IngestSource>> parse_locomo(std::string_view content, const std::string& origin,
                                               const ImportOptions& opts);
Result<std::vector<IngestSource>> parse_locomo(std::string_view content, const std::string& origin,
                                               const std::atomic_bool* cancel = nullptr);

// LoCoMo's session time, "1:56 pm on 8 May, 2023" (full or three-letter month), read as UTC.
std::optional<std::int64_t> parse_locomo_date(std::string_view text);

// Dispatches on `format`, or detect_format() when none is given.
Result<std::vector<IngestSource>> import_path(const std::filesystem::path& path,
                                              std::optional<ImportFormat> format,
                                              const ImportOptions& opts);
Result<std::vector<IngestSource>> import_path(const std::filesystem::path& path,
                                              std::optional<ImportFormat> format,
                                              const std::atomic_bool* cancel = nullptr);

} // namespace memlens
