// A ranking that should use the embedder and cannot is reported, never silent: the vault's
// vectors come from a real HTTP embedder (a loopback server), then its server is gone, and
// every primitive that ranks by the embedder says "degraded" - one shape, {"reason": ...}, in
// --json (null when the ranking is as designed) and a status line on stderr in text mode.
// Keyword mode never asks the embedder at all: a hanging server sees no connection.
#include "loopback_server.h"
#include "suite.h"
#include "testsupport.h"

// types.h names a field `signals`, which Qt's keyword macro would rewrite to `public`.
#undef signals

#include <memlens/embedder.h>
#include <memlens/import.h>
#include <memlens/ingest.h>
#include <memlens/json_writer.h>
#include <memlens/retrieval.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

namespace tst_degraded_ranking {

using namespace memlens;
using namespace Qt::StringLiterals;

namespace {

constexpr const char* kCorpus =
    R"({"source": "slack:#eng", "author": "alice", "ts": "2024-03-01T09:15:00Z", "text": "the phoenix launch moves to May 3, near the end of the sprint #launch"}
{"source": "slack:#eng", "author": "bob", "ts": "2024-03-01T09:20:00Z", "text": "launch plans for phoenix are in the doc"}
{"source": "gmail:ops", "author": "carol", "ts": "2024-03-02T10:00:00Z", "text": "budget approved for the collection migration"}
{"source": "gmail:ops", "author": "dave", "ts": "2024-03-03T11:00:00Z", "text": "migration plans slip a week"}
)";

constexpr const char* kModel = "test-model";

QJsonObject json_object(const std::string& text) {
    return QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
}

void point_embedder_at(const std::filesystem::path& dir, const std::string& base_url) {
    auto vault = Vault::open(dir, false);
    QVERIFY2(vault.is_ok(), vault.status().to_string().c_str());
    QVERIFY((*vault)->set_setting("embedder.kind", "http"));
    QVERIFY((*vault)->set_setting("embedder.http.base_url", base_url));
    QVERIFY((*vault)->set_setting("embedder.http.model", kModel));
    QVERIFY((*vault)->set_setting("embedder.http.timeout_ms", "2000"));
}

} // namespace

class TestDegradedRanking : public QObject {
    Q_OBJECT

    test::TempDir tmp_;
    std::filesystem::path dir_;
    QString vault_;
    std::string refused_url_;

    test::CliRun cli(QStringList args) {
        args.insert(1, u"--vault"_s);
        args.insert(2, vault_);
        return test::run_cli(args);
    }

    static void expect_degraded_json(const test::CliRun& run) {
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        const auto o = json_object(run.out);
        QVERIFY2(o.contains(u"degraded"_s), run.out.c_str());
        const QString reason = o[u"degraded"_s].toObject()[u"reason"_s].toString();
        QVERIFY2(reason.startsWith(u"embedding failed: "_s), run.out.c_str());
    }

    static void expect_degraded_line(const test::CliRun& run, const std::string& command) {
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        const std::string line = "memlens-cli " + command + ": degraded ranking: embedding failed";
        QVERIFY2(run.err.find(line) != std::string::npos, run.err.c_str());
    }

private slots:
    void initTestCase() {
        dir_ = tmp_.file("v");
        vault_ = QString::fromStdString(dir_.string());
        // The vectors of `kModel`, from a server that answers; it is gone once ingest is done.
        test::LoopbackServer good(
            [](const test::Request& r) { return test::embeddings_for(r, 8); });
        HttpEmbedderOptions o;
        o.base_url = good.base_url();
        o.model = kModel;
        auto embedder = make_http_embedder(o);
        auto sources = parse_jsonl(kCorpus, "degraded.jsonl");
        QVERIFY2(sources.is_ok(), sources.status().to_string().c_str());
        {
            auto vault = Vault::create(dir_);
            QVERIFY2(vault.is_ok(), vault.status().to_string().c_str());
            IngestOptions io;
            io.now_ms = 1'717'200'000'000; // months later: every source's L0 has sealed
            Ingestor ingestor(**vault, *embedder, io);
            auto report = ingestor.ingest(*sources);
            QVERIFY2(report.is_ok(), report.status().to_string().c_str());
        }
        refused_url_ = "http://127.0.0.1:" + std::to_string(test::refused_port());
        point_embedder_at(dir_, refused_url_);
    }

    void queryReportsItsDegradedRanking() {
        auto run = cli({u"query"_s, u"--json"_s, u"--no-audit"_s, u"phoenix launch"_s});
        expect_degraded_json(run);
        run = cli({u"query"_s, u"--no-audit"_s, u"phoenix launch"_s});
        expect_degraded_line(run, "query");
    }

