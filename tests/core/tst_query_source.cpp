// query_source: the three selection modes, the platform-kind registry, sealed trees
// only, the time window, newest-first order, the cosine rerank, limits and totals.
#include "fixture.h"
#include "suite.h"
#include "testsupport.h"

#include <memlens/embedder.h>
#include <memlens/retrieval.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

namespace tst_query_source {

using namespace memlens;
using namespace Qt::StringLiterals;
using test::kDay;
using test::kT0;

namespace {

void summary(test::VaultFixture& f, const std::string& id, const std::string& tree,
             std::int64_t start, std::int64_t end, const std::string& content = "summary",
             bool deleted = false) {
    test::SummarySpec s;
    s.id = id;
    s.tree_id = tree;
    s.start_ms = start;
    s.end_ms = end;
    s.content = content;
    s.deleted = deleted;
    f.add_summary(s);
}

// Six source trees of several kinds, one summary each, ends one day apart (slack newest).
void add_sources(test::VaultFixture& f) {
    f.add_tree("t-slack", "slack:#eng");
    f.add_tree("t-discord", "Discord:general"); // the platform prefix is case-insensitive
    f.add_tree("t-gmail", "gmail:inbox");
    f.add_tree("t-chat", "chat:misc");
    f.add_tree("t-locomo", "feed:conv-1");
    f.add_source("feed:conv-1", "chat"); // no platform prefix: the importer's record counts
    f.add_tree("t-notes", "notes/plan.md");
    summary(f, "s-slack", "t-slack", kT0, kT0 + 6 * kDay);
    summary(f, "s-discord", "t-discord", kT0, kT0 + 5 * kDay);
    summary(f, "s-gmail", "t-gmail", kT0, kT0 + 4 * kDay);
    summary(f, "s-chat", "t-chat", kT0, kT0 + 3 * kDay);
    summary(f, "s-locomo", "t-locomo", kT0, kT0 + 2 * kDay);
    summary(f, "s-notes", "t-notes", kT0, kT0 + 1 * kDay);
}

QueryResponse run(test::VaultFixture& f, const QuerySourceOptions& o, Embedder* e = nullptr) {
    auto r = query_source(f.vault(), o, e);
    if (!r) {
        qWarning() << QString::fromStdString(r.status().to_string());
        return {};
    }
    return *r;
}

} // namespace

class TestQuerySource : public QObject {
    Q_OBJECT
private slots:
    void sourceIdSelectsOneTree() {
        test::VaultFixture f;
        add_sources(f);
        QuerySourceOptions o;
        o.source_id = "gmail:inbox";
        o.source_kind = "chat"; // source_id has priority
        const auto r = run(f, o);
        QCOMPARE(test::ids_of(r.hits), QStringList{u"s-gmail"_s});
        QCOMPARE(QString::fromStdString(r.hits[0].tree_scope), u"gmail:inbox"_s);
        QCOMPARE(QString::fromStdString(r.hits[0].tree_id), u"t-gmail"_s);
        QCOMPARE(r.hits[0].node_kind, NodeKind::Summary);
        QCOMPARE(r.total, std::size_t{1});
    }

    void unknownSourceIdIsEmpty() {
        test::VaultFixture f;
        add_sources(f);
        QuerySourceOptions o;
        o.source_id = "slack:#nope";
        const auto r = run(f, o);
        QVERIFY(r.hits.empty());
        QCOMPARE(r.total, std::size_t{0});
        QVERIFY(!r.truncated);
    }

    void sourceKindUsesThePlatformRegistry() {
        test::VaultFixture f;
        add_sources(f);
        QuerySourceOptions o;
        o.source_kind = "chat";
        QCOMPARE(test::ids_of(run(f, o).hits),
                 (QStringList{u"s-slack"_s, u"s-discord"_s, u"s-chat"_s, u"s-locomo"_s}));
        o.source_kind = "email";
        QCOMPARE(test::ids_of(run(f, o).hits), QStringList{u"s-gmail"_s});
        o.source_kind = "document";
        QVERIFY(run(f, o).hits.empty());
    }

