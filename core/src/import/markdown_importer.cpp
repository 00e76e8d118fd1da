// Markdown files and folders → one document source per file (docs/formats.md, "Markdown").
#include "import/file_text.h"
#include "import/frontmatter.h"
#include "import/markdown_sections.h"

#include <memlens/import.h>
#include <memlens/text.h>
#include <memlens/thread_guard.h>

#include <algorithm>
#include <chrono>

namespace memlens {

namespace {

namespace fs = std::filesystem;

bool is_markdown_file(const fs::path& p) {
    std::string ext = import_detail::ascii_lower(p.extension().string());
    return ext == ".md" || ext == ".markdown";
}

Result<std::int64_t> mtime_ms(const fs::path& p) {
    std::error_code ec;
    auto t = fs::last_write_time(p, ec);
    if (ec)
        return Status::io("cannot read '" + p.string() + "': " + ec.message());
    auto sys = std::chrono::file_clock::to_sys(t);
    return std::chrono::duration_cast<std::chrono::milliseconds>(sys.time_since_epoch()).count();
}

Result<IngestSource> read_document(const fs::path& file, const std::string& source_id) {
    auto content = import_detail::read_whole_file(file);
    if (!content)
        return content.status();
    auto mtime = mtime_ms(file);
    if (!mtime)
        return mtime.status();
    return parse_markdown(*content, source_id, file.string(), *mtime);
}

// Every *.md under `root`, sorted by relative path so imports are reproducible. Hidden entries
// (.git, .obsidian, .trash) hold tool state, not notes.
Result<std::vector<fs::path>> find_markdown_files(const fs::path& root) {
    std::vector<fs::path> found;
    std::error_code ec;
    fs::recursive_directory_iterator it(root, fs::directory_options::none, ec);
    if (ec)
        return Status::io("cannot read '" + root.string() + "': " + ec.message());
    for (; it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (ec)
            return Status::io("cannot read '" + it->path().string() + "': " + ec.message());
        const fs::path& p = it->path();
        if (p.filename().string().starts_with('.')) {
            if (it->is_directory(ec))
                it.disable_recursion_pending();
            continue;
        }
        if (is_markdown_file(p) && it->is_regular_file(ec))
            found.push_back(p.lexically_relative(root));
    }
    if (ec)
        return Status::io("cannot read '" + root.string() + "': " + ec.message());
    std::sort(found.begin(), found.end(), [](const fs::path& a, const fs::path& b) {
        return a.generic_string() < b.generic_string();
    });
    return found;
}

} // namespace

Result<IngestSource> parse_markdown(std::string_view content, const std::string& source_id,
                                    const std::string& origin, std::int64_t mtime_ms) {
    content = import_detail::strip_bom(content);
    if (std::size_t bad = first_invalid_utf8(content); bad != std::string_view::npos)
        return Status::invalid(origin + ":" +
                               std::to_string(import_detail::line_of_offset(content, bad)) +
                               ": invalid UTF-8");
    auto fm = import_detail::parse_frontmatter(content, origin);
    if (!fm)
        return fm.status();

    IngestSource src;
    src.source_id = source_id;
    src.source_kind = "document";
    src.platform = "markdown";
    src.format = "markdown";
    src.origin_path = origin;
    src.is_document = true;
    src.version_ms = mtime_ms;
    if (fm->author && !fm->author->empty())
        src.persons.push_back(*fm->author);

    auto sections = import_detail::split_markdown_sections(content.substr(fm->body_offset),
                                                           fm->body_first_line);
    if (fm->title && !fm->title->empty()) {
        src.title = *fm->title;
    } else {
        auto h1 = std::find_if(sections.begin(), sections.end(),
                               [](const auto& s) { return s.level == 1 && !s.heading.empty(); });
        src.title = h1 != sections.end() ? h1->heading : fs::path(source_id).stem().string();
    }

    for (auto& s : sections) {
        IngestItem item;
        item.text = std::move(s.text);
        item.author = fm->author.value_or("");
        item.ts_ms = fm->date_ms.value_or(mtime_ms);
        item.source_ref = source_id + "#L" + std::to_string(s.line);
        item.tags = fm->tags;
        item.group_id = source_id;
        // The document title and enclosing headings find a section whose own words do not say
        // what it is about ("## Risks" under "# Phoenix launch").
        item.context = src.title;
        for (const auto& a : s.ancestors)
            if (a != src.title)
                item.context += " > " + a;
        item.line = s.line;
        src.items.push_back(std::move(item));
    }
    return src;
}

Result<std::vector<IngestSource>> import_markdown(const fs::path& file_or_dir,
                                                  const std::atomic_bool* cancel) {
    check_off_ui_thread("import_markdown");
    std::error_code ec;
    std::vector<IngestSource> out;
    if (!fs::is_directory(file_or_dir, ec)) {
        auto doc = read_document(file_or_dir, file_or_dir.filename().string());
        if (!doc)
            return doc.status();
        if (!doc->items.empty())
            out.push_back(std::move(*doc));
        return out;
    }
    auto files = find_markdown_files(file_or_dir);
    if (!files)
        return files.status();
    if (files->empty())
        return Status::invalid("'" + file_or_dir.string() + "': no Markdown (.md) files found");
    for (const auto& rel : *files) {
        if (cancel != nullptr && cancel->load())
            return Status::cancelled();
        auto doc = read_document(file_or_dir / rel, rel.generic_string());
        if (!doc)
            return doc.status();
        if (!doc->items.empty())
            out.push_back(std::move(*doc));
    }
    return out;
}

} // namespace memlens
