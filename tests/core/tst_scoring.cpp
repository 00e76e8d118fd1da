// The deterministic signal functions, the WeightProfile fold and the shared cosine rerank.
#include "fixture.h"
#include "suite.h"

#include <memlens/scoring.h>
#include <memlens/time_util.h>

#include <QtTest>

#include <cmath>

namespace tst_scoring {

using namespace memlens;
using namespace Qt::StringLiterals;
using memlens::test::kDay;
using memlens::test::kT0;

namespace {

RetrievalHit hit(const std::string& id, std::int64_t end_ms) {
    RetrievalHit h;
    h.node_id = id;
    h.time_range_start_ms = end_ms;
    h.time_range_end_ms = end_ms;
    return h;
}

} // namespace

class TestScoring : public QObject {
    Q_OBJECT
private slots:
    void keywordRelevanceIsTheShareOfQueryWordsFound() {
        QCOMPARE(keyword_relevance("phoenix launch", "the phoenix migration"), 0.5);
        QCOMPARE(keyword_relevance("phoenix launch", "Launch of PHOENIX"), 1.0);
        QCOMPARE(keyword_relevance("budget", "the phoenix migration"), 0.0);
    }

    void keywordRelevanceIgnoresCaseAndRepeats() {
        QCOMPARE(keyword_relevance("PHOENIX Launch", "the phoenix launch"), 1.0);
        // A repeated query word counts once, so it cannot inflate the share.
        QCOMPARE(keyword_relevance("phoenix phoenix launch", "phoenix"), 0.5);
        // Whole words only: "launch" is not found inside "launched".
        QCOMPARE(keyword_relevance("launch", "we launched it"), 0.0);
    }

    void keywordRelevanceOfEmptyTextIsZero() {
        QCOMPARE(keyword_relevance("", "anything at all"), 0.0);
        QCOMPARE(keyword_relevance("phoenix", ""), 0.0);
        QCOMPARE(keyword_relevance("  ?! ", "phoenix"), 0.0);
    }

    void freshnessHalvesPerHalfLife() {
        QCOMPARE(freshness(kT0 - 7 * kDay, kT0, 7.0), 0.5);
        QCOMPARE(freshness(kT0 - 14 * kDay, kT0, 7.0), 0.25);
        QCOMPARE(freshness(kT0, kT0, 7.0), 1.0);
        QCOMPARE(freshness(kT0 - 7 * kDay, kT0), 0.5); // the default half-life is 7 days
    }

    void freshnessNeverExceedsOne() {
        QCOMPARE(freshness(kT0 + kDay, kT0, 7.0), 1.0); // clock skew: a future time
        QCOMPARE(freshness(kT0 - 30 * kDay, kT0, 0.0), 1.0);
        QCOMPARE(freshness(kT0 - 30 * kDay, kT0, -3.0), 1.0);
        QCOMPARE(freshness(kT0 - 30 * kDay, kT0, std::nan("")), 1.0);
    }

    void hybridScoreFoldsTheFourSignals() {
        const auto semantic = WeightProfile::by_name("semantic");
        const auto b = hybrid_score(semantic, 0.5, 1.0, 0.5, 0.0);
        QCOMPARE(b.final_score, 0.15 * 0.5 + 0.65 * 1.0 + 0.20 * 0.5);
        QCOMPARE(b.contributions.graph, 0.15 * 0.5);
        QCOMPARE(b.contributions.vector, 0.65);
        QCOMPARE(b.contributions.keyword, 0.20 * 0.5);
        QCOMPARE(b.contributions.freshness, 0.0);
        QCOMPARE(b.graph_relevance, 0.5);
        QCOMPARE(b.vector_similarity, 1.0);
        QCOMPARE(b.keyword_relevance, 0.5);
        QCOMPARE(b.episodic_relevance, 0.0);
        // The explanation's arithmetic: the final score is the sum of the contributions.
        QCOMPARE(b.final_score, b.contributions.graph + b.contributions.vector +
                                    b.contributions.keyword + b.contributions.freshness);
    }

    void profilesMatchTheSeedTable_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("graph");
        QTest::addColumn<double>("vector");
        QTest::addColumn<double>("keyword");
        QTest::addColumn<double>("fresh");
        QTest::newRow("balanced") << "balanced" << 0.35 << 0.35 << 0.15 << 0.15;
        QTest::newRow("semantic") << "semantic" << 0.15 << 0.65 << 0.20 << 0.0;
        QTest::newRow("lexical") << "lexical" << 0.25 << 0.15 << 0.60 << 0.0;
        QTest::newRow("graph_first") << "graph_first" << 0.55 << 0.30 << 0.15 << 0.0;
    }
    void profilesMatchTheSeedTable() {
        QFETCH(QString, name);
        QFETCH(double, graph);
        QFETCH(double, vector);
        QFETCH(double, keyword);
        QFETCH(double, fresh);
        const auto p = WeightProfile::by_name(name.toStdString());
        QCOMPARE(QString::fromStdString(p.name), name);
        QCOMPARE(p.graph, graph);
        QCOMPARE(p.vector, vector);
        QCOMPARE(p.keyword, keyword);
        QCOMPARE(p.freshness, fresh);
        QVERIFY(std::abs(p.graph + p.vector + p.keyword + p.freshness - 1.0) < 1e-12);
    }