    void noSelectorReadsEverySourceTree() {
        test::VaultFixture f;
        add_sources(f);
        f.add_tree("t-topic", "topic:phoenix", std::string("root"), 1, "topic");
        summary(f, "s-topic", "t-topic", kT0, kT0 + 9 * kDay);
        const auto r = run(f, {});
        QCOMPARE(test::ids_of(r.hits), (QStringList{u"s-slack"_s, u"s-discord"_s, u"s-gmail"_s,
                                                    u"s-chat"_s, u"s-locomo"_s, u"s-notes"_s}));
        QCOMPARE(r.total, std::size_t{6});
    }

    void treesThatNeverSealedAreSkipped() {
        test::VaultFixture f;
        f.add_tree("t-quiet", "slack:#quiet", std::nullopt, 0);
        f.add_tree("t-busy", "slack:#busy", std::nullopt, 1); // sealed once, root not yet set
        summary(f, "s-quiet", "t-quiet", kT0, kT0);
        summary(f, "s-busy", "t-busy", kT0, kT0);
        QCOMPARE(test::ids_of(run(f, {}).hits), QStringList{u"s-busy"_s});
        QuerySourceOptions o;
        o.source_id = "slack:#quiet";
        QVERIFY(run(f, o).hits.empty());
    }

    void deletedSummariesAreNotReturned() {
        test::VaultFixture f;
        f.add_tree("t", "slack:#eng");
        summary(f, "live", "t", kT0, kT0 + kDay);
        summary(f, "gone", "t", kT0, kT0 + 2 * kDay, "summary", true);
        const auto r = run(f, {});
        QCOMPARE(test::ids_of(r.hits), QStringList{u"live"_s});
        QCOMPARE(r.total, std::size_t{1});
    }

    void newestEndFirstWithoutAQuery() {
        test::VaultFixture f;
        f.add_tree("t", "slack:#eng");
        summary(f, "mid", "t", kT0, kT0 + 5 * kDay);
        summary(f, "old", "t", kT0 + 3 * kDay, kT0 + 4 * kDay);
        summary(f, "new", "t", kT0, kT0 + 9 * kDay);
        QCOMPARE(test::ids_of(run(f, {}).hits), (QStringList{u"new"_s, u"mid"_s, u"old"_s}));
    }

    void timeWindowKeepsOverlappingSummaries() {
        test::VaultFixture f;
        f.add_tree("t", "slack:#eng");
        const std::int64_t now = kT0 + 30 * kDay;
        summary(f, "inside", "t", now - 2 * kDay, now - kDay);
        summary(f, "straddles", "t", now - 20 * kDay, now - 6 * kDay);
        summary(f, "edge", "t", now - 9 * kDay, now - 7 * kDay); // ends exactly at now − 7 d
        summary(f, "before", "t", now - 20 * kDay, now - 8 * kDay);
        QuerySourceOptions o;
        o.time_window_days = 7;
        o.now_ms = now;
        const auto r = run(f, o);
        QCOMPARE(test::ids_of(r.hits), (QStringList{u"inside"_s, u"straddles"_s, u"edge"_s}));
        QCOMPARE(r.total, std::size_t{3});
    }

    void negativeWindowIsAnError() {
        test::VaultFixture f;
        QuerySourceOptions o;
        o.time_window_days = -1;
        auto r = query_source(f.vault(), o);
        QCOMPARE(r.status().code(), StatusCode::InvalidArgument);
    }

    void limitDefaultsToTenAndCapsAtOneHundred() {
        test::VaultFixture f;
        f.add_tree("t", "slack:#eng");
        f.begin();
        for (int i = 0; i < 120; ++i)
            summary(f, "s" + std::to_string(i), "t", kT0, kT0 + i);
        f.commit();
        auto r = run(f, {});
        QCOMPARE(r.hits.size(), std::size_t{10});
        QCOMPARE(r.total, std::size_t{120});
        QVERIFY(r.truncated);
        QCOMPARE(QString::fromStdString(r.hits[0].node_id), u"s119"_s);
        QuerySourceOptions o;
        o.limit = 500;
        r = run(f, o);
        QCOMPARE(r.hits.size(), std::size_t{100});
        QCOMPARE(r.total, std::size_t{120});
        o.limit = 3;
        r = run(f, o);
        QCOMPARE(test::ids_of(r.hits), (QStringList{u"s119"_s, u"s118"_s, u"s117"_s}));
    }

