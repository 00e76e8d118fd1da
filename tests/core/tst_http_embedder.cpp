// The OpenAI-compatible HTTP embedder against a real HTTP server on 127.0.0.1 (an ephemeral
// port, one std::thread): correct answers, batching, cancellation, and every failure a user
// meets with a local model server (refused, slow, 500, garbage, wrong count or dimension).
#include "loopback_server.h"
#include "suite.h"
#include "testsupport.h"

// types.h names a field `signals`, which Qt's keyword macro would rewrite to `public`.
#undef signals

#include <memlens/embedder.h>
#include <memlens/import.h>
#include <memlens/ingest.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <QtTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <nlohmann/json.hpp>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cmath>
#include <condition_variable>
#include <fstream>
#include <functional>
#include <mutex>
#include <thread>

namespace tst_http_embedder {

using namespace memlens;

namespace {

using test::embeddings_for;
using test::LoopbackServer;
using test::Reply;
using test::Request;

Vector expected_for(const std::string& text, std::size_t dim) {
    Vector v(dim);
    for (std::size_t d = 0; d < dim; ++d)
        v[d] = d == 0 ? float(text.size()) : float(d);
    normalize(v);
    return v;
}

HttpEmbedderOptions options_for(const LoopbackServer& server) {
    HttpEmbedderOptions o;
    o.base_url = server.base_url();
    o.model = "test-model";
    o.timeout_ms = 5000;
    return o;
}

bool mentions(const Status& s, const std::string& what) {
    return s.message().find(what) != std::string::npos;
}

} // namespace

// Whether this process has libcurl mapped (its own /proc/self/maps).
bool curl_mapped() {
    std::ifstream maps("/proc/self/maps");
    std::string line;
    while (std::getline(maps, line))
        if (line.find("libcurl.so") != std::string::npos)
            return true;
    return false;
}

class TestHttpEmbedder : public QObject {
    Q_OBJECT
private slots:
    // libcurl (and the two dozen libraries it needs) is loaded by the first request a model
    // embedder sends, not by every process that links memlens: making one sends nothing, and
    // searching a vault with the built-in embedder never loads it. (First in this suite: the
    // tests after it load it.)
    void curlIsLoadedByTheFirstRequestOnly() {
        QVERIFY(!curl_mapped());
        test::TempDir tmp;
        {
            auto vault = Vault::create(tmp.path() / "v");
            QVERIFY(vault.is_ok());
            auto hash = make_embedder_for(**vault);
            QVERIFY(hash.is_ok());
            auto sources = parse_jsonl(
                R"({"source": "slack:#eng", "ts": "2024-03-01T09:15:00Z", "text": "the launch budget"})",
                "one.jsonl");
            QVERIFY2(sources.is_ok(), sources.status().to_string().c_str());
            Ingestor in(**vault, **hash);
            QVERIFY(in.ingest(*sources).is_ok());
            auto engine = SearchEngine::open(**vault);
            QVERIFY(engine.is_ok());
            SearchRequest req;
            req.query = "launch budget";
            QVERIFY((*engine)->search(req).is_ok());
        }
        LoopbackServer server([](const Request& r) { return embeddings_for(r, 4); });
        auto e = make_http_embedder(options_for(server));
        QVERIFY(!curl_mapped());
        QVERIFY(e->embed_one("hello").is_ok());
        QVERIFY(curl_mapped());
    }

    void embedsInBatchesPlacedByIndex() {
        LoopbackServer server([](const Request& r) { return embeddings_for(r, 8); });
        auto opts = options_for(server);
        opts.batch = 2;
        opts.api_key = "sk-local";
        auto e = make_http_embedder(opts);
        QCOMPARE(e->dim(), std::size_t(0));
        const std::vector<std::string> texts = {"a", "bb", "ccc", "dddd", "eeeee"};
        auto out = e->embed(texts);
        QVERIFY2(out.is_ok(), out.status().to_string().c_str());
        QCOMPARE(out->size(), texts.size());
        for (std::size_t i = 0; i < texts.size(); ++i) {
            const Vector want = expected_for(texts[i], 8);
            QCOMPARE((*out)[i].size(), std::size_t(8));
            for (std::size_t d = 0; d < 8; ++d)
                QVERIFY(std::abs((*out)[i][d] - want[d]) < 1e-6f);
        }
        QCOMPARE(e->dim(), std::size_t(8));
        QCOMPARE(server.requests(), 3);
        for (const Request& r : server.seen()) {
            QCOMPARE(QString::fromStdString(r.path), QStringLiteral("/v1/embeddings"));
            QCOMPARE(QString::fromStdString(r.authorization), QStringLiteral("Bearer sk-local"));
            QCOMPARE(QString::fromStdString(r.body["model"].get<std::string>()),
                     QStringLiteral("test-model"));
            QVERIFY(r.body["input"].is_array() && r.body["input"].size() <= 2);
        }
        QCOMPARE(QString::fromStdString(e->signature()), QStringLiteral("http-v1:test-model"));
    }

