// JSONL messages → IngestSources (docs/formats.md, "JSONL"). Reads and parses line by line so a
// 1M-line export streams through without a DOM (or a copy) of the whole file, so a line's length
// bounds the memory a read takes, and so every error has its line.
#include "import/file_text.h"
#include "import/input_rules.h"

#include <memlens/import.h>
#include <memlens/text.h>
#include <memlens/thread_guard.h>
#include <memlens/time_util.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <unordered_map>
#include <unordered_set>

namespace memlens {

namespace {

using nlohmann::json;

// How often the cancel flag is polled: cheap enough, and a cancel lands within milliseconds.
constexpr std::size_t kCancelPollLines = 4096;

// "2024-05-03": the UTC day that names a default chat group.
std::string day_of(std::int64_t ts_ms) {
    std::int64_t days = ts_ms >= 0 ? ts_ms / kMsPerDay : -((-ts_ms + kMsPerDay - 1) / kMsPerDay);
    std::int64_t y = 0;
    unsigned m = 0, d = 0;
    civil_from_days(days, y, m, d);
    char buf[24];
    std::snprintf(buf, sizeof buf, "%04lld-%02u-%02u", static_cast<long long>(y), m, d);
    return buf;
}

class JsonlParser {
public:
    JsonlParser(const std::string& origin, const ImportOptions& opts)
        : origin_(origin)
        , file_name_(std::filesystem::path(origin).filename().string())
        , opts_(opts) {}

    // Text already in memory, split into lines under the same line limit as a file.
    Result<std::vector<IngestSource>> run(std::string_view content) {
        content = import_detail::strip_bom(content);
        // Sized up front: rehashing a million ids costs more than counting the lines.
        ids_.reserve(static_cast<std::size_t>(std::count(content.begin(), content.end(), '\n')) +
                     1);
        std::size_t line_no = 0;
        std::size_t pos = 0;
        while (pos < content.size()) {
            std::size_t end = content.find('\n', pos);
            if (end == std::string_view::npos)
                end = content.size();
            std::string_view line = content.substr(pos, end - pos);
            pos = end + 1;
            ++line_no;
            if (line.size() > opts_.max_line_bytes)
                return error(line_no,
                             "line " + import_detail::too_long(line.size(), opts_.max_line_bytes,
                                                               "--max-line-bytes"));
            if (Status st = feed(line, line_no); !st.is_ok())
                return st;
        }
        return std::move(sources_);
    }

    // A file, streamed: only the current line is held besides what was parsed.
    Result<std::vector<IngestSource>> run(const std::filesystem::path& file) {
        import_detail::LineReader reader(file, opts_.max_line_bytes);
        if (Status st = reader.open(); !st.is_ok())
            return st;
        std::string line;
        for (;;) {
            auto more = reader.next(line);
            if (!more)
                return more.status();
            if (!*more)
                break;
            std::string_view view = line;
            if (reader.line_number() == 1)
                view = import_detail::strip_bom(view);
            if (Status st = feed(view, reader.line_number()); !st.is_ok())
                return st;
        }
        return std::move(sources_);
    }

    Status feed(std::string_view line, std::size_t line_no) {
        if (opts_.cancel != nullptr && line_no % kCancelPollLines == 0 && opts_.cancel->load())
            return Status::cancelled();
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (auto bad = import_detail::check_input_bytes(line))
            return error(line_no, bad->what + " at column " + std::to_string(bad->offset + 1));
        if (import_detail::trim(line).empty())
            return Status::ok();
        return parse_line(line, line_no);
    }

private:
    Status error(std::size_t line, const std::string& what) const {
        return Status::invalid(origin_ + ":" + std::to_string(line) + ": " + what);
    }

    // nullopt when absent or null; an error Status in `err` when present with the wrong type.
    std::optional<std::string> optional_string(json& obj, const char* key, bool allow_int,
                                               std::size_t line, Status& err) const {
        auto it = obj.find(key);
        if (it == obj.end() || it->is_null())
            return std::nullopt;
        if (it->is_string()) {
            if (auto p = import_detail::string_problem(it->get_ref<const std::string&>())) {
                if (err.is_ok())
                    err = error(line, std::string("field '") + key + "' " + *p);
                return std::nullopt;
            }
            return std::move(it->get_ref<std::string&>());
        }
        if (allow_int && it->is_number_integer())
            return it->dump();
        if (err.is_ok()) // the first bad field is the one reported
            err = error(line, std::string("field '") + key + "' must be a string" +
                                  (allow_int ? " or an integer" : ""));
        return std::nullopt;
    }

    // "source" is a name and "text" an item's text (input_rules.h): both must not be blank.
    Result<std::string> required_string(json& obj, const char* key, std::size_t line,
                                        bool is_text) const {
        auto it = obj.find(key);
        if (it == obj.end() || it->is_null())
            return error(line, std::string("missing field '") + key + "'");
        if (!it->is_string())
            return error(line, std::string("field '") + key + "' must be a string");
        std::string value = std::move(it->get_ref<std::string&>());
        std::optional<std::string> problem;
        if (is_text) {
            problem = import_detail::text_problem(value, opts_);
        } else {
            problem = import_detail::string_problem(value);
            if (!problem && import_detail::is_blank(value))
                problem = "is empty";
        }
        if (problem)
            return error(line, std::string("field '") + key + "' " + *problem);
        return value;
    }

