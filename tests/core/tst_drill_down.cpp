// drill_down: BFS below a summary, batched per level; empty for depth 0,
// unknown ids and leaves; deleted summaries dropped; latest-wins for documents; rerank, then
// the limit; and `memlens-cli drill`.
#include "fixture.h"
#include "suite.h"
#include "testsupport.h"

#include <memlens/embedder.h>
#include <memlens/retrieval.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

namespace tst_drill_down {

using namespace memlens;
using namespace Qt::StringLiterals;
using test::kDay;
using test::kT0;

namespace {

std::vector<RetrievalHit> drill(test::VaultFixture& f, const std::string& id, int depth,
                                std::optional<std::string> query = {},
                                std::optional<std::size_t> limit = {}, Embedder* e = nullptr) {
    DrillDownOptions o;
    o.node_id = id;
    o.max_depth = depth;
    o.query = std::move(query);
    o.limit = limit;
    auto r = drill_down(f.vault(), o, e);
    if (!r) {
        qWarning() << QString::fromStdString(r.status().to_string());
        return {};
    }
    return *r;
}

// c0..c5; t:L1:0 = {c0, c1}, t:L1:1 = {c2, c3}, t:L1:2 = {c4, c5}; t:L2:0 = all three.
void tree(test::VaultFixture& f) {
    f.add_tree("t", "slack:#eng", std::string("t:L2:0"), 2);
    std::vector<std::string> ids;
    for (int i = 0; i < 6; ++i) {
        test::ChunkSpec c;
        c.id = "c" + std::to_string(i);
        c.start_ms = kT0 + i * kDay;
        c.content = "chunk " + std::to_string(i);
        f.add_chunk(c);
        ids.push_back(c.id);
    }
    const auto l1 = f.seal_level("t", 1, ids, {2, 2, 2});
    f.seal_level("t", 2, l1, {3});
}

} // namespace

class TestDrillDown : public QObject {
    Q_OBJECT
private slots:
    void depthZeroUnknownIdsAndLeavesAreEmpty() {
        test::VaultFixture f;
        tree(f);
        QVERIFY(drill(f, "t:L2:0", 0).empty());
        QVERIFY(drill(f, "no-such-node", 3).empty());
        QVERIFY(drill(f, "c1", 3).empty());
        QVERIFY(drill(f, "", 1).empty());
    }

    void oneLevelDown() {
        test::VaultFixture f;
        tree(f);
        auto hits = drill(f, "t:L2:0", 1);
        QCOMPARE(test::ids_of(hits), (QStringList{u"t:L1:0"_s, u"t:L1:1"_s, u"t:L1:2"_s}));
        QCOMPARE(hits[0].node_kind, NodeKind::Summary);
        QCOMPARE(hits[0].level, 1u);
        QCOMPARE(QString::fromStdString(hits[0].tree_scope), u"slack:#eng"_s);
        QCOMPARE(hits[0].child_ids.size(), std::size_t{2});
        hits = drill(f, "t:L1:1", 1);
        QCOMPARE(test::ids_of(hits), (QStringList{u"c2"_s, u"c3"_s}));
        QCOMPARE(hits[0].node_kind, NodeKind::Leaf);
        QCOMPARE(QString::fromStdString(hits[0].tree_id), u"t"_s);
    }

    void deeperLevelsComeInBreadthFirstOrder() {
        test::VaultFixture f;
        tree(f);
        const auto hits = drill(f, "t:L2:0", 2);
        QCOMPARE(test::ids_of(hits), (QStringList{u"t:L1:0"_s, u"t:L1:1"_s, u"t:L1:2"_s, u"c0"_s,
                                                  u"c1"_s, u"c2"_s, u"c3"_s, u"c4"_s, u"c5"_s}));
        QCOMPARE(drill(f, "t:L2:0", 9).size(), hits.size()); // the walk stops at the leaves
    }

    void deletedSummariesAndMissingChildrenAreSkipped() {
        test::VaultFixture f;
        tree(f);
        auto del = f.db().prepare("UPDATE mem_tree_summaries SET deleted = 1 WHERE id = 't:L1:1'");
        QVERIFY(del->exec().is_ok());
        auto ghost = f.db().prepare("UPDATE mem_tree_summaries SET child_ids_json = "
                                    "'[\"t:L1:0\",\"ghost\",\"t:L1:1\",\"t:L1:2\"]' "
                                    "WHERE id = 't:L2:0'");
        QVERIFY(ghost->exec().is_ok());
        QCOMPARE(test::ids_of(drill(f, "t:L2:0", 2)),
                 (QStringList{u"t:L1:0"_s, u"t:L1:2"_s, u"c0"_s, u"c1"_s, u"c4"_s, u"c5"_s}));
    }

