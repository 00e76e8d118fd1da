#include "import/frontmatter.h"

#include "import/file_text.h"
#include "import/input_rules.h"

#include <memlens/time_util.h>

namespace memlens::import_detail {

namespace {

struct Line {
    std::string_view text; // without the newline and a trailing '\r'
    std::size_t next = 0;  // offset of the following line
};

Line line_at(std::string_view text, std::size_t pos) {
    std::size_t end = text.find('\n', pos);
    Line l;
    l.next = end == std::string_view::npos ? text.size() : end + 1;
    l.text = text.substr(pos, (end == std::string_view::npos ? text.size() : end) - pos);
    if (!l.text.empty() && l.text.back() == '\r')
        l.text.remove_suffix(1);
    return l;
}

std::string unquote(std::string_view v) {
    v = trim(v);
    if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front())
        v = v.substr(1, v.size() - 2);
    return std::string(v);
}

void add_tag(std::vector<std::string>& tags, std::string_view raw) {
    std::string t = unquote(raw);
    if (!t.empty() && t.front() == '#')
        t.erase(0, 1);
    if (!t.empty())
        tags.push_back(std::move(t));
}

// "[a, 'b']" or "a, b": flow lists and comma lists both mean several tags.
void add_tag_list(std::vector<std::string>& tags, std::string_view v) {
    v = trim(v);
    if (v.size() >= 2 && v.front() == '[' && v.back() == ']')
        v = v.substr(1, v.size() - 2);
    std::size_t start = 0;
    while (start <= v.size()) {
        std::size_t comma = v.find(',', start);
        if (comma == std::string_view::npos)
            comma = v.size();
        add_tag(tags, v.substr(start, comma - start));
        start = comma + 1;
    }
}

bool is_key_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-';
}

} // namespace

Result<Frontmatter> parse_frontmatter(std::string_view text, const std::string& origin) {
    Frontmatter fm;
    Line first = line_at(text, 0);
    if (trim(first.text) != "---")
        return fm;

    // Find the closing fence first: an unclosed block is a thematic break, not metadata.
    std::size_t pos = first.next;
    std::size_t line_no = 2;
    std::size_t close_pos = std::string_view::npos;
    std::size_t close_line = 0;
    for (std::size_t p = pos, n = line_no; p < text.size(); ++n) {
        Line l = line_at(text, p);
        if (trim(l.text) == "---" || trim(l.text) == "...") {
            close_pos = p;
            close_line = n;
            break;
        }
        p = l.next;
    }
    if (close_pos == std::string_view::npos)
        return fm;

    std::string list_key; // the key whose "- item" lines follow
    while (pos < close_pos) {
        Line l = line_at(text, pos);
        std::string_view body = trim(l.text);
        if (!body.empty() && body.front() != '#') {
            if (body.front() == '-' && !list_key.empty()) {
                if (list_key == "tags")
                    add_tag(fm.tags, body.substr(1));
            } else {
                std::size_t k = 0;
                while (k < l.text.size() && is_key_char(l.text[k]))
                    ++k;
                list_key.clear();
                if (k > 0 && k < l.text.size() && l.text[k] == ':') {
                    std::string key = ascii_lower(l.text.substr(0, k));
                    std::string_view value = trim(l.text.substr(k + 1));
                    if (value.empty()) {
                        list_key = key;
                    } else if (key == "title") {
                        fm.title = unquote(value);
                    } else if (key == "author") {
                        fm.author = unquote(value);
                    } else if (key == "tags") {
                        add_tag_list(fm.tags, value);
                    } else if (key == "date") {
                        auto t = parse_time_text(unquote(value), false);
                        if (!t)
                            return Status::invalid(origin + ":" + std::to_string(line_no) +
                                                   ": frontmatter date: " + t.status().message());
                        fm.date_ms = *t;
                    }
                }
            }
        }
        pos = l.next;
        ++line_no;
    }
    fm.body_offset = line_at(text, close_pos).next;
    fm.body_first_line = close_line + 1;
    return fm;
}

} // namespace memlens::import_detail