    void acceptsABaseEndingInV1AndSendsNoKeyWhenNoneIsSet() {
        LoopbackServer server([](const Request& r) { return embeddings_for(r, 4); });
        auto opts = options_for(server);
        opts.base_url += "/v1/";
        auto e = make_http_embedder(opts);
        QVERIFY(e->embed_one("hello").is_ok());
        QCOMPARE(QString::fromStdString(server.seen().at(0).path),
                 QStringLiteral("/v1/embeddings"));
        QVERIFY(server.seen().at(0).authorization.empty());
    }

    void emptyInputSendsNothing() {
        LoopbackServer server([](const Request& r) { return embeddings_for(r, 4); });
        auto out = make_http_embedder(options_for(server))->embed({});
        QVERIFY(out.is_ok());
        QVERIFY(out->empty());
        QCOMPARE(server.requests(), 0);
    }

    void refusedConnectionNamesTheEndpoint() {
        HttpEmbedderOptions opts;
        opts.base_url = "http://127.0.0.1:" + std::to_string(test::refused_port());
        opts.model = "m";
        auto r = make_http_embedder(opts)->embed_one("x");
        QCOMPARE(r.status().code(), StatusCode::IoError);
        QVERIFY2(mentions(r.status(), opts.base_url + "/v1/embeddings"),
                 r.status().message().c_str());
        QVERIFY2(mentions(r.status(), "refused"), r.status().message().c_str());
    }

    void slowServerTimesOut() {
        LoopbackServer server([](const Request& r) {
            Reply reply = embeddings_for(r, 4);
            reply.delay_ms = 10000;
            return reply;
        });
        auto opts = options_for(server);
        opts.timeout_ms = 200;
        auto r = make_http_embedder(opts)->embed_one("x");
        QCOMPARE(r.status().code(), StatusCode::Timeout);
        QVERIFY2(mentions(r.status(), server.base_url() + "/v1/embeddings"),
                 r.status().message().c_str());
        QVERIFY(mentions(r.status(), "200 ms"));
    }

    void badAnswersAreClearErrors_data() {
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("body");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("mentioned");
        const int io = int(StatusCode::IoError);
        const int invalid = int(StatusCode::InvalidArgument);
        QTest::newRow("500") << 500 << R"({"error":"model 'x' not loaded"})" << io
                             << "HTTP 500: {\"error\":\"model 'x' not loaded\"}";
        QTest::newRow("404 empty") << 404 << "" << io << "HTTP 404: (empty body)";
        QTest::newRow("garbage") << 200 << "<html>gateway oops</html>" << invalid
                                 << "not JSON: <html>gateway oops";
        QTest::newRow("no data") << 200 << R"({"embeddings":[[1,2]]})" << invalid
                                 << "no \"data\" list";
        QTest::newRow("wrong count") << 200 << R"({"data":[{"index":0,"embedding":[1,2]}]})"
                                     << invalid << "expected 2 embeddings, got 1";
        QTest::newRow("inconsistent dims")
            << 200 << R"({"data":[{"index":0,"embedding":[1,2]},{"index":1,"embedding":[1,2,3]}]})"
            << invalid << "embedding 1 has dimension 3, expected 2";
        QTest::newRow("non-finite")
            << 200 << R"({"data":[{"index":0,"embedding":[1,1e39]},{"index":1,"embedding":[1,2]}]})"
            << invalid << "embedding 0 holds a non-finite number";
        QTest::newRow("overflowing double")
            << 200
            << R"({"data":[{"index":0,"embedding":[1,2]},{"index":1,"embedding":[1e400,2]}]})"
            << invalid << "not JSON"; // the parser itself refuses it
        QTest::newRow("string")
            << 200 << R"({"data":[{"index":0,"embedding":"AACAPw=="},{"index":1,"embedding":[1]}]})"
            << invalid << "not a list of numbers";
        QTest::newRow("duplicate index")
            << 200 << R"({"data":[{"index":1,"embedding":[1,2]},{"index":1,"embedding":[1,2]}]})"
            << invalid << "two embeddings claim index 1";
        {
            // 20,000 dimensions: past any model, and a topic index could not hold them.
            std::string wide = R"({"data":[{"index":0,"embedding":[)";
            for (int i = 0; i < 20000; ++i)
                wide += i ? ",1" : "1";
            wide += R"(]},{"index":1,"embedding":[1,2]}]})";
            QTest::newRow("too many dimensions") << 200 << QString::fromStdString(wide) << invalid
                                                 << "20000 dimensions, over the limit of 16384";
        }
        QTest::newRow("index out of range")
            << 200 << R"({"data":[{"index":0,"embedding":[1,2]},{"index":7,"embedding":[1,2]}]})"
            << invalid << "index out of range";
    }
    void badAnswersAreClearErrors() {
        QFETCH(int, status);
        QFETCH(QString, body);
        QFETCH(int, code);
        QFETCH(QString, mentioned);
        LoopbackServer server([&](const Request&) { return Reply{status, body.toStdString(), 0}; });
        auto r = make_http_embedder(options_for(server))->embed({"one", "two"});
        QCOMPARE(int(r.status().code()), code);
        QVERIFY2(mentions(r.status(), server.base_url() + "/v1/embeddings"),
                 r.status().message().c_str());
        QVERIFY2(mentions(r.status(), mentioned.toStdString()), r.status().message().c_str());
    }

