// Judgments and metrics (judgments.h, docs/judgments.md): the metric arithmetic against values
// worked out by hand, TREC qrels in and out, grades that survive a re-open and a read-only vault
// that refuses to change them, a benchmark's saved judgments that measure what the benchmark
// measured, and grades written while another process imports into the same vault.
#include "suite.h"
#include "testsupport.h"

#include <memlens/embedder.h>
#include <memlens/eval.h>
#include <memlens/generate.h>
#include <memlens/import.h>
#include <memlens/ingest.h>
#include <memlens/judgments.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

namespace tst_judgments {

using namespace memlens;
using namespace Qt::Literals::StringLiterals;
namespace fs = std::filesystem;

namespace {

using test::must;

constexpr std::int64_t kT0 = 1'767'225'600'000; // 2026-01-01T00:00:00Z

bool near(double a, double b) {
    return std::fabs(a - b) < 1e-9;
}

// Five notes about different things, by one agent, a minute apart.
std::vector<std::string> five_notes(Vault& v) {
    auto emb = must(make_embedder_for(v), "embedder");
    IngestSource s;
    s.source_id = "chat:agent";
    s.source_kind = "chat";
    s.platform = "chat";
    s.title = "notes";
    s.format = "mcp";
    const char* texts[] = {"Priya is allergic to peanuts and carries an epipen.",
                           "The team offsite is in Lisbon in March.",
                           "Priya's favourite dessert is a dairy-free chocolate cake.",
                           "The quarterly report is due on Friday.",
                           "Peanut butter cookies were served at the party."};
    for (int i = 0; i < 5; ++i) {
        IngestItem it;
        it.text = texts[i];
        it.ts_ms = kT0 + i * 60'000;
        it.author = "agent";
        s.items.push_back(it);
    }
    IngestOptions o;
    o.report_chunk_ids = true;
    Ingestor ing(v, *emb, o);
    return must(ing.ingest({s}), "ingest").chunk_ids;
}

std::string read_file(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::set<std::string> lines_of(const std::string& text) {
    std::set<std::string> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line))
        if (!line.empty())
            out.insert(line);
    return out;
}

std::int64_t count(const Vault& v, const char* table) {
    return v.db().query_int(std::string("SELECT count(*) FROM ") + table).value();
}

} // namespace

class TestJudgments : public QObject {
    Q_OBJECT

private slots:
    // DCG@3 of grades 3, 0, 1 = 3 + 0 + 1/2; the ideal (3, 2, 1) = 3 + 2/log2(3) + 1/2. Of the
    // three relevant nodes (a, c, e) two are in the first three; the first relevant is first.
    void metricsEqualHandComputedValues() {
        const std::map<std::string, int> grades{{"a", 3}, {"b", 0}, {"c", 1}, {"e", 2}};
        const auto m = score_ranking({"a", "b", "c", "d"}, grades, 3);
        QVERIFY(near(m.ndcg, 3.5 / (3.0 + 2.0 / std::log2(3.0) + 0.5)));
        QVERIFY(near(m.recall, 2.0 / 3.0));
        QVERIFY(near(m.precision, 2.0 / 3.0));
        QVERIFY(near(m.reciprocal_rank, 1.0));

        // Unjudged d and grade-0 b count alike; the first relevant at rank 3; k past the list:
        // precision still divides by k.
        const auto late = score_ranking({"d", "b", "c"}, grades, 5);
        QVERIFY(near(late.reciprocal_rank, 1.0 / 3.0));
        QVERIFY(near(late.precision, 1.0 / 5.0));
        QVERIFY(near(late.recall, 1.0 / 3.0));
        QVERIFY(near(late.ndcg,
                     (1.0 / std::log2(4.0)) / (3.0 + 2.0 / std::log2(3.0) + 1.0 / std::log2(4.0))));

        // Ties among the grades: two nodes of grade 2, returned in either order, score alike.
        const std::map<std::string, int> tied{{"x", 2}, {"y", 2}};
        const auto xy = score_ranking({"x", "y"}, tied, 2);
        const auto yx = score_ranking({"y", "x"}, tied, 2);
        QVERIFY(near(xy.ndcg, 1.0));
        QVERIFY(near(yx.ndcg, 1.0));
        // Nothing relevant returned: zeros, not a division by zero.
        const auto none = score_ranking({"b", "d"}, grades, 2);
        QVERIFY(near(none.ndcg, 0.0) && near(none.recall, 0.0) && near(none.reciprocal_rank, 0.0));
    }

