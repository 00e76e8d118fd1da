#include "cold_start.h"

#include "bench.h"
#include "measure.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace memlens::bench {

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

bool is_executable_file(const std::string& path) {
    std::error_code ec;
    return fs::is_regular_file(path, ec) && ::access(path.c_str(), X_OK) == 0;
}

// Wall time of one fresh process, its output discarded; an error when it cannot start or fails.
Result<double> process_ms(const std::vector<std::string>& argv) {
    std::vector<char*> args;
    for (const auto& a : argv)
        args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    const auto t0 = Clock::now();
    pid_t pid = 0;
    const int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0)
        return Status(StatusCode::IoError, "cannot start " + argv[0] + ": " + std::strerror(rc));
    int status = 0;
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return Status(StatusCode::IoError, argv[0] + " failed in the cold-start bench");
    return ms_since(t0);
}

} // namespace

Result<std::string> memlens_cli_path(const std::optional<std::string>& option) {
    if (option) {
        if (!is_executable_file(*option))
            return Status::not_found("--cli: '" + *option + "' is not an executable file");
        return *option;
    }
    if (const char* env = std::getenv("MEMLENS_CLI"); env && *env) {
        if (!is_executable_file(env))
            return Status::not_found("MEMLENS_CLI: '" + std::string(env) +
                                     "' is not an executable file");
        return std::string(env);
    }
    std::vector<std::string> tried;
#ifdef MEMLENS_BENCH_CLI_PATH
    tried.emplace_back(MEMLENS_BENCH_CLI_PATH);
#endif
    std::error_code ec;
    const fs::path self = fs::read_symlink(self_exe(), ec);
    if (!ec)
        tried.push_back((self.parent_path() / "memlens-cli").string());
    for (const auto& path : tried)
        if (is_executable_file(path))
            return path;
    std::string where;
    for (const auto& path : tried)
        where += (where.empty() ? "" : ", ") + path;
    return Status::not_found("cannot find memlens-cli (tried " + where +
                             "); pass --cli PATH or set MEMLENS_CLI");
}

// Both run with the page cache as the rest of the bench left it (warm): what is compared is process
// start, opening and first-query work, not the disk. Median of 5.
Result<json> cold_start(const std::string& cli, const fs::path& vault_dir, const fs::path& db,
                        const std::string& query, const std::string& fts_query, int k) {
    std::string quoted = "'";
    for (char c : fts_query) {
        quoted += c;
        if (c == '\'')
            quoted += '\'';
    }
    quoted += "'";
    const std::string sql = "SELECT rowid, bm25(mem_tree_chunks_fts) AS score FROM "
                            "mem_tree_chunks_fts WHERE mem_tree_chunks_fts MATCH " +
                            quoted + " ORDER BY score LIMIT " + std::to_string(k) + ";";
    std::vector<double> mem, raw;
    for (int i = 0; i < 5; ++i) {
        auto m = process_ms({cli, "query", "--vault", vault_dir.string(), "--json", query});
        if (!m)
            return m.status();
        mem.push_back(*m);
        auto r = process_ms({"sqlite3", "-readonly", db.string(), sql});
        if (!r)
            return r.status().with_context("is the sqlite3 shell installed (apt-get install "
                                           "sqlite3)?");
        raw.push_back(*r);
    }
    std::sort(mem.begin(), mem.end());
    std::sort(raw.begin(), raw.end());
    return json{{"memlens_ms", mem[2]},
                {"sqlite3_ms", raw[2]},
                {"ratio", raw[2] > 0.0 ? mem[2] / raw[2] : 0.0},
                {"query", query}};
}

} // namespace memlens::bench
