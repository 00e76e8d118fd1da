#include "eval/scratch_dir.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <random>
#include <string>

namespace memlens::detail {

Result<ScratchDir> ScratchDir::create(const std::filesystem::path& parent) {
    std::error_code ec;
    std::filesystem::path base = parent.empty() ? std::filesystem::temp_directory_path(ec) : parent;
    if (ec)
        return Status::io("no temporary folder: " + ec.message());
    std::filesystem::create_directories(base, ec);
    if (ec)
        return Status::io("cannot create " + base.string() + ": " + ec.message());
    std::random_device rd;
    for (int attempt = 0; attempt < 16; ++attempt) {
        const auto name = "memlens-eval-" + std::to_string(rd()) + std::to_string(rd() % 1000);
        const auto dir = base / name;
        // mkdir creates or fails: never adopts an existing folder or a link planted at the
        // name (std::filesystem::create_directory accepts an existing one), and 0700 keeps
        // the throw-away vaults private in a shared temporary folder.
        if (::mkdir(dir.c_str(), 0700) == 0)
            return ScratchDir(dir);
        if (errno != EEXIST)
            return Status::io("cannot create " + dir.string() + ": " + std::strerror(errno));
    }
    return Status::io("cannot create a unique folder in " + base.string());
}

ScratchDir::ScratchDir(ScratchDir&& other) noexcept
    : path_(std::move(other.path_)) {
    other.path_.clear();
}

ScratchDir::~ScratchDir() {
    if (path_.empty())
        return;
    std::error_code ec; // best effort: a leftover temp folder must not fail the run
    std::filesystem::remove_all(path_, ec);
}

} // namespace memlens::detail