    void theBootstrapIntervalHoldsTheMeanAndRepeats() {
        const std::vector<double> v{0.0, 1.0, 0.5, 1.0, 0.0, 1.0, 0.25, 0.75};
        const Interval a = bootstrap_mean(v);
        const Interval b = bootstrap_mean(v);
        QVERIFY(near(a.mean, 4.5 / 8.0));
        QVERIFY(a.low < a.mean && a.mean < a.high);
        QVERIFY(a.low >= 0.0 && a.high <= 1.0);
        QVERIFY(near(a.low, b.low) && near(a.high, b.high));
        const Interval same = bootstrap_mean({0.4, 0.4, 0.4});
        QVERIFY(near(same.low, 0.4) && near(same.high, 0.4));
    }

    // A person's grade counts over an agent's, whatever their order; among agents the latest.
    void aPersonsGradeCountsOverAnAgents() {
        std::vector<Judgment> js(3);
        js[0] = {"q", "n", 1, "agent a", "", std::nullopt, 300};
        js[1] = {"q", "n", 3, "person", "", std::nullopt, 100};
        js[2] = {"q", "m", 2, "agent a", "", std::nullopt, 100};
        std::vector<Judgment> later = js;
        later.push_back({"q", "m", 0, "agent b", "", std::nullopt, 200});
        const auto g = effective_grades(later);
        QCOMPARE(g.at("n"), 3);
        QCOMPARE(g.at("m"), 0);
    }

    void qrelsRoundTripAndABadLineWritesNothing() {
        test::TempDir tmp;
        auto v = must(Vault::create(tmp.file("v")), "vault");
        const auto ids = five_notes(*v);
        tmp.write("queries.tsv", "peanut\tWhich nuts must Priya avoid?\n"
                                 "trip\tWhere is the offsite?\n");
        // The short id (the first ten digits) of the third note stands for it.
        tmp.write("qrels.txt", "peanut 0 " + ids[0] + " 3\npeanut 0 " + ids[4] + " 1\npeanut\t0\t" +
                                   ids[2].substr(0, 10) + "\t0\ntrip 0 " + ids[1] + " 2\n");
        const auto in =
            must(import_qrels(*v, tmp.file("qrels.txt"), tmp.file("queries.tsv")), "import");
        QCOMPARE(in.queries, std::size_t{2});
        QCOMPARE(in.judgments, std::size_t{4});
        const auto out = must(
            export_qrels(*v, tmp.file("out-qrels.txt"), tmp.file("out-queries.tsv")), "export");
        QCOMPARE(out.judgments, std::size_t{4});
        const std::set<std::string> want{"peanut 0 " + ids[0] + " 3", "peanut 0 " + ids[4] + " 1",
                                         "peanut 0 " + ids[2] + " 0", "trip 0 " + ids[1] + " 2"};
        QCOMPARE(lines_of(read_file(tmp.file("out-qrels.txt"))), want);
        QCOMPARE(lines_of(read_file(tmp.file("out-queries.tsv"))),
                 lines_of(read_file(tmp.file("queries.tsv"))));

        // A node the vault does not hold, on line 2: named with its file and line; the valid
        // line before it is not written either.
        tmp.write("bad.txt",
                  "trip 0 " + ids[3] + " 1\ntrip 0 0123456789abcdef0123456789abcdef 2\n");
        auto bad = import_qrels(*v, tmp.file("bad.txt"), tmp.file("queries.tsv"));
        QCOMPARE(bad.status().code(), StatusCode::NotFound);
        const std::string m = bad.status().message();
        QVERIFY2(m.find("bad.txt:2") != std::string::npos, m.c_str());
        QCOMPARE(count(*v, "ml_judgments"), std::int64_t{4});
        // A grade outside 0..3 and a topic the queries file lacks, each named by line.
        tmp.write("grade.txt", "trip 0 " + ids[3] + " 7\n");
        auto g = import_qrels(*v, tmp.file("grade.txt"), tmp.file("queries.tsv"));
        QVERIFY(!g.is_ok() && g.status().message().find("grade.txt:1") != std::string::npos);
        tmp.write("topic.txt", "\nnope 0 " + ids[3] + " 1\n");
        auto t = import_qrels(*v, tmp.file("topic.txt"), tmp.file("queries.tsv"));
        QVERIFY(!t.is_ok() && t.status().message().find("topic.txt:2") != std::string::npos);
        QCOMPARE(count(*v, "ml_judgments"), std::int64_t{4});
    }

