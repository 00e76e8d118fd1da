// memlens-bench mcp: what the MCP server adds to a search. The same seeded queries run in
// process through SearchEngine::query (the baseline) and as memory_search tool calls to a
// `memlens-cli serve` child over stdio, one call at a time, each timed from the request line
// written to the response line read; both sides write their audit rows.
#include "bench.h"
#include "cold_start.h"
#include "measure.h"
#include "workload.h"

#include <memlens/search.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <random>

extern char** environ;

namespace memlens::bench {

namespace fs = std::filesystem;

namespace {

// A `memlens-cli serve` child with its stdin and stdout on pipes.
class ServeChild {
public:
    ~ServeChild() { stop(); }

    Status start(const std::string& cli, const fs::path& vault) {
        int in[2], out[2];
        if (::pipe(in) != 0 || ::pipe(out) != 0)
            return Status::io(std::string("pipe: ") + std::strerror(errno));
        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_adddup2(&fa, in[0], 0);
        posix_spawn_file_actions_adddup2(&fa, out[1], 1);
        posix_spawn_file_actions_addclose(&fa, in[1]);
        posix_spawn_file_actions_addclose(&fa, out[0]);
        const std::string v = vault.string();
        std::vector<char*> args = {const_cast<char*>(cli.c_str()), const_cast<char*>("serve"),
                                   const_cast<char*>("--vault"), const_cast<char*>(v.c_str()),
                                   nullptr};
        const int rc = posix_spawn(&pid_, cli.c_str(), &fa, nullptr, args.data(), environ);
        posix_spawn_file_actions_destroy(&fa);
        ::close(in[0]);
        ::close(out[1]);
        to_ = in[1];
        from_ = out[0];
        if (rc != 0)
            return Status::io("cannot start " + cli + ": " + std::strerror(rc));
        return Status::ok();
    }

    // Writes one line and reads the answer's line.
    Result<std::string> round_trip(const std::string& line) {
        std::string out = line + "\n";
        std::string_view rest = out;
        while (!rest.empty()) {
            const ssize_t n = ::write(to_, rest.data(), rest.size());
            if (n <= 0)
                return Status::io("the server closed its input");
            rest.remove_prefix(static_cast<std::size_t>(n));
        }
        for (;;) {
            if (auto nl = buf_.find('\n'); nl != std::string::npos) {
                std::string answer = buf_.substr(0, nl);
                buf_.erase(0, nl + 1);
                return answer;
            }
            char chunk[1 << 16];
            const ssize_t n = ::read(from_, chunk, sizeof chunk);
            if (n <= 0)
                return Status::io("the server closed its output");
            buf_.append(chunk, static_cast<std::size_t>(n));
        }
    }

