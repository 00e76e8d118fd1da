// Whole-file writes that a reader or a crash sees entirely or not at all (registry.cpp).
#pragma once

#include <memlens/status.h>

#include <filesystem>
#include <string>

namespace memlens::entities {

// Writes `content` to a temporary file in the target's folder, fsyncs it, renames it over
// `target` and fsyncs the folder. On failure the target is unchanged and no temporary is left.
Status write_file_atomically(const std::filesystem::path& target, const std::string& content);

} // namespace memlens::entities
