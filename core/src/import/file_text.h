// Small helpers the importers share: reading a whole file with an error that names it, and
// turning a byte offset back into the line a user can open in an editor.
#pragma once

#include <memlens/status.h>

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace memlens::import_detail {

// The file's bytes. IoError "cannot read '<path>': <reason>" when it is missing, a folder or
// unreadable.
Result<std::string> read_whole_file(const std::filesystem::path& path);

// 1-based line number of byte `offset`.
std::size_t line_of_offset(std::string_view text, std::size_t offset);

// Drops a leading UTF-8 byte-order mark, which editors on Windows like to add.
std::string_view strip_bom(std::string_view text);

// Lowercase ASCII only; platform names and keys are ASCII.
std::string ascii_lower(std::string_view text);

// Without leading and trailing spaces, tabs and carriage returns.
std::string_view trim(std::string_view text);

} // namespace memlens::import_detail
