// query_global and query_topic: the time-axis and subject-axis projections.
#include "fixture.h"
#include "suite.h"
#include "testsupport.h"

#include <memlens/embedder.h>
#include <memlens/retrieval.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

namespace tst_query_global_topic {

using namespace memlens;
using namespace Qt::StringLiterals;
using test::kDay;
using test::kT0;

namespace {

void summary(test::VaultFixture& f, const std::string& id, const std::string& tree,
             std::int64_t start, std::int64_t end, bool deleted = false) {
    test::SummarySpec s;
    s.id = id;
    s.tree_id = tree;
    s.start_ms = start;
    s.end_ms = end;
    s.content = "summary " + id;
    s.deleted = deleted;
    f.add_summary(s);
}

void chunk(test::VaultFixture& f, const std::string& id, std::int64_t t,
           const std::string& source = "slack:#eng", bool superseded = false) {
    test::ChunkSpec c;
    c.id = id;
    c.source_id = source;
    c.start_ms = t;
    c.content = "chunk " + id;
    c.superseded = superseded;
    f.add_chunk(c);
}

template <typename Opts, typename Fn>
QueryResponse run(Fn fn, test::VaultFixture& f, Opts o, Embedder* e = nullptr) {
    auto r = fn(f.vault(), o, e);
    if (!r) {
        qWarning() << QString::fromStdString(r.status().to_string());
        return {};
    }
    return *r;
}

QueryResponse global(test::VaultFixture& f, const QueryGlobalOptions& o, Embedder* e = nullptr) {
    return run(query_global, f, o, e);
}

QueryResponse topic(test::VaultFixture& f, const QueryTopicOptions& o, Embedder* e = nullptr) {
    return run(query_topic, f, o, e);
}

} // namespace

class TestQueryGlobalTopic : public QObject {
    Q_OBJECT
private slots:
    void globalIsAnErrorWhenUntilPrecedesSince() {
        test::VaultFixture f;
        QueryGlobalOptions o;
        o.since_ms = kT0 + kDay;
        o.until_ms = kT0;
        auto r = query_global(f.vault(), o);
        QCOMPARE(r.status().code(), StatusCode::InvalidArgument);
        QVERIFY(r.status().message().find("until") != std::string::npos);
    }

    void globalGathersOverlappingSummariesOfEverySource() {
        test::VaultFixture f;
        f.add_tree("ta", "slack:#eng");
        f.add_tree("tb", "gmail:inbox");
        summary(f, "a-inside", "ta", kT0 + 2 * kDay, kT0 + 3 * kDay);
        summary(f, "a-before", "ta", kT0 - 5 * kDay, kT0 - kDay);
        summary(f, "b-overlaps-start", "tb", kT0 - 2 * kDay, kT0 + kDay);
        summary(f, "b-overlaps-end", "tb", kT0 + 9 * kDay, kT0 + 20 * kDay);
        summary(f, "b-deleted", "tb", kT0 + kDay, kT0 + 2 * kDay, true);
        QueryGlobalOptions o;
        o.since_ms = kT0;
        o.until_ms = kT0 + 10 * kDay;
        auto r = global(f, o);
        QCOMPARE(test::ids_of(r.hits),
                 (QStringList{u"b-overlaps-end"_s, u"a-inside"_s, u"b-overlaps-start"_s}));
        QCOMPARE(r.total, std::size_t{3});
        o.source_kind = "email";
        QCOMPARE(test::ids_of(global(f, o).hits),
                 (QStringList{u"b-overlaps-end"_s, u"b-overlaps-start"_s}));
        // A single instant is a valid window.
        o.source_kind.reset();
        o.since_ms = o.until_ms = kT0 + 2 * kDay + 1;
        QCOMPARE(test::ids_of(global(f, o).hits), QStringList{u"a-inside"_s});
    }

    void globalLimitDefaultsToTen() {
        test::VaultFixture f;
        f.add_tree("t", "slack:#eng");
        f.begin();
        for (int i = 0; i < 25; ++i)
            summary(f, "s" + std::to_string(i), "t", kT0, kT0 + i);
        f.commit();
        QueryGlobalOptions o;
        o.since_ms = kT0;
        o.until_ms = kT0 + kDay;
        auto r = global(f, o);
        QCOMPARE(r.hits.size(), std::size_t{10});
        QCOMPARE(r.total, std::size_t{25});
        QVERIFY(r.truncated);
    }

