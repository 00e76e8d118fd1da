// A uniquely named folder for the evaluation's throw-away vaults, removed with everything in
// it when the object goes.
#pragma once

#include <memlens/status.h>

#include <filesystem>

namespace memlens::detail {

class ScratchDir {
public:
    // A new folder "memlens-eval-<random>" inside `parent` (the system temp folder when empty).
    static Result<ScratchDir> create(const std::filesystem::path& parent);
    ScratchDir(ScratchDir&& other) noexcept;
    ScratchDir& operator=(ScratchDir&&) = delete;
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    ~ScratchDir();

    const std::filesystem::path& path() const { return path_; }

private:
    explicit ScratchDir(std::filesystem::path p)
        : path_(std::move(p)) {}
    std::filesystem::path path_;
};

} // namespace memlens::detail
