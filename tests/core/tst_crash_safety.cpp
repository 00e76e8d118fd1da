// Crash safety: `memlens-cli ingest` of a large generated file into a vault that already holds
// data, killed with SIGKILL at random points (stratified over the time a full ingest takes, half
// of them over its end, so kills land early, mid-import, around the commit and after it). After
// each kill the vault must open, pass PRAGMA integrity_check and the FTS5 integrity checks, and
// hold what the import's committed batches wrote (IngestOptions::batch_ms), each message whole:
// all of it, none, or a part that the same import run again completes to exactly what a
// completed ingest of the same file leaves, every table alike.
//
// MEMLENS_CRASH_RUNS (default 24, at least 20), MEMLENS_CRASH_CHUNKS (default 6000) and
// MEMLENS_CRASH_SEED (default 20240301) change the run; the seed is printed so a failure can be
// replayed.
#include "suite.h"
#include "testsupport.h"
#include "vault_dump.h"

#include <memlens/db.h>
#include <memlens/embedder.h>
#include <memlens/generate.h>
#include <memlens/topic_tree.h>
#include <memlens/vault.h>

#include <QElapsedTimer>
#include <QProcess>
#include <QThread>
#include <QtTest>

#include <map>
#include <random>

namespace tst_crash_safety {

using namespace memlens;
namespace fs = std::filesystem;

namespace {

int env_int(const char* name, int fallback) {
    bool ok = false;
    const int v = qEnvironmentVariableIntValue(name, &ok);
    return ok && v > 0 ? v : fallback;
}

// What a vault holds, in the terms of the all-or-none property.
struct Contents {
    std::map<std::string, long long> chunks_per_source;
    std::map<std::string, long long> rows_per_table;
    long long chunk_entity_rows = 0; // mem_tree_entity_index rows of chunks
};

Contents contents(const fs::path& dir) {
    Contents c;
    auto db = Database::open((dir / "vault.db").string(), OpenMode::ReadOnly);
    if (!db.is_ok())
        qFatal("%s", db.status().to_string().c_str());
    auto st = db->prepare("SELECT source_id, count(*) FROM mem_tree_chunks GROUP BY source_id");
    while (st.is_ok() && *st->step())
        c.chunks_per_source[st->column_text(0)] = st->column_int64(1);
    c.rows_per_table = test::fingerprint(dir).row_counts;
    auto rows = db->query_int("SELECT count(*) FROM mem_tree_entity_index WHERE node_id NOT LIKE "
                              "'summary:%'");
    c.chunk_entity_rows = rows.is_ok() ? *rows : -1;
    return c;
}

std::string check_integrity(const fs::path& dir) {
    auto vault = Vault::open(dir, false); // read-write: what the user does next; runs recovery
    if (!vault.is_ok())
        return "open: " + vault.status().to_string();
    const Database& db = (*vault)->db();
    auto st = db.prepare("PRAGMA integrity_check");
    if (!st.is_ok() || !*st->step())
        return "integrity_check did not run";
    if (st->column_text(0) != "ok")
        return "integrity_check: " + st->column_text(0);
    for (const char* fts : {"mem_tree_chunks_fts", "mem_tree_summaries_fts"}) {
        const std::string sql =
            std::string("INSERT INTO ") + fts + "(" + fts + ") VALUES ('integrity-check')";
        if (Status s = db.exec(sql); !s.is_ok())
            return std::string(fts) + ": " + s.to_string();
    }
    return {};
}

// The first table whose row count in `got` is not `want`'s, said as "table T has N rows,
// expected M"; empty when all agree. `but_history` leaves out the tables whose rows depend on
// where an import's batches ended: the topic index's own and the entity index (which
// entities a summary lists).
std::string rows_differ(const Contents& got, const Contents& want, bool but_history) {
    for (const auto& [table, n] : want.rows_per_table) {
        if (but_history && (table.starts_with("ml_topic_") || table == "mem_tree_entity_index"))
            continue;
        const auto it = got.rows_per_table.find(table);
        if (it == got.rows_per_table.end() || it->second != n)
            return "table " + table + " has " +
                   std::to_string(it == got.rows_per_table.end() ? -1 : it->second) +
                   " rows, expected " + std::to_string(n);
    }
    return {};
}

// Whether the vault's topic index (its file and the vectors appended beside it) holds every
// vector the vault keeps; what is wrong otherwise.
std::string index_holds_every_vector(const fs::path& dir) {
    auto vault = Vault::open(dir, true);
    if (!vault.is_ok())
        return "open: " + vault.status().to_string();
    auto embedder = make_embedder_for(**vault);
    if (!embedder.is_ok())
        return "embedder: " + embedder.status().to_string();
    auto index = TopicIndex::load((*vault)->db(), (*embedder)->signature());
    if (!index.is_ok())
        return "topic index: " + index.status().to_string();
    auto vectors = (*vault)->db().query_int(
        "SELECT (SELECT count(*) FROM mem_tree_chunk_embeddings) + (SELECT count(*) FROM "
        "mem_tree_summary_embeddings)");
    if (!vectors.is_ok() || static_cast<std::int64_t>(index->size()) != *vectors)
        return "topic index holds " + std::to_string(index->size()) + " vectors, the vault " +
               (vectors.is_ok() ? std::to_string(*vectors) : vectors.status().to_string());
    return {};
}

void copy_vault(const fs::path& from, const fs::path& to) {
    fs::remove_all(to);
    fs::copy(from, to, fs::copy_options::recursive);
}

std::uintmax_t wal_size(const fs::path& dir) {
    std::error_code ec;
    const auto n = fs::file_size(dir / "vault.db-wal", ec);
    return ec ? 0 : n;
}

// A few messages in sources the generated corpus never uses: the data already in the vault.
constexpr const char* kBaseline =
    R"({"source": "slack:#baseline", "author": "ines", "ts": "2023-06-01T08:00:00Z", "text": "Baseline: the archive migration is done"}
{"source": "slack:#baseline", "author": "omar", "ts": "2023-06-01T08:05:00Z", "text": "Thanks Ines, closing the ticket #archive"}
{"source": "gmail:baseline", "author": "ines", "ts": "2023-06-02T09:00:00Z", "text": "Minutes of the June planning meeting"}
)";

enum class Landed { BeforeCommit, DuringWriteOut, BetweenBatches, AfterCommit, AfterExit };

const char* to_string(Landed l) {
    switch (l) {
    case Landed::BeforeCommit:
        return "before commit";
    case Landed::DuringWriteOut:
        return "during write-out";
    case Landed::BetweenBatches:
        return "between batches";
    case Landed::AfterCommit:
        return "after commit";
    case Landed::AfterExit:
        return "after exit";
    }
    return "?";
}

} // namespace

