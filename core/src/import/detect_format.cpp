// Format detection for `memlens-cli ingest` without --format: by extension first, then by a
// look at the content for files whose name says nothing.
#include "import/file_text.h"

#include <memlens/import.h>
#include <memlens/thread_guard.h>

#include <nlohmann/json.hpp>

#include <fstream>

namespace memlens {

namespace {

namespace fs = std::filesystem;

bool looks_like_locomo(std::string_view content) {
    // A full parse: in LoCoMo files "qa" precedes "conversation", so a prefix would not do.
    auto doc = nlohmann::json::parse(content, nullptr, false);
    if (doc.is_discarded() || !doc.is_array() || doc.empty())
        return false;
    const auto& first = doc.front();
    return first.is_object() && first.contains("conversation");
}

char first_non_blank(std::string_view content) {
    for (char c : content)
        if (c != ' ' && c != '\t' && c != '\r' && c != '\n')
            return c;
    return '\0';
}

} // namespace

namespace {

// `max_file_bytes` bounds the whole read a LoCoMo-looking file needs.
Result<ImportFormat> detect(const fs::path& path, std::size_t max_file_bytes) {
    std::error_code ec;
    if (!fs::exists(path, ec))
        return Status::io("cannot read '" + path.string() + "': no such file or folder");
    if (fs::is_directory(path, ec))
        return ImportFormat::Markdown;
    std::string ext = import_detail::ascii_lower(path.extension().string());
    if (ext == ".md" || ext == ".markdown")
        return ImportFormat::Markdown;
    if (ext == ".jsonl" || ext == ".ndjson")
        return ImportFormat::Jsonl;

    // A LoCoMo array needs the whole file; anything else is told by its first character, so a
    // large JSONL export is not read twice.
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Status::io("cannot read '" + path.string() + "'");
    std::string head(4096, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    char first = first_non_blank(import_detail::strip_bom(head));
    if (first == '[') {
        auto content = import_detail::read_whole_file(path, max_file_bytes);
        if (!content)
            return content.status();
        if (looks_like_locomo(import_detail::strip_bom(*content)))
            return ImportFormat::Locomo;
    }
    if (ext != ".json" && first == '{')
        return ImportFormat::Jsonl;
    return Status::invalid("cannot tell the format of '" + path.string() +
                           "': expected a folder or .md (markdown), .jsonl (jsonl), or a .json "
                           "array of LoCoMo samples; pass --format");
}

} // namespace

Result<ImportFormat> detect_format(const fs::path& path) {
    check_off_ui_thread("detect_format");
    return detect(path, ImportOptions{}.max_file_bytes);
}

Result<std::vector<IngestSource>>
import_path(const fs::path& path, std::optional<ImportFormat> format, const ImportOptions& opts) {
    if (!format) {
        check_off_ui_thread("detect_format");
        auto detected = detect(path, opts.max_file_bytes);
        if (!detected)
            return detected.status();
        format = *detected;
    }
    switch (*format) {
    case ImportFormat::Jsonl:
        return import_jsonl(path, opts);
    case ImportFormat::Markdown:
        return import_markdown(path, opts);
    case ImportFormat::Locomo:
        return import_locomo(path, opts);
    }
    return Status::internal("unknown import format");
}

Result<std::vector<IngestSource>> import_path(const fs::path& path,
                                              std::optional<ImportFormat> format,
                                              const std::atomic_bool* cancel) {
    ImportOptions opts;
    opts.cancel = cancel;
    return import_path(path, format, opts);
}

} // namespace memlens
