#include "import/markdown_sections.h"

#include "import/file_text.h"
#include "import/input_rules.h"

namespace memlens::import_detail {

namespace {

std::size_t leading_spaces(std::string_view line) {
    std::size_t n = 0;
    while (n < line.size() && line[n] == ' ')
        ++n;
    return n;
}

// The fence opener ("```", "~~~~", ...) a line starts with, or empty.
std::string_view fence_of(std::string_view line) {
    std::size_t indent = leading_spaces(line);
    if (indent > 3 || indent >= line.size())
        return {};
    char c = line[indent];
    if (c != '`' && c != '~')
        return {};
    std::size_t n = indent;
    while (n < line.size() && line[n] == c)
        ++n;
    return n - indent >= 3 ? line.substr(indent, n - indent) : std::string_view{};
}

// Level 1..6 and the heading text, or level 0 when the line is not an ATX heading.
int heading_of(std::string_view line, std::string& text) {
    std::size_t indent = leading_spaces(line);
    if (indent > 3)
        return 0;
    std::size_t n = indent;
    while (n < line.size() && line[n] == '#')
        ++n;
    int level = static_cast<int>(n - indent);
    if (level < 1 || level > 6)
        return 0;
    if (n < line.size() && line[n] != ' ' && line[n] != '\t')
        return 0;
    std::string_view rest = trim(line.substr(n));
    // An optional closing run of #s preceded by a space is not part of the text.
    std::size_t end = rest.size();
    while (end > 0 && rest[end - 1] == '#')
        --end;
    if (end == 0 || rest[end - 1] == ' ' || rest[end - 1] == '\t')
        rest = trim(rest.substr(0, end));
    text.assign(rest);
    return level;
}

} // namespace

std::vector<MarkdownSection> split_markdown_sections(std::string_view body,
                                                     std::size_t first_line) {
    std::vector<MarkdownSection> out;
    std::vector<std::pair<int, std::string>> open; // enclosing headings by level
    MarkdownSection current;
    std::vector<std::string_view> lines;
    std::string_view fence;

    auto flush = [&] {
        while (!lines.empty() && is_blank(lines.back()))
            lines.pop_back();
        std::size_t skip = 0;
        while (skip < lines.size() && is_blank(lines[skip]))
            ++skip;
        if (skip < lines.size()) {
            current.line += skip;
            for (std::size_t i = skip; i < lines.size(); ++i) {
                if (i > skip)
                    current.text += '\n';
                current.text.append(lines[i]);
            }
            out.push_back(std::move(current));
        }
        current = MarkdownSection{};
        lines.clear();
    };

    current.line = first_line;
    std::size_t line_no = first_line;
    std::size_t pos = 0;
    while (pos < body.size()) {
        std::size_t end = body.find('\n', pos);
        if (end == std::string_view::npos)
            end = body.size();
        std::string_view line = body.substr(pos, end - pos);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        pos = end + 1;

        std::string heading;
        int level = fence.empty() ? heading_of(line, heading) : 0;
        if (level > 0) {
            flush();
            while (!open.empty() && open.back().first >= level)
                open.pop_back();
            for (const auto& [l, h] : open)
                current.ancestors.push_back(h);
            open.emplace_back(level, heading);
            current.level = level;
            current.heading = std::move(heading);
            current.line = line_no;
        } else if (std::string_view f = fence_of(line); !f.empty()) {
            if (fence.empty())
                fence = f;
            else if (f.front() == fence.front() && f.size() >= fence.size())
                fence = {};
        }
        lines.push_back(line);
        ++line_no;
    }
    flush();
    return out;
}

} // namespace memlens::import_detail