    Result<std::int64_t> timestamp(const json& obj, std::size_t line) const {
        auto it = obj.find("ts");
        if (it == obj.end() || it->is_null())
            return error(line, "missing field 'ts'");
        if (it->is_number_integer()) {
            if (it->is_number_unsigned() &&
                it->get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX))
                return error(line, "field 'ts' is outside the years 0000 to 9999");
            const auto ms = it->get<std::int64_t>();
            if (auto p = import_detail::time_problem(ms))
                return error(line, "field 'ts' " + *p);
            return ms;
        }
        if (!it->is_string())
            return error(line, "field 'ts' must be an RFC 3339 string or integer epoch "
                               "milliseconds");
        auto t = import_detail::parse_time_text(it->get_ref<const std::string&>(), true);
        if (!t)
            return error(line, "field 'ts': " + t.status().message());
        return *t;
    }

    Status parse_line(std::string_view line, std::size_t line_no) {
        json obj;
        try {
            obj = json::parse(line);
        } catch (const json::parse_error& e) {
            return error(line_no, import_detail::describe_json_error(e, line));
        } catch (const json::exception& e) {
            // out_of_range: a number no double can hold (1e999). Its message quotes no input.
            return error(line_no, std::string("malformed JSON: ") + e.what());
        }
        if (!obj.is_object())
            return error(line_no, "expected a JSON object, found " + std::string(obj.type_name()));

        auto source = required_string(obj, "source", line_no, false);
        if (!source)
            return source.status();
        auto ts = timestamp(obj, line_no);
        if (!ts)
            return ts.status();
        auto text = required_string(obj, "text", line_no, true);
        if (!text)
            return text.status();

        Status err;
        IngestItem item;
        item.author = optional_string(obj, "author", false, line_no, err).value_or("");
        item.message_id = optional_string(obj, "id", true, line_no, err);
        item.supersedes = optional_string(obj, "supersedes", true, line_no, err);
        auto thread = optional_string(obj, "thread", false, line_no, err);
        if (!err.is_ok())
            return err;
        if (item.message_id && item.message_id->empty())
            item.message_id.reset();
        if (item.supersedes && item.supersedes->empty())
            item.supersedes.reset();
        if (Status st = read_tags(obj, line_no, item.tags); !st.is_ok())
            return st;
        if (item.message_id) {
            auto [it, fresh] = ids_.emplace(*item.message_id, line_no);
            if (!fresh)
                return error(line_no, "duplicate id " + import_detail::quote(*item.message_id) +
                                          " (first on line " + std::to_string(it->second) + ")");
        }
        item.text = std::move(*text);
        item.ts_ms = *ts;
        item.line = line_no;
        item.source_ref =
            item.message_id ? *item.message_id : file_name_ + ":" + std::to_string(line_no);
        item.group_id = thread && !thread->empty() ? *thread : *source + "#" + day_of(*ts);
        add(*source, std::move(item));
        return Status::ok();
    }

    Status read_tags(const json& obj, std::size_t line_no, std::vector<std::string>& out) const {
        auto it = obj.find("tags");
        if (it == obj.end() || it->is_null())
            return Status::ok();
        if (!it->is_array())
            return error(line_no, "field 'tags' must be an array of strings");
        for (const auto& tag : *it) {
            if (!tag.is_string())
                return error(line_no, "field 'tags' must be an array of strings");
            if (auto p = import_detail::string_problem(tag.get_ref<const std::string&>()))
                return error(line_no, "field 'tags': a tag " + *p);
            out.push_back(tag.get_ref<const std::string&>());
        }
        return Status::ok();
    }

    void add(const std::string& source_id, IngestItem item) {
        auto it = index_.find(source_id);
        if (it == index_.end()) {
            it = index_.emplace(source_id, sources_.size()).first;
            IngestSource s;
            s.source_id = source_id;
            s.platform = platform_of(source_id);
            // An unregistered platform is treated as conversation: JSONL is a message log.
            s.source_kind = source_kind_for(source_id).value_or("chat");
            s.title = source_id;
            s.format = "jsonl";
            s.origin_path = origin_;
            sources_.push_back(std::move(s));
            authors_.emplace_back();
        }
        IngestSource& s = sources_[it->second];
        if (!item.author.empty() && authors_[it->second].insert(item.author).second)
            s.persons.push_back(item.author);
        s.version_ms = s.items.empty() ? item.ts_ms : std::max(s.version_ms, item.ts_ms);
        s.items.push_back(std::move(item));
    }

    std::string origin_;
    std::string file_name_;
    const ImportOptions& opts_;
    std::vector<IngestSource> sources_;
    std::unordered_map<std::string, std::size_t> index_;
    std::vector<std::unordered_set<std::string>> authors_;
    std::unordered_map<std::string, std::size_t> ids_;
};

} // namespace

Result<std::vector<IngestSource>> parse_jsonl(std::string_view content, const std::string& origin,
                                              const ImportOptions& opts) {
    return JsonlParser(origin, opts).run(content);
}

Result<std::vector<IngestSource>> parse_jsonl(std::string_view content, const std::string& origin,
                                              const std::atomic_bool* cancel) {
    ImportOptions opts;
    opts.cancel = cancel;
    return parse_jsonl(content, origin, opts);
}

Result<std::vector<IngestSource>> import_jsonl(const std::filesystem::path& file,
                                               const ImportOptions& opts) {
    check_off_ui_thread("import_jsonl");
    return JsonlParser(file.string(), opts).run(file);
}

Result<std::vector<IngestSource>> import_jsonl(const std::filesystem::path& file,
                                               const std::atomic_bool* cancel) {
    ImportOptions opts;
    opts.cancel = cancel;
    return import_jsonl(file, opts);
}

} // namespace memlens