    void declaredDimensionIsEnforced() {
        LoopbackServer server([](const Request& r) { return embeddings_for(r, 9); });
        auto opts = options_for(server);
        opts.dim = 8;
        auto r = make_http_embedder(opts)->embed_one("x");
        QCOMPARE(r.status().code(), StatusCode::InvalidArgument);
        QVERIFY2(mentions(r.status(), "dimension 9, expected 8"), r.status().message().c_str());
    }

    void dimensionMustNotChangeBetweenBatches() {
        std::atomic<int> calls{0};
        LoopbackServer server(
            [&](const Request& r) { return embeddings_for(r, calls++ == 0 ? 8 : 6); });
        auto opts = options_for(server);
        opts.batch = 1;
        auto e = make_http_embedder(opts);
        auto r = e->embed({"a", "b"});
        QCOMPARE(r.status().code(), StatusCode::InvalidArgument);
        QVERIFY2(mentions(r.status(), "dimension 6, expected 8"), r.status().message().c_str());
    }

    void cancelStopsBetweenBatches() {
        std::atomic_bool cancel{false};
        LoopbackServer server([&](const Request& r) {
            cancel = true; // the user presses Cancel while the first batch is in flight
            return embeddings_for(r, 4);
        });
        auto opts = options_for(server);
        opts.batch = 2;
        auto r = make_http_embedder(opts)->embed({"a", "b", "c", "d", "e"}, &cancel);
        QCOMPARE(r.status().code(), StatusCode::Cancelled);
        QCOMPARE(server.requests(), 1);
    }

    // The search asks the embedder only when the query vector is used: keyword mode (RRF)
    // never connects to a server that would hang it; hybrid mode does, and when the embedding
    // then fails (a 300 ms timeout here) the response says its ranking is degraded.
    void keywordModeNeverConnectsToTheEmbedder() {
        test::TempDir tmp;
        LoopbackServer good([](const Request& r) { return embeddings_for(r, 4); });
        auto vault = Vault::create(tmp.path() / "v");
        QVERIFY2(vault.is_ok(), vault.status().to_string().c_str());
        {
            auto sources = parse_jsonl(
                R"({"source": "slack:#eng", "author": "alice", "ts": "2024-03-01T09:15:00Z", "text": "phoenix launch moves to May"}
{"source": "slack:#eng", "author": "bob", "ts": "2024-03-01T09:20:00Z", "text": "the launch plan is ready"}
)",
                "k.jsonl");
            QVERIFY(sources.is_ok());
            auto embedder = make_http_embedder(options_for(good));
            Ingestor ingestor(**vault, *embedder);
            auto report = ingestor.ingest(*sources);
            QVERIFY2(report.is_ok(), report.status().to_string().c_str());
        }
        LoopbackServer hanging([](const Request&) { return Reply{200, "{}", 60'000}; });
        auto opts = options_for(hanging);
        opts.timeout_ms = 300;
        auto slow = make_http_embedder(opts);
        SearchEngineOptions eo;
        eo.audit = false;
        auto engine = SearchEngine::open(**vault, *slow, eo);
        QVERIFY2(engine.is_ok(), engine.status().to_string().c_str());
        // Vectors of this model exist, so only the mode can make the embedder unnecessary.
        QVERIFY((*engine)->index().size() > 0);

        SearchRequest req;
        req.query = "phoenix launch";
        req.mode = SearchMode::Keyword;
        req.fusion = FusionKind::Rrf;
        req.audit = false;
        auto r = (*engine)->search(req);
        QVERIFY2(r.is_ok(), r.status().to_string().c_str());
        QCOMPARE(hanging.accepted(), 0);
        QVERIFY(r->keyword.ran);
        QVERIFY(!r->result.hits.empty());
        QVERIFY(!r->result.degraded);

        req.mode = SearchMode::Hybrid;
        r = (*engine)->search(req);
        QVERIFY2(r.is_ok(), r.status().to_string().c_str());
        QCOMPARE(hanging.accepted(), 1);
        QVERIFY(r->result.degraded.has_value());
        QVERIFY2(mentions(Status::invalid(r->result.degraded->reason), "embedding failed"),
                 r->result.degraded->reason.c_str());
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestHttpEmbedder)
#include "tst_http_embedder.moc"
} // namespace tst_http_embedder