    void queryReranksByCosineAndShowsIt() {
        test::VaultFixture f;
        f.add_tree("t", "slack:#eng");
        auto emb = make_hash_embedder();
        const std::vector<std::pair<std::string, std::string>> texts = {
            {"budget", "quarterly budget spreadsheet reviewed by finance"},
            {"deploy", "deployment pipeline broke after the kubernetes upgrade"},
            {"lunch", "team lunch on friday at the noodle place"}};
        std::int64_t end = kT0;
        for (const auto& [id, text] : texts) {
            summary(f, id, "t", kT0, end += kDay, text);
            f.add_vector(NodeKind::Summary, id, emb->signature(), *emb->embed_one(text));
        }
        summary(f, "no-vector", "t", kT0, kT0 + 50 * kDay, "kubernetes deployment notes");
        QuerySourceOptions o;
        o.query = "kubernetes deployment pipeline";
        const auto r = run(f, o, emb.get());
        QCOMPARE(r.hits.size(), std::size_t{4});
        QCOMPARE(QString::fromStdString(r.hits[0].node_id), u"deploy"_s);
        QVERIFY(r.hits[0].rerank_similarity.has_value());
        QVERIFY(*r.hits[0].rerank_similarity > *r.hits[1].rerank_similarity);
        QVERIFY(*r.hits[1].rerank_similarity >= *r.hits[2].rerank_similarity);
        // The newest summary has no stored vector: it goes last, without a similarity.
        QCOMPARE(QString::fromStdString(r.hits[3].node_id), u"no-vector"_s);
        QVERIFY(!r.hits[3].rerank_similarity.has_value());
    }

    void withoutAnEmbedderAQueryKeepsNewestFirst() {
        test::VaultFixture f;
        f.add_tree("t", "slack:#eng");
        summary(f, "a", "t", kT0, kT0 + kDay, "kubernetes");
        summary(f, "b", "t", kT0, kT0 + 2 * kDay, "lunch");
        QuerySourceOptions o;
        o.query = "kubernetes";
        const auto r = run(f, o, nullptr);
        QCOMPARE(test::ids_of(r.hits), (QStringList{u"b"_s, u"a"_s}));
        QVERIFY(!r.hits[0].rerank_similarity.has_value());
    }

    void cliSelectsAndRanks() {
        test::VaultFixture f;
        add_sources(f);
        auto emb = make_hash_embedder();
        const QString dir = QString::fromStdString(f.dir().string());
        auto run = test::run_cli(
            {u"source"_s, u"--vault"_s, dir, u"--source-kind"_s, u"email"_s, u"--json"_s});
        QCOMPARE(run.exit_code, 0);
        auto o = QJsonDocument::fromJson(QByteArray::fromStdString(run.out)).object();
        QCOMPARE(o[u"total"_s].toInt(), 1);
        QCOMPARE(o[u"hits"_s].toArray()[0].toObject()[u"tree_scope"_s].toString(),
                 u"gmail:inbox"_s);
        run = test::run_cli({u"source"_s, u"--vault"_s, dir, u"--limit"_s, u"2"_s});
        QCOMPARE(run.exit_code, 0);
        QVERIFY(run.out.find("s-slack") != std::string::npos);
        QVERIFY(run.out.find("2 of 6 (truncated)") != std::string::npos);
        run = test::run_cli({u"source"_s, u"--vault"_s, dir, u"--limit"_s, u"-4"_s});
        QVERIFY(run.exit_code != 0);
    }

    void olderDocumentVersionsAreHidden() {
        test::VaultFixture f;
        f.add_tree("t", "notion:plan");
        test::SummarySpec v1;
        v1.id = "plan-v1";
        v1.tree_id = "t";
        v1.start_ms = kT0;
        v1.end_ms = kT0 + kDay;
        v1.doc_id = "notion:plan";
        v1.version_ms = 100;
        f.add_summary(v1);
        test::SummarySpec v2 = v1;
        v2.id = "plan-v2";
        v2.version_ms = 200;
        f.add_summary(v2);
        QCOMPARE(test::ids_of(run(f, {}).hits), QStringList{u"plan-v2"_s});
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestQuerySource)
#include "tst_query_source.moc"
} // namespace tst_query_source
