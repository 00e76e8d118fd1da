// EntityRegistry: entities/<kind>/<stem>.md files with YAML frontmatter.
#include "entities/atomic_file.h"
#include "entities/frontmatter.h"
#include "entities/name_index.h"

#include <memlens/entities.h>
#include <memlens/text.h>
#include <memlens/thread_guard.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <fstream>
#include <iterator>
#include <system_error>

namespace fs = std::filesystem;

namespace memlens {

namespace {

std::string surface_key(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return utf8_lower(s);
}

std::string registry_errno_text() {
    return std::error_code(errno, std::generic_category()).message();
}

// An entity file is a page of frontmatter: anything near this size is not one.
constexpr off_t kMaxEntityFileBytes = 1 << 20;

// Reads a registry file that is a regular file of its own: a link is not followed (one to
// /etc/shadow, or out of the vault), and a file over kMaxEntityFileBytes is not read whole.
Result<std::string> read_file(const fs::path& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return Status::io(path.string() + ": cannot open for reading: " +
                          (errno == ELOOP ? std::string("it is a symbolic link, and the "
                                                        "registry reads only its own files")
                                          : registry_errno_text()));
    struct stat st = {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return Status::io(path.string() + ": not a regular file");
    }
    if (st.st_size > kMaxEntityFileBytes) {
        ::close(fd);
        return Status::invalid(path.string() + ": " + std::to_string(st.st_size) +
                               " bytes, over the " + std::to_string(kMaxEntityFileBytes) +
                               " an entity file may have");
    }
    std::string content(static_cast<std::size_t>(st.st_size), '\0');
    std::size_t done = 0;
    while (done < content.size()) {
        const ssize_t n = ::read(fd, content.data() + done, content.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            const std::string why = registry_errno_text();
            ::close(fd);
            return Status::io(path.string() + ": read failed: " + why);
        }
        if (n == 0)
            break;
        done += static_cast<std::size_t>(n);
    }
    ::close(fd);
    content.resize(done);
    return content;
}

// The registry's folders and files, never through a link: a kind folder that is a link (to a
// folder outside the vault, say) is neither read nor written, and neither is a linked file.
Result<std::vector<fs::path>> sorted_entries(const fs::path& dir, bool want_dirs) {
    std::vector<fs::path> out;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code type_ec;
        const auto& p = it->path();
        const fs::file_status own = it->symlink_status(type_ec);
        if (want_dirs) {
            if (fs::is_directory(own))
                out.push_back(p);
        } else if (fs::is_regular_file(own) && p.extension() == ".md" &&
                   p.filename().string().front() != '.') {
            out.push_back(p);
        }
    }
    if (ec)
        return Status::io(dir.string() + ": cannot list folder: " + ec.message());
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

namespace entities {

// Temp file in the target's folder (rename is only atomic within one file system), fsynced
// before the rename and the folder fsynced after, so a crash leaves the old file or the new one.
Status write_file_atomically(const fs::path& target, const std::string& content) {
    static std::atomic<unsigned> counter{0};
    const fs::path tmp = target.parent_path() /
                         ("." + target.filename().string() + ".tmp-" + std::to_string(::getpid()) +
                          "-" + std::to_string(counter.fetch_add(1)));
    // The folders it writes in are the vault's own, not links to somewhere else.
    for (const fs::path& d : {target.parent_path(), target.parent_path().parent_path()}) {
        std::error_code ec;
        if (fs::is_symlink(fs::symlink_status(d, ec)))
            return Status::invalid(d.string() +
                                   " is a symbolic link: memlens writes only in the vault's "
                                   "own folders");
    }
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0)
        return Status::io(tmp.string() + ": " + registry_errno_text());
    std::size_t done = 0;
    while (done < content.size()) {
        const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            const std::string why = registry_errno_text();
            ::close(fd);
            ::unlink(tmp.c_str());
            return Status::io(tmp.string() + ": write failed: " + why);
        }
        done += static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        const std::string why = registry_errno_text();
        ::unlink(tmp.c_str());
        return Status::io(tmp.string() + ": " + why);
    }
    if (::rename(tmp.c_str(), target.c_str()) != 0) {
        const std::string why = registry_errno_text();
        ::unlink(tmp.c_str());
        return Status::io(target.string() + ": rename failed: " + why);
    }
    const int dir_fd = ::open(target.parent_path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir_fd >= 0) {
        ::fsync(dir_fd);
        ::close(dir_fd);
    }
    return Status::ok();
}

} // namespace entities

