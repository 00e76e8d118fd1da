// The entity graph: co-occurring entities by weight, neighbours, the heaviest edges,
// hop distances by breadth-first search, what two linked entities share (counts, times and the
// nodes themselves, read from the entity index); and `memlens-cli graph`.
#include "fixture.h"
#include "testsupport.h"

#include <memlens/graph.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace memlens;
using namespace Qt::StringLiterals;

namespace {

QStringList objects(const std::vector<GraphEdge>& edges) {
    QStringList out;
    for (const auto& e : edges)
        out << QString::fromStdString(e.object);
    return out;
}

// A chain a – b – c – d – e, plus b – x (heavy) and an island y – z.
void chain(test::VaultFixture& f) {
    f.add_edge("e:a", "e:b", 2);
    f.add_edge("e:b", "e:c", 1);
    f.add_edge("e:c", "e:d", 1);
    f.add_edge("e:d", "e:e", 1);
    f.add_edge("e:b", "e:x", 7);
    f.add_edge("e:y", "e:z", 3);
}

std::optional<int> hops(test::VaultFixture& f, const char* a, const char* b, int max) {
    auto r = hop_distance(f.vault(), a, b, max);
    if (!r) {
        qWarning() << QString::fromStdString(r.status().to_string());
        return -1;
    }
    return *r;
}

} // namespace

class TestGraph : public QObject {
    Q_OBJECT
private slots:
    void coOccurringEntitiesAreOrderedByWeight() {
        test::VaultFixture f;
        chain(f);
        f.add_edge("e:b", "e:w", 2); // ties with a at weight 2: ids decide
        auto edges = co_occurring_entities(f.vault(), "e:b");
        QVERIFY(edges.is_ok());
        QCOMPARE(objects(*edges), (QStringList{u"e:x"_s, u"e:a"_s, u"e:w"_s, u"e:c"_s}));
        QCOMPARE((*edges)[0].weight, std::int64_t{7});
        QCOMPARE(QString::fromStdString((*edges)[0].subject), u"e:b"_s);
        // Stored pairs are sorted; the subject may sit on either side.
        QCOMPARE(objects(*co_occurring_entities(f.vault(), "e:e")), QStringList{u"e:d"_s});
    }

    void limitAndUnknownSubjects() {
        test::VaultFixture f;
        chain(f);
        QCOMPARE(co_occurring_entities(f.vault(), "e:b", 2)->size(), std::size_t{2});
        QVERIFY(co_occurring_entities(f.vault(), "e:nobody")->empty());
        QVERIFY(co_occurring_entities(f.vault(), "")->empty());
    }

    void selfEdgesAndZeroWeightsAreNotNeighbours() {
        test::VaultFixture f;
        f.add_edge("e:a", "e:a", 5);
        f.add_edge("e:a", "e:b", 0);
        f.add_edge("e:a", "e:c", 1);
        QCOMPARE(objects(*co_occurring_entities(f.vault(), "e:a")), QStringList{u"e:c"_s});
    }

    void neighborsAreTheObjectIds() {
        test::VaultFixture f;
        chain(f);
        auto n = neighbors(f.vault(), "e:b", 2);
        QVERIFY(n.is_ok());
        QCOMPARE(n->size(), std::size_t{2});
        QCOMPARE(QString::fromStdString((*n)[0]), u"e:x"_s);
        QCOMPARE(QString::fromStdString((*n)[1]), u"e:a"_s);
    }

    void strongestEdgesOfTheWholeGraph() {
        test::VaultFixture f;
        chain(f);
        auto e = strongest_edges(f.vault(), 2);
        QVERIFY(e.is_ok());
        QCOMPARE(e->size(), std::size_t{3});
        QCOMPARE(QString::fromStdString((*e)[0].subject), u"e:b"_s);
        QCOMPARE(QString::fromStdString((*e)[0].object), u"e:x"_s);
        QCOMPARE(QString::fromStdString((*e)[1].subject), u"e:y"_s);
        QCOMPARE(strongest_edges(f.vault(), 1, 4)->size(), std::size_t{4});
    }

    void hopDistanceIsTheShortestPath() {
        test::VaultFixture f;
        chain(f);
        QCOMPARE(hops(f, "e:a", "e:b", 4), std::optional<int>(1));
        QCOMPARE(hops(f, "e:a", "e:c", 4), std::optional<int>(2));
        QCOMPARE(hops(f, "e:e", "e:a", 4), std::optional<int>(4));
        QCOMPARE(hops(f, "e:a", "e:e", 3), std::optional<int>());
        QCOMPARE(hops(f, "e:a", "e:y", 4), std::optional<int>());
        QCOMPARE(hops(f, "e:a", "e:a", 4), std::optional<int>(0));
        QCOMPARE(hops(f, "e:a", "e:nobody", 4), std::optional<int>());
        // max_hops is clamped to [1, 4].
        QCOMPARE(hops(f, "e:a", "e:b", 0), std::optional<int>(1));
        QCOMPARE(hops(f, "e:a", "e:c", 0), std::optional<int>());
        QCOMPARE(hops(f, "e:a", "e:e", 99), std::optional<int>(4));
        f.add_edge("e:e", "e:f", 1);
        QCOMPARE(hops(f, "e:a", "e:f", 99), std::optional<int>());
    }

