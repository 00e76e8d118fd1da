#include "import/file_text.h"

#include "import/input_rules.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace memlens::import_detail {

namespace {

Status cannot_read(const std::filesystem::path& path, const std::string& why) {
    return Status::io("cannot read '" + path.string() + "': " + why);
}

std::string over_limit(std::size_t limit, const char* option) {
    return "is longer than the limit of " + std::to_string(limit) + " bytes (" + option + ")";
}

class Fd {
public:
    explicit Fd(int fd)
        : fd_(fd) {}
    ~Fd() {
        if (fd_ >= 0)
            ::close(fd_);
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    int get() const { return fd_; }

private:
    int fd_;
};

// Reads fd to its end, or to max_bytes + 1 bytes: one byte past the limit tells "too long"
// without reading an endless input further.
Result<std::string> read_fd(int fd, const std::filesystem::path& path, std::size_t max_bytes) {
    std::string out;
    char buf[1 << 16];
    for (;;) {
        const std::size_t room = max_bytes - std::min(max_bytes, out.size()) + 1;
        ssize_t n = ::read(fd, buf, std::min(sizeof buf, room));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return cannot_read(path, std::strerror(errno));
        }
        if (n == 0)
            return out;
        out.append(buf, static_cast<std::size_t>(n));
        if (out.size() > max_bytes)
            return Status::invalid(path.string() + ": " +
                                   over_limit(max_bytes, "--max-file-bytes"));
    }
}

} // namespace

Result<std::string> read_whole_file(const std::filesystem::path& path, std::size_t max_bytes) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        return cannot_read(path, "it is a folder");
    Fd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (fd.get() < 0)
        return cannot_read(path, std::strerror(errno));
    return read_fd(fd.get(), path, max_bytes);
}

Result<std::string> read_regular_file(const std::filesystem::path& path, std::size_t max_bytes) {
    // O_NOFOLLOW: a file swapped for a link after the walk is refused, not followed out of the
    // folder; O_NONBLOCK: opening a FIFO must not wait for a writer.
    Fd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK));
    if (fd.get() < 0)
        return cannot_read(path, errno == ELOOP ? "it is a symbolic link" : std::strerror(errno));
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0)
        return cannot_read(path, std::strerror(errno));
    if (!S_ISREG(st.st_mode))
        return cannot_read(path, "not a regular file");
    if (static_cast<std::uintmax_t>(st.st_size) > max_bytes)
        return Status::invalid(
            path.string() + ": " +
            too_long(static_cast<std::size_t>(st.st_size), max_bytes, "--max-file-bytes"));
    return read_fd(fd.get(), path, max_bytes);
}

LineReader::LineReader(std::filesystem::path path, std::size_t max_line_bytes)
    : path_(std::move(path))
    , max_line_bytes_(max_line_bytes) {}

LineReader::~LineReader() {
    if (file_ != nullptr)
        std::fclose(file_);
}

Status LineReader::open() {
    std::error_code ec;
    if (std::filesystem::is_directory(path_, ec))
        return cannot_read(path_, "it is a folder");
    file_ = std::fopen(path_.c_str(), "rb");
    if (file_ == nullptr)
        return cannot_read(path_, std::strerror(errno));
    return Status::ok();
}

Result<bool> LineReader::next(std::string& line) {
    std::size_t scanned = pos_; // bytes before this offset hold no '\n'
    for (;;) {
        const char* nl = static_cast<const char*>(
            std::memchr(buf_.data() + scanned, '\n', buf_.size() - scanned));
        if (nl != nullptr || (eof_ && pos_ < buf_.size())) {
            const std::size_t end =
                nl != nullptr ? static_cast<std::size_t>(nl - buf_.data()) : buf_.size();
            ++line_no_;
            if (end - pos_ > max_line_bytes_)
                break;
            line.assign(buf_, pos_, end - pos_);
            pos_ = nl != nullptr ? end + 1 : buf_.size();
            return true;
        }
        if (eof_)
            return false;
        if (buf_.size() - pos_ > max_line_bytes_) {
            ++line_no_;
            break;
        }
        // Drop what was returned, then read more; the buffer holds at most one line plus a
        // block, so memory stays bounded by the line limit.
        buf_.erase(0, pos_);
        pos_ = 0;
        scanned = buf_.size();
        char block[1 << 16];
        std::size_t n = std::fread(block, 1, sizeof block, file_);
        if (n < sizeof block) {
            if (std::ferror(file_) != 0)
                return cannot_read(path_, "read error");
            eof_ = true;
        }
        buf_.append(block, n);
    }
    return Status::invalid(path_.string() + ":" + std::to_string(line_no_) + ": line " +
                           over_limit(max_line_bytes_, "--max-line-bytes"));
}

std::size_t line_of_offset(std::string_view text, std::size_t offset) {
    offset = std::min(offset, text.size());
    return 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + offset, '\n'));
}

std::size_t column_of_offset(std::string_view text, std::size_t offset) {
    offset = std::min(offset, text.size());
    const std::size_t nl = text.substr(0, offset).rfind('\n');
    return nl == std::string_view::npos ? offset + 1 : offset - nl;
}

std::string_view strip_bom(std::string_view text) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    return text;
}

std::string ascii_lower(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return out;
}

std::string_view trim(std::string_view text) {
    auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
    while (!text.empty() && is_space(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && is_space(text.back()))
        text.remove_suffix(1);
    return text;
}

} // namespace memlens::import_detail
