// The platform registry (docs/formats.md), which decides whether a source is chat, email or a
// document.
#include "import/file_text.h"

#include <memlens/import.h>

#include <array>
#include <utility>

namespace memlens {

namespace {

struct PlatformKind {
    std::string_view platform;
    std::string_view kind;
};

constexpr std::array<PlatformKind, 28> kRegistry{{
    {"chat", "chat"},
    {"slack", "chat"},
    {"discord", "chat"},
    {"telegram", "chat"},
    {"whatsapp", "chat"},
    {"irc", "chat"},
    {"matrix", "chat"},
    {"mattermost", "chat"},
    {"lark", "chat"},
    {"signal", "chat"},
    {"imessage", "chat"},
    {"teams", "chat"},
    {"email", "email"},
    {"gmail", "email"},
    {"imap", "email"},
    {"outlook", "email"},
    {"fastmail", "email"},
    {"protonmail", "email"},
    {"document", "document"},
    {"notion", "document"},
    {"linear", "document"},
    {"drive", "document"},
    {"googledoc", "document"},
    {"doc", "document"},
    {"dropbox", "document"},
    {"confluence", "document"},
    // memlens's own importers name these platforms.
    {"markdown", "document"},
    {"locomo", "chat"},
}};

} // namespace

std::string platform_of(std::string_view source_id) {
    auto colon = source_id.find(':');
    if (colon == std::string_view::npos)
        return {};
    return import_detail::ascii_lower(source_id.substr(0, colon));
}

std::optional<std::string> source_kind_for(std::string_view source_id_or_platform) {
    std::string platform = platform_of(source_id_or_platform);
    if (platform.empty() && source_id_or_platform.find(':') == std::string_view::npos)
        platform = import_detail::ascii_lower(source_id_or_platform);
    for (const auto& entry : kRegistry)
        if (entry.platform == platform)
            return std::string(entry.kind);
    return std::nullopt;
}

const char* to_string(ImportFormat f) {
    switch (f) {
    case ImportFormat::Jsonl:
        return "jsonl";
    case ImportFormat::Markdown:
        return "markdown";
    case ImportFormat::Locomo:
        return "locomo";
    }
    return "jsonl";
}

std::optional<ImportFormat> import_format_from_string(std::string_view s) {
    std::string lower = import_detail::ascii_lower(s);
    if (lower == "jsonl" || lower == "ndjson")
        return ImportFormat::Jsonl;
    if (lower == "markdown" || lower == "md")
        return ImportFormat::Markdown;
    if (lower == "locomo")
        return ImportFormat::Locomo;
    return std::nullopt;
}

} // namespace memlens