Result<EntityRegistry> EntityRegistry::load(const fs::path& dir) {
    check_off_ui_thread("EntityRegistry::load");
    EntityRegistry reg;
    reg.dir_ = dir;
    std::error_code ec;
    if (fs::is_symlink(fs::symlink_status(dir, ec)))
        return Status::invalid(dir.string() +
                               ": the entity registry is a symbolic link; it must be a folder "
                               "of the vault's own");
    const auto st = fs::status(dir, ec);
    if (st.type() == fs::file_type::not_found) {
        reg.rebuild_indexes();
        return reg;
    }
    if (ec)
        return Status::io(dir.string() + ": " + ec.message());
    if (st.type() != fs::file_type::directory)
        return Status::invalid(dir.string() + ": the entity registry must be a folder");

    auto kinds = sorted_entries(dir, true);
    if (!kinds.is_ok())
        return kinds.status();
    for (const auto& kind_dir : *kinds) {
        auto files = sorted_entries(kind_dir, false);
        if (!files.is_ok())
            return files.status();
        for (const auto& file : *files) {
            auto content = read_file(file);
            if (!content.is_ok())
                return content.status();
            auto record =
                entities::parse_entity_file(*content, file.string(), kind_dir.filename().string());
            if (!record.is_ok())
                return record.status();
            // The same rule as a write (upsert): names are matched and shown as text.
            bool utf8 = is_valid_utf8(record->id) && is_valid_utf8(record->display_name);
            for (const auto* list : {&record->aliases, &record->emails, &record->handles})
                for (const auto& a : *list)
                    utf8 = utf8 && is_valid_utf8(a);
            if (!utf8)
                return Status::invalid(file.string() + ": entity '" + cut_utf8(record->id, 80) +
                                       "' has a name that is not valid UTF-8");
            if (auto dup = reg.by_id_.find(record->id); dup != reg.by_id_.end())
                return Status::invalid(file.string() + ":1: duplicate id '" + record->id +
                                       "' (also in " + reg.paths_[dup->second].string() + ")");
            reg.by_id_.emplace(record->id, reg.records_.size());
            reg.records_.push_back(std::move(record).value());
            reg.paths_.push_back(file);
        }
    }
    reg.rebuild_indexes();
    return reg;
}

void EntityRegistry::rebuild_indexes() {
    by_surface_.clear();
    by_id_.clear();
    auto names = std::make_shared<entities::NameIndex>();
    auto add_surface = [&](std::string_view s, std::size_t i) {
        std::string key = surface_key(s);
        if (!key.empty())
            by_surface_.emplace(std::move(key), i); // first record wins a shared surface
    };
    for (std::size_t i = 0; i < records_.size(); ++i) {
        const EntityRecord& r = records_[i];
        by_id_.emplace(r.id, i);
        add_surface(r.id, i);
        add_surface(r.display_name, i);
        names->add(r.display_name, i);
        for (const auto& a : r.aliases) {
            add_surface(a, i);
            names->add(a, i);
        }
        for (const auto& e : r.emails)
            add_surface(e, i);
        for (const auto& h : r.handles) {
            std::string key = surface_key(h);
            add_surface(!key.empty() && key.front() == '@' ? std::string_view(key).substr(1)
                                                           : std::string_view(key),
                        i);
        }
    }
    names_ = std::move(names);
}

