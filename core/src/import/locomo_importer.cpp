// LoCoMo conversations → one chat source per sample, one item per turn (docs/formats.md,
// docs/formats.md "LoCoMo"). Every shape error names the JSON path so a user can find it.
#include "import/file_text.h"
#include "import/input_rules.h"

#include <memlens/import.h>
#include <memlens/text.h>
#include <memlens/thread_guard.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

namespace memlens {

namespace {

using nlohmann::json;

// "session_12" → 12; 0 when the key is not a session key ("session_12_date_time", "speaker_a");
// -1 for "session_012", which names session 12 in a spelling whose date key and turn ids
// would not match it.
int session_number(std::string_view key) {
    constexpr std::string_view kPrefix = "session_";
    if (!key.starts_with(kPrefix) || key.size() == kPrefix.size() ||
        key.size() > kPrefix.size() + 6)
        return 0;
    const bool leading_zero = key.size() > kPrefix.size() + 1 && key[kPrefix.size()] == '0';
    int n = 0;
    for (char c : key.substr(kPrefix.size())) {
        if (c < '0' || c > '9')
            return 0;
        n = n * 10 + (c - '0');
    }
    return leading_zero ? -1 : n;
}

class LocomoParser {
public:
    LocomoParser(std::string origin, const ImportOptions& opts)
        : origin_(std::move(origin))
        , opts_(opts) {}

    Result<std::vector<IngestSource>> run(std::string_view content) {
        content = import_detail::strip_bom(content);
        if (content.size() > opts_.max_file_bytes)
            return Status::invalid(
                origin_ + ": " +
                import_detail::too_long(content.size(), opts_.max_file_bytes, "--max-file-bytes"));
        if (auto bad = import_detail::check_input_bytes(content))
            return Status::invalid(
                origin_ + ":" +
                std::to_string(import_detail::line_of_offset(content, bad->offset)) + ": " +
                bad->what + " at column " +
                std::to_string(import_detail::column_of_offset(content, bad->offset)));
        json doc;
        try {
            doc = json::parse(content);
        } catch (const json::parse_error& e) {
            return Status::invalid(origin_ + ":" +
                                   std::to_string(import_detail::line_of_offset(
                                       content, import_detail::json_error_offset(e))) +
                                   ": " + import_detail::describe_json_error(e, content));
        } catch (const json::exception& e) {
            // out_of_range: a number no double can hold (1e999). Its message quotes no input.
            return Status::invalid(origin_ + ": malformed JSON: " + e.what());
        }
        if (!doc.is_array())
            return shape("", std::string("expected an array of LoCoMo samples, found ") +
                                 doc.type_name());
        std::vector<IngestSource> out;
        std::set<std::string> seen;
        for (std::size_t i = 0; i < doc.size(); ++i) {
            if (opts_.cancel != nullptr && opts_.cancel->load())
                return Status::cancelled();
            auto src = sample(doc[i], "[" + std::to_string(i) + "]");
            if (!src)
                return src.status();
            if (!seen.insert(src->source_id).second)
                return shape("[" + std::to_string(i) + "].sample_id",
                             "duplicate sample " + import_detail::quote(src->source_id));
            out.push_back(std::move(*src));
        }
        return out;
    }

private:
    Status shape(const std::string& path, const std::string& what) const {
        return Status::invalid(origin_ + ": " + (path.empty() ? "top level" : path) + ": " + what);
    }

    // Every string the importer keeps, by one rule: present, a string (a number is the wrong
    // type, as anywhere else), valid UTF-8 without NUL (input_rules.h).
    Result<std::string> string_at(const json& obj, const char* key, const std::string& path) const {
        auto it = obj.find(key);
        std::string p = path + "." + key;
        if (it == obj.end() || it->is_null())
            return shape(p, "missing");
        if (!it->is_string())
            return shape(p, std::string("expected a string, found ") + it->type_name());
        const auto& value = it->get_ref<const std::string&>();
        if (auto problem = import_detail::string_problem(value))
            return shape(p, *problem);
        return value;
    }

    Result<IngestSource> sample(const json& s, const std::string& path) const {
        if (!s.is_object())
            return shape(path, std::string("expected an object, found ") + s.type_name());
        auto id = string_at(s, "sample_id", path);
        if (!id)
            return id.status();
        auto conv_it = s.find("conversation");
        if (conv_it == s.end())
            return shape(path + ".conversation", "missing");
        if (!conv_it->is_object())
            return shape(path + ".conversation",
                         std::string("expected an object, found ") + conv_it->type_name());
        const json& conv = *conv_it;
        const std::string cpath = path + ".conversation";
        auto a = string_at(conv, "speaker_a", cpath);
        if (!a)
            return a.status();
        auto b = string_at(conv, "speaker_b", cpath);
        if (!b)
            return b.status();

        IngestSource src;
        src.source_id = "locomo:" + *id;
        src.source_kind = "chat";
        src.platform = "locomo";
        src.format = "locomo";
        src.origin_path = origin_;
        src.title = *id + ": " + *a + " and " + *b;
        for (const std::string* p : {&*a, &*b})
            if (!p->empty() &&
                std::find(src.persons.begin(), src.persons.end(), *p) == src.persons.end())
                src.persons.push_back(*p);

        std::vector<int> sessions;
        for (const auto& [key, value] : conv.items()) {
            const int n = session_number(key);
            if (n < 0)
                return shape(cpath + "." + key,
                             "a session key is session_<n>, without a leading zero");
            if (n > 0)
                sessions.push_back(n);
        }
        std::sort(sessions.begin(), sessions.end());
        for (int n : sessions) {
            Status st = session(conv, n, *id, cpath, src);
            if (!st.is_ok())
                return st;
        }
        return src;
    }

