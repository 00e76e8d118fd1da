// memlens-bench, the benchmarks outside the shipped CLI, through the real executables: its
// subcommands print the figures under the keys scripts/plot_scale.py and docs/performance.md
// read, its cold start times the real memlens-cli (or the one named by --cli), and memlens-cli
// itself has no bench command any more. Small sizes only: the figures are not asserted.
#include "suite.h"
#include "testsupport.h"

#include <QProcess>
#include <QProcessEnvironment>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <set>
#include <string>

namespace tst_bench {

using namespace memlens;
using namespace Qt::StringLiterals;
using json = nlohmann::json;

namespace {

std::string bench_path() {
    const QByteArray p = qgetenv("MEMLENS_BENCH");
    return p.isEmpty() ? std::string("memlens-bench") : p.toStdString();
}

// Runs memlens-bench with its bench vaults cached under `cache` (XDG_CACHE_HOME).
test::CliRun run_bench(const QStringList& args, const QString& cache) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"XDG_CACHE_HOME"_s, cache);
    return test::run_program(bench_path(), args, env);
}

std::set<std::string> keys_of(const json& j) {
    std::set<std::string> out;
    for (const auto& [k, v] : j.items())
        out.insert(k);
    return out;
}

} // namespace

class TestBench : public QObject {
    Q_OBJECT

    test::TempDir tmp_;
    QString cache_;

private slots:
    void initTestCase() { cache_ = QString::fromStdString(tmp_.file("cache").string()); }

    void memlensCliHasNoBenchCommand() {
        auto help = test::run_cli({u"--help"_s});
        QCOMPARE(help.exit_code, 0);
        QVERIFY2(help.out.find("\n  query ") != std::string::npos, help.out.c_str());
        QVERIFY2(help.out.find("\n  bench") == std::string::npos, help.out.c_str());
        auto bench = test::run_cli({u"bench"_s, u"query"_s, u"--chunks"_s, u"10"_s});
        QVERIFY(bench.exit_code != 0);
        QVERIFY2(bench.err.find("memlens-cli bench: unknown command") != std::string::npos,
                 bench.err.c_str());
    }

    void helpListsTheThreeBenchmarks() {
        auto r = run_bench({u"--help"_s}, cache_);
        QCOMPARE(r.exit_code, 0);
        for (const char* name : {"\n  ingest ", "\n  query ", "\n  scale "})
            QVERIFY2(r.out.find(name) != std::string::npos, r.out.c_str());
        auto usage = run_bench({u"ingest"_s, u"--help"_s}, cache_);
        QCOMPARE(usage.exit_code, 0);
        QVERIFY2(usage.out.rfind("Usage: memlens-bench ingest --chunks N", 0) == 0,
                 usage.out.c_str());
    }

    void errorsNameMemlensBench() {
        auto unknown = run_bench({u"fast"_s}, cache_);
        QVERIFY(unknown.exit_code != 0);
        QVERIFY2(unknown.err.rfind("memlens-bench fast: unknown benchmark", 0) == 0,
                 unknown.err.c_str());
        auto option = run_bench({u"ingest"_s, u"--queries"_s, u"3"_s}, cache_);
        QVERIFY(option.exit_code != 0);
        QCOMPARE(option.err, std::string("memlens-bench ingest: unknown option --queries (see "
                                         "memlens-bench ingest --help)\n"));
        auto range = run_bench({u"query"_s, u"--chunks"_s, u"0"_s}, cache_);
        QVERIFY(range.exit_code != 0);
        QCOMPARE(range.err, std::string("memlens-bench query: --chunks: expected an integer from "
                                        "1 to 100000000, not '0'\n"));
    }

    void ingestPrintsItsFigures() {
        auto r = run_bench({u"ingest"_s, u"--chunks"_s, u"150"_s, u"--json"_s}, cache_);
        QVERIFY2(r.exit_code == 0, r.err.c_str());
        const json j = json::parse(r.out);
        const std::set<std::string> want = {"chunks",
                                            "messages",
                                            "summaries",
                                            "entities",
                                            "pipeline_seconds",
                                            "bare_seconds",
                                            "pipeline_chunks_per_s",
                                            "bare_chunks_per_s",
                                            "ratio",
                                            "bare_vault_fts_chunks_per_s",
                                            "bare_vault_fts_seconds",
                                            "bare_vault_fts_ratio",
                                            "vault_rows_chunks_per_s",
                                            "vault_rows_seconds",
                                            "vault_rows_ratio",
                                            "pipeline_to_vault_rows",
                                            "vault_bytes_per_chunk"};
        QCOMPARE(keys_of(j), want);
        QCOMPARE(j["messages"].get<int>(), 150);
        QVERIFY(j["chunks"].get<int>() > 0);
        QVERIFY(j["ratio"].get<double>() > 0.0);
    }

