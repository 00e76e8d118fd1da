// memlens-bench lab: what the ranking lab costs (core/include/memlens/lab.h), against a search
// of the same queries in the same run. On a copy of the cached generated vault, Q seeded
// questions are asked and logged (generate_query_log); then timed: a search of a logged query
// (the baseline), one re-rank of a row's stored pools with its explanations (what a slider move
// costs), a what-if with one changed setting (two re-ranks and the attribution), and a blast
// radius over the whole log with RRF k = 20: reading and parsing the log, then re-ranking
// every row.
#include "bench.h"
#include "measure.h"
#include "workload.h"

#include <memlens/audit.h>
#include <memlens/lab.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>

namespace memlens::bench {

namespace fs = std::filesystem;

namespace {

// The vault the lab is timed on, with a log of Q questions: a copy, because the bench writes a
// query log, which the cached vault must not collect. With --keep DIR the copy and its log stay
// in DIR, and a later run given the same DIR reuses a log of at least Q rows instead of asking
// the questions again (at a million chunks that takes about ten minutes; what is timed after it
// does not change the vault). Returns the folder holding "vault"; `scratch` owns a temporary one.
Result<fs::path> logged_vault(const Args& a, std::size_t n, std::size_t q, std::uint64_t s,
                              std::unique_ptr<ScratchVault>& scratch, nlohmann::json& out) {
    fs::path dir;
    if (const auto keep = a.get("keep")) {
        dir = *keep;
        if (!fs::exists(dir / "vault")) {
            const fs::path cached = cached_vault_dir(n, s);
            MEMLENS_TRY(ensure_vault(cached, n, s));
            MEMLENS_TRY(copy_vault(cached, dir / "vault"));
        }
    } else {
        auto made = ScratchVault::of_bench_vault(n, s, "lab");
        if (!made)
            return made.status();
        scratch = std::move(made).value();
        dir = scratch->dir();
    }
    // What an earlier run with --keep logged: the count in DIR/logged, written after its log.
    std::size_t logged_before = 0;
    if (a.get("keep"))
        std::ifstream(dir / "logged") >> logged_before;
    if (logged_before >= q) {
        out["log_rows"] = logged_before;
        out["log_build_s"] = 0.0;
        out["log_reused"] = true;
        return dir;
    }
    const auto t0 = Clock::now();
    auto logged = log_questions(dir / "vault", q, s);
    if (!logged)
        return logged.status();
    out["log_rows"] = logged->logged;
    out["log_build_s"] = ms_since(t0) / 1000.0;
    if (a.get("keep"))
        std::ofstream(dir / "logged") << logged_before + logged->logged << '\n';
    return dir;
}

} // namespace

int bench_lab(const Args& a) {
    auto chunks = a.get_int("chunks", 1, kMaxBenchCount);
    auto queries = a.get_int("queries", 10, 1'000'000);
    auto seed = a.get_int("seed", 0, std::numeric_limits<std::int32_t>::max());
    if (!chunks || !queries || !seed)
        return fail("lab",
                    !chunks ? chunks.status() : (!queries ? queries.status() : seed.status()));
    const std::size_t n = static_cast<std::size_t>(chunks->value_or(10'000));
    const std::size_t q = static_cast<std::size_t>(queries->value_or(2'000));
    const std::uint64_t s = static_cast<std::uint64_t>(seed->value_or(1));
    nlohmann::json out = {{"chunks", n}, {"queries", q}};
    std::unique_ptr<ScratchVault> scratch;
    auto dir = logged_vault(a, n, q, s, scratch, out);
    if (!dir)
        return fail("lab", dir.status());
    auto vault = Vault::open(*dir / "vault", true);
    if (!vault)
        return fail("lab", vault.status());
    SearchEngineOptions eo;
    eo.audit = false;
    auto engine = SearchEngine::open(**vault, eo);
    if (!engine)
        return fail("lab", engine.status());
    auto log = load_lab_log((*vault)->db(), {});
    if (!log)
        return fail("lab", log.status());
    if (log->rows.empty())
        return fail("lab", "the generated log holds no re-rankable row");
    // The rows the single-query steps are timed on: up to 50, spread over the log.
    std::vector<const LabRow*> sample;
    const std::size_t stride = std::max<std::size_t>(1, log->rows.size() / 50);
    for (std::size_t i = 0; i < log->rows.size() && sample.size() < 50; i += stride)
        sample.push_back(&log->rows[i]);

    auto step = [&](const char* name, auto op) -> bool {
        auto t = timed(sample.size(), op);
        if (!t) {
            fail("lab", std::string(name) + ": " + t.status().to_string());
            return false;
        }
        out[name] = *t;
        return true;
    };
    if (!step("search_ms", [&](std::size_t i) -> Status {
            QueryOptions qo;
            qo.audit = false;
            const LabRow& row = *sample[i];
            qo.now_ms = row.request.now_ms;
            auto r = (*engine)->query(row.record.query, qo);
            return r ? Status::ok() : r.status();
        }))
        return 1;
    if (!step("rerank_ms", [&](std::size_t i) -> Status {
            const LabRow& row = *sample[i];
            auto pools = lab_row_pools(row); // a log's rows keep their pools packed
            if (!pools)
                return pools.status();
            auto r = (*engine)->rerun(row.request, row.settings, *pools);
            return r ? Status::ok() : r.status();
        }))
        return 1;
    if (!step("whatif_ms", [&](std::size_t i) -> Status {
            const LabRow& row = *sample[i];
            auto st = apply_setting_overrides(row.settings, {{"search.rrf_k", "20"}});
            if (!st)
                return st.status();
            auto r = what_if(**engine, row, *st);
            return r ? Status::ok() : r.status();
        }))
        return 1;
    // RRF k = 20: a change every row's fusion feels, with no shortcut in any stage.
    auto blast = blast_radius(**engine, *log, {{"search.rrf_k", "20"}});
    if (!blast)
        return fail("lab", blast.status());
    const double rows = static_cast<double>(log->rows.size());
    out["blast_rows"] = log->rows.size();
    out["blast_changed"] = blast->changed;
    out["blast_load_ms"] = log->load_ms;
    out["blast_rerank_ms"] = blast->rerank_ms;
    out["blast_ms_per_row"] = (log->load_ms + blast->rerank_ms) / rows;
    out["blast_rerank_ms_per_row"] = blast->rerank_ms / rows;
    out["blast_10000_rows_s_estimate"] = (log->load_ms + blast->rerank_ms) / rows * 10.0;
    // The Lab keeps the log it read: a second blast radius over it only re-ranks.
    out["blast_10000_rows_preloaded_s_estimate"] = blast->rerank_ms / rows * 10.0;
    const double base = out["search_ms"]["p50"].get<double>();
    for (const char* k : {"rerank_ms", "whatif_ms"})
        out[std::string(k) + "_ratio"] = base > 0 ? out[k]["p50"].get<double>() / base : 0.0;
    out["blast_rerank_per_row_ratio"] =
        base > 0 ? out["blast_rerank_ms_per_row"].get<double>() / base : 0.0;
    if (a.json()) {
        std::cout << out.dump(2) << '\n';
        return 0;
    }
    std::printf("%zu chunks; a log of %zu rows built in %.1f s\n", n, log->rows.size(),
                out["log_build_s"].get<double>());
    for (const char* k : {"search_ms", "rerank_ms", "whatif_ms"})
        std::printf("  %-12s p50 %8.2f ms   p95 %8.2f ms   %5.2fx a search\n", k,
                    out[k]["p50"].get<double>(), out[k]["p95"].get<double>(),
                    base > 0 ? out[k]["p50"].get<double>() / base : 0.0);
    std::printf("  blast radius (RRF k = 20) over %zu rows: %.0f ms reading the log + %.0f ms "
                "re-ranking = %.3f ms a row (re-ranking %.3fx a search)\n",
                log->rows.size(), log->load_ms, blast->rerank_ms,
                out["blast_ms_per_row"].get<double>(),
                out["blast_rerank_per_row_ratio"].get<double>());
    std::printf("  10,000 rows: ≈ %.1f s the first time, ≈ %.1f s again over the log as read\n",
                out["blast_10000_rows_s_estimate"].get<double>(),
                out["blast_10000_rows_preloaded_s_estimate"].get<double>());
    return 0;
}

} // namespace memlens::bench
