#include "entities/frontmatter.h"

#include <cstdio>
#include <utility>
#include <vector>

namespace memlens::entities {

namespace {

struct Line {
    std::string_view text; // without the line break
    std::size_t number;    // 1-based
    std::size_t next;      // byte offset just past the line break
};

std::string_view trim_field(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

Line read_line(std::string_view content, std::size_t pos, std::size_t number) {
    const std::size_t nl = content.find('\n', pos);
    const std::size_t end = nl == std::string_view::npos ? content.size() : nl;
    std::string_view text = content.substr(pos, end - pos);
    if (!text.empty() && text.back() == '\r')
        text.remove_suffix(1);
    return {text, number, nl == std::string_view::npos ? content.size() : nl + 1};
}

class Parser {
public:
    Parser(std::string label, std::size_t line)
        : label_(std::move(label))
        , line_(line) {}

    Status error(const std::string& message) const {
        return Status::invalid(label_ + ":" + std::to_string(line_) + ": " + message);
    }

    // One scalar: "double quoted" (with \ escapes), 'single quoted' ('' is a quote), or plain
    // (a " #" starts a comment; ~ and null are empty). `rest` receives what follows it.
    Status scalar(std::string_view in, std::string& out, std::string_view& rest,
                  std::string_view stop_chars = {}) const {
        out.clear();
        in = trim_field(in);
        if (!in.empty() && in.front() == '#') { // "key: # comment" is an empty value
            rest = in;
            return Status::ok();
        }
        if (!in.empty() && in.front() == '"')
            return double_quoted(in, out, rest);
        if (!in.empty() && in.front() == '\'')
            return single_quoted(in, out, rest);
        if (!in.empty() && (in.front() == '|' || in.front() == '>'))
            return error("block scalars ('|', '>') are not supported; quote the value");
        if (!in.empty() && (in.front() == '[' || in.front() == '{') && !stop_chars.empty())
            return error("nested collections are not supported");
        std::size_t end = 0;
        while (end < in.size() && stop_chars.find(in[end]) == std::string_view::npos &&
               !(in[end] == '#' && end > 0 && (in[end - 1] == ' ' || in[end - 1] == '\t')))
            ++end;
        std::string_view value = trim_field(in.substr(0, end));
        rest = in.substr(end);
        if (value == "~" || value == "null")
            value = {};
        out.assign(value);
        return Status::ok();
    }

    // [a, "b, c", 'd']
    Status flow_list(std::string_view in, std::vector<std::string>& out) const {
        in = trim_field(in);
        in.remove_prefix(1); // '['
        out.clear();
        while (true) {
            in = trim_field(in);
            if (in.empty())
                return error("list opened with '[' is not closed with ']'");
            if (in.front() == ']') {
                in.remove_prefix(1);
                break;
            }
            std::string item;
            std::string_view rest;
            MEMLENS_TRY(scalar(in, item, rest, ",]"));
            rest = trim_field(rest);
            if (rest.empty())
                return error("list opened with '[' is not closed with ']'");
            if (rest.front() != ',' && rest.front() != ']')
                return error("expected ',' or ']' in list");
            if (!item.empty())
                out.push_back(std::move(item));
            if (rest.front() == ',')
                rest.remove_prefix(1);
            in = rest;
        }
        return trailing(in);
    }

    Status trailing(std::string_view rest) const {
        rest = trim_field(rest);
        if (!rest.empty() && rest.front() != '#')
            return error("unexpected text after value: '" + std::string(rest) + "'");
        return Status::ok();
    }

    void set_line(std::size_t line) { line_ = line; }

private:
    Status double_quoted(std::string_view in, std::string& out, std::string_view& rest) const {
        for (std::size_t i = 1; i < in.size(); ++i) {
            const char c = in[i];
            if (c == '"') {
                rest = in.substr(i + 1);
                return Status::ok();
            }
            if (c != '\\') {
                out.push_back(c);
                continue;
            }
            if (++i >= in.size())
                break;
            switch (in[i]) {
            case 'n':
                out.push_back('\n');
                break;
            case 't':
                out.push_back('\t');
                break;
            case 'r':
                out.push_back('\r');
                break;
            case '0':
                out.push_back('\0');
                break;
            case '"':
            case '\\':
            case '/':
                out.push_back(in[i]);
                break;
            case 'x':
            case 'u': {
                const std::size_t digits = in[i] == 'x' ? 2 : 4;
                if (i + digits >= in.size())
                    return error("truncated escape in double-quoted string");
                unsigned value = 0;
                for (std::size_t k = 1; k <= digits; ++k) {
                    const char h = in[i + k];
                    const int d = (h >= '0' && h <= '9')   ? h - '0'
                                  : (h >= 'a' && h <= 'f') ? h - 'a' + 10
                                  : (h >= 'A' && h <= 'F') ? h - 'A' + 10
                                                           : -1;
                    if (d < 0)
                        return error("bad hex digit in escape");
                    value = value * 16 + static_cast<unsigned>(d);
                }
                i += digits;
                if (value >= 0xD800 && value <= 0xDFFF)
                    return error("surrogate escapes are not supported; write the character");
                append_code_point(out, value);
                break;
            }
            default:
                return error(std::string("unknown escape '\\") + in[i] + "'");
            }
        }
        return error("double-quoted string is not closed");
    }

    Status single_quoted(std::string_view in, std::string& out, std::string_view& rest) const {
        for (std::size_t i = 1; i < in.size(); ++i) {
            if (in[i] != '\'') {
                out.push_back(in[i]);
            } else if (i + 1 < in.size() && in[i + 1] == '\'') {
                out.push_back('\'');
                ++i;
            } else {
                rest = in.substr(i + 1);
                return Status::ok();
            }
        }
        return error("single-quoted string is not closed");
    }

    static void append_code_point(std::string& out, unsigned cp) {
        if (cp < 0x80) {
            out.push_back(static_cast<char>(cp));
        } else if (cp < 0x800) {
            out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        } else {
            out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
            out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        }
    }

    std::string label_;
    std::size_t line_;
};

bool valid_key(std::string_view key) {
    if (key.empty())
        return false;
    for (char c : key)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '-'))
            return false;
    return true;
}

void quote(std::string& out, std::string_view s) {
    out += '"';
    for (char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (c == '\n') {
            out += "\\n";
        } else if (c == '\t') {
            out += "\\t";
        } else if (c == '\r') {
            out += "\\r";
        } else if (u < 0x20 || u == 0x7F) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02X", u);
            out += buf;
        } else {
            out += c;
        }
    }
    out += '"';
}