    void globalRerankShowsTheCosine() {
        test::VaultFixture f;
        f.add_tree("t", "slack:#eng");
        auto emb = make_hash_embedder();
        summary(f, "garden", "t", kT0, kT0 + 2 * kDay);
        summary(f, "guitar", "t", kT0, kT0 + kDay);
        f.add_vector(NodeKind::Summary, "garden", emb->signature(),
                     *emb->embed_one("tomatoes in the vegetable garden"));
        f.add_vector(NodeKind::Summary, "guitar", emb->signature(),
                     *emb->embed_one("practising guitar chords every evening"));
        QueryGlobalOptions o;
        o.since_ms = kT0;
        o.until_ms = kT0 + 3 * kDay;
        o.query = "guitar practice";
        auto r = global(f, o, emb.get());
        QCOMPARE(test::ids_of(r.hits), (QStringList{u"guitar"_s, u"garden"_s}));
        QVERIFY(r.hits[0].rerank_similarity.value_or(-1) > r.hits[1].rerank_similarity.value_or(1));
    }

    void cliRunsGlobalAndTopic() {
        test::VaultFixture f;
        f.add_tree("t", "slack:#eng");
        summary(f, "s1", "t", kT0, kT0 + kDay);
        chunk(f, "c1", kT0 + 2 * kDay);
        f.add_mention("topic:phoenix", "c1", kT0 + 2 * kDay);
        const QString dir = QString::fromStdString(f.dir().string());
        auto run =
            test::run_cli({u"global"_s, u"--vault"_s, dir, u"--since"_s, u"2024-01-01T00:00:00Z"_s,
                           u"--until"_s, u"2024-01-03T00:00:00Z"_s, u"--json"_s});
        QCOMPARE(run.exit_code, 0);
        auto o = QJsonDocument::fromJson(QByteArray::fromStdString(run.out)).object();
        QCOMPARE(o[u"hits"_s].toArray()[0].toObject()[u"node_id"_s].toString(), u"s1"_s);
        run = test::run_cli({u"global"_s, u"--vault"_s, dir, u"--since"_s,
                             u"2024-01-03T00:00:00Z"_s, u"--until"_s, u"2024-01-01T00:00:00Z"_s});
        QVERIFY(run.exit_code != 0);
        QCOMPARE(QString::fromStdString(run.err).count(u'\n'), 1);
        run = test::run_cli(
            {u"topic"_s, u"--vault"_s, dir, u"--entity"_s, u"topic:phoenix"_s, u"--json"_s});
        QCOMPARE(run.exit_code, 0);
        o = QJsonDocument::fromJson(QByteArray::fromStdString(run.out)).object();
        QCOMPARE(o[u"total"_s].toInt(), 1);
        QCOMPARE(o[u"hits"_s].toArray()[0].toObject()[u"node_id"_s].toString(), u"c1"_s);
    }

    void blankTopicIsEmpty() {
        test::VaultFixture f;
        chunk(f, "c1", kT0);
        f.add_mention("topic:phoenix", "c1", kT0);
        for (const char* blank : {"", "   ", "\t\n"}) {
            QueryTopicOptions o;
            o.entity_id = blank;
            auto r = topic(f, o);
            QVERIFY(r.hits.empty());
            QCOMPARE(r.total, std::size_t{0});
        }
    }

    void unknownTopicIsEmpty() {
        test::VaultFixture f;
        QueryTopicOptions o;
        o.entity_id = "topic:nothing";
        QVERIFY(topic(f, o).hits.empty());
    }

    void topicResolvesLeavesAndSummariesNewestFirst() {
        test::VaultFixture f;
        f.add_tree("t", "slack:#eng");
        chunk(f, "c-old", kT0);
        chunk(f, "c-new", kT0 + 3 * kDay);
        summary(f, "s-mid", "t", kT0, kT0 + 2 * kDay);
        chunk(f, "c-other", kT0 + 4 * kDay); // mentions something else
        f.add_mention("topic:phoenix", "c-old", kT0);
        f.add_mention("topic:phoenix", "c-new", kT0 + 3 * kDay);
        f.add_mention("topic:phoenix", "s-mid", kT0 + 2 * kDay, "summary");
        f.add_mention("topic:apollo", "c-other", kT0 + 4 * kDay);
        QueryTopicOptions o;
        o.entity_id = "  topic:phoenix ";
        auto r = topic(f, o);
        QCOMPARE(test::ids_of(r.hits), (QStringList{u"c-new"_s, u"s-mid"_s, u"c-old"_s}));
        QCOMPARE(r.hits[0].node_kind, NodeKind::Leaf);
        QCOMPARE(r.hits[0].level, 0u);
        QCOMPARE(r.hits[0].score, 0.0);
        QCOMPARE(QString::fromStdString(r.hits[0].tree_id), u"t"_s); // the leaf's source tree
        QCOMPARE(QString::fromStdString(r.hits[0].tree_scope), u"slack:#eng"_s);
        QCOMPARE(r.hits[1].node_kind, NodeKind::Summary);
    }