    void unknownProfileFallsBackToBalanced() {
        const auto p = WeightProfile::by_name("no-such-profile");
        QCOMPARE(QString::fromStdString(p.name), QStringLiteral("balanced"));
        QCOMPARE(p.graph, 0.35);
        QCOMPARE(WeightProfile::by_name("").freshness, 0.15);
        QCOMPARE(WeightProfile::by_name("Semantic").vector, 0.35); // names are exact wire strings
    }

    void vaultSettingsOverrideProfileWeights() {
        test::VaultFixture f;
        QVERIFY(f.vault().set_setting("profile.semantic.vector", "0.5").is_ok());
        QVERIFY(f.vault().set_setting("profile.semantic.keyword", "0.35").is_ok());
        QVERIFY(f.vault().set_setting("profile.semantic.graph", "lots").is_ok());   // ignored
        QVERIFY(f.vault().set_setting("profile.semantic.freshness", "-1").is_ok()); // ignored
        const auto p = WeightProfile::from_vault(f.vault(), "semantic");
        QCOMPARE(QString::fromStdString(p.name), QStringLiteral("semantic"));
        QCOMPARE(p.vector, 0.5);
        QCOMPARE(p.keyword, 0.35);
        QCOMPARE(p.graph, 0.15);
        QCOMPARE(p.freshness, 0.0);
        // Other profiles are untouched.
        QCOMPARE(WeightProfile::from_vault(f.vault(), "lexical").keyword, 0.60);
    }

    void vaultCanDefineItsOwnProfile() {
        test::VaultFixture f;
        const auto plain = WeightProfile::from_vault(f.vault(), "recent");
        QCOMPARE(QString::fromStdString(plain.name), QStringLiteral("balanced"));
        QVERIFY(f.vault().set_setting("profile.recent.freshness", "0.9").is_ok());
        const auto p = WeightProfile::from_vault(f.vault(), "recent");
        QCOMPARE(QString::fromStdString(p.name), QStringLiteral("recent"));
        QCOMPARE(p.freshness, 0.9);
        QCOMPARE(p.graph, 0.35); // the rest comes from balanced
    }

    void rerankRecordsTheCosineAndSortsByIt() {
        std::vector<RetrievalHit> hits = {hit("far", 1), hit("near", 2), hit("mid", 3)};
        const Vector q = {1.0f, 0.0f};
        std::vector<Vector> vecs = {{0.0f, 1.0f}, {1.0f, 0.0f}, {0.6f, 0.8f}};
        rerank(hits, q, vecs);
        QCOMPARE(test::ids_of(hits), (QStringList{u"near"_s, u"mid"_s, u"far"_s}));
        QVERIFY(hits[0].rerank_similarity.has_value());
        QVERIFY(std::abs(*hits[0].rerank_similarity - 1.0) < 1e-6);
        QVERIFY(std::abs(*hits[1].rerank_similarity - 0.6) < 1e-6);
        QVERIFY(std::abs(*hits[2].rerank_similarity) < 1e-6);
    }

    void rerankTiesGoToTheLaterEnd() {
        std::vector<RetrievalHit> hits = {hit("older", 10), hit("newer", 20)};
        const Vector q = {1.0f, 0.0f};
        rerank(hits, q, {{1.0f, 0.0f}, {2.0f, 0.0f}});
        QCOMPARE(test::ids_of(hits), (QStringList{u"newer"_s, u"older"_s}));
    }

    void rerankPutsUnembeddedHitsLastInIncomingOrder() {
        std::vector<RetrievalHit> hits = {hit("none-a", 50), hit("low", 1), hit("none-b", 99),
                                          hit("wrong-dim", 70), hit("high", 2)};
        const Vector q = {1.0f, 0.0f};
        std::vector<Vector> vecs = {{}, {0.1f, 1.0f}, {}, {1.0f, 0.0f, 0.0f}, {1.0f, 0.1f}};
        rerank(hits, q, vecs);
        QCOMPARE(test::ids_of(hits),
                 (QStringList{u"high"_s, u"low"_s, u"none-a"_s, u"none-b"_s, u"wrong-dim"_s}));
        QVERIFY(!hits[2].rerank_similarity.has_value());
        QVERIFY(!hits[4].rerank_similarity.has_value()); // another model's dimension
    }

    void rerankWithoutQueryVectorKeepsTheOrder() {
        std::vector<RetrievalHit> hits = {hit("a", 1), hit("b", 2)};
        rerank(hits, {}, {{1.0f}, {1.0f}});
        QCOMPARE(test::ids_of(hits), (QStringList{u"a"_s, u"b"_s}));
        QVERIFY(!hits[0].rerank_similarity.has_value());
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestScoring)
#include "tst_scoring.moc"
} // namespace tst_scoring