void write_list(std::string& out, std::string_view key, const std::vector<std::string>& items) {
    out += key;
    if (items.empty()) {
        out += ": []\n";
        return;
    }
    out += ":\n";
    for (const auto& item : items) {
        out += "  - ";
        quote(out, item);
        out += '\n';
    }
}

// What the frontmatter's lines have filled in so far, and what the next line continues.
struct EntityFields {
    EntityRecord r;
    bool has_kind = false;
    std::vector<std::string> seen_keys;
    std::vector<std::string>* block_list = nullptr; // the list that "- item" lines extend
    bool skipping = false;                          // inside an unknown key's nested value
};

// A "- item" line under a list key.
Status read_block_item(const Parser& p, std::string_view t, EntityFields& f) {
    if (f.skipping)
        return Status::ok();
    if (f.block_list == nullptr)
        return p.error("list item '-' without a list key above it");
    std::string item;
    std::string_view rest;
    MEMLENS_TRY(p.scalar(t.substr(1), item, rest));
    MEMLENS_TRY(p.trailing(rest));
    if (!item.empty())
        f.block_list->push_back(std::move(item));
    return Status::ok();
}

// The value of a list key: nothing (the items follow as "- item" lines), [a, b], or one item.
Status read_list_value(const Parser& p, std::string_view value, std::vector<std::string>& list,
                       EntityFields& f) {
    if (value.empty() || value.front() == '#') {
        f.block_list = &list;
    } else if (value.front() == '[') {
        MEMLENS_TRY(p.flow_list(value, list));
    } else {
        std::string item;
        std::string_view rest;
        MEMLENS_TRY(p.scalar(value, item, rest));
        MEMLENS_TRY(p.trailing(rest));
        if (!item.empty())
            list.push_back(std::move(item));
    }
    return Status::ok();
}

