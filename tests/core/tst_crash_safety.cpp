// Crash safety: `memlens-cli ingest` of a large generated file into a vault that already holds
// data, killed with SIGKILL at random points (stratified over the time a full ingest takes, half
// of them over its end, so kills land early, mid-import, around the commit and after it). After
// each kill the vault must open, pass PRAGMA integrity_check and the FTS5 integrity checks, and
// hold either all or none of every source, compared with a completed ingest of the same file.
//
// MEMLENS_CRASH_RUNS (default 24, at least 20), MEMLENS_CRASH_CHUNKS (default 6000) and
// MEMLENS_CRASH_SEED (default 20240301) change the run; the seed is printed so a failure can be
// replayed.
#include "testsupport.h"
#include "vault_dump.h"

#include <memlens/db.h>
#include <memlens/generate.h>
#include <memlens/vault.h>

#include <QElapsedTimer>
#include <QProcess>
#include <QThread>
#include <QtTest>

#include <map>
#include <random>

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

enum class Landed { BeforeCommit, DuringWriteOut, AfterCommit, AfterExit };

const char* to_string(Landed l) {
    switch (l) {
    case Landed::BeforeCommit:
        return "before commit";
    case Landed::DuringWriteOut:
        return "during write-out";
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
            const bool all = after.chunks_per_source == complete_.chunks_per_source;
            const bool none = after.chunks_per_source == baseline_.chunks_per_source;
            if (!all && !none) {
                for (const auto& [source, n] : after.chunks_per_source)
                    qWarning("  %s: %lld (complete: %lld)", source.c_str(), n,
                             complete_.chunks_per_source.count(source)
                                 ? complete_.chunks_per_source.at(source)
                                 : 0LL);
                QFAIL(qPrintable(
                    QStringLiteral("run %1: a partial import survived the kill").arg(run)));
            }
            // Every table, not only the chunks: summaries, entities, edges, FTS rows, vectors.
            const auto& expected = all ? complete_.rows_per_table : baseline_.rows_per_table;
            for (const auto& [table, n] : expected)
                QVERIFY2(after.rows_per_table.count(table) && after.rows_per_table.at(table) == n,
                         qPrintable(QStringLiteral("run %1: table %2 has %3 rows, expected %4")
                                        .arg(run)
                                        .arg(QString::fromStdString(table))
                                        .arg(after.rows_per_table.count(table)
                                                 ? after.rows_per_table.at(table)
                                                 : -1)
                                        .arg(n)));

            const Landed l = exited     ? Landed::AfterExit
                             : all      ? Landed::AfterCommit
                             : wal_grew ? Landed::DuringWriteOut
                                        : Landed::BeforeCommit;
            ++landed[l];
            qInfo("run %2d: kill at %6.0f ms -> %s", run, at, to_string(l));

            // The first vault that lost the import must take the same import again, whole.
            if (none && landed[Landed::BeforeCommit] + landed[Landed::DuringWriteOut] == 1) {
                auto again = test::run_cli(ingest_args(dir), 600000);
                QVERIFY2(again.exit_code == 0, again.err.c_str());
                QVERIFY(contents(dir).chunks_per_source == complete_.chunks_per_source);
            }
        }
        qInfo("kills: %d before commit, %d during write-out (nothing committed), %d after commit, "
              "%d after the process had exited",
              landed[Landed::BeforeCommit], landed[Landed::DuringWriteOut],
              landed[Landed::AfterCommit], landed[Landed::AfterExit]);
    }
};

QTEST_GUILESS_MAIN(TestCrashSafety)
#include "tst_crash_safety.moc"