    void topicSkipsDeletedSummariesAndStaleChunks() {
        test::VaultFixture f;
        f.add_tree("t", "slack:#eng");
        summary(f, "s-gone", "t", kT0, kT0 + kDay, true);
        chunk(f, "c-replaced", kT0, "slack:#eng", true);
        chunk(f, "c-live", kT0);
        test::ChunkSpec dropped;
        dropped.id = "c-dropped";
        dropped.start_ms = kT0;
        dropped.lifecycle = "dropped";
        f.add_chunk(dropped);
        for (const char* id : {"c-replaced", "c-live", "c-dropped", "ghost"})
            f.add_mention("topic:phoenix", id, kT0);
        f.add_mention("topic:phoenix", "s-gone", kT0, "summary");
        QueryTopicOptions o;
        o.entity_id = "topic:phoenix";
        auto r = topic(f, o);
        QCOMPARE(test::ids_of(r.hits), QStringList{u"c-live"_s});
        QCOMPARE(r.total, std::size_t{1});
    }

    void topicLookupIsCappedAtTwoHundred() {
        test::VaultFixture f;
        f.begin();
        for (int i = 0; i < 250; ++i) {
            const std::string id = "c" + std::to_string(i);
            chunk(f, id, kT0 + i);
            f.add_mention("topic:busy", id, kT0 + i);
        }
        f.commit();
        QueryTopicOptions o;
        o.entity_id = "topic:busy";
        o.limit = 100;
        auto r = topic(f, o);
        QCOMPARE(r.total, std::size_t{200});
        QCOMPARE(r.hits.size(), std::size_t{100});
        QCOMPARE(QString::fromStdString(r.hits[0].node_id), u"c249"_s); // newest mentions kept
        // A window older than the newest 200 mentions is not crowded out by them.
        o.since_ms = kT0;
        o.until_ms = kT0 + 9;
        r = topic(f, o);
        QCOMPARE(r.total, std::size_t{10});
    }

    void topicWindowChecksTheEnvelope() {
        test::VaultFixture f;
        f.add_tree("t", "slack:#eng");
        // Mentioned inside the window, but the summary's envelope ends before it.
        summary(f, "s-early", "t", kT0 - 5 * kDay, kT0 - kDay);
        f.add_mention("topic:x", "s-early", kT0 + kDay, "summary");
        summary(f, "s-in", "t", kT0, kT0 + 2 * kDay);
        f.add_mention("topic:x", "s-in", kT0 + kDay, "summary");
        chunk(f, "c-late", kT0 + 9 * kDay);
        f.add_mention("topic:x", "c-late", kT0 + 9 * kDay);
        QueryTopicOptions o;
        o.entity_id = "topic:x";
        o.since_ms = kT0;
        o.until_ms = kT0 + 5 * kDay;
        QCOMPARE(test::ids_of(topic(f, o).hits), QStringList{u"s-in"_s});
        o.until_ms = kT0 - kDay;
        auto bad = query_topic(f.vault(), o);
        QCOMPARE(bad.status().code(), StatusCode::InvalidArgument);
    }

    void topicRerankPutsTheClosestFirst() {
        test::VaultFixture f;
        auto emb = make_hash_embedder();
        const std::vector<std::pair<std::string, std::string>> texts = {
            {"c-rocket", "the rocket engine test fired for ninety seconds"},
            {"c-bake", "she baked sourdough bread all weekend"}};
        std::int64_t t = kT0;
        for (const auto& [id, text] : texts) {
            test::ChunkSpec c;
            c.id = id;
            c.start_ms = ++t;
            c.content = text;
            f.add_chunk(c);
            f.add_vector(NodeKind::Leaf, id, emb->signature(), *emb->embed_one(text));
            f.add_mention("person:mel", id, t);
        }
        QueryTopicOptions o;
        o.entity_id = "person:mel";
        o.query = "rocket engine";
        auto r = topic(f, o, emb.get());
        QCOMPARE(test::ids_of(r.hits), (QStringList{u"c-rocket"_s, u"c-bake"_s}));
        QVERIFY(r.hits[0].rerank_similarity.has_value());
        QCOMPARE(QString::fromStdString(r.hits[0].content),
                 u"the rocket engine test fired for ninety seconds"_s);
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestQueryGlobalTopic)
#include "tst_query_global_topic.moc"
} // namespace tst_query_global_topic
