// What the core's query paths refuse, whoever calls them (CLI, GUI, eval): a query text over
// kMaxQueryBytes at every place a query enters, a profile that is not defined and a source
// kind that does not exist. A query at the limit still runs.
#include "suite.h"
#include "testsupport.h"

// types.h names a field `signals`, which Qt's keyword macro would rewrite to `public`.
#undef signals

#include <memlens/embedder.h>
#include <memlens/import.h>
#include <memlens/ingest.h>
#include <memlens/query_context.h>
#include <memlens/retrieval.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <QtTest>

namespace tst_query_limits {

using namespace memlens;

namespace {

constexpr const char* kCorpus =
    R"({"source": "slack:#eng", "author": "alice", "ts": "2024-03-01T09:15:00Z", "text": "the phoenix launch moves to May 3"}
{"source": "gmail:ops", "author": "carol", "ts": "2024-03-02T10:00:00Z", "text": "budget approved for the migration"}
)";

// Distinct words, so the text is also the worst case for de-duplicating keyword tokens.
std::string words_of_size(std::size_t bytes) {
    std::string out;
    for (int i = 0; out.size() < bytes; ++i)
        out += "w" + std::to_string(i) + " ";
    out.resize(bytes, 'x');
    return out;
}

void expect_too_long(const Status& s, std::size_t bytes) {
    QCOMPARE(s.code(), StatusCode::InvalidArgument);
    const std::string expected =
        "query is " + std::to_string(bytes) + " bytes; at most 16384 are accepted";
    QVERIFY2(s.message().find(expected) != std::string::npos, s.message().c_str());
}

} // namespace

class TestQueryLimits : public QObject {
    Q_OBJECT

    test::TempDir tmp_;
    std::unique_ptr<Vault> vault_;
    std::unique_ptr<SearchEngine> engine_;

    Result<SearchResponse> search(const std::string& text) {
        SearchRequest req;
        req.query = text;
        req.audit = false;
        return engine_->search(req);
    }

private slots:
    void initTestCase() {
        auto sources = parse_jsonl(kCorpus, "limits.jsonl");
        QVERIFY(sources.is_ok());
        auto vault = Vault::create(tmp_.path() / "v");
        QVERIFY2(vault.is_ok(), vault.status().to_string().c_str());
        vault_ = std::move(vault).value();
        auto embedder = make_hash_embedder();
        Ingestor ingestor(*vault_, *embedder);
        QVERIFY(ingestor.ingest(*sources).is_ok());
        SearchEngineOptions eo;
        eo.audit = false;
        auto engine = SearchEngine::open(*vault_, eo);
        QVERIFY2(engine.is_ok(), engine.status().to_string().c_str());
        engine_ = std::move(engine).value();
    }

    void theLimitIsSixteenKibibytes() {
        QCOMPARE(kMaxQueryBytes, std::size_t{16 * 1024});
        QVERIFY(check_query_length(std::string(kMaxQueryBytes, 'a')).is_ok());
        expect_too_long(check_query_length(std::string(kMaxQueryBytes + 1, 'a')),
                        kMaxQueryBytes + 1);
    }

    void searchRunsAtTheLimitAndRefusesPastIt() {
        auto at = search(words_of_size(kMaxQueryBytes));
        QVERIFY2(at.is_ok(), at.status().to_string().c_str());
        QVERIFY(at->keyword.ran);
        auto past = search(words_of_size(kMaxQueryBytes + 1));
        QVERIFY(!past.is_ok());
        expect_too_long(past.status(), kMaxQueryBytes + 1);
        // The text the audit would log is checked too.
        SearchRequest req;
        req.query = "phoenix";
        req.raw_query = std::string(kMaxQueryBytes + 7, 'q');
        req.audit = false;
        auto raw = engine_->search(req);
        QVERIFY(!raw.is_ok());
        expect_too_long(raw.status(), kMaxQueryBytes + 7);
    }

    void everyPrimitiveRefusesAnOverlongQuery() {
        const std::string text = words_of_size(kMaxQueryBytes + 1);
        auto embedder = make_hash_embedder();
        SearchEntitiesOptions eo;
        eo.query = text;
        auto entities = search_entities(*vault_, eo);
        QVERIFY(!entities.is_ok());
        expect_too_long(entities.status(), text.size());
        QuerySourceOptions so;
        so.query = text;
        auto source = query_source(*vault_, so, embedder.get());
        QVERIFY(!source.is_ok());
        expect_too_long(source.status(), text.size());
        QueryGlobalOptions go;
        go.until_ms = 2'000'000'000'000;
        go.query = text;
        auto global = query_global(*vault_, go, embedder.get());
        QVERIFY(!global.is_ok());
        expect_too_long(global.status(), text.size());
        WalkOptions wo;
        wo.query = text;
        auto walked = walk(*vault_, wo, embedder.get());
        QVERIFY(!walked.is_ok());
        expect_too_long(walked.status(), text.size());
    }

    // Analysis never fails, at the limit or past it (the entry point refuses, not analysis).
    void analysisTakesAnyText() {
        const auto ctx = analyze_query(words_of_size(kMaxQueryBytes), 1'700'000'000'000);
        QVERIFY(!ctx.augmented_text.empty());
    }

    void undefinedProfileAndSourceKindAreRefused() {
        SearchRequest req;
        req.query = "phoenix";
        req.audit = false;
        req.profile = "bogus";
        auto r = engine_->search(req);
        QVERIFY(!r.is_ok());
        QCOMPARE(r.status().code(), StatusCode::InvalidArgument);
        QVERIFY2(r.status().message().find(
                     "profile 'bogus' is not defined (balanced, semantic, lexical, "
                     "graph_first)") != std::string::npos,
                 r.status().message().c_str());
        req.profile = "lexical";
        QVERIFY(engine_->search(req).is_ok());
        req.profile.reset();
        req.scope.source_kinds = {"chat", "fax"};
        r = engine_->search(req);
        QVERIFY(!r.is_ok());
        QVERIFY2(r.status().message().find("source kind 'fax'") != std::string::npos,
                 r.status().message().c_str());
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestQueryLimits)
#include "tst_query_limits.moc"
} // namespace tst_query_limits
