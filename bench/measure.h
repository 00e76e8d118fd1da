// What the benchmarks measure with: wall time and its percentiles, resident memory, bytes on disk.
#pragma once

#include <memlens/status.h>

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <vector>

namespace memlens::bench {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0);

// Nearest-rank percentiles: no interpolation between two measured times.
// {"p50": ms, "p95": ms, "n": count}.
nlohmann::json percentiles(std::vector<double> ms);

// a / b, or 0 when b is not positive (a figure that was not measured).
inline double ratio(double a, double b) {
    return b > 0.0 ? a / b : 0.0;
}

// Runs `op` once per input as warm-up (caches, lazy statements), then times one more pass.
template <typename Op> Result<nlohmann::json> timed(std::size_t count, Op op) {
    for (std::size_t i = 0; i < count; ++i)
        MEMLENS_TRY(op(i));
    std::vector<double> ms;
    ms.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        const auto t0 = Clock::now();
        MEMLENS_TRY(op(i));
        ms.push_back(ms_since(t0));
    }
    return percentiles(std::move(ms));
}

// This process's peak resident set so far, in MB.
double peak_rss_mb();

// Resident memory now, by what backs it (from /proc/self/smaps): the mapped topic index file,
// the vault's database file, and everything else (heap, stacks, libraries).
nlohmann::json resident_by_mapping();

// The size of the topic index file beside the vault database `db` (0 when there is none).
std::uint64_t topic_file_bytes(const std::filesystem::path& db);

// Everything a vault keeps on disk: the database, its WAL, the topic index file and the entity
// registry (not the bench's hnswlib cache beside them).
std::uint64_t vault_bytes(const std::filesystem::path& db);

} // namespace memlens::bench
