// Markdown files and folders → one document source per file (docs/formats.md, "Markdown").
#include "import/file_text.h"
#include "import/frontmatter.h"
#include "import/input_rules.h"
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

// `inside_folder`: the file was found by list_markdown_files, so it must still be a regular file
// and not a link when it is opened. A file named on its own is read whatever it is (a pipe,
// /dev/stdin), bounded by the size limit all the same.
Result<IngestSource> read_document(const fs::path& file, const std::string& source_id,
                                   bool inside_folder, const ImportOptions& opts) {
    auto content = inside_folder ? import_detail::read_regular_file(file, opts.max_file_bytes)
                                 : import_detail::read_whole_file(file, opts.max_file_bytes);
    if (!content)
        return content.status();
    auto mtime = mtime_ms(file);
    if (!mtime)
        return mtime.status();
    return parse_markdown(*content, source_id, file.string(), *mtime, opts);
}

} // namespace

Result<IngestSource> parse_markdown(std::string_view content, const std::string& source_id,
                                    const std::string& origin, std::int64_t mtime_ms,
                                    const ImportOptions& opts) {
    content = import_detail::strip_bom(content);
    if (content.size() > opts.max_file_bytes)
        return Status::invalid(
            origin + ": " +
            import_detail::too_long(content.size(), opts.max_file_bytes, "--max-file-bytes"));
    if (auto bad = import_detail::check_input_bytes(content))
        return Status::invalid(
            origin + ":" + std::to_string(import_detail::line_of_offset(content, bad->offset)) +
            ": " + bad->what + " at column " +
            std::to_string(import_detail::column_of_offset(content, bad->offset)));
    if (auto p = import_detail::time_problem(mtime_ms))
        return Status::invalid(origin + ": modification time " + *p);
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
        // Blank by the one rule of input_rules.h: such a section is dropped, as a blank file is.
        if (import_detail::is_blank(s.text))
            continue;
        if (auto p = import_detail::text_problem(s.text, opts))
            return Status::invalid(origin + ":" + std::to_string(s.line) + ": section " + *p);
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

Result<std::vector<fs::path>> list_markdown_files(const fs::path& root) {
    std::vector<fs::path> found;
    std::error_code ec;
    // The root itself is followed when it is a link: the user named it. Below it, no link is
    // followed (directory_options::none, and symlink_status for files).
    fs::recursive_directory_iterator it(root, fs::directory_options::none, ec);
    if (ec)
        return Status::io("cannot read '" + root.string() + "': " + ec.message());
    for (; it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (ec)
            return Status::io("cannot read '" + it->path().string() + "': " + ec.message());
        const fs::path& p = it->path();
        const fs::file_type type = it->symlink_status(ec).type();
        if (ec)
            return Status::io("cannot read '" + p.string() + "': " + ec.message());
        // Hidden entries (.git, .obsidian, .trash) hold tool state, not notes.
        if (p.filename().string().starts_with('.')) {
            if (type == fs::file_type::directory)
                it.disable_recursion_pending();
            continue;
        }
        if (type == fs::file_type::regular && is_markdown_file(p))
            found.push_back(p.lexically_relative(root));
    }
    if (ec)
        return Status::io("cannot read '" + root.string() + "': " + ec.message());
    // Sorted by relative path so imports are reproducible.
    std::sort(found.begin(), found.end(), [](const fs::path& a, const fs::path& b) {
        return a.generic_string() < b.generic_string();
    });
    return found;
}

Result<std::vector<IngestSource>> import_markdown(const fs::path& file_or_dir,
                                                  const ImportOptions& opts) {
    check_off_ui_thread("import_markdown");
    std::error_code ec;
    std::vector<IngestSource> out;
    if (!fs::is_directory(file_or_dir, ec)) {
        auto doc = read_document(file_or_dir, file_or_dir.filename().string(), false, opts);
        if (!doc)
            return doc.status();
        if (!doc->items.empty())
            out.push_back(std::move(*doc));
        return out;
    }
    auto files = list_markdown_files(file_or_dir);
    if (!files)
        return files.status();
    if (files->empty())
        return Status::invalid("'" + file_or_dir.string() + "': no Markdown (.md) files found");
    for (const auto& rel : *files) {
        if (opts.cancel != nullptr && opts.cancel->load())
            return Status::cancelled();
        auto doc = read_document(file_or_dir / rel, rel.generic_string(), true, opts);
        if (!doc)
            return doc.status();
        if (!doc->items.empty())
            out.push_back(std::move(*doc));
    }
    return out;
}

Result<std::vector<IngestSource>> import_markdown(const fs::path& file_or_dir,
                                                  const std::atomic_bool* cancel) {
    ImportOptions opts;
    opts.cancel = cancel;
    return import_markdown(file_or_dir, opts);
}

} // namespace memlens
