// The entity graph: co-occurring entities by weight, neighbours, the heaviest edges,
// hop distances by breadth-first search, what two linked entities share (counts, times and the
// nodes themselves, read from the entity index, over all time or in a window), the chunks a group
// of entities shares and the times behind a drawn graph's edges, against the index read by plain
// SQL on an ingested vault; and `memlens-cli graph`.
#include "fixture.h"
#include "suite.h"
#include "testsupport.h"

#include <memlens/db.h>
#include <memlens/embedder.h>
#include <memlens/generate.h>
#include <memlens/graph.h>
#include <memlens/ingest.h>
#include <memlens/vault.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <map>
#include <random>
#include <set>
#include <tuple>

namespace tst_graph {

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

    // The search from both ends finds what one breadth-first search from `from` finds, on a
    // seeded random graph with hubs (an entity linked to a third of the others, as a speaker is)
    // and edges of weight 0, which link nothing.
    void hopDistancesAgreeWithABreadthFirstSearch() {
        test::VaultFixture f;
        constexpr int kNodes = 120;
        std::mt19937 rng(7);
        std::vector<std::set<int>> adj(kNodes);
        const auto name = [](int i) { return "e:" + std::to_string(1000 + i); };
        f.begin();
        std::set<std::pair<int, int>> edges;
        for (int i = 0; i < 170; ++i) {
            int a = int(rng() % kNodes), b = int(rng() % kNodes);
            if (i % 3 == 0)
                a = int(rng() % 3); // three hubs
            if (a == b || !edges.insert({std::min(a, b), std::max(a, b)}).second)
                continue;
            const std::int64_t weight = i % 17 == 0 ? 0 : 1 + i % 4;
            f.add_edge(name(std::min(a, b)), name(std::max(a, b)), weight);
            if (weight > 0) {
                adj[a].insert(b);
                adj[b].insert(a);
            }
        }
        f.commit();
        std::vector<std::string> everyone;
        for (int i = 0; i < kNodes; ++i)
            everyone.push_back(name(i));
        for (int from : {0, 1, 5, 17, 60, 119}) {
            std::vector<int> depth(kNodes, -1);
            depth[from] = 0;
            std::vector<int> level{from};
            for (int hop = 1; hop <= 4; ++hop) {
                std::vector<int> next;
                for (int u : level)
                    for (int v : adj[u])
                        if (depth[v] < 0) {
                            depth[v] = hop;
                            next.push_back(v);
                        }
                level = std::move(next);
            }
            for (int max_hops = 1; max_hops <= 4; ++max_hops) {
                auto d = hop_distances(f.vault(), name(from), everyone, max_hops);
                QVERIFY2(d.is_ok(), d.status().to_string().c_str());
                for (int t = 0; t < kNodes; ++t) {
                    const bool reached = depth[t] >= 0 && depth[t] <= max_hops;
                    const auto it = d->find(name(t));
                    QVERIFY2(reached == (it != d->end()), (name(from) + " " + name(t)).c_str());
                    if (reached)
                        QCOMPARE(it->second, depth[t]);
                }
            }
        }
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

        // In a window (bounds included) only its chunks count, as pair_times' times do.
        const ChunkTimeWindow window{3000, 5000};
        auto inside = entity_pair_details(f.vault(), "person:alice",
                                          {"person:carol", "person:dave", "person:bob"}, window);
        QVERIFY(inside.is_ok());
        QCOMPARE(inside->size(), std::size_t{2});
        QCOMPARE((*inside)[0].shared_chunks, std::int64_t{1}); // carol: c3 at 5000
        QCOMPARE((*inside)[1].shared_chunks, std::int64_t{1}); // bob: c2 at 3000, not c1
        QCOMPARE((*inside)[1].first_ms, std::int64_t{3000});
        QCOMPARE((*inside)[1].last_ms, std::int64_t{3000});
        QVERIFY(entity_pair_details(f.vault(), "person:alice", {"person:bob"},
                                    ChunkTimeWindow{3001, 4999})
                    ->empty());
        auto sharedInside = shared_nodes(f.vault(), "person:bob", "person:alice", 0, window);
        QVERIFY(sharedInside.is_ok());
        QCOMPARE(sharedInside->size(), std::size_t{1});
        QCOMPARE(QString::fromStdString(sharedInside->front().node_id), u"c2"_s);
        // Alice's chunks: c1, c2, c3 (the summary carries no chunk time).
        QCOMPARE(*chunk_mentions_in(f.vault(), "person:alice", {0, 10000}), std::int64_t{3});
        QCOMPARE(*chunk_mentions_in(f.vault(), "person:alice", window), std::int64_t{2});
        QCOMPARE(*chunk_mentions_in(f.vault(), "person:dave", window), std::int64_t{0});
    }

