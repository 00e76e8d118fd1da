// bench scale: the query bench at growing sizes, each size in a fresh process (its own peak
// RSS, no cache carried over), and how every figure grows from one size to the next.
#include "bench.h"

#include <nlohmann/json.hpp>
#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <iostream>
#include <limits>

namespace memlens::cli {

namespace {

using json = nlohmann::json;

Result<json> run_child(std::size_t chunks, std::size_t queries, std::uint64_t seed) {
    const std::string cmd = "'/proc/" + std::to_string(::getpid()) +
                            "/exe' bench query --json --chunks " + std::to_string(chunks) +
                            " --queries " + std::to_string(queries) + " --seed " +
                            std::to_string(seed);
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

// Every p50 / p95 and scalar figure of `to` divided by the same figure of `from`.
json growth(const json& from, const json& to) {
    json g = json::object();
    for (const auto& [key, value] : to.items()) {
        if (!from.contains(key))
            continue;
        const json& before = from[key];
        if (value.is_object() && value.contains("p50") && before.contains("p50")) {
            const double b50 = before["p50"].get<double>(), b95 = before["p95"].get<double>();
            g[key] = {{"p50", b50 > 0 ? value["p50"].get<double>() / b50 : 0.0},
                      {"p95", b95 > 0 ? value["p95"].get<double>() / b95 : 0.0}};
        } else if (value.is_number() && before.is_number() && before.get<double>() > 0) {
            g[key] = value.get<double>() / before.get<double>();
        }
    }
    return g;
}

} // namespace

int bench_scale(const Args& a) {
    std::vector<std::size_t> sizes = {10'000, 100'000, 1'000'000};
    if (auto s = a.get("sizes")) {
        sizes.clear();
        for (const auto& part : split_list(*s)) {
            std::int64_t n = 0;
            auto [p, ec] = std::from_chars(part.data(), part.data() + part.size(), n);
            if (ec != std::errc() || p != part.data() + part.size() || n < 1 || n > kMaxBenchCount)
                return fail("bench", "--sizes: expected integers from 1 to " +
                                         std::to_string(kMaxBenchCount) + ", not '" + part + "'");
            sizes.push_back(static_cast<std::size_t>(n));
        }
    }
    auto q = a.get_int("queries", 1, kMaxBenchCount);
    auto seed = a.get_int("seed", 0, std::numeric_limits<std::int64_t>::max());
    if (!q)
        return fail("bench", q.status());
    if (!seed)
        return fail("bench", seed.status());
    const auto queries = std::size_t(q->value_or(50));
    const auto s = std::uint64_t(seed->value_or(1));

    json runs = json::array();
    for (std::size_t n : sizes) {
        std::fprintf(stderr, "bench scale: %zu chunks\n", n);
        auto r = run_child(n, queries, s);
        if (!r)
            return fail("bench", r.status());
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
    std::printf("%-24s", "p50 ms");
    for (std::size_t n : sizes)
        std::printf(" %12zu", n);
    std::printf("\n");
    for (const char* key : {"hybrid_ms", "keyword_ms", "fts_raw_ms", "vector_ms", "exact_ms",
                            "hnsw_ms", "cover_window_ms", "cover_window_90d_ms", "drill_down_ms",
                            "query_topic_ms", "search_entities_ms"}) {
        std::printf("%-24s", key);
        for (const auto& r : runs)
            std::printf(" %12.3f", r[key]["p50"].get<double>());
        std::printf("\n");
    }
    for (const char* key :
         {"vector_recall_at_10", "hnsw_recall_at_10", "peak_rss_mb", "vault_bytes_per_chunk"}) {
        std::printf("%-24s", key);
        for (const auto& r : runs)
            std::printf(" %12.3f", r[key].get<double>());
        std::printf("\n");
    }
    return 0;
}

} // namespace memlens::cli