class TestCrashSafety : public QObject {
    Q_OBJECT

    test::TempDir tmp_;
    fs::path corpus_, template_;
    Contents baseline_, complete_;
    qint64 full_ms_ = 0;

    QStringList ingest_args(const fs::path& vault) const {
        return {QStringLiteral("ingest"), QStringLiteral("--vault"),
                QString::fromStdString(vault.string()), QStringLiteral("--quiet"),
                QString::fromStdString(corpus_.string())};
    }

private slots:
    void initTestCase() {
        QVERIFY2(fs::exists(test::cli_path()), "MEMLENS_CLI must name the memlens-cli binary");
        corpus_ = tmp_.file("big.jsonl");
        GenerateOptions g;
        g.chunks = static_cast<std::size_t>(env_int("MEMLENS_CRASH_CHUNKS", 6000));
        g.seed = 7;
        auto gen = generate_corpus_file(corpus_, g);
        QVERIFY2(gen.is_ok(), gen.status().to_string().c_str());

        template_ = tmp_.file("template");
        tmp_.write("baseline.jsonl", kBaseline);
        auto base = test::run_cli({QStringLiteral("ingest"), QStringLiteral("--vault"),
                                   QString::fromStdString(template_.string()),
                                   QString::fromStdString(tmp_.file("baseline.jsonl").string())});
        QVERIFY2(base.exit_code == 0, base.err.c_str());
        baseline_ = contents(template_);
        QCOMPARE(baseline_.chunks_per_source.size(), std::size_t{2});

        // The reference: the same ingest, run to completion.
        const fs::path ref = tmp_.file("reference");
        copy_vault(template_, ref);
        QElapsedTimer timer;
        timer.start();
        auto full = test::run_cli(ingest_args(ref), 600000);
        full_ms_ = timer.elapsed();
        QVERIFY2(full.exit_code == 0, full.err.c_str());
        complete_ = contents(ref);
        QVERIFY(complete_.chunks_per_source.size() > baseline_.chunks_per_source.size());
        const std::string problem = check_integrity(ref);
        QVERIFY2(problem.empty(), problem.c_str());
        qInfo("reference ingest of %zu chunks: %lld ms, %zu sources", g.chunks,
              static_cast<long long>(full_ms_), complete_.chunks_per_source.size());
    }

