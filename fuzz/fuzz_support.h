// Shared by the libFuzzer targets: a scratch folder per process and a loud invariant check.
//
// The importers take a path, so the targets write each input to a file first; the folder lives
// in /dev/shm when it exists (tmpfs), which keeps the file round trip cheap.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>

namespace memlens::fuzz {

inline const std::filesystem::path& scratch_dir() {
    static const std::filesystem::path dir = [] {
        std::error_code ec;
        std::filesystem::path base = "/dev/shm";
        if (!std::filesystem::is_directory(base, ec))
            base = std::filesystem::temp_directory_path();
        auto d = base / ("memlens-fuzz-" + std::to_string(::getpid()));
        std::filesystem::create_directories(d, ec);
        std::atexit([] {
            std::error_code ignored;
            std::filesystem::remove_all(scratch_dir(), ignored);
        });
        return d;
    }();
    return dir;
}

inline std::filesystem::path write_input(const std::string& name, const std::uint8_t* data,
                                         std::size_t size) {
    auto p = scratch_dir() / name;
    std::ofstream(p, std::ios::binary | std::ios::trunc)
        .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    return p;
}

// A broken contract is a finding: report it and abort so libFuzzer saves the input.
inline void require(bool ok, std::string_view what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz invariant violated: %.*s\n", static_cast<int>(what.size()),
                     what.data());
        std::abort();
    }
}

} // namespace memlens::fuzz