    void latestDocumentVersionWins() {
        test::VaultFixture f;
        f.add_tree("t", "notion:plan");
        // A source-level summary over three document roots: v1, v2 and a copy of v2.
        std::vector<std::string> roots;
        for (const auto& [name, version] :
             std::vector<std::pair<std::string, int>>{{"v1", 100}, {"v2", 200}, {"v2copy", 200}}) {
            std::vector<std::string> leaves;
            for (int i = 0; i < 2; ++i) {
                test::ChunkSpec c;
                c.id = name + "c" + std::to_string(i);
                c.source_id = "notion:plan";
                c.start_ms = kT0 + i;
                f.add_chunk(c);
                leaves.push_back(c.id);
            }
            const auto l1 =
                f.seal_level("t", 1, leaves, {1, 1}, name, std::string("notion:plan"), version);
            roots.push_back(
                f.seal_level("t", 2, l1, {2}, name, std::string("notion:plan"), version)[0]);
        }
        test::SummarySpec top;
        top.id = "top";
        top.tree_id = "t";
        top.level = 3;
        top.child_ids = roots;
        top.start_ms = kT0;
        top.end_ms = kT0 + 1;
        f.add_summary(top);
        QCOMPARE(test::ids_of(drill(f, "top", 1)), QStringList{u"v2:L2:0"_s});
        QCOMPARE(test::ids_of(drill(f, "top", 2)),
                 (QStringList{u"v2:L2:0"_s, u"v2:L1:0"_s, u"v2:L1:1"_s}));
        // Starting inside an old version shows it: the caller asked for that subtree.
        QCOMPARE(test::ids_of(drill(f, "v1:L2:0", 1)), (QStringList{u"v1:L1:0"_s, u"v1:L1:1"_s}));
    }

    void queryReranksThenTheLimitCuts() {
        test::VaultFixture f;
        f.add_tree("t", "slack:#eng");
        auto emb = make_hash_embedder();
        const std::vector<std::pair<std::string, std::string>> texts = {
            {"c-cats", "the cat slept on the warm windowsill"},
            {"c-taxes", "filing the annual tax return before april"},
            {"c-none", "no stored vector for this one"},
            {"c-rockets", "rocket launch scrubbed due to high winds"}};
        std::vector<std::string> ids;
        for (const auto& [id, text] : texts) {
            test::ChunkSpec c;
            c.id = id;
            c.start_ms = kT0 + static_cast<std::int64_t>(ids.size());
            c.content = text;
            f.add_chunk(c);
            if (id != "c-none")
                f.add_vector(NodeKind::Leaf, id, emb->signature(), *emb->embed_one(text));
            ids.push_back(id);
        }
        f.seal_level("t", 1, ids, {4});
        auto hits = drill(f, "t:L1:0", 1, std::string("rocket launch"), std::nullopt, emb.get());
        QCOMPARE(hits.size(), std::size_t{4});
        QCOMPARE(QString::fromStdString(hits[0].node_id), u"c-rockets"_s);
        QVERIFY(hits[0].rerank_similarity.has_value());
        QCOMPARE(QString::fromStdString(hits[3].node_id), u"c-none"_s);
        QVERIFY(!hits[3].rerank_similarity.has_value());
        hits = drill(f, "t:L1:0", 1, std::string("rocket launch"), 1, emb.get());
        QCOMPARE(test::ids_of(hits), QStringList{u"c-rockets"_s});
        // Without a query the limit cuts the BFS order.
        QCOMPARE(test::ids_of(drill(f, "t:L1:0", 1, std::nullopt, 2)),
                 (QStringList{u"c-cats"_s, u"c-taxes"_s}));
    }

    void cliDrillsDown() {
        test::VaultFixture f;
        tree(f);
        const QString dir = QString::fromStdString(f.dir().string());
        auto run = test::run_cli({u"drill"_s, u"--vault"_s, dir, u"--node"_s, u"t:L2:0"_s,
                                  u"--depth"_s, u"2"_s, u"--limit"_s, u"4"_s, u"--json"_s});
        QCOMPARE(run.exit_code, 0);
        const auto arr = QJsonDocument::fromJson(QByteArray::fromStdString(run.out)).array();
        QCOMPARE(arr.size(), 4);
        QCOMPARE(arr[3].toObject()[u"node_id"_s].toString(), u"c0"_s);
        QCOMPARE(arr[0].toObject()[u"node_kind"_s].toString(), u"summary"_s);
        QVERIFY(arr[3].toObject()[u"source_ref"_s].isNull());
        run = test::run_cli({u"drill"_s, u"--vault"_s, dir, u"--node"_s, u"t:L2:0"_s});
        QCOMPARE(run.exit_code, 0);
        QVERIFY(run.out.find("t:L1:2") != std::string::npos);
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestDrillDown)
#include "tst_drill_down.moc"
} // namespace tst_drill_down