    void killedIngestKeepsAllOrNoneOfEachSource() {
        const int runs = std::max(20, env_int("MEMLENS_CRASH_RUNS", 24)); // at least 20 kills
        const auto seed = static_cast<std::uint32_t>(env_int("MEMLENS_CRASH_SEED", 20240301));
        qInfo("crash runs: %d, seed %u", runs, seed);
        std::mt19937 rng(seed);
        std::uniform_real_distribution<double> unit(0.0, 1.0);
        std::map<Landed, int> landed;
        bool resumed_sealing = false;
        const fs::path dir = tmp_.file("victim");

        for (int run = 0; run < runs; ++run) {
            copy_vault(template_, dir);
            // Stratified: the first half of the runs spreads its kills over a whole ingest
            // (slice i of [0, 1.15 T]); the second half over its end, [0.75 T, 1.15 T], where the
            // commit happens, so that kills land on both sides of it.
            const int half = runs / 2;
            const bool tail = run >= half;
            const double slice =
                tail ? (run - half + unit(rng)) / (runs - half) : (run + unit(rng)) / half;
            const double at =
                static_cast<double>(full_ms_) * (tail ? 0.75 + 0.40 * slice : 1.15 * slice);
            QProcess proc;
            proc.start(QString::fromStdString(test::cli_path()), ingest_args(dir));
            QVERIFY(proc.waitForStarted(10000));
            QElapsedTimer timer;
            timer.start();
            bool wal_grew = false;
            while (timer.elapsed() < static_cast<qint64>(at) &&
                   proc.state() != QProcess::NotRunning) {
                wal_grew = wal_grew || wal_size(dir) > 0;
                QThread::msleep(1);
                proc.waitForFinished(0);
            }
            wal_grew = wal_grew || wal_size(dir) > 0;
            const bool exited = proc.state() == QProcess::NotRunning;
            if (!exited) {
                proc.kill(); // SIGKILL
                QVERIFY(proc.waitForFinished(30000));
            } else {
                QVERIFY2(proc.exitStatus() == QProcess::NormalExit && proc.exitCode() == 0,
                         proc.readAllStandardError().constData());
            }

            const std::string problem = check_integrity(dir);
            QVERIFY2(problem.empty(), qPrintable(QStringLiteral("run %1 (kill at %2 ms): %3")
                                                     .arg(run)
                                                     .arg(at, 0, 'f', 0)
                                                     .arg(QString::fromStdString(problem))));
            const Contents after = contents(dir);
            const bool every_chunk = after.chunks_per_source == complete_.chunks_per_source;
            const bool none = after.chunks_per_source == baseline_.chunks_per_source;
            // The import's closing seals commit in batches too (Run::flush_stale_buffers,
            // core/src/ingest/ingestor.cpp): a kill among them keeps every message and some
            // level-0 buffers not yet sealed, a part like a kill between two batches of messages.
            const bool all = every_chunk && rows_differ(after, complete_, true).empty();
            const bool sealing = every_chunk && !all;
            // An import commits in batches (IngestOptions::batch_ms), each whole: a kill keeps
            // the batches committed before it, never more of a source than the import writes.
            for (const auto& [source, n] : after.chunks_per_source) {
                const long long most = complete_.chunks_per_source.count(source)
                                           ? complete_.chunks_per_source.at(source)
                                           : 0LL;
                QVERIFY2(n <= most, qPrintable(QStringLiteral("run %1: %2 has %3 chunks, the "
                                                              "whole import %4")
                                                   .arg(run)
                                                   .arg(QString::fromStdString(source))
                                                   .arg(n)
                                                   .arg(most)));
            }
            // Whole or nothing, every table is as the whole import or the vault before it left
            // it: summaries, entities, edges, FTS rows, vectors.
            // The topic index's tree depends on the batches' history (when its file was last
            // written); it must hold every vector, in its file or beside it. Which entities a
            // summary lists may too (Run::commit_batch, core/src/ingest/ingestor.cpp); every
            // chunk's mentions may not.
            if (every_chunk)
                QCOMPARE(after.chunk_entity_rows, complete_.chunk_entity_rows);
            const std::string index_problem = index_holds_every_vector(dir);
            QVERIFY2(index_problem.empty(), index_problem.c_str());
            if (all || none) {
                const std::string rows = rows_differ(after, all ? complete_ : baseline_, all);
                QVERIFY2(rows.empty(), qPrintable(QStringLiteral("run %1: ").arg(run) +
                                                  QString::fromStdString(rows)));
            }

            const Landed l = exited     ? Landed::AfterExit
                             : all      ? Landed::AfterCommit
                             : !none    ? Landed::BetweenBatches
                             : wal_grew ? Landed::DuringWriteOut
                                        : Landed::BeforeCommit;
            ++landed[l];
            qInfo("run %2d: kill at %6.0f ms -> %s%s", run, at, to_string(l),
                  sealing ? " (among the closing seals)" : "");

            // A vault that kept part of the import (each message whole) takes the same import
            // again and ends as the whole import leaves it: what was stored is skipped, the
            // rest added. So does the first one that kept nothing.
            // (The first three such vaults, and the first killed among the closing seals: each
            // resume is a whole import's time. tst_seal stops an import among its closing seals
            // every time.)
            const bool resume_sealing = sealing && !resumed_sealing;
            resumed_sealing = resumed_sealing || sealing;
            if ((!all && !none && (resume_sealing || landed[Landed::BetweenBatches] <= 3)) ||
                (none && landed[Landed::BeforeCommit] + landed[Landed::DuringWriteOut] == 1)) {
                auto again = test::run_cli(ingest_args(dir), 600000);
                QVERIFY2(again.exit_code == 0, again.err.c_str());
                const Contents resumed = contents(dir);
                QVERIFY(resumed.chunks_per_source == complete_.chunks_per_source);
                // Every table but two, as above: the topic index holds every vector, and the
                // entity index every chunk's mentions.
                const std::string topics = index_holds_every_vector(dir);
                QVERIFY2(topics.empty(), topics.c_str());
                QCOMPARE(resumed.chunk_entity_rows, complete_.chunk_entity_rows);
                const std::string rows = rows_differ(resumed, complete_, true);
                QVERIFY2(rows.empty(), qPrintable(QStringLiteral("run %1, resumed: ").arg(run) +
                                                  QString::fromStdString(rows)));
                const std::string resumed_problem = check_integrity(dir);
                QVERIFY2(resumed_problem.empty(), resumed_problem.c_str());
            }
        }
        qInfo("kills: %d before a commit, %d during write-out (nothing committed), %d between "
              "batches (some committed), %d after the last commit, %d after the process had "
              "exited",
              landed[Landed::BeforeCommit], landed[Landed::DuringWriteOut],
              landed[Landed::BetweenBatches], landed[Landed::AfterCommit],
              landed[Landed::AfterExit]);
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestCrashSafety)
#include "tst_crash_safety.moc"
} // namespace tst_crash_safety
