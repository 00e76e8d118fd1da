// audit-pending.jsonl: the rows that could not wait any longer for the vault's write lock (an
// import holds it for its whole run), kept beside vault.db until a writer can move them into
// retrieval_log. One JSON object a line, appended under an exclusive flock and synced before
// the writer reports the row as kept; emptied (never unlinked, so that an appender holding the
// file open never writes into a removed inode) under the same lock once the rows are committed.
#include "audit/candidate_codec.h"
#include "json/dump.h"
#include "vault/settings_rows.h"

#include <memlens/audit.h>
#include <memlens/db.h>
#include <memlens/vault.h>

#include <fcntl.h>
#include <nlohmann/json.hpp>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <random>

namespace memlens {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr const char* kMergedSetting = "audit.pending_merged";

std::string errno_text() {
    return std::strerror(errno);
}

// An open descriptor that holds an exclusive flock until it is closed.
class LockedFile {
public:
    LockedFile() = default;
    LockedFile(const LockedFile&) = delete;
    LockedFile& operator=(const LockedFile&) = delete;
    ~LockedFile() {
        if (fd_ >= 0)
            ::close(fd_); // also releases the flock
    }

    // O_NOFOLLOW: a link planted at the file's name is refused, never written through;
    // O_NONBLOCK: a FIFO there cannot stall the writer (and is refused as not a regular file).
    Status open(const fs::path& file, int flags) {
        fd_ = ::open(file.c_str(), flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0600);
        if (fd_ < 0) {
            if (errno == ELOOP)
                return Status::io(file.string() + ": is a symbolic link; memlens will not write "
                                                  "the audit rows through it");
            return errno == ENOENT ? Status::not_found(file.string() + ": " + errno_text())
                                   : Status::io(file.string() + ": " + errno_text());
        }
        struct stat st {};
        if (::fstat(fd_, &st) != 0)
            return Status::io(file.string() + ": " + errno_text());
        if (!S_ISREG(st.st_mode))
            return Status::io(file.string() + ": not a regular file");
        while (::flock(fd_, LOCK_EX) != 0) {
            if (errno != EINTR)
                return Status::io(file.string() + ": cannot lock: " + errno_text());
        }
        // The name may have been removed while this waited for the lock (a writer that could
        // not fill the file it created removes it): then this holds a file nobody will read,
        // and opens the name again.
        struct stat named {};
        if (::stat(file.c_str(), &named) != 0 || named.st_dev != st.st_dev ||
            named.st_ino != st.st_ino) {
            ::close(fd_);
            fd_ = -1;
            if (++reopened_ > 8)
                return Status::io(file.string() + ": replaced while waiting for its lock");
            return open(file, flags);
        }
        return Status::ok();
    }
    int fd() const { return fd_; }

private:
    int fd_ = -1;
    int reopened_ = 0;
};

Status write_all(int fd, std::string_view bytes, const fs::path& file) {
    while (!bytes.empty()) {
        const ssize_t n = ::write(fd, bytes.data(), bytes.size());
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return Status::io(file.string() + ": write failed: " + errno_text());
        }
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
    return Status::ok();
}

Result<std::string> read_all(int fd, const fs::path& file) {
    std::string out;
    char buf[65536];
    off_t at = 0;
    for (;;) {
        const ssize_t n = ::pread(fd, buf, sizeof buf, at);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return Status::io(file.string() + ": read failed: " + errno_text());
        }
        if (n == 0)
            return out;
        out.append(buf, static_cast<std::size_t>(n));
        at += n;
    }
}

// Each line carries a random key, so that two files with the same rows never share a hash:
// the merged-content marker below must only ever match the very file it was set for.
std::string line_key() {
    static thread_local std::mt19937_64 rng{std::random_device{}() ^
                                            static_cast<std::uint64_t>(::getpid())};
    return hash_hex(rng());
}

