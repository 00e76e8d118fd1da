// No answer is better than a wrong one: a query whose words the vault lacks, and that nothing
// reads like more than made-up words do, answers "no match" with the words and the numbers,
// instead of a page of the nearest noise; a real question keeps its hits.
#include "suite.h"
#include "testsupport.h"

#include <memlens/embedder.h>
#include <memlens/import.h>
#include <memlens/ingest.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

namespace tst_no_match {

using namespace memlens;

namespace {

using test::must;

constexpr std::int64_t kT0 = 1'767'225'600'000; // 2026-01-01T00:00:00Z

} // namespace

class TestNoMatch : public QObject {
    Q_OBJECT

    test::TempDir dir_;
    std::unique_ptr<Vault> vault_;
    std::unique_ptr<SearchEngine> engine_;

    SearchResponse ask(const std::string& text, SearchMode mode = SearchMode::Hybrid) {
        QueryOptions o;
        o.audit = false;
        o.mode = mode;
        return must(engine_->query(text, o), "query").response;
    }

private slots:
    void initTestCase() {
        vault_ = must(Vault::create(dir_.path() / "v"), "create");
        auto emb = must(make_embedder_for(*vault_), "embedder");
        IngestSource s;
        s.source_id = "chat:agent";
        s.source_kind = "chat";
        s.platform = "agent";
        s.title = "notes";
        s.format = "mcp";
        const char* notes[] = {
            "Priya is allergic to peanuts and carries an epipen.",
            "The garden shed needs a new roof before winter.",
            "Sam booked the flight to Lisbon for the March offsite.",
            "The quarterly budget review moved to Thursday afternoon.",
            "Priya prefers the vegetarian menu at team dinners.",
            "The staging database is restored from backups every night.",
        };
        int i = 0;
        for (const char* text : notes) {
            IngestItem it;
            it.text = text;
            it.ts_ms = kT0 + (i++) * 60'000;
            it.author = "agent";
            s.items.push_back(std::move(it));
        }
        IngestOptions io;
        Ingestor ing(*vault_, *emb, io);
        must(ing.ingest({std::move(s)}), "ingest");
        SearchEngineOptions eo;
        eo.audit = false;
        engine_ = must(SearchEngine::open(*vault_, eo), "engine");
    }

    void madeUpWordsAnswerNoMatch() {
        const auto r = ask("zorblaxi quenthor");
        QVERIFY(r.result.hits.empty());
        QVERIFY(r.no_match.has_value());
        QCOMPARE(r.no_match->unknown_terms, (std::vector<std::string>{"zorblaxi", "quenthor"}));
        QVERIFY(!r.no_match->in_scope);
        QVERIFY2(r.no_match->reason.rfind("no match: none of the words zorblaxi, quenthor occurs "
                                          "in this vault, and ",
                                          0) == 0,
                 r.no_match->reason.c_str());
        // The vector leg ran and measured the floor; whatever it found was no closer than it.
        QVERIFY(r.vector.ran);
        QVERIFY(r.vector.noise_floor.has_value());
        QVERIFY(r.no_match->best_similarity <= r.no_match->noise_floor);
        QCOMPARE(r.vector.count, std::size_t{0});

        const auto json =
            QJsonDocument::fromJson(QByteArray::fromStdString(search_response_json(r, -1)))
                .object();
        const auto nm = json.value(QStringLiteral("no_match")).toObject();
        QCOMPARE(nm.value(QStringLiteral("unknown_terms")).toArray().size(), 2);
        QVERIFY(
            nm.value(QStringLiteral("reason")).toString().startsWith(QStringLiteral("no match")));
        QVERIFY(json.value(QStringLiteral("legs"))
                    .toObject()
                    .value(QStringLiteral("vector"))
                    .toObject()
                    .contains(QStringLiteral("noise_floor")));
    }

    // A semantic search asked for meaning alone: the floor does not judge it (under the
    // built-in embedder a memory that shares the query's words can sit below it).
    void aSemanticSearchIsNotJudgedAgainstTheFloor() {
        const auto r = ask("zorblaxi quenthor", SearchMode::Semantic);
        QVERIFY(!r.vector.noise_floor.has_value());
        QCOMPARE(r.vector.below_noise, std::size_t{0});
    }

    void aRealQuestionKeepsItsHits() {
        const auto r = ask("which nuts must Priya avoid");
        QVERIFY(!r.result.hits.empty());
        QVERIFY(!r.no_match.has_value());
        // The keyword leg matched: vector-only hits beside it are not judged as noise.
        QVERIFY(r.keyword.count > 0);
        QVERIFY(!r.vector.noise_floor.has_value());
    }

    // The floor is the same for every query of one length on a loaded index: made-up
    // phrases, the same each time.
    void theFloorIsMeasuredOnceAndTheSameEachTime() {
        const auto a = ask("zorblaxi quenthor");
        const auto b = ask("vimbly quaxoret");
        QVERIFY(a.vector.noise_floor && b.vector.noise_floor);
        QCOMPARE(*a.vector.noise_floor, *b.vector.noise_floor);
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestNoMatch)
#include "tst_no_match.moc"
} // namespace tst_no_match