    void gradesSurviveAReopenAndAReadOnlyVaultRefusesToChangeThem() {
        test::TempDir tmp;
        std::vector<std::string> ids;
        {
            auto v = must(Vault::create(tmp.file("v")), "vault");
            ids = five_notes(*v);
            const auto q = must(judged_query_for_text(*v, "Which nuts must Priya avoid?"), "q");
            QCOMPARE(must(judged_query_for_text(*v, "Which nuts must Priya avoid?"), "again").id,
                     q.id);
            Judgment j;
            j.query_id = q.id;
            j.node_id = ids[0];
            j.grade = 3;
            j.reason = "names the allergy";
            must(set_judgment(*v, j), "set");
            j.grade = 4;
            QCOMPARE(set_judgment(*v, j).status().code(), StatusCode::InvalidArgument);
            j.grade = 2;
            j.node_id = "no-such-node";
            QCOMPARE(set_judgment(*v, j).status().code(), StatusCode::NotFound);
        }
        auto ro = must(Vault::open(tmp.file("v"), true), "read-only");
        const auto all = must(judgments(*ro), "judgments");
        QCOMPARE(all.size(), std::size_t{1});
        QCOMPARE(all[0].grade, 3);
        QCOMPARE(all[0].reason, std::string("names the allergy"));
        Judgment j = all[0];
        j.grade = 1;
        auto refused = set_judgment(*ro, j);
        QCOMPARE(refused.status().code(), StatusCode::Unsupported);
        QVERIFY2(refused.status().message().find("read-only") != std::string::npos,
                 refused.status().message().c_str());
        QCOMPARE(must(judgments(*ro), "again")[0].grade, 3);
    }

    // eval locomo --save-judgments keeps the vault with its questions graded by their evidence;
    // metrics over it at k = 10 give the recall@10 the evaluation reported.
    void savedBenchmarkJudgmentsMeasureWhatTheBenchmarkMeasured() {
        test::TempDir tmp;
        ConversationOptions co;
        co.sessions = 6;
        must(generate_conversation_file(tmp.file("chat.json"), co), "generate");
        LocomoEvalOptions o;
        o.data = tmp.file("chat.json");
        o.ks = {10};
        o.save_judgments = tmp.file("judged");
        const auto report = must(run_locomo_eval(o), "eval");
        QVERIFY(report.questions > 10);
        std::vector<fs::path> vaults;
        for (const auto& e : fs::directory_iterator(tmp.file("judged")))
            vaults.push_back(e.path());
        QCOMPARE(vaults.size(), std::size_t{1});
        auto v = must(Vault::open(vaults[0], true), "saved vault");
        QCOMPARE(must(judged_queries(*v), "queries").size(), report.questions);
        SearchEngineOptions eo;
        eo.audit = false;
        auto engine = must(SearchEngine::open(*v, eo), "engine");
        MetricsOptions mo;
        mo.k = 10;
        const auto m = must(compute_metrics(*v, *engine, mo), "metrics");
        QCOMPARE(m.queries.size(), report.questions);
        const double eval_recall = report.hybrid.turn_recall.at("all").at(10);
        QVERIFY2(near(m.recall.mean, eval_recall),
                 (std::to_string(m.recall.mean) + " vs " + std::to_string(eval_recall)).c_str());
        // A second run into the same folder is refused rather than mixed into the first.
        auto again = run_locomo_eval(o);
        QVERIFY(!again.is_ok());
        QVERIFY(again.status().message().find("exists already") != std::string::npos);
    }

