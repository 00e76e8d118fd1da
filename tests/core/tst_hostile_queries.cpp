// Hostile queries: whatever a user types is a search term, never FTS5 or SQL syntax, and never
// an error. The vault is unchanged afterwards.
#include "suite.h"
#include "testsupport.h"

// types.h names a field `signals`, which Qt's keyword macro would rewrite to `public`.
#undef signals

#include <memlens/embedder.h>
#include <memlens/ingest.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

namespace tst_hostile_queries {

using namespace memlens;

namespace {

constexpr std::int64_t kT0 = 1'704'067'200'000;

using test::must;

IngestItem item(const std::string& author, std::int64_t ts, const std::string& text) {
    IngestItem it;
    it.author = author;
    it.ts_ms = ts;
    it.text = text;
    it.source_ref = author;
    // Its own thread: the FTS row then holds no neighbouring text, so a match is its own.
    it.group_id = it.source_ref;
    return it;
}

} // namespace

class TestHostileQueries : public QObject {
    Q_OBJECT

    test::TempDir tmp_;
    std::unique_ptr<Vault> vault_;
    std::unique_ptr<SearchEngine> engine_;

    std::int64_t count(const char* sql) { return must(vault_->db().query_int(sql), sql); }

    Result<SearchResponse> try_run(const std::string& q, SearchMode mode) {
        SearchRequest req;
        req.query = q;
        req.mode = mode;
        req.audit = false;
        req.now_ms = kT0;
        return engine_->search(req);
    }

    SearchResponse run(const std::string& q, SearchMode mode) {
        auto r = try_run(q, mode);
        if (!r.is_ok())
            qFatal("query failed: %s", r.status().to_string().c_str());
        return std::move(r).value();
    }

private slots:
    void initTestCase() {
        vault_ = must(Vault::create(tmp_.path() / "v"), "create");
        auto emb = must(make_embedder_for(*vault_), "embedder");
        IngestSource s;
        s.source_id = "slack:#eng";
        s.source_kind = "chat";
        s.platform = "slack";
        s.format = "jsonl";
        s.items = {item("ann", kT0, "We met NEAR the station and talked OR argued"),
                   item("ben", kT0 + 1, "The column x was dropped from the table"),
                   item("cat", kT0 + 2, "Ordinary message about lunch")};
        Ingestor ing(*vault_, *emb);
        must(ing.ingest({s}), "ingest");
        QVERIFY(vault_->db().exec("CREATE TABLE x (a INTEGER)").is_ok());
        SearchEngineOptions o;
        o.audit = false;
        engine_ = must(SearchEngine::open(*vault_, o), "engine");
    }

    // `searchable`: the text holds a word to look for; without one the query is refused with
    // a reason (noSearchableTermsIsRefused), never run as FTS5 syntax.
    void hostileTextIsAnsweredWithoutError_data() {
        QTest::addColumn<QByteArray>("query");
        QTest::addColumn<bool>("searchable");
        QTest::newRow("quote") << QByteArray("\"") << false;
        QTest::newRow("quote NEAR(") << QByteArray("\"NEAR(") << true;
        QTest::newRow("unbalanced quotes") << QByteArray("\"near the \"station") << true;
        QTest::newRow("star") << QByteArray("*") << false;
        QTest::newRow("prefix star") << QByteArray("stat*") << true;
        QTest::newRow("NEAR(") << QByteArray("NEAR(") << true;
        QTest::newRow("NEAR group") << QByteArray("NEAR(station talked, 2)") << true;
        QTest::newRow("OR") << QByteArray("OR") << false;
        QTest::newRow("OR AND") << QByteArray("OR AND") << false;
        QTest::newRow("ellipsis") << QByteArray("...") << false;
        QTest::newRow("AND NOT") << QByteArray("lunch AND NOT station") << true;
        QTest::newRow("column filter") << QByteArray("content:station") << true;
        QTest::newRow("caret") << QByteArray("^station") << true;
        QTest::newRow("sql injection") << QByteArray("'; DROP TABLE x; --") << true;
        QTest::newRow("lone minus") << QByteArray("-") << false;
        QTest::newRow("only punctuation") << QByteArray("()[]{}:;,.!?") << false;
        QTest::newRow("nul byte") << QByteArray("lunch\0station", 13) << true;
        QTest::newRow("invalid utf-8")
            << QByteArray("lunch \xff\xfe \xc3\x28 station \xed\xa0\x80") << true;
        QTest::newRow("truncated utf-8") << QByteArray("station \xe2\x82") << true;
        QTest::newRow("10000 chars") << QByteArray(10000, 'a') << true;
        QByteArray words;
        for (int i = 0; i < 2000; ++i)
            words += "word" + QByteArray::number(i) + " OR ";
        QTest::newRow("10000 chars of operators") << words.left(10000) << true;
        QTest::newRow("emoji") << QByteArray("station \xf0\x9f\x9a\x80 lunch") << true;
    }

