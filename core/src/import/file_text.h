// Small helpers the importers share: reading a whole file with an error that names it, and
// turning a byte offset back into the line a user can open in an editor.
#pragma once

#include <memlens/status.h>

#include <cstddef>
#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>

namespace memlens::import_detail {

// The file's bytes, read up to max_bytes + 1 so an endless input (/dev/zero, a pipe) stops
// there: InvalidArgument "<path>: is more than N bytes, longer than the limit of N
// (--max-file-bytes)". IoError "cannot read '<path>': <reason>" when it is missing, a folder or
// unreadable.
Result<std::string> read_whole_file(const std::filesystem::path& path, std::size_t max_bytes);

// A regular file inside a folder import: opened without following a symbolic link in its last
// component, and refused unless it is a regular file (a FIFO would block, a device need not end).
// Otherwise as read_whole_file.
Result<std::string> read_regular_file(const std::filesystem::path& path, std::size_t max_bytes);

// Reads a file line by line in bounded memory: a line longer than max_line_bytes stops the
// read with "<path>:<line>: line is more than N bytes, ... (--max-line-bytes)".
class LineReader {
public:
    LineReader(std::filesystem::path path, std::size_t max_line_bytes);
    ~LineReader();
    LineReader(const LineReader&) = delete;
    LineReader& operator=(const LineReader&) = delete;

    // IoError when the file cannot be opened.
    Status open();
    // The next line without its '\n' into `line`; false at the end of the file.
    Result<bool> next(std::string& line);
    std::size_t line_number() const { return line_no_; }

private:
    std::filesystem::path path_;
    std::size_t max_line_bytes_;
    std::FILE* file_ = nullptr;
    std::string buf_;
    std::size_t pos_ = 0; // start of the unread part of buf_
    bool eof_ = false;
    std::size_t line_no_ = 0;
};

// 1-based line number of byte `offset`.
std::size_t line_of_offset(std::string_view text, std::size_t offset);
// 1-based byte column of `offset` in its line.
std::size_t column_of_offset(std::string_view text, std::size_t offset);

// Drops a leading UTF-8 byte-order mark, which editors on Windows like to add.
std::string_view strip_bom(std::string_view text);

// Lowercase ASCII only; platform names and keys are ASCII.
std::string ascii_lower(std::string_view text);

// Without leading and trailing spaces, tabs and carriage returns.
std::string_view trim(std::string_view text);

} // namespace memlens::import_detail