std::string to_line(const AuditRecord& r) {
    json j = {{"key", line_key()},
              {"ts_ms", r.ts_ms},
              {"query", r.query},
              {"query_hash", r.query_hash},
              {"mode", r.mode},
              {"query_profile", r.query_profile},
              {"sources", r.sources},
              {"settings", r.settings},
              {"elapsed_ms", r.elapsed_ms},
              {"vault_revision", r.vault_revision}};
    j["error"] = r.error ? json(*r.error) : json(nullptr);
    // The candidates column (schema 5), as base64; absent when empty, as on older lines.
    if (!r.candidates.empty())
        j["candidates"] = base64(r.candidates);
    // Who asked (an agent's call); absent on the rows of the GUI and the CLI, as on lines that
    // were written before the log named callers.
    if (!r.caller.empty())
        j["caller"] = {{"client", r.caller.client},
                       {"session", r.caller.session},
                       {"tool", r.caller.tool},
                       {"arguments", r.caller.arguments}};
    return dump_json(j) + '\n';
}

Result<AuditRecord> from_line(std::string_view line) {
    const json j = json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return Status::corruption("not a JSON object");
    AuditRecord r;
    try {
        r.ts_ms = j.at("ts_ms").get<std::int64_t>();
        r.query = j.at("query").get<std::string>();
        r.query_hash = j.at("query_hash").get<std::string>();
        r.mode = j.at("mode").get<std::string>();
        r.query_profile = j.at("query_profile").get<std::string>();
        r.sources = j.at("sources").get<std::string>();
        r.settings = j.at("settings").get<std::string>();
        r.elapsed_ms = j.at("elapsed_ms").get<double>();
        r.vault_revision = j.at("vault_revision").get<std::int64_t>();
        if (j.contains("error") && j["error"].is_string())
            r.error = j["error"].get<std::string>();
        if (j.contains("candidates")) {
            auto bytes = unbase64(j["candidates"].get<std::string>());
            if (!bytes)
                return Status::corruption("candidates is not base64");
            r.candidates = std::move(*bytes);
        }
        if (j.contains("caller") && j["caller"].is_object()) {
            const json& c = j["caller"];
            r.caller.client = c.value("client", std::string());
            r.caller.session = c.value("session", std::string());
            r.caller.tool = c.value("tool", std::string());
            r.caller.arguments = c.value("arguments", std::string());
        }
    } catch (const json::exception& e) {
        return Status::corruption(e.what());
    }
    return r;
}

} // namespace

fs::path pending_audit_path(const Vault& vault) {
    return vault.db_path().parent_path() / "audit-pending.jsonl";
}

Status append_pending_audit(const fs::path& file, const AuditRecord& record) {
    LockedFile f;
    MEMLENS_TRY(f.open(file, O_WRONLY | O_APPEND | O_CREAT));
    struct stat st {};
    const off_t before = ::fstat(f.fd(), &st) == 0 ? st.st_size : 0;
    Status s = write_all(f.fd(), to_line(record), file);
    if (s.is_ok() && ::fsync(f.fd()) != 0)
        s = Status::io(file.string() + ": fsync failed: " + errno_text());
    if (!s.is_ok()) {
        // Nothing half-written stays (a full disk): the file goes back to the rows it held, and
        // one that holds none is removed (a writer waiting for the lock then opens the name
        // again: LockedFile::open).
        if (::ftruncate(f.fd(), before) == 0 && before == 0)
            ::unlink(file.c_str());
        return s;
    }
    return Status::ok();
}

Result<std::size_t> count_pending_audit(const fs::path& file) {
    LockedFile f;
    if (Status s = f.open(file, O_RDONLY); !s)
        return s.code() == StatusCode::NotFound ? Result<std::size_t>(std::size_t{0})
                                                : Result<std::size_t>(s);
    auto text = read_all(f.fd(), file);
    if (!text)
        return text.status();
    std::size_t lines = 0;
    for (char c : *text)
        lines += c == '\n' ? 1 : 0;
    return lines;
}

