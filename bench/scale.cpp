// memlens-bench scale: the query bench at growing sizes, each size in a fresh process (its own peak
// RSS, no cache carried over), and how every figure grows from one size to the next.
#include "bench.h"
#include "cold_start.h"
#include "report.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cstdio>
#include <iostream>
#include <limits>

namespace memlens::bench {

namespace {

using json = nlohmann::json;

// Quotes `s` for /bin/sh.
std::string shell_quoted(const std::string& s) {
    std::string out = "'";
    for (char c : s)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// `memlens-bench query --json` at one size, in a fresh process, timing `cli`'s cold start.
Result<json> run_child(std::size_t chunks, std::size_t queries, std::uint64_t seed,
                       const std::string& cli) {
    const std::string cmd = shell_quoted(self_exe()) + " query --json --chunks " +
                            std::to_string(chunks) + " --queries " + std::to_string(queries) +
                            " --seed " + std::to_string(seed) + " --cli " + shell_quoted(cli);
    FILE* p = ::popen(cmd.c_str(), "r");
    if (!p)
        return Status::io("cannot start: " + cmd);
    std::string text;
    char buf[4096];
    for (std::size_t got; (got = std::fread(buf, 1, sizeof buf, p)) > 0;)
        text.append(buf, got);
    if (::pclose(p) != 0)
        return Status::io("the query bench failed at " + std::to_string(chunks) + " chunks");
    json j = json::parse(text, nullptr, false);
    if (j.is_discarded())
        return Status::invalid("the query bench printed no JSON at " + std::to_string(chunks));
    return j;
}

} // namespace

int bench_scale(const Args& a) {
    std::vector<std::size_t> sizes = {10'000, 100'000, 1'000'000};
    if (auto s = a.get("sizes")) {
        sizes.clear();
        for (const auto& part : cli::split_list(*s)) {
            std::int64_t n = 0;
            auto [p, ec] = std::from_chars(part.data(), part.data() + part.size(), n);
            if (ec != std::errc() || p != part.data() + part.size() || n < 1 || n > kMaxBenchCount)
                return fail("scale", "--sizes: expected integers from 1 to " +
                                         std::to_string(kMaxBenchCount) + ", not '" + part + "'");
            sizes.push_back(static_cast<std::size_t>(n));
        }
    }
    auto q = a.get_int("queries", 1, kMaxBenchCount);
    auto seed = a.get_int("seed", 0, std::numeric_limits<std::int64_t>::max());
    if (!q)
        return fail("scale", q.status());
    if (!seed)
        return fail("scale", seed.status());
    const auto queries = std::size_t(q->value_or(50));
    const auto s = std::uint64_t(seed->value_or(1));
    auto cli = memlens_cli_path(a.get("cli"));
    if (!cli)
        return fail("scale", cli.status());

    json runs = json::array();
    for (std::size_t n : sizes) {
        std::fprintf(stderr, "memlens-bench scale: %zu chunks\n", n);
        auto r = run_child(n, queries, s, *cli);
        if (!r)
            return fail("scale", r.status());
        runs.push_back(std::move(*r));
    }
    json steps = json::array();
    for (std::size_t i = 1; i < runs.size(); ++i)
        steps.push_back(
            {{"from", sizes[i - 1]}, {"to", sizes[i]}, {"growth", growth(runs[i - 1], runs[i])}});
    const json out = {{"sizes", sizes}, {"runs", runs}, {"growth", steps}};
    if (a.json()) {
        std::cout << out.dump(2) << '\n';
        return 0;
    }
    print_scale_table(out);
    return 0;
}

} // namespace memlens::bench