// A "key: value" line.
Status read_key_value(const Parser& p, std::string_view t, EntityFields& f) {
    const std::size_t colon = t.find(':');
    if (colon == std::string_view::npos)
        return p.error("expected 'key: value'");
    const std::string key(trim_field(t.substr(0, colon)));
    if (!valid_key(key))
        return p.error("expected 'key: value'");
    for (const auto& k : f.seen_keys)
        if (k == key)
            return p.error("duplicate key '" + key + "'");
    f.seen_keys.push_back(key);
    const std::string_view value = trim_field(t.substr(colon + 1));
    f.block_list = nullptr;
    f.skipping = false;

    EntityRecord& r = f.r;
    std::vector<std::string>* list = key == "aliases"   ? &r.aliases
                                     : key == "emails"  ? &r.emails
                                     : key == "handles" ? &r.handles
                                                        : nullptr;
    if (list != nullptr)
        return read_list_value(p, value, *list, f);
    std::string* field = key == "id"             ? &r.id
                         : key == "kind"         ? &r.kind
                         : key == "display_name" ? &r.display_name
                                                 : nullptr;
    if (field == nullptr) {
        f.skipping = true; // unknown keys (and anything nested under them) are ignored
        return Status::ok();
    }
    if (!value.empty() && value.front() == '[')
        return p.error("'" + key + "' must be a single value, not a list");
    std::string_view rest;
    MEMLENS_TRY(p.scalar(value, *field, rest));
    MEMLENS_TRY(p.trailing(rest));
    f.has_kind = f.has_kind || key == "kind";
    return Status::ok();
}

// One line between the opening '---' and the closing one; `t` is the line trimmed.
Status read_frontmatter_line(const Parser& p, std::string_view text, std::string_view t,
                             EntityFields& f) {
    if (t.empty() || t.front() == '#')
        return Status::ok();
    const bool indented = text.front() == ' ' || text.front() == '\t';
    if (t.front() == '-' && (t.size() == 1 || t[1] == ' ' || t[1] == '\t'))
        return read_block_item(p, t, f);
    if (indented) {
        if (f.skipping)
            return Status::ok();
        return p.error("unexpected indented line; expected 'key: value'");
    }
    return read_key_value(p, t, f);
}

} // namespace

Result<EntityRecord> parse_entity_file(std::string_view content, const std::string& label,
                                       const std::string& default_kind) {
    if (content.substr(0, 3) == "\xEF\xBB\xBF")
        content.remove_prefix(3);
    Parser p(label, 1);
    Line line = read_line(content, 0, 1);
    if (trim_field(line.text) != "---")
        return p.error("missing YAML frontmatter: the file must start with a '---' line");

    EntityFields f;
    bool closed = false;
    std::size_t pos = line.next;
    std::size_t number = 1;
    while (pos < content.size()) {
        line = read_line(content, pos, ++number);
        pos = line.next;
        p.set_line(number);
        const std::string_view t = trim_field(line.text);
        if (t == "---" || t == "...") {
            closed = true;
            break;
        }
        MEMLENS_TRY(read_frontmatter_line(p, line.text, t, f));
    }
    if (!closed) {
        p.set_line(1);
        return p.error("frontmatter opened here is never closed with '---'");
    }
    p.set_line(1);
    EntityRecord& r = f.r;
    if (r.id.empty())
        return p.error("frontmatter has no 'id'");
    if (!f.has_kind || r.kind.empty())
        r.kind = default_kind;
    r.notes.assign(content.substr(pos));
    return std::move(r);
}

std::string format_entity_file(const EntityRecord& record) {
    std::string out = "---\nid: ";
    quote(out, record.id);
    out += "\nkind: ";
    quote(out, record.kind);
    out += "\ndisplay_name: ";
    quote(out, record.display_name);
    out += '\n';
    write_list(out, "aliases", record.aliases);
    write_list(out, "emails", record.emails);
    write_list(out, "handles", record.handles);
    out += "---\n";
    out += record.notes;
    return out;
}

} // namespace memlens::entities