Result<std::size_t> merge_pending_audit(const Database& db, const fs::path& file) {
    struct stat st {};
    if (::lstat(file.c_str(), &st) != 0 || (S_ISREG(st.st_mode) && st.st_size == 0))
        return std::size_t{0}; // nothing kept: the usual case, one stat per row
    LockedFile f;
    if (Status s = f.open(file, O_RDWR); !s)
        return s.code() == StatusCode::NotFound ? Result<std::size_t>(std::size_t{0})
                                                : Result<std::size_t>(s);
    auto text = read_all(f.fd(), file);
    if (!text)
        return text.status();
    if (text->empty())
        return std::size_t{0};
    const std::string marker = hash_hex(fnv1a64(*text));

    // The rows, in the order they were kept. A line cut short (the process died inside its one
    // write) has no newline and holds no complete row; any other line that does not parse is
    // an error that leaves the file as it is, for a person to look at.
    std::vector<AuditRecord> rows;
    std::size_t begin = 0, line_no = 0;
    while (begin < text->size()) {
        const std::size_t end = text->find('\n', begin);
        if (end == std::string::npos)
            break;
        ++line_no;
        auto row = from_line(std::string_view(*text).substr(begin, end - begin));
        if (!row)
            return Status::corruption(file.string() + ":" + std::to_string(line_no) + ": " +
                                      row.status().message());
        rows.push_back(std::move(row).value());
        begin = end + 1;
    }

    auto tx = Transaction::begin(db);
    if (!tx)
        return tx.status().with_context("audit: " + file.string());
    auto seen = read_setting(db, kMergedSetting);
    if (!seen)
        return seen.status().with_context("audit");
    // Already committed by a writer that died before it could empty the file.
    const bool already = *seen == marker;
    if (!already) {
        for (AuditRecord& r : rows)
            MEMLENS_TRY(write_audit_row(db, r));
        MEMLENS_TRY(write_setting(db, kMergedSetting, marker).with_context("audit"));
        MEMLENS_TRY(tx->commit().with_context("audit: " + file.string()));
    }
    if (::ftruncate(f.fd(), 0) != 0 || ::fsync(f.fd()) != 0)
        return Status::io(file.string() + ": cannot empty after merging: " + errno_text());
    return already ? std::size_t{0} : rows.size();
}

Result<std::size_t> edit_pending_audit(const fs::path& file,
                                       const std::function<bool(AuditRecord&)>& edit) {
    struct stat st {};
    if (::lstat(file.c_str(), &st) != 0 || (S_ISREG(st.st_mode) && st.st_size == 0))
        return std::size_t{0};
    LockedFile f;
    if (Status s = f.open(file, O_RDWR); !s)
        return s.code() == StatusCode::NotFound ? Result<std::size_t>(std::size_t{0})
                                                : Result<std::size_t>(s);
    auto text = read_all(f.fd(), file);
    if (!text)
        return text.status();
    std::string out;
    std::size_t begin = 0, line_no = 0, changed = 0;
    while (begin < text->size()) {
        const std::size_t end = text->find('\n', begin);
        if (end == std::string::npos)
            break; // a line cut short holds no row (merge_pending_audit)
        ++line_no;
        const std::string_view line = std::string_view(*text).substr(begin, end - begin);
        begin = end + 1;
        auto row = from_line(line);
        if (!row)
            return Status::corruption(file.string() + ":" + std::to_string(line_no) + ": " +
                                      row.status().message());
        if (edit(*row)) {
            ++changed;
            out += to_line(*row);
        } else {
            out.append(line);
            out += '\n';
        }
    }
    if (changed == 0)
        return std::size_t{0};
    if (::ftruncate(f.fd(), 0) != 0)
        return Status::io(file.string() + ": cannot rewrite: " + errno_text());
    if (::lseek(f.fd(), 0, SEEK_SET) < 0)
        return Status::io(file.string() + ": cannot rewrite: " + errno_text());
    MEMLENS_TRY(write_all(f.fd(), out, file));
    if (::fsync(f.fd()) != 0)
        return Status::io(file.string() + ": fsync failed: " + errno_text());
    return changed;
}

} // namespace memlens