    void hostileTextIsAnsweredWithoutError() {
        QFETCH(QByteArray, query);
        QFETCH(bool, searchable);
        const std::string q(query.constData(), static_cast<std::size_t>(query.size()));
        const auto chunks = count("SELECT count(*) FROM mem_tree_chunks");
        for (SearchMode mode : {SearchMode::Hybrid, SearchMode::Keyword, SearchMode::Semantic}) {
            auto r = try_run(q, mode);
            if (!searchable) {
                QVERIFY(!r.is_ok());
                QCOMPARE(r.status().code(), StatusCode::InvalidArgument);
                QVERIFY2(r.status().message().find("no searchable terms") != std::string::npos,
                         r.status().message().c_str());
                continue;
            }
            QVERIFY2(r.is_ok(), r.status().to_string().c_str());
            QVERIFY(r->result.hits.size() <= 10);
            for (const auto& h : r->result.hits) {
                QVERIFY(h.explanation.has_value());
                // Never a vector "match" that shares nothing with the query.
                if (h.explanation->vector.rank)
                    QVERIFY(h.explanation->vector.raw_score > 0.0);
            }
        }
        QCOMPARE(count("SELECT count(*) FROM sqlite_master WHERE name = 'x'"), std::int64_t{1});
        QCOMPARE(count("SELECT count(*) FROM mem_tree_chunks"), chunks);
    }

    void operatorsAreSearchTerms() {
        // "NEAR" and "OR" are words of the first message, not FTS5 operators.
        auto r = run("NEAR(", SearchMode::Keyword);
        QCOMPARE(r.result.hits.size(), std::size_t{1});
        QVERIFY(r.result.hits[0].content.find("NEAR the station") != std::string::npos);
        QCOMPARE(QString::fromStdString(r.keyword.fts_query), QStringLiteral("\"near\""));
        auto d = run("'; DROP TABLE x; --", SearchMode::Keyword);
        QCOMPARE(QString::fromStdString(d.keyword.fts_query),
                 QStringLiteral("\"drop\" OR \"table\""));
        QCOMPARE(d.result.hits.size(), std::size_t{1});
        QVERIFY(d.result.hits[0].content.find("dropped from the table") != std::string::npos);
    }

    void longQueriesKeepTheFirstTerms() {
        auto r = run(std::string(10000, 'a') + " lunch", SearchMode::Keyword);
        QVERIFY(r.keyword.ran);
        std::string many;
        for (int i = 0; i < 500; ++i)
            many += "term" + std::to_string(i) + " ";
        auto m = run(many, SearchMode::Keyword);
        QVERIFY(m.keyword.ran);
        // search.max_query_terms (64) quoted terms joined by 63 ORs.
        const auto& fts = m.keyword.fts_query;
        std::size_t ors = 0;
        for (std::size_t p = fts.find(" OR "); p != std::string::npos; p = fts.find(" OR ", p + 1))
            ++ors;
        QCOMPARE(ors, std::size_t{63});
    }

    // A query of punctuation, operators and stopwords says so, in every mode and in the CLI
    // (exit 1, the reason on stderr), instead of listing vector hits of similarity 0.
    void noSearchableTermsIsRefused() {
        for (const char* q : {"OR AND", "...", "\"", "the of and"}) {
            auto run = test::run_cli({QStringLiteral("query"), QStringLiteral("--vault"),
                                      QString::fromStdString((tmp_.path() / "v").string()),
                                      QStringLiteral("--no-audit"), QString::fromUtf8(q)});
            QCOMPARE(run.exit_code, 1);
            QVERIFY2(run.err.find("the query has no searchable terms") != std::string::npos,
                     run.err.c_str());
            QVERIFY(run.out.empty());
        }
        // A one-character word of another script is searchable (the vector leg looks for it).
        SearchRequest req;
        req.query = "猫";
        req.audit = false;
        QVERIFY(engine_->search(req).is_ok());
    }