    // The chunks a group shares and the pairs' times, on a real ingest, equal what plain SQL over
    // the entity index gives, whichever way group_chunks reads (the newest chunks or every
    // mention), for frequent and rare groups alike.
    void groupChunksAndPairTimesAgreeWithTheIndex() {
        test::TempDir tmp;
        GenerateOptions g;
        g.chunks = 1200;
        g.seed = 11;
        auto sources = generate_sources(g);
        QVERIFY(sources.is_ok());
        auto vault = Vault::create(tmp.path() / "v");
        QVERIFY(vault.is_ok());
        auto emb = make_embedder_for(**vault);
        QVERIFY(emb.is_ok());
        Ingestor ing(**vault, **emb);
        QVERIFY(ing.ingest(*sources).is_ok());
        const Database& db = (*vault)->db();

        auto ids_by = [&](const std::string& sql) {
            std::vector<std::string> out;
            auto st = db.prepare(sql);
            while (st && *st->step())
                out.push_back(st->column_text(0));
            return out;
        };
        // The most mentioned entities (often together) and some rarely mentioned ones.
        const auto top = ids_by("SELECT entity_id FROM ml_entities GROUP BY entity_id ORDER BY "
                                "SUM(mentions) DESC, entity_id LIMIT 8");
        const auto rare =
            ids_by("SELECT entity_id FROM ml_entities WHERE mentions BETWEEN 3 AND 30 "
                   "GROUP BY entity_id ORDER BY entity_id LIMIT 40");
        QCOMPARE(top.size(), std::size_t{8});
        QVERIFY(rare.size() >= 10);

        for (const auto& group : {top, rare}) {
            // The oracle: every leaf naming two of the group, newest first.
            std::vector<std::pair<std::string, std::int64_t>> want;
            {
                auto st = db.prepare(
                    "SELECT c.id, c.time_range_start_ms FROM mem_tree_chunks c WHERE (SELECT "
                    "count(*) FROM mem_tree_entity_index i WHERE i.node_id = c.id AND "
                    "i.entity_id IN (SELECT value FROM json_each(?1))) >= 2 ORDER BY "
                    "c.time_range_start_ms DESC, c.id DESC");
                QVERIFY(st.is_ok());
                QJsonArray arr;
                for (const auto& id : group)
                    arr.append(QString::fromStdString(id));
                st->bind(1, QJsonDocument(arr).toJson(QJsonDocument::Compact).toStdString());
                while (*st->step())
                    want.emplace_back(st->column_text(0), st->column_int64(1));
            }
            QVERIFY2(want.size() >= 3, "the group shares chunks");
            for (GroupChunkRead read :
                 {GroupChunkRead::Auto, GroupChunkRead::NewestChunks, GroupChunkRead::Mentions})
                for (std::size_t limit : {std::size_t{1}, std::size_t{20}, std::size_t{100000}}) {
                    auto got = group_chunks(**vault, group, limit, nullptr, read);
                    QVERIFY2(got.is_ok(), got.status().to_string().c_str());
                    QCOMPARE(got->size(), std::min(limit, want.size()));
                    for (std::size_t i = 0; i < got->size(); ++i) {
                        QCOMPARE((*got)[i].node_id, want[i].first);
                        QCOMPARE((*got)[i].timestamp_ms, want[i].second);
                        QVERIFY((*got)[i].members.size() >= 2);
                        QVERIFY(std::is_sorted((*got)[i].members.begin(), (*got)[i].members.end()));
                    }
                }

            // pair_times against the index joined with itself.
            std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<std::int64_t>> pairs;
            for (std::uint32_t a = 0; a < group.size(); ++a)
                for (std::uint32_t b = a + 1; b < group.size(); ++b) {
                    auto st = db.prepare(
                        "SELECT x.timestamp_ms FROM mem_tree_entity_index x JOIN "
                        "mem_tree_entity_index y ON y.node_id = x.node_id WHERE x.entity_id = ?1 "
                        "AND y.entity_id = ?2 AND x.node_kind = 'leaf' ORDER BY 1");
                    QVERIFY(st.is_ok());
                    st->bind(1, group[a]).bind(2, group[b]);
                    while (*st->step())
                        pairs[{a, b}].push_back(st->column_int64(0));
                }
            auto times = pair_times(**vault, group);
            QVERIFY(times.is_ok());
            QCOMPARE(times->size(), pairs.size());
            for (const PairTimes& p : *times)
                QCOMPARE(p.times_ms, (pairs[{p.a, p.b}]));
        }
        QVERIFY(group_chunks(**vault, {top[0]}, 20)->empty()); // one entity is no group
        std::atomic_bool cancel{true};
        auto cancelled = group_chunks(**vault, top, 20, &cancel, GroupChunkRead::NewestChunks);
        QCOMPARE(cancelled.status().code(), StatusCode::Cancelled);
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

MEMLENS_TEST_GUILESS_MAIN(TestGraph)
#include "tst_graph.moc"
} // namespace tst_graph