std::vector<std::string> EntityRegistry::kinds() const {
    std::vector<std::string> out = {"email",    "url",          "handle",   "hashtag",  "topic",
                                    "person",   "organization", "location", "event",    "product",
                                    "datetime", "technology",   "artifact", "quantity", "misc"};
    std::vector<std::string> own;
    for (const auto& r : records_)
        if (std::find(out.begin(), out.end(), r.kind) == out.end())
            own.push_back(r.kind);
    std::sort(own.begin(), own.end());
    own.erase(std::unique(own.begin(), own.end()), own.end());
    out.insert(out.end(), own.begin(), own.end());
    return out;
}

std::optional<std::string> EntityRegistry::lookup_alias(std::string_view surface) const {
    const std::string key = surface_key(surface);
    auto it = by_surface_.find(key);
    if (it == by_surface_.end() && !key.empty() && (key.front() == '@' || key.front() == '#'))
        it = by_surface_.find(key.substr(1));
    if (it == by_surface_.end())
        return std::nullopt;
    return records_[it->second].id;
}

fs::path EntityRegistry::path_of(const std::string& canonical_id) const {
    auto it = by_id_.find(canonical_id);
    return it == by_id_.end() ? fs::path{} : paths_[it->second];
}

const EntityRecord* EntityRegistry::find(const std::string& canonical_id) const {
    auto it = by_id_.find(canonical_id);
    return it == by_id_.end() ? nullptr : &records_[it->second];
}

fs::path EntityRegistry::file_for(const std::string& kind, const std::string& canonical_id) const {
    return dir_ / safe_file_stem(kind) / (safe_file_stem(canonical_id) + ".md");
}

Status EntityRegistry::upsert(const EntityRecord& record) {
    check_off_ui_thread("EntityRegistry::upsert");
    if (dir_.empty())
        return Status::invalid("entity registry has no folder: create it with load()");
    if (record.id.empty() || record.kind.empty())
        return Status::invalid("entity needs an id and a kind");
    EntityRecord clean = record;
    for (auto* list : {&clean.aliases, &clean.emails, &clean.handles})
        std::erase_if(*list, [](const std::string& s) { return s.empty(); });
    auto valid = [&](const std::string& s) { return is_valid_utf8(s); };
    bool ok =
        valid(clean.id) && valid(clean.kind) && valid(clean.display_name) && valid(clean.notes);
    for (const auto* list : {&clean.aliases, &clean.emails, &clean.handles})
        ok = ok && std::all_of(list->begin(), list->end(), valid);
    if (!ok)
        return Status::invalid("entity '" + clean.id + "' has text that is not valid UTF-8");

    const auto existing = by_id_.find(clean.id);
    const bool known = existing != by_id_.end();
    const std::size_t index = known ? existing->second : records_.size();
    const fs::path target = known && records_[index].kind == clean.kind
                                ? paths_[index]
                                : file_for(clean.kind, clean.id);
    for (std::size_t i = 0; i < records_.size(); ++i)
        if (i != index && paths_[i] == target)
            return Status::invalid(target.string() + " already holds entity '" + records_[i].id +
                                   "'");
    std::error_code ec;
    fs::create_directories(target.parent_path(), ec);
    if (ec)
        return Status::io(target.parent_path().string() + ": " + ec.message());
    MEMLENS_TRY(entities::write_file_atomically(target, entities::format_entity_file(clean)));

    fs::path old_file;
    if (known && paths_[index] != target)
        old_file = paths_[index];
    if (known) {
        records_[index] = std::move(clean);
        paths_[index] = target;
    } else {
        records_.push_back(std::move(clean));
        paths_.push_back(target);
    }
    rebuild_indexes();
    // The kind changed, so the record moved folders: the old file must go, or the next load
    // would find the id twice.
    if (!old_file.empty() && !fs::remove(old_file, ec) && ec)
        return Status::io(old_file.string() + ": cannot remove the previous file: " + ec.message());
    return Status::ok();
}

} // namespace memlens