    // The vector leg drops candidates of similarity 0 or less: its count is exactly the
    // chunks whose stored vector has a positive cosine with the query's.
    void vectorLegKeepsOnlyPositiveSimilarity() {
        auto emb = must(make_embedder_for(*vault_), "embedder");
        std::vector<std::string> chunk_ids;
        auto st = must(vault_->db().prepare("SELECT id FROM mem_tree_chunks"), "prepare");
        while (must(st.step(), "step"))
            chunk_ids.push_back(st.column_text(0));
        QCOMPARE(chunk_ids.size(), std::size_t{3});
        std::size_t some_dropped = 0;
        for (const char* q : {"zebra crossing", "station lunch", "quantum"}) {
            auto r = run(q, SearchMode::Semantic);
            const Vector qv = must(emb->embed_one(q), "embed");
            // Chunks only: the leg's mask keeps summaries out unless asked for.
            std::size_t positive = 0;
            for (const auto& id : chunk_ids) {
                const auto pos = engine_->index().position(id);
                QVERIFY(pos.has_value());
                positive += cosine(qv, engine_->index().vector_at(*pos)) > 0.0 ? 1 : 0;
            }
            QCOMPARE(r.vector.count, positive);
            QCOMPARE(r.result.hits.size(), positive);
            some_dropped += chunk_ids.size() - positive;
        }
        QVERIFY(some_dropped > 0); // the case was met: a chunk of cosine <= 0 was left out
    }

    // A hybrid query whose keyword leg matched nothing says so: in the response's leg report,
    // in --json (legs.keyword.matched_nothing) and in the CLI's table.
    void keywordLegThatMatchedNothingSaysSo() {
        auto r = run("zebra", SearchMode::Hybrid);
        QVERIFY(r.keyword.ran);
        QCOMPARE(r.keyword.count, std::size_t{0});
        const QString vault = QString::fromStdString((tmp_.path() / "v").string());
        auto json = test::run_cli({QStringLiteral("query"), QStringLiteral("--vault"), vault,
                                   QStringLiteral("--no-audit"), QStringLiteral("--json"),
                                   QStringLiteral("zebra")});
        QCOMPARE(json.exit_code, 0);
        const auto doc = QJsonDocument::fromJson(QByteArray::fromStdString(json.out));
        const auto legs = doc.object().value(QStringLiteral("legs")).toObject();
        QCOMPARE(legs.value(QStringLiteral("keyword"))
                     .toObject()
                     .value(QStringLiteral("matched_nothing"))
                     .toBool(),
                 true);
        QCOMPARE(legs.value(QStringLiteral("vector"))
                     .toObject()
                     .value(QStringLiteral("matched_nothing"))
                     .toBool(),
                 r.vector.count == 0);
        auto text = test::run_cli({QStringLiteral("query"), QStringLiteral("--vault"), vault,
                                   QStringLiteral("--no-audit"), QStringLiteral("zebra")});
        QCOMPARE(text.exit_code, 0);
        QVERIFY2(text.out.find("keyword  matched nothing") != std::string::npos, text.out.c_str());
        QVERIFY2(text.out.find("the keyword leg matched nothing") != std::string::npos,
                 text.out.c_str());
    }

    // Every search mode needs words to look for: an empty or blank query is refused with a
    // reason the front-ends show, in every mode, rather than answered with an empty list.
    void blankQueriesAreRefusedWithAReason() {
        for (const std::string q : {"", "  ", "   \t\n"}) {
            for (SearchMode mode :
                 {SearchMode::Hybrid, SearchMode::Keyword, SearchMode::Semantic}) {
                SearchRequest req;
                req.query = q;
                req.mode = mode;
                auto r = engine_->search(req);
                QVERIFY(!r.is_ok());
                QCOMPARE(r.status().code(), StatusCode::InvalidArgument);
                QVERIFY(r.status().message().find("the query is empty") != std::string::npos);
            }
        }
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestHostileQueries)
#include "tst_hostile_queries.moc"
} // namespace tst_hostile_queries