    // The CLI: judge set, metrics --json with its keys, and --setting's per-query deltas.
    void theCliGradesAndMeasures() {
        test::TempDir tmp;
        std::vector<std::string> ids;
        {
            auto v = must(Vault::create(tmp.file("v")), "vault");
            ids = five_notes(*v);
        }
        const QString vault = QString::fromStdString(tmp.file("v").string());
        auto set =
            test::run_cli({u"judge"_s, u"set"_s, u"--vault"_s, vault, u"--query"_s,
                           u"Which nuts must Priya avoid?"_s, u"--node"_s,
                           QString::fromStdString(ids[0].substr(0, 10)), u"--grade"_s, u"3"_s});
        QVERIFY2(set.exit_code == 0, set.err.c_str());
        QVERIFY2(set.out.find("answers it") != std::string::npos, set.out.c_str());
        auto bad =
            test::run_cli({u"judge"_s, u"set"_s, u"--vault"_s, vault, u"--query"_s, u"x"_s,
                           u"--node"_s, QString::fromStdString(ids[0]), u"--grade"_s, u"5"_s});
        QVERIFY(bad.exit_code != 0);
        QVERIFY2(bad.err.find("--grade") != std::string::npos, bad.err.c_str());

        auto m = test::run_cli({u"metrics"_s, u"--vault"_s, vault, u"--json"_s});
        QVERIFY2(m.exit_code == 0, m.err.c_str());
        const auto j = QJsonDocument::fromJson(QByteArray::fromStdString(m.out)).object();
        for (const char* key : {"queries", "ndcg@10", "recall@10", "precision@10", "mrr"})
            QVERIFY2(j.contains(QLatin1String(key)), key);
        QCOMPARE(j[u"queries"_s].toInt(), 1);
        QCOMPARE(j[u"recall@10"_s].toDouble(), 1.0);

        auto d = test::run_cli({u"metrics"_s, u"--vault"_s, vault, u"--k"_s, u"1"_s, u"--setting"_s,
                                u"search.mode=semantic"_s, u"--json"_s});
        QVERIFY2(d.exit_code == 0, d.err.c_str());
        const auto dj = QJsonDocument::fromJson(QByteArray::fromStdString(d.out)).object();
        QVERIFY(dj.contains(u"deltas"_s));
        QCOMPARE(dj[u"improved"_s].toInt() + dj[u"worse"_s].toInt() + dj[u"unchanged"_s].toInt(),
                 1);
        auto unknown =
            test::run_cli({u"metrics"_s, u"--vault"_s, vault, u"--setting"_s, u"search.nope=1"_s});
        QVERIFY(unknown.exit_code != 0);
        QVERIFY2(unknown.err.find("search.nope") != std::string::npos, unknown.err.c_str());
    }

    // Grades given while another process imports into the same vault: every grade and every
    // imported message is there afterwards.
    void gradesAreWrittenWhileAnotherProcessImports() {
        test::TempDir tmp;
        std::vector<std::string> ids;
        std::int64_t before = 0;
        {
            auto v = must(Vault::create(tmp.file("v")), "vault");
            ids = five_notes(*v);
            before = count(*v, "mem_tree_chunks");
        }
        ConversationOptions co;
        co.sessions = static_cast<int>(test::workload(40, 8));
        const auto chat = must(generate_conversation_file(tmp.file("chat.json"), co), "chat");
        QProcess import;
        import.start(QString::fromStdString(test::cli_path()),
                     {u"ingest"_s, u"--vault"_s, QString::fromStdString(tmp.file("v").string()),
                      QString::fromStdString(tmp.file("chat.json").string())});
        QVERIFY(import.waitForStarted());
        auto v = must(Vault::open(tmp.file("v"), false), "open beside the import");
        // Grades until the import has finished, and at least 40.
        int graded = 0;
        int during = 0;
        while (graded < 40 || import.state() != QProcess::NotRunning) {
            const bool running = import.state() != QProcess::NotRunning;
            const auto q =
                must(judged_query_for_text(*v, "question " + std::to_string(graded)), "q");
            Judgment j;
            j.query_id = q.id;
            j.node_id = ids[static_cast<std::size_t>(graded) % ids.size()];
            j.grade = graded % 4;
            must(set_judgment(*v, j), "grade beside the import");
            ++graded;
            during += running && import.state() != QProcess::NotRunning ? 1 : 0;
            import.waitForFinished(0);
        }
        QVERIFY2(during > 0, "no grade was written while the import ran");
        QCOMPARE(import.exitStatus(), QProcess::NormalExit);
        QCOMPARE(import.exitCode(), 0);
        QCOMPARE(count(*v, "ml_judgments"), std::int64_t{graded});
        QCOMPARE(count(*v, "ml_judged_queries"), std::int64_t{graded});
        QCOMPARE(count(*v, "mem_tree_chunks"), before + static_cast<std::int64_t>(chat.turns));
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestJudgments)
#include "tst_judgments.moc"
} // namespace tst_judgments
