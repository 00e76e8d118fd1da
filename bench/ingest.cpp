// memlens-bench ingest: the full pipeline against a bare SQLite + FTS5 insert of the same rows, and
// against copying the rows it wrote into a fresh vault.
#include "baselines.h"
#include "bench.h"
#include "report.h"

#include <memlens/embedder.h>
#include <memlens/generate.h>
#include <memlens/ingest.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <iostream>
#include <limits>
#include <random>

namespace memlens::bench {

namespace fs = std::filesystem;

namespace {

fs::path scratch_dir(const std::string& tag) {
    std::random_device rd;
    auto p = fs::temp_directory_path() /
             ("memlens-bench-" + tag + "-" + std::to_string(rd()) + std::to_string(rd()));
    fs::create_directories(p);
    return p;
}

} // namespace

int bench_ingest(const Args& a) {
    auto n = a.get_int("chunks", 1, kMaxBenchCount);
    if (!n)
        return fail("ingest", n.status());
    auto seed = a.get_int("seed", 0, std::numeric_limits<std::int64_t>::max());
    if (!seed)
        return fail("ingest", seed.status());
    GenerateOptions g;
    g.chunks = static_cast<std::size_t>(n->value_or(100'000));
    g.seed = static_cast<std::uint64_t>(seed->value_or(1));

    auto sources = generate_sources(g);
    if (!sources)
        return fail("ingest", sources.status());

    const fs::path dir = a.get("keep") ? fs::path(*a.get("keep")) : scratch_dir("ingest");
    fs::create_directories(dir);
    fs::remove_all(dir / "vault");
    fs::remove(dir / "bare.db");
    fs::remove(dir / "bare.db-wal");
    fs::remove(dir / "bare.db-shm");
    for (const char* f : {"bare4.db", "bare4.db-wal", "bare4.db-shm"})
        fs::remove(dir / f);
    fs::remove_all(dir / "floor");

    auto vault = Vault::create(dir / "vault");
    if (!vault)
        return fail("ingest", vault.status());
    auto embedder = make_embedder_for(**vault);
    if (!embedder)
        return fail("ingest", embedder.status());
    Ingestor ingestor(**vault, **embedder);
    auto report = ingestor.ingest(*sources);
    if (!report)
        return fail("ingest", report.status());

    auto rows = read_rows(**vault);
    if (!rows)
        return fail("ingest", rows.status());
    auto bare = bare_insert_seconds(dir, *rows, false);
    if (!bare)
        return fail("ingest", bare.status());
    auto shaped = bare_insert_seconds(dir, *rows, true);
    if (!shaped)
        return fail("ingest", shaped.status());
    auto floor = vault_rows_seconds(dir, dir / "vault" / "vault.db");
    if (!floor)
        return fail("ingest", floor.status().with_context("copying the vault's rows"));

    const double chunks = static_cast<double>(report->chunks);
    const double pipeline_rate = chunks / report->seconds;
    const double bare_rate = chunks / *bare;
    const double shaped_rate = chunks / *shaped;
    const double floor_rate = chunks / *floor;
    std::error_code ec;
    const auto vault_bytes = fs::file_size(dir / "vault" / "vault.db", ec);
    if (!a.get("keep"))
        fs::remove_all(dir, ec);

    const nlohmann::json j = {{"chunks", report->chunks},
                              {"messages", g.chunks},
                              {"summaries", report->summaries},
                              {"entities", report->entities},
                              {"pipeline_seconds", report->seconds},
                              {"bare_seconds", *bare},
                              {"pipeline_chunks_per_s", pipeline_rate},
                              {"bare_chunks_per_s", bare_rate},
                              {"ratio", pipeline_rate / bare_rate},
                              // The same rows into an FTS5 index of the vault's four columns:
                              // what the index the keyword leg needs costs on its own.
                              {"bare_vault_fts_chunks_per_s", shaped_rate},
                              {"bare_vault_fts_seconds", *shaped},
                              {"bare_vault_fts_ratio", shaped_rate / bare_rate},
                              // Every row the pipeline wrote, copied into a fresh vault with no
                              // computation: the rate no pipeline writing these rows can beat.
                              {"vault_rows_chunks_per_s", floor_rate},
                              {"vault_rows_seconds", *floor},
                              {"vault_rows_ratio", floor_rate / bare_rate},
                              {"pipeline_to_vault_rows", pipeline_rate / floor_rate},
                              {"vault_bytes_per_chunk", static_cast<double>(vault_bytes) / chunks}};
    if (a.json())
        std::cout << j.dump(2) << '\n';
    else
        print_ingest_table(j);
    return 0;
}

} // namespace memlens::bench