    // The inspector driven offscreen: every step, in order, with its time and the GUI thread's
    // longest gap; the log copied up to the rows asked, and the Audit page listing them all.
    void guiDrivesTheRealWindowThroughEveryStep() {
        auto r = run_bench({u"gui"_s, u"--chunks"_s, u"300"_s, u"--logged"_s, u"8"_s,
                            u"--audit-rows"_s, u"500"_s, u"--json"_s},
                           cache_);
        QVERIFY2(r.exit_code == 0, r.err.c_str());
        const json j = json::parse(r.out);
        QCOMPARE(j["audit_rows"].get<int>(), 500);
        std::vector<std::string> names;
        for (const auto& step : j["steps"]) {
            names.push_back(step["step"].get<std::string>());
            QVERIFY(step["ms"].get<double>() > 0.0);
            QVERIFY(step["gui_blocked_ms"].get<double>() >= 0.0);
        }
        const std::vector<std::string> want = {"open the vault",
                                               "the overview (open to its health shown)",
                                               "the first query, its breakdown shown",
                                               "expand a tree level",
                                               "a 90-day timeline cover",
                                               "the graph's default view",
                                               "the audit page, its rows listed",
                                               "the lab, the newest row opened",
                                               "the lab's what-if (RRF k = 20)"};
        QCOMPARE(names, want);
        QVERIFY(j["idle_longest_gap_ms"].get<double>() > 0.0);
        QVERIFY(j["peak_rss_mb"].get<double>() > 0.0);
    }

    // One long text at two sizes: a figure per size, the smallest the baseline (1 by
    // definition), sizes in order whatever order they were given in; a size over one item's
    // limit is refused by name.
    void longTextReportsSecondsPerMibAgainstTheSmallest() {
        auto r = run_bench({u"long-text"_s, u"--mib"_s, u"2,1"_s, u"--json"_s}, cache_);
        QVERIFY2(r.exit_code == 0, r.err.c_str());
        const json runs = json::parse(r.out).at("runs");
        QCOMPARE(runs.size(), std::size_t(2));
        QCOMPARE(runs[0]["mib"].get<int>(), 1);
        QCOMPARE(runs[1]["mib"].get<int>(), 2);
        QCOMPARE(runs[0]["per_mib_against_smallest"].get<double>(), 1.0);
        for (const auto& run : runs) {
            QVERIFY(run["seconds"].get<double>() > 0.0);
            QCOMPARE(run["seconds_per_mib"].get<double>(),
                     run["seconds"].get<double>() / run["mib"].get<double>());
        }
        auto big = run_bench({u"long-text"_s, u"--mib"_s, u"17"_s}, cache_);
        QCOMPARE(big.exit_code, 1);
        QVERIFY2(big.err.find("--mib: expected integers from 1 to 16, not '17'") !=
                     std::string::npos,
                 big.err.c_str());
    }

    // The cold start spawns the real memlens-cli (MEMLENS_CLI, set by ctest) with `query
    // --vault`: the run succeeds only when that child answers, and memlens-bench itself has no
    // such option.
    void queryTimesEveryEntryPointAndTheRealCli() {
        auto r = run_bench(
            {u"query"_s, u"--chunks"_s, u"300"_s, u"--queries"_s, u"3"_s, u"--json"_s}, cache_);
        QVERIFY2(r.exit_code == 0, r.err.c_str());
        const json j = json::parse(r.out);
        QCOMPARE(j["chunks"].get<int>(), 300);
        QCOMPARE(j["queries"].get<int>(), 3);
        for (const char* key :
             {"hybrid_ms", "hybrid_keyword_leg_ms", "hybrid_vector_leg_ms", "keyword_ms",
              "fts_raw_ms", "vector_ms", "exact_ms", "hnsw_ms", "cover_window_ms",
              "cover_window_90d_ms", "drill_down_ms", "query_topic_ms", "search_entities_ms"}) {
            QVERIFY2(j.contains(key), key);
            QCOMPARE(j[key]["n"].get<int>(), 3);
        }
        for (const char* key : {"hybrid_p50_over_fts_plus_hnsw_p50", "vector_p50_over_hnsw_p50",
                                "keyword_leg_p50_over_fts_raw_p50", "vector_recall_at_10",
                                "cold_start_memlens_over_sqlite3", "exact_p50_over_vector_p50"})
            QVERIFY2(j["ratios"].contains(key), key);
        QVERIFY(j["cold_start"]["memlens_ms"].get<double>() > 0.0);
        QVERIFY(!j["cold_start"]["query"].get<std::string>().empty());
        QVERIFY(j["vector_recall_at_10"].get<double>() > 0.0);

        // The vault is cached: a second run with --cli times that executable instead, and a
        // CLI that fails fails the bench, naming it.
        auto failing = run_bench({u"query"_s, u"--chunks"_s, u"300"_s, u"--queries"_s, u"3"_s,
                                  u"--json"_s, u"--cli"_s, u"/bin/false"_s},
                                 cache_);
        QVERIFY(failing.exit_code != 0);
        QVERIFY2(failing.err.find("/bin/false failed in the cold-start bench") != std::string::npos,
                 failing.err.c_str());
        QVERIFY(failing.err.find("building a 300-chunk vault") == std::string::npos);
        auto missing = run_bench({u"query"_s, u"--chunks"_s, u"300"_s, u"--cli"_s,
                                  QString::fromStdString(tmp_.file("nothing").string())},
                                 cache_);
        QVERIFY(missing.exit_code != 0);
        QVERIFY2(missing.err.find("is not an executable file") != std::string::npos,
                 missing.err.c_str());
    }
};

MEMLENS_TEST_MAIN(TestBench)
#include "tst_bench.moc"
} // namespace tst_bench