    Status session(const json& conv, int n, const std::string& sample_id, const std::string& cpath,
                   IngestSource& src) const {
        const std::string key = "session_" + std::to_string(n);
        const std::string spath = cpath + "." + key;
        const json& turns = conv.at(key);
        if (turns.is_null())
            return Status::ok();
        if (!turns.is_array())
            return shape(spath,
                         std::string("expected an array of turns, found ") + turns.type_name());
        // Dated sessions without turns exist in the real data (conv-26): nothing to import.
        if (turns.empty())
            return Status::ok();
        const std::string date_key = key + "_date_time";
        auto date_it = conv.find(date_key);
        if (date_it == conv.end() || !date_it->is_string())
            return Status::invalid(origin_ + ": sample " + import_detail::quote(sample_id) + ": " +
                                   cpath + "." + date_key +
                                   ": missing date for a session with turns");
        const std::string& date_text = date_it->get_ref<const std::string&>();
        if (auto problem = import_detail::string_problem(date_text))
            return shape(cpath + "." + date_key, *problem);
        auto start = parse_locomo_date(date_text);
        if (!start)
            return Status::invalid(origin_ + ": sample " + import_detail::quote(sample_id) + ": " +
                                   cpath + "." + date_key + ": cannot parse date " +
                                   import_detail::quote(date_text));
        // The last turn's time is the latest: inside the range, every turn is.
        const auto last = *start + static_cast<std::int64_t>(turns.size() - 1) * 1000;
        if (auto problem = import_detail::time_problem(last))
            return shape(cpath + "." + date_key, "the session's time " + *problem);
        for (std::size_t j = 0; j < turns.size(); ++j) {
            const std::string tpath = spath + "[" + std::to_string(j) + "]";
            const json& t = turns[j];
            if (!t.is_object())
                return shape(tpath, std::string("expected an object, found ") + t.type_name());
            auto speaker = string_at(t, "speaker", tpath);
            if (!speaker)
                return speaker.status();
            auto dia = string_at(t, "dia_id", tpath);
            if (!dia)
                return dia.status();
            auto text = string_at(t, "text", tpath);
            if (!text)
                return text.status();
            IngestItem item;
            item.text = std::move(*text);
            if (auto cap = t.find("blip_caption");
                cap != t.end() && cap->is_string() && !cap->get_ref<const std::string&>().empty()) {
                if (auto problem =
                        import_detail::string_problem(cap->get_ref<const std::string&>()))
                    return shape(tpath + ".blip_caption", *problem);
                if (!item.text.empty())
                    item.text += ' ';
                item.text += "[shared a photo: " + cap->get<std::string>() + "]";
            }
            if (auto problem = import_detail::text_problem(item.text, opts_))
                return shape(tpath + ".text", *problem);
            item.author = *speaker;
            item.source_ref = std::move(*dia);
            item.group_id = key;
            // One second per turn keeps turns in order under any sort by time.
            item.ts_ms = *start + static_cast<std::int64_t>(j) * 1000;
            item.context = *speaker + " " + key + " " + date_text;
            if (!item.author.empty() &&
                std::find(src.persons.begin(), src.persons.end(), item.author) == src.persons.end())
                src.persons.push_back(item.author);
            src.items.push_back(std::move(item));
        }
        return Status::ok();
    }

    std::string origin_;
    const ImportOptions& opts_;
};

} // namespace

Result<std::vector<IngestSource>> parse_locomo(std::string_view content, const std::string& origin,
                                               const ImportOptions& opts) {
    return LocomoParser(origin, opts).run(content);
}

Result<std::vector<IngestSource>> parse_locomo(std::string_view content, const std::string& origin,
                                               const std::atomic_bool* cancel) {
    ImportOptions opts;
    opts.cancel = cancel;
    return parse_locomo(content, origin, opts);
}

Result<std::vector<IngestSource>> import_locomo(const std::filesystem::path& file,
                                                const ImportOptions& opts) {
    check_off_ui_thread("import_locomo");
    auto content = import_detail::read_whole_file(file, opts.max_file_bytes);
    if (!content)
        return content.status();
    return parse_locomo(*content, file.string(), opts);
}

Result<std::vector<IngestSource>> import_locomo(const std::filesystem::path& file,
                                                const std::atomic_bool* cancel) {
    ImportOptions opts;
    opts.cancel = cancel;
    return import_locomo(file, opts);
}

} // namespace memlens
