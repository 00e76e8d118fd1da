// The cold start (docs/performance.md): a fresh memlens-cli process opening the vault and answering
// its first hybrid query, against a fresh sqlite3 shell running the keyword leg's raw FTS5 query.
#pragma once

#include <memlens/status.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <optional>
#include <string>

namespace memlens::bench {

// The memlens-cli whose start-up the cold-start figure times, the first of: `option` (--cli PATH),
// the environment variable MEMLENS_CLI, the memlens-cli this memlens-bench was built beside
// (build/<preset>/app/memlens-cli), a memlens-cli in the same folder as this executable.
// NotFound, naming every place tried, when none of them is an executable file.
Result<std::string> memlens_cli_path(const std::optional<std::string>& option);

// `cli query --vault vault_dir --json query` against `sqlite3 -readonly db` running the bm25
// top-`k` of `fts_query`, each five times in fresh processes; the medians and their ratio:
// {"memlens_ms", "sqlite3_ms", "ratio", "query"}.
Result<nlohmann::json> cold_start(const std::string& cli, const std::filesystem::path& vault_dir,
                                  const std::filesystem::path& db, const std::string& query,
                                  const std::string& fts_query, int k);

} // namespace memlens::bench
