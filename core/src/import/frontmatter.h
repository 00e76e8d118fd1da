// The YAML frontmatter subset Markdown notes use (Obsidian, Hugo, Jekyll): a block fenced by
// "---" lines at the very top with scalar keys and simple lists. A full YAML parser would be a
// dependency for four keys; this scanner reads exactly what docs/formats.md promises.
#pragma once

#include <memlens/status.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens::import_detail {

struct Frontmatter {
    std::optional<std::string> title;
    std::optional<std::int64_t> date_ms;
    std::optional<std::string> author;
    std::vector<std::string> tags;
    std::size_t body_offset = 0;     // byte offset where the Markdown body starts
    std::size_t body_first_line = 1; // 1-based line number of that offset
};

// Reads the frontmatter at the start of `text` (no BOM). Without a closed "---" block the whole
// text is body. A date that is not RFC 3339 is InvalidArgument "<origin>:<line>: ...".
Result<Frontmatter> parse_frontmatter(std::string_view text, const std::string& origin);

} // namespace memlens::import_detail