    void hopDistancesFromOneEntity() {
        test::VaultFixture f;
        chain(f);
        auto d = hop_distances(f.vault(), "e:a", {"e:c", "e:x", "e:z", "e:a"}, 4);
        QVERIFY(d.is_ok());
        QCOMPARE(d->size(), std::size_t{3});
        QCOMPARE(d->at("e:c"), 2);
        QCOMPARE(d->at("e:x"), 2);
        QCOMPARE(d->at("e:a"), 0);
        QVERIFY(d->count("e:z") == 0);
    }

    // Alice and Bob share two chunks (and a summary, which edges do not count), Alice and Carol
    // one, Bob and Carol none; Dave is mentioned alone.
    void whatTwoEntitiesShare() {
        test::VaultFixture f;
        f.add_mention("person:alice", "c1", 1000);
        f.add_mention("person:bob", "c1", 1000);
        f.add_mention("person:alice", "c2", 3000);
        f.add_mention("person:bob", "c2", 3000);
        f.add_mention("person:alice", "s1", 2000, "summary");
        f.add_mention("person:bob", "s1", 2000, "summary");
        f.add_mention("person:alice", "c3", 5000);
        f.add_mention("person:carol", "c3", 5000);
        f.add_mention("person:carol", "c4", 6000);
        f.add_mention("person:dave", "c5", 7000);

        auto details = entity_pair_details(
            f.vault(), "person:alice", {"person:carol", "person:dave", "person:bob", "person:bob"});
        QVERIFY(details.is_ok());
        QCOMPARE(details->size(), std::size_t{2}); // dave shares nothing; bob is answered once
        QCOMPARE(QString::fromStdString((*details)[0].object), u"person:carol"_s);
        QCOMPARE((*details)[0].shared_chunks, std::int64_t{1});
        QCOMPARE((*details)[0].first_ms, std::int64_t{5000});
        const EntityPairDetail& bob = (*details)[1];
        QCOMPARE(bob.shared_chunks, std::int64_t{2}); // the summary is not a chunk
        QCOMPARE(bob.first_ms, std::int64_t{1000});
        QCOMPARE(bob.last_ms, std::int64_t{3000});

        auto shared = shared_nodes(f.vault(), "person:bob", "person:alice");
        QVERIFY(shared.is_ok());
        QStringList ids;
        for (const SharedNode& n : *shared)
            ids << QString::fromStdString(n.node_id);
        QCOMPARE(ids, (QStringList{u"c1"_s, u"c2"_s})); // oldest first, chunks only
        QCOMPARE(shared_nodes(f.vault(), "person:bob", "person:alice", 1)->size(), std::size_t{1});
        QVERIFY(shared_nodes(f.vault(), "person:bob", "person:carol")->empty());
        QVERIFY(shared_nodes(f.vault(), "person:bob", "person:bob")->empty());

        auto times = pair_times(f.vault(), {"person:bob", "person:carol", "person:alice"});
        QVERIFY(times.is_ok());
        QCOMPARE(times->size(), std::size_t{2});
        // (bob, alice) as indices (0, 2); (carol, alice) as (1, 2); times sorted.
        QCOMPARE((*times)[0].a, 0U);
        QCOMPARE((*times)[0].b, 2U);
        QCOMPARE((*times)[0].times_ms, (std::vector<std::int64_t>{1000, 3000}));
        QCOMPARE((*times)[1].a, 1U);
        QCOMPARE((*times)[1].times_ms, (std::vector<std::int64_t>{5000}));
        std::atomic_bool cancel{true};
        QVERIFY(pair_times(f.vault(), {"person:bob"}, &cancel)->empty());
    }

    void cliShowsEdgesAndDistances() {
        test::VaultFixture f;
        chain(f);
        const QString dir = QString::fromStdString(f.dir().string());
        auto run =
            test::run_cli({u"graph"_s, u"--vault"_s, dir, u"--entity"_s, u"e:b"_s, u"--json"_s});
        QCOMPARE(run.exit_code, 0);
        const auto arr = QJsonDocument::fromJson(QByteArray::fromStdString(run.out)).array();
        QCOMPARE(arr.size(), 3);
        QCOMPARE(arr[0].toObject()[u"object"_s].toString(), u"e:x"_s);
        QCOMPARE(arr[0].toObject()[u"weight"_s].toInt(), 7);
        run = test::run_cli({u"graph"_s, u"--vault"_s, dir, u"--entity"_s, u"e:a"_s, u"--to"_s,
                             u"e:d"_s, u"--json"_s});
        QCOMPARE(run.exit_code, 0);
        const auto o = QJsonDocument::fromJson(QByteArray::fromStdString(run.out)).object();
        QCOMPARE(o[u"hops"_s].toInt(), 3);
        run = test::run_cli({u"graph"_s, u"--vault"_s, dir, u"--to"_s, u"e:d"_s});
        QVERIFY(run.exit_code != 0);
    }
};

QTEST_GUILESS_MAIN(TestGraph)
#include "tst_graph.moc"
