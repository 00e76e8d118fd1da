// bench ingest: the full pipeline against a bare SQLite + FTS5 insert of the same rows, and
// against copying the rows it wrote into a fresh vault.
#include "bench.h"

#include <memlens/db.h>
#include <memlens/embedder.h>
#include <memlens/generate.h>
#include <memlens/ingest.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <limits>
#include <random>

namespace memlens::cli {

namespace fs = std::filesystem;

namespace {

struct BareRow {
    std::string id, source_id, author, content;
    std::int64_t ts = 0;
    std::string context, near, far; // the vault's other FTS5 columns for this chunk
};

fs::path scratch_dir(const std::string& tag) {
    std::random_device rd;
    auto p = fs::temp_directory_path() /
             ("memlens-bench-" + tag + "-" + std::to_string(rd()) + std::to_string(rd()));
    fs::create_directories(p);
    return p;
}

Result<std::vector<BareRow>> read_rows(const Vault& vault) {
    std::vector<BareRow> rows;
    auto st = vault.db().prepare(
        "SELECT c.id, c.source_id, coalesce(c.author, ''), c.content, c.timestamp_ms, "
        "coalesce(f.context, ''), coalesce(f.near, ''), coalesce(f.far, '') "
        "FROM mem_tree_chunks c LEFT JOIN mem_tree_chunks_fts f ON f.rowid = c.rid ORDER BY c.rid");
    if (!st)
        return st.status();
    while (true) {
        auto r = st->step();
        if (!r)
            return r.status();
        if (!*r)
            break;
        rows.push_back({st->column_text(0), st->column_text(1), st->column_text(2),
                        st->column_text(3), st->column_int64(4), st->column_text(5),
                        st->column_text(6), st->column_text(7)});
    }
    return rows;
}

// The floor: the same rows into one table plus an FTS5 index with the same tokenizer, one
// transaction, one prepared statement each, the same pragmas as a vault. With `vault_shape`, the
// FTS5 index has the vault's four columns (body, context, near, far) holding the texts the
// pipeline indexed: the cost of the index alone that the keyword leg searches.
Result<double> bare_insert_seconds(const fs::path& dir, const std::vector<BareRow>& rows,
                                   bool vault_shape) {
    const fs::path file = dir / (vault_shape ? "bare4.db" : "bare.db");
    auto db = Database::open(file.string(), OpenMode::ReadWriteCreate);
    if (!db)
        return db.status();
    MEMLENS_TRY(db->exec("PRAGMA journal_mode = WAL"));
    MEMLENS_TRY(apply_connection_pragmas(*db));
    MEMLENS_TRY(db->exec(std::string("CREATE TABLE chunks(rid INTEGER PRIMARY KEY, id TEXT NOT "
                                     "NULL UNIQUE, source_id TEXT NOT NULL, author TEXT, "
                                     "timestamp_ms INTEGER NOT NULL, content TEXT NOT NULL);"
                                     "CREATE VIRTUAL TABLE chunks_fts USING fts5(content, ") +
                         (vault_shape ? "context, near, far, " : "") +
                         "tokenize = 'porter unicode61 remove_diacritics 2');"));
    const auto t0 = std::chrono::steady_clock::now();
    auto tx = Transaction::begin(*db);
    if (!tx)
        return tx.status();
    auto ins = db->prepare("INSERT INTO chunks(rid, id, source_id, author, timestamp_ms, content) "
                           "VALUES (?,?,?,?,?,?)");
    auto fts = db->prepare(vault_shape ? "INSERT INTO chunks_fts(rowid, content, context, near, "
                                         "far) VALUES (?, ?, ?, ?, ?)"
                                       : "INSERT INTO chunks_fts(rowid, content) VALUES (?, ?)");
    if (!ins)
        return ins.status();
    if (!fts)
        return fts.status();
    std::int64_t rid = 1;
    for (const auto& r : rows) {
        ins->reset();
        ins->bind(1, rid)
            .bind(2, r.id)
            .bind(3, r.source_id)
            .bind(4, r.author)
            .bind(5, r.ts)
            .bind(6, r.content);
        MEMLENS_TRY(ins->exec());
        fts->reset();
        fts->bind(1, rid).bind(2, r.content);
        if (vault_shape)
            fts->bind(3, r.context).bind(4, r.near).bind(5, r.far);
        MEMLENS_TRY(fts->exec());
        ++rid;
    }
    MEMLENS_TRY(tx->commit());
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// The vault's own floor: every row the pipeline wrote (chunks, both FTS5 indexes, scores,
// vectors, entity index, edges, summaries, trees, buffers, sources, topic tree rows), copied
// into a fresh vault of the same schema and triggers in one transaction, with no extraction,
// embedding, sealing or clustering. The rows are first copied into an in-memory database so that
// the timed part reads nothing from disk. What this costs is what writing the vault's contents
// costs on its own, whatever a pipeline computes them with.
Result<double> vault_rows_seconds(const fs::path& dir, const fs::path& source_db) {
    auto floor = Vault::create(dir / "floor");
    if (!floor)
        return floor.status();
    const Database& db = (*floor)->db();
    // (table, columns to copy, order): ml_entities is filled by the index's trigger.
    struct Copy {
        const char* table;
        const char* columns;
        const char* order;
    };
    static constexpr Copy kTables[] = {
        {"mem_tree_chunks", "*", "rid"},
        {"mem_tree_chunks_fts", "rowid, content, context, near, far", "rowid"},
        {"mem_tree_score", "*", "rowid"},
        {"mem_tree_chunk_embeddings", "*", "rowid"},
        {"mem_tree_entity_index", "*", "rowid"},
        {"mem_tree_entity_edges", "*", "rowid"},
        {"mem_tree_summaries", "*", "rowid"},
        {"mem_tree_summaries_fts", "rowid, content", "rowid"},
        {"mem_tree_summary_embeddings", "*", "rowid"},
        {"mem_tree_trees", "*", "rowid"},
        {"mem_tree_buffers", "*", "rowid"},
        {"ml_sources", "*", "rowid"},
        {"ml_topic_nodes", "*", "rowid"},
        {"ml_topic_members", "*", "topic_key, node_id"},
    };
    auto attach = db.prepare("ATTACH ? AS src");
    if (!attach)
        return attach.status();
    attach->bind(1, source_db.string());
    MEMLENS_TRY(attach->exec());
    MEMLENS_TRY(db.exec("ATTACH ':memory:' AS mem"));
    for (const auto& c : kTables) {
        const std::string cols = c.columns;
        const std::string sel = "SELECT " + cols + " FROM src." + c.table + " ORDER BY " + c.order;
        MEMLENS_TRY(db.exec("CREATE TABLE mem." + std::string(c.table) + " AS " + sel));
    }
    MEMLENS_TRY(db.exec("DETACH src"));
    const auto t0 = std::chrono::steady_clock::now();
    auto tx = Transaction::begin(db);
    if (!tx)
        return tx.status();
    for (const auto& c : kTables) {
        const std::string cols = c.columns;
        const std::string target =
            cols == "*" ? std::string(c.table) : std::string(c.table) + "(" + cols + ")";
        MEMLENS_TRY(
            db.exec("INSERT INTO main." + target + " SELECT " + cols + " FROM mem." + c.table));
    }
    MEMLENS_TRY(tx->commit());
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    MEMLENS_TRY(db.exec("DETACH mem"));
    return seconds;
}

} // namespace

int bench_ingest(const Args& a) {
    auto n = a.get_int("chunks", 1, kMaxBenchCount);
    if (!n)
        return fail("bench", n.status());
    auto seed = a.get_int("seed", 0, std::numeric_limits<std::int64_t>::max());
    if (!seed)
        return fail("bench", seed.status());
    GenerateOptions g;
    g.chunks = static_cast<std::size_t>(n->value_or(100'000));
    g.seed = static_cast<std::uint64_t>(seed->value_or(1));

    auto sources = generate_sources(g);
    if (!sources)
        return fail("bench", sources.status());

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
        return fail("bench", vault.status());
    auto embedder = make_embedder_for(**vault);
    if (!embedder)
        return fail("bench", embedder.status());
    Ingestor ingestor(**vault, **embedder);
    auto report = ingestor.ingest(*sources);
    if (!report)
        return fail("bench", report.status());

    auto rows = read_rows(**vault);
    if (!rows)
        return fail("bench", rows.status());
    auto bare = bare_insert_seconds(dir, *rows, false);
    if (!bare)
        return fail("bench", bare.status());
    auto shaped = bare_insert_seconds(dir, *rows, true);
    if (!shaped)
        return fail("bench", shaped.status());
    auto floor = vault_rows_seconds(dir, dir / "vault" / "vault.db");
    if (!floor)
        return fail("bench", floor.status().with_context("copying the vault's rows"));

    const double chunks = static_cast<double>(report->chunks);
    const double pipeline_rate = chunks / report->seconds;
    const double bare_rate = chunks / *bare;
    const double shaped_rate = chunks / *shaped;
    const double floor_rate = chunks / *floor;
    std::error_code ec;
    const auto vault_bytes = fs::file_size(dir / "vault" / "vault.db", ec);
    if (!a.get("keep"))
        fs::remove_all(dir, ec);

    if (a.json()) {
        nlohmann::json j = {{"chunks", report->chunks},
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
        std::cout << j.dump(2) << '\n';
    } else {
        std::printf("chunks                 %zu\n", report->chunks);
        std::printf("full pipeline          %10.0f chunks/s  (%.2f s)\n", pipeline_rate,
                    report->seconds);
        std::printf("bare SQLite + FTS5     %10.0f chunks/s  (%.2f s)\n", bare_rate, *bare);
        std::printf("ratio                  %10.3f  (target >= 0.333)\n",
                    pipeline_rate / bare_rate);
        std::printf("bare, vault's 4-column FTS5 %5.0f chunks/s  (%.2f s; %.3f of bare)\n",
                    shaped_rate, *shaped, shaped_rate / bare_rate);
        std::printf("vault's rows, copied    %10.0f chunks/s  (%.2f s; %.3f of bare; the "
                    "pipeline runs at %.3f of it)\n",
                    floor_rate, *floor, floor_rate / bare_rate, pipeline_rate / floor_rate);
    }
    return 0;
}

} // namespace memlens::cli
