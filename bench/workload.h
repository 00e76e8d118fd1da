// The query bench's workload: a generated vault of a given size and seed, cached between runs,
// and the queries, entity prefixes, summaries and time span the timed entry points are fed.
#pragma once

#include <memlens/lab.h>
#include <memlens/status.h>
#include <memlens/vault.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace memlens::bench {

// Where the vault of `chunks` generated chunks from `seed` is cached:
// $XDG_CACHE_HOME/memlens/bench/vault-n<chunks>-s<seed>-t2 (~/.cache when XDG_CACHE_HOME is unset).
std::filesystem::path cached_vault_dir(std::size_t chunks, std::uint64_t seed);

// Generates the corpus and ingests it into a fresh vault at `dir` with the full pipeline; marks
// the vault complete last (`memlens-bench query --build-only` runs this).
Status build_vault(const std::filesystem::path& dir, std::size_t chunks, std::uint64_t seed);

// Builds the vault unless a complete one is cached. The ingest runs in a child process
// (`memlens-bench query --build-only`) so its memory never counts in this process's peak RSS.
Status ensure_vault(const std::filesystem::path& dir, std::size_t chunks, std::uint64_t seed);

// Asks `count` seeded questions (generate_query_log) of the vault in `vault_dir`, opened for
// writing, and logs them: the lab's and the inspector's benches time what reads a log.
Result<QueryLogSummary> log_questions(const std::filesystem::path& vault_dir, std::size_t count,
                                      std::uint64_t seed);

// Copies the cached vault `cached` to `to` (which must not exist yet).
Status copy_vault(const std::filesystem::path& cached, const std::filesystem::path& to);

// A copy of a cached vault at dir()/vault in a fresh temporary folder, removed with the object:
// a bench that writes (audit rows, a query log, stores) leaves the cache as it was.
class ScratchVault {
public:
    static Result<std::unique_ptr<ScratchVault>> copy_of(const std::filesystem::path& cached,
                                                         const std::string& tag);
    // A copy of the cached bench vault of `chunks` generated chunks and `seed`, built first when
    // it is not cached yet (ensure_vault).
    static Result<std::unique_ptr<ScratchVault>>
    of_bench_vault(std::size_t chunks, std::uint64_t seed, const std::string& tag);
    ~ScratchVault();
    ScratchVault(const ScratchVault&) = delete;
    ScratchVault& operator=(const ScratchVault&) = delete;
    const std::filesystem::path& dir() const { return dir_; }
    std::filesystem::path vault() const { return dir_ / "vault"; }

private:
    explicit ScratchVault(std::filesystem::path dir)
        : dir_(std::move(dir)) {}
    std::filesystem::path dir_;
};

struct Workload {
    std::vector<std::string> queries;
    std::vector<std::string> entity_prefixes; // what a user types into the entity search box
    std::string top_entity;                   // the most mentioned entity id
    std::vector<std::string> top_summaries;   // top-level summaries, for drill_down
    std::int64_t earliest_ms = 0, latest_ms = 0;
};

// `count` seeded queries in the corpus's own vocabulary (the lab's QuestionGenerator, lab.h),
// and what the browsing entry points are timed on.
Result<Workload> make_workload(const Vault& vault, std::size_t count, std::uint64_t seed);

} // namespace memlens::bench