    void stop() {
        if (to_ >= 0)
            ::close(to_);
        if (pid_ > 0) {
            int st = 0;
            ::waitpid(pid_, &st, 0);
        }
        if (from_ >= 0)
            ::close(from_);
        to_ = from_ = -1;
        pid_ = 0;
    }

private:
    pid_t pid_ = 0;
    int to_ = -1, from_ = -1;
    std::string buf_;
};

} // namespace

int bench_mcp(const Args& a) {
    auto chunks = a.get_int("chunks", 1, kMaxBenchCount);
    auto queries = a.get_int("queries", 1, 100'000);
    auto seed = a.get_int("seed", 0, std::numeric_limits<std::int32_t>::max());
    if (!chunks || !queries || !seed)
        return fail("mcp",
                    !chunks ? chunks.status() : (!queries ? queries.status() : seed.status()));
    const std::size_t n = static_cast<std::size_t>(chunks->value_or(10'000));
    const std::size_t q = static_cast<std::size_t>(queries->value_or(50));
    const std::uint64_t s = static_cast<std::uint64_t>(seed->value_or(1));
    auto cli = memlens_cli_path(a.get("cli"));
    if (!cli)
        return fail("mcp", cli.status());
    const fs::path cached = cached_vault_dir(n, s);
    if (Status st = ensure_vault(cached, n, s); !st)
        return fail("mcp", st);
    // A copy: both sides write audit rows, which the cached vault must not collect.
    std::random_device rd;
    const fs::path dir = fs::temp_directory_path() /
                         ("memlens-bench-mcp-" + std::to_string(rd()) + std::to_string(rd()));
    std::error_code ec;
    fs::create_directories(dir, ec);
    fs::copy(cached, dir / "vault", fs::copy_options::recursive, ec);
    if (ec)
        return fail("mcp", "copying the vault to " + dir.string() + ": " + ec.message());
    auto cleanup = [&] { fs::remove_all(dir, ec); };

    nlohmann::json in_process, served;
    std::vector<std::string> texts;
    {
        auto vault = Vault::open(dir / "vault", false);
        if (!vault)
            return cleanup(), fail("mcp", vault.status());
        auto work = make_workload(**vault, q, s);
        if (!work)
            return cleanup(), fail("mcp", work.status());
        texts = work->queries;
        auto engine = SearchEngine::open(**vault);
        if (!engine)
            return cleanup(), fail("mcp", engine.status());
        auto t = timed(texts.size(), [&](std::size_t i) -> Status {
            auto r = (*engine)->query(texts[i]);
            return r ? Status::ok() : r.status();
        });
        if (!t)
            return cleanup(), fail("mcp", t.status());
        in_process = *t;
    }
    {
        ServeChild child;
        if (Status st = child.start(*cli, dir / "vault"); !st)
            return cleanup(), fail("mcp", st);
        const nlohmann::json meta = {
            {"io.modelcontextprotocol/protocolVersion", "2026-07-28"},
            {"io.modelcontextprotocol/clientCapabilities", nlohmann::json::object()},
            {"io.modelcontextprotocol/clientInfo", {{"name", "memlens-bench"}, {"version", "1"}}}};
        int id = 0;
        auto t = timed(texts.size(), [&](std::size_t i) -> Status {
            const nlohmann::json req = {{"jsonrpc", "2.0"},
                                        {"id", ++id},
                                        {"method", "tools/call"},
                                        {"params",
                                         {{"name", "memory_search"},
                                          {"arguments", {{"query", texts[i]}}},
                                          {"_meta", meta}}}};
            auto line = child.round_trip(req.dump());
            if (!line)
                return line.status();
            const auto answer = nlohmann::json::parse(*line, nullptr, false);
            if (!answer.is_object() || !answer.contains("result") ||
                answer["result"].value("isError", true))
                return Status::internal("memory_search failed: " + line->substr(0, 300));
            return Status::ok();
        });
        child.stop();
        if (!t)
            return cleanup(), fail("mcp", t.status());
        served = *t;
    }
    cleanup();
    const double base50 = in_process["p50"].get<double>();
    const double mcp50 = served["p50"].get<double>();
    const nlohmann::json j = {{"chunks", n},
                              {"queries", texts.size()},
                              {"in_process_ms", in_process},
                              {"mcp_stdio_ms", served},
                              {"added_ms_p50", mcp50 - base50},
                              {"ratio_p50", base50 > 0 ? mcp50 / base50 : 0.0}};
    if (a.json()) {
        std::cout << j.dump(2) << '\n';
        return 0;
    }
    std::printf("%zu chunks, %zu queries (memory_search, hybrid)\n", n, texts.size());
    std::printf("  in process (SearchEngine::query)  p50 %8.2f ms   p95 %8.2f ms\n", base50,
                in_process["p95"].get<double>());
    std::printf("  MCP over stdio (memlens-cli serve) p50 %8.2f ms   p95 %8.2f ms\n", mcp50,
                served["p95"].get<double>());
    std::printf("  added by the server: %.2f ms at p50 (%.2fx the in-process time)\n",
                mcp50 - base50, j["ratio_p50"].get<double>());
    return 0;
}

} // namespace memlens::bench
