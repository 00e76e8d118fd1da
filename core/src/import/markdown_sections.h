// Splits a Markdown body into sections at ATX headings ("# ", "## ", ...), the unit a reader
// scans and the unit retrieval returns. Headings inside fenced code blocks do not count, and
// "#hashtag" is not a heading (CommonMark needs a space after the #s).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace memlens::import_detail {

struct MarkdownSection {
    int level = 0;                      // 1..6; 0 for text before the first heading
    std::string heading;                // heading text without #s; empty for level 0
    std::string text;                   // heading line and body, blank lines at both ends dropped
    std::size_t line = 0;               // 1-based line of the section's first line
    std::vector<std::string> ancestors; // headings of the enclosing sections, outermost first
};

// `first_line` is the line number of body[0] in the file. Sections with no text are dropped.
std::vector<MarkdownSection> split_markdown_sections(std::string_view body, std::size_t first_line);

} // namespace memlens::import_detail