    void sourceReportsItsDegradedRanking() {
        auto run = cli({u"source"_s, u"--query"_s, u"phoenix"_s, u"--json"_s});
        expect_degraded_json(run);
        run = cli({u"source"_s, u"--query"_s, u"phoenix"_s});
        expect_degraded_line(run, "source");
    }

    void walkReportsItsDegradedRanking() {
        // No entity in the question: the dense route, which ranks by the embedder.
        auto run = cli({u"walk"_s, u"--query"_s, u"launch plans"_s, u"--json"_s});
        expect_degraded_json(run);
        QCOMPARE(json_object(run.out)[u"walk"_s].toObject()[u"route"_s].toString(), u"dense"_s);
        run = cli({u"walk"_s, u"--query"_s, u"launch plans"_s});
        expect_degraded_line(run, "walk");
    }

    void globalTopicAndDrillReportItToo() {
        auto run = cli({u"global"_s, u"--since"_s, u"2024-01-01"_s, u"--until"_s, u"2024-12-31"_s,
                        u"--query"_s, u"phoenix"_s, u"--json"_s});
        expect_degraded_json(run);
        run = cli({u"topic"_s, u"--entity"_s, u"topic:launch"_s, u"--query"_s, u"phoenix"_s});
        expect_degraded_line(run, "topic");
        auto vault = Vault::open(dir_, true);
        QVERIFY(vault.is_ok());
        QuerySourceOptions so;
        auto summaries = query_source(**vault, so);
        QVERIFY(summaries.is_ok() && !summaries->hits.empty());
        run = cli({u"drill"_s, u"--node"_s, QString::fromStdString(summaries->hits.front().node_id),
                   u"--query"_s, u"phoenix"_s, u"--json"_s});
        expect_degraded_line(run, "drill");
    }

    // The core API says the same to every caller (the GUI reads these structs).
    void theCoreResponsesCarryIt() {
        auto vault = Vault::open(dir_, true);
        QVERIFY(vault.is_ok());
        HttpEmbedderOptions o;
        o.base_url = refused_url_;
        o.model = kModel;
        auto refused = make_http_embedder(o);
        QuerySourceOptions so;
        so.query = "phoenix";
        auto r = query_source(**vault, so, refused.get());
        QVERIFY(r.is_ok());
        QVERIFY(r->degraded.has_value());
        QVERIFY(r->degraded->reason.find(refused_url_) != std::string::npos);
        std::optional<DegradedRanking> drilled;
        DrillDownOptions d;
        d.node_id = r->hits.front().node_id;
        d.query = "phoenix";
        auto hits = drill_down(**vault, d, refused.get(), &drilled);
        QVERIFY(hits.is_ok());
        QVERIFY(drilled.has_value());
        // A primitive with no query is not degraded: there was nothing to rank by.
        so.query.reset();
        r = query_source(**vault, so, refused.get());
        QVERIFY(r.is_ok());
        QVERIFY(!r->degraded.has_value());
        QVERIFY(json_object(to_json(*r))[u"degraded"_s].isNull());
    }

    // Keyword mode uses no query vector: a hanging embedding server is never connected to.
    void keywordModeNeverConnectsToTheEmbedder() {
        test::LoopbackServer hanging([](const test::Request&) {
            return test::Reply{200, "{}", 60'000};
        });
        point_embedder_at(dir_, hanging.base_url());
        auto run = cli({u"query"_s, u"--mode"_s, u"keyword"_s, u"--json"_s, u"--no-audit"_s,
                        u"phoenix launch"_s});
        point_embedder_at(dir_, refused_url_);
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        QCOMPARE(hanging.accepted(), 0);
        const auto o = json_object(run.out);
        QVERIFY(o[u"degraded"_s].isNull());
        QVERIFY(o[u"legs"_s].toObject()[u"keyword"_s].toObject()[u"ran"_s].toBool());
        QVERIFY(!o[u"hits"_s].toArray().isEmpty());
    }

    // The built-in embedder never fails: the same commands say nothing is degraded.
    void aWorkingEmbedderIsNotDegraded() {
        auto vault = Vault::open(dir_, false);
        QVERIFY(vault.is_ok());
        QVERIFY((*vault)->set_setting("embedder.kind", "hash"));
        vault->reset();
        auto run = cli({u"source"_s, u"--query"_s, u"phoenix"_s, u"--json"_s});
        point_embedder_at(dir_, refused_url_);
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        QVERIFY(json_object(run.out)[u"degraded"_s].isNull());
        QVERIFY2(run.err.find("degraded") == std::string::npos, run.err.c_str());
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestDegradedRanking)
#include "tst_degraded_ranking.moc"
} // namespace tst_degraded_ranking
