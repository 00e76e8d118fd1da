// generate.h: the corpus as JSONL text or as IngestSources.
#include "generate/corpus_generator.h"

#include <memlens/generate.h>
#include <memlens/thread_guard.h>
#include <memlens/time_util.h>

#include <fstream>
#include <ostream>
#include <unordered_map>
#include <unordered_set>

namespace memlens {

namespace {

void append_json_string(std::string_view s, std::string& out) {
    static constexpr char kHex[] = "0123456789abcdef";
    out += '"';
    for (char c : s) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                out += "\\u00";
                out += kHex[(c >> 4) & 0xF];
                out += kHex[c & 0xF];
            } else {
                out += c;
            }
        }
    }
    out += '"';
}

// One JSONL line, keys in a fixed order so equal messages give equal bytes.
void append_line(const gen::GeneratedMessage& m, std::string& out) {
    out += "{\"id\":";
    append_json_string(m.id, out);
    out += ",\"source\":";
    append_json_string(m.source, out);
    out += ",\"ts\":";
    append_json_string(format_rfc3339(m.ts_ms), out);
    out += ",\"author\":";
    append_json_string(m.author, out);
    out += ",\"text\":";
    append_json_string(m.text, out);
    if (!m.thread.empty()) {
        out += ",\"thread\":";
        append_json_string(m.thread, out);
    }
    if (!m.supersedes.empty()) {
        out += ",\"supersedes\":";
        append_json_string(m.supersedes, out);
    }
    if (!m.tags.empty()) {
        out += ",\"tags\":[";
        for (std::size_t i = 0; i < m.tags.size(); ++i) {
            if (i > 0)
                out += ',';
            append_json_string(m.tags[i], out);
        }
        out += ']';
    }
    out += "}\n";
}

Status check(const GenerateOptions& opts) {
    if (opts.days < 1)
        return Status::invalid("days must be at least 1, got " + std::to_string(opts.days));
    return Status::ok();
}

} // namespace

Result<GenerateSummary> generate_corpus(std::ostream& out, const GenerateOptions& opts,
                                        const std::atomic_bool* cancel) {
    check_off_ui_thread("generate_corpus");
    MEMLENS_TRY(check(opts));
    gen::CorpusGenerator generator(opts);
    GenerateSummary summary;
    std::vector<gen::GeneratedMessage> day;
    std::string buffer;
    while (generator.next_day(day)) {
        if (cancel != nullptr && cancel->load())
            return Status::cancelled();
        buffer.clear();
        for (const auto& m : day) {
            append_line(m, buffer);
            summary.superseding += m.supersedes.empty() ? 0 : 1;
        }
        out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
        if (!out)
            return Status::io("cannot write the generated corpus");
        summary.chunks += day.size();
        summary.bytes += buffer.size();
    }
    out.flush();
    if (!out)
        return Status::io("cannot write the generated corpus");
    summary.sources = generator.sources_used();
    return summary;
}

Result<GenerateSummary> generate_corpus_file(const std::filesystem::path& file,
                                             const GenerateOptions& opts,
                                             const std::atomic_bool* cancel) {
    MEMLENS_TRY(check(opts));
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    if (!out)
        return Status::io("cannot write '" + file.string() + "'");
    auto summary = generate_corpus(out, opts, cancel);
    if (!summary)
        return summary.status().code() == StatusCode::IoError
                   ? Status::io("cannot write '" + file.string() + "'")
                   : summary.status();
    return summary;
}

// Mirrors parse_jsonl's rules (source order, persons, group ids, version_ms) so the demo vault
// and the benchmarks skip the JSON round trip yet ingest exactly what the file would give.
Result<std::vector<IngestSource>> generate_sources(const GenerateOptions& opts,
                                                   const std::string& origin,
                                                   const std::atomic_bool* cancel) {
    check_off_ui_thread("generate_sources");
    MEMLENS_TRY(check(opts));
    gen::CorpusGenerator generator(opts);
    std::vector<IngestSource> sources;
    std::unordered_map<std::string, std::size_t> index;
    std::vector<std::unordered_set<std::string>> authors;
    std::vector<gen::GeneratedMessage> day;
    std::size_t line = 0;
    while (generator.next_day(day)) {
        if (cancel != nullptr && cancel->load())
            return Status::cancelled();
        for (auto& m : day) {
            ++line;
            auto [it, fresh] = index.emplace(m.source, sources.size());
            if (fresh) {
                IngestSource s;
                s.source_id = m.source;
                s.platform = platform_of(m.source);
                s.source_kind = source_kind_for(m.source).value_or("chat");
                s.title = m.source;
                s.format = "jsonl";
                s.origin_path = origin;
                sources.push_back(std::move(s));
                authors.emplace_back();
            }
            IngestSource& s = sources[it->second];
            if (authors[it->second].insert(m.author).second)
                s.persons.push_back(m.author);
            IngestItem item;
            std::string rfc = format_rfc3339(m.ts_ms);
            item.group_id = m.thread.empty() ? m.source + "#" + rfc.substr(0, rfc.find('T'))
                                             : std::move(m.thread);
            item.text = std::move(m.text);
            item.author = std::move(m.author);
            item.ts_ms = m.ts_ms;
            item.source_ref = m.id;
            item.message_id = std::move(m.id);
            if (!m.supersedes.empty())
                item.supersedes = std::move(m.supersedes);
            item.tags = std::move(m.tags);
            item.line = line;
            s.version_ms = s.items.empty() ? item.ts_ms : std::max(s.version_ms, item.ts_ms);
            s.items.push_back(std::move(item));
        }
    }
    return sources;
}

} // namespace memlens
