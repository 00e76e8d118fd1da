// walk / smart_walk (the deterministic E2GraphRAG route): the three routes, hop tightening, the
// ranking and scores of the local route, limits; then on a LoCoMo-shaped vault built by the
// ingest pipeline: search_entities finds a speaker, and walk answers a question naming two
// people with hits that mention both. Also `memlens-cli walk`.
#include "fixture.h"
#include "suite.h"
#include "testsupport.h"

#include <memlens/embedder.h>
#include <memlens/import.h>
#include <memlens/ingest.h>
#include <memlens/retrieval.h>
#include <memlens/search.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <algorithm>

namespace tst_walk {

using namespace memlens;
using namespace Qt::StringLiterals;
using test::kDay;
using test::kT0;

namespace {

struct Walked {
    QueryResponse response;
    WalkTrace trace;
};

Walked run_walk(const Vault& v, const std::string& q, Embedder* e, std::size_t k = 0,
                int hops = 0) {
    WalkOptions o;
    o.query = q;
    o.limit = k;
    o.max_hops = hops;
    Walked w;
    auto r = walk(v, o, e, &w.trace);
    if (!r) {
        qWarning() << QString::fromStdString(r.status().to_string());
        return w;
    }
    w.response = *r;
    return w;
}

void leaf(test::VaultFixture& f, Embedder& e, const std::string& id, std::int64_t t,
          const std::string& text, const std::vector<std::string>& entities = {}) {
    test::ChunkSpec c;
    c.id = id;
    c.start_ms = t;
    c.content = text;
    f.add_chunk(c);
    f.add_vector(NodeKind::Leaf, id, e.signature(), *e.embed_one(text));
    for (const auto& ent : entities)
        f.add_mention(ent, id, t);
}

bool mentions(const RetrievalHit& h, const std::string& entity) {
    return std::find(h.entities.begin(), h.entities.end(), entity) != h.entities.end();
}

QJsonObject turn(const char* speaker, const char* dia_id, const char* text) {
    return {{u"speaker"_s, QString::fromUtf8(speaker)},
            {u"dia_id"_s, QString::fromUtf8(dia_id)},
            {u"text"_s, QString::fromUtf8(text)}};
}

// A LoCoMo-shaped file: two speakers who name each other, two sessions.
std::string locomo_sample() {
    QJsonObject conv;
    conv[u"speaker_a"_s] = u"Caroline"_s;
    conv[u"speaker_b"_s] = u"Melanie"_s;
    conv[u"session_1_date_time"_s] = u"1:56 pm on 8 May, 2023"_s;
    conv[u"session_1"_s] = QJsonArray{
        turn("Caroline", "D1:1", "Hey Melanie! I went to the LGBTQ support group yesterday."),
        turn("Melanie", "D1:2", "That's great, Caroline. How was the support group?"),
        turn("Caroline", "D1:3", "It was powerful. The transgender stories inspired me."),
        turn("Melanie", "D1:4", "I painted a sunrise over the lake last week."),
        turn("Caroline", "D1:5", "I want to study counseling and mental health.")};
    conv[u"session_2_date_time"_s] = u"7:30 pm on 20 May, 2023"_s;
    conv[u"session_2"_s] = QJsonArray{
        turn("Melanie", "D2:1", "Caroline, I ran a charity race for mental health on Saturday."),
        turn("Caroline", "D2:2", "Melanie, that's amazing! I'm proud of you."),
        turn("Melanie", "D2:3", "The kids loved the pottery class we took together.")};
    QJsonObject sample;
    sample[u"sample_id"_s] = u"conv-t"_s;
    sample[u"conversation"_s] = conv;
    sample[u"qa"_s] = QJsonArray{};
    return QJsonDocument(QJsonArray{sample}).toJson().toStdString();
}

} // namespace

class TestWalk : public QObject {
    Q_OBJECT
private slots:
    void blankQueryIsEmpty() {
        test::VaultFixture f;
        auto emb = make_hash_embedder();
        leaf(f, *emb, "c1", kT0, "anything");
        for (const char* q : {"", "  \n"}) {
            auto w = run_walk(f.vault(), q, emb.get());
            QVERIFY(w.response.hits.empty());
            QCOMPARE(w.trace.route, WalkRoute::Empty);
        }
    }

    void withoutEntitiesTheDenseRouteRanksByCosine() {
        test::VaultFixture f;
        auto emb = make_hash_embedder();
        f.add_tree("t", "slack:#eng");
        leaf(f, *emb, "c-k8s", kT0, "the kubernetes upgrade broke the deployment pipeline");
        leaf(f, *emb, "c-lunch", kT0 + 1, "lunch at the noodle place on friday");
        test::SummarySpec s;
        s.id = "s-k8s";
        s.tree_id = "t";
        s.start_ms = kT0;
        s.end_ms = kT0 + 1;
        s.content = "kubernetes upgrade and deployment pipeline repairs";
        f.add_summary(s);
        f.add_vector(NodeKind::Summary, "s-k8s", emb->signature(), *emb->embed_one(s.content));
        auto w = run_walk(f.vault(), "how did the kubernetes upgrade go", emb.get(), 2);
        QCOMPARE(w.trace.route, WalkRoute::Dense);
        QVERIFY(w.trace.query_entities.empty());
        QCOMPARE(w.response.hits.size(), std::size_t{2});
        QCOMPARE(w.response.total, std::size_t{3});
        QVERIFY(w.response.truncated);
        const QStringList top = test::ids_of(w.response.hits);
        QVERIFY(top.contains(u"c-k8s"_s) && top.contains(u"s-k8s"_s));
        QVERIFY(w.response.hits[0].score >= w.response.hits[1].score);
        QCOMPARE(w.response.hits[0].rerank_similarity.value_or(-1), w.response.hits[0].score);
    }

    void withoutAnEmbedderTheDenseRouteListsSummariesNewestFirst() {
        test::VaultFixture f;
        f.add_tree("t", "slack:#eng");
        for (int i = 0; i < 3; ++i) {
            test::SummarySpec s;
            s.id = "s" + std::to_string(i);
            s.tree_id = "t";
            s.start_ms = kT0;
            s.end_ms = kT0 + i * kDay;
            f.add_summary(s);
        }
        test::ChunkSpec c;
        c.id = "c-leaf";
        c.start_ms = kT0 + 9 * kDay;
        f.add_chunk(c);
        auto w = run_walk(f.vault(), "how is it going", nullptr, 2);
        QCOMPARE(w.trace.route, WalkRoute::Dense);
        QCOMPARE(test::ids_of(w.response.hits), (QStringList{u"s2"_s, u"s1"_s}));
        QCOMPARE(w.response.total, std::size_t{3});
    }

    void unrelatedEntitiesReSortTheDenseListByMentions() {
        test::VaultFixture f;
        auto emb = make_hash_embedder();
        // Alice is a known person (in the index); nothing links her to anyone.
        leaf(f, *emb, "c-budget", kT0, "the budget review for the next quarter");
        leaf(f, *emb, "c-alice", kT0 + 1, "alice said the review went fine", {"person:alice"});
        leaf(f, *emb, "c-other", kT0 + 2, "weather was rainy all week");
        auto w = run_walk(f.vault(), "what did alice say about the budget review", emb.get(), 1);
        QCOMPARE(w.trace.route, WalkRoute::GlobalOccurrence);
        QVERIFY(std::find(w.trace.query_entities.begin(), w.trace.query_entities.end(),
                          "person:alice") != w.trace.query_entities.end());
        QCOMPARE(test::ids_of(w.response.hits), QStringList{u"c-alice"_s});
        QVERIFY(mentions(w.response.hits[0], "person:alice")); // leaves carry their entities
    }

    void relatedPairsIntersectTheirNodes() {
        test::VaultFixture f;
        auto emb = make_hash_embedder();
        f.add_tree("t", "slack:#eng");
        const std::string a = "person:alice", b = "person:bob", c = "person:carol";
        leaf(f, *emb, "n-ab", kT0 + 10, "alice and bob planned the trip", {a, b});
        leaf(f, *emb, "n-abc", kT0 + 5, "alice bob and carol met", {a, b, c});
        leaf(f, *emb, "n-a", kT0 + 30, "alice alone", {a});
        leaf(f, *emb, "n-ab-old", kT0 + 10, "alice and bob again", {a, b});
        test::SummarySpec s;
        s.id = "s-ab";
        s.tree_id = "t";
        s.start_ms = kT0;
        s.end_ms = kT0 + 20;
        s.entities = {a, b};
        f.add_summary(s);
        f.add_mention(a, "s-ab", kT0 + 20, "summary");
        f.add_mention(b, "s-ab", kT0 + 20, "summary");
        f.add_edge(a, b, 3);
        f.add_edge(b, c, 1);
        auto w = run_walk(f.vault(), "What did Alice, Bob and Carol plan?", emb.get());
        QCOMPARE(w.trace.route, WalkRoute::Local);
        QCOMPARE(w.trace.hops_used, 2);
        // Most entities first, then the newest mention, then the id.
        QCOMPARE(test::ids_of(w.response.hits),
                 (QStringList{u"n-abc"_s, u"s-ab"_s, u"n-ab"_s, u"n-ab-old"_s}));
        QCOMPARE(w.response.hits[0].score, 3.0);
        QCOMPARE(w.response.hits[1].score, 2.0);
        QCOMPARE(w.response.hits[1].node_kind, NodeKind::Summary);
        for (const auto& h : w.response.hits)
            QVERIFY(mentions(h, a) && mentions(h, b));
    }

    void hopsAreTightenedWhileCandidatesExceedK() {
        test::VaultFixture f;
        auto emb = make_hash_embedder();
        const std::string a = "person:alice", b = "person:bob", c = "person:carol";
        leaf(f, *emb, "n-ab", kT0, "alice with bob", {a, b});
        leaf(f, *emb, "n-ac", kT0 + 1, "alice with carol", {a, c});
        f.add_edge(a, b, 1);
        f.add_edge(b, c, 1); // alice–carol is two hops
        auto w = run_walk(f.vault(), "Alice and Carol", emb.get(), 1);
        // Only one pair, at two hops: tightening to one hop would leave nothing, so h stays 2.
        QCOMPARE(w.trace.route, WalkRoute::Local);
        QCOMPARE(test::ids_of(w.response.hits), QStringList{u"n-ac"_s});
        QCOMPARE(w.trace.hops_used, 2);

        w = run_walk(f.vault(), "Alice, Bob and Carol", emb.get(), 1);
        QCOMPARE(w.trace.route, WalkRoute::Local);
        QCOMPARE(w.trace.hops_used, 1); // two candidates at h = 2 > k = 1
        QCOMPARE(test::ids_of(w.response.hits), QStringList{u"n-ab"_s});
        QCOMPARE(w.response.total, std::size_t{1});

        // One hop allowed from the start: alice–carol is not related, so no local route.
        w = run_walk(f.vault(), "Alice and Carol", emb.get(), 5, 1);
        QCOMPARE(w.trace.route, WalkRoute::GlobalOccurrence);
    }

    void limitsDefaultAndCap() {
        test::VaultFixture f;
        auto emb = make_hash_embedder();
        f.begin();
        for (int i = 0; i < 130; ++i)
            leaf(f, *emb, "c" + std::to_string(i), kT0 + i, "note number " + std::to_string(i));
        f.commit();
        QCOMPARE(run_walk(f.vault(), "note", emb.get()).response.hits.size(), std::size_t{10});
        QCOMPARE(run_walk(f.vault(), "note", emb.get(), 500).response.hits.size(),
                 std::size_t{100});
        QCOMPARE(run_walk(f.vault(), "note", emb.get(), 500).response.total, std::size_t{130});
    }

    // What the CLI, the MCP server and the GUI call: the engine's topic index answers the dense
    // route (an int8 pass over every vector, then the floats) and must rank as the scan of the
    // stored vectors does: the same nodes in the same order with the same cosines and totals,
    // equal vectors ordered by their later end, superseded and dropped chunks and deleted
    // summaries left out, a window's nodes only.
    void theEngineWalksAsTheStoredVectorsDo() {
        test::VaultFixture f;
        auto emb = make_hash_embedder();
        f.add_tree("t", "slack:#eng");
        const char* topics[] = {"kubernetes upgrade broke the deployment pipeline",
                                "lunch at the noodle place", "budget review for the quarter",
                                "the release notes need a second reader", "rainy week again"};
        f.begin();
        // 5,000 leaves: past the size from which the index scores on int8 codes first, and
        // most of them copies of one another, so that ties decide places.
        for (int i = 0; i < 5000; ++i) {
            test::ChunkSpec c;
            c.id = "c" + std::to_string(i);
            c.start_ms = kT0 + (i % 97) * kDay / 4;
            c.content = std::string(topics[i % 5]) + (i % 7 == 0 ? " " + std::to_string(i) : "");
            c.superseded = i % 53 == 0;
            c.lifecycle = i % 61 == 0 ? "dropped" : "admitted";
            f.add_chunk(c);
            f.add_vector(NodeKind::Leaf, c.id, emb->signature(), *emb->embed_one(c.content));
            if (i % 11 == 0)
                f.add_mention("person:alice", c.id, c.start_ms);
        }
        for (int i = 0; i < 6; ++i) {
            test::SummarySpec s;
            s.id = "s" + std::to_string(i);
            s.tree_id = "t";
            s.start_ms = kT0 + i * kDay;
            s.end_ms = kT0 + (i + 1) * kDay;
            s.content = topics[i % 5];
            s.deleted = i == 0;
            f.add_summary(s);
            f.add_vector(NodeKind::Summary, s.id, emb->signature(), *emb->embed_one(s.content));
        }
        f.commit();
        SearchEngineOptions eo;
        eo.audit = false;
        auto engine = SearchEngine::open(f.vault(), *emb, eo);
        QVERIFY2(engine.is_ok(), engine.status().to_string().c_str());

        struct Ask {
            const char* query;
            std::size_t limit;
            std::optional<int> days;
            WalkRoute route;
        };
        const Ask asks[] = {
            {"kubernetes deployment pipeline", 10, {}, WalkRoute::Dense},
            {"noodle lunch", 100, {}, WalkRoute::Dense},
            {"the release notes 1400", 7, {}, WalkRoute::Dense},
            {"budget review", 20, 5, WalkRoute::Dense},
            {"what did alice say about the budget review", 15, {}, WalkRoute::GlobalOccurrence},
        };
        for (const Ask& a : asks) {
            WalkOptions o;
            o.query = a.query;
            o.limit = a.limit;
            o.time_window_days = a.days;
            o.now_ms = kT0 + 20 * kDay;
            WalkTrace scanned_trace, engine_trace;
            auto scanned = walk(f.vault(), o, emb.get(), &scanned_trace);
            auto indexed = (*engine)->walk(o, &engine_trace);
            QVERIFY2(scanned.is_ok() && indexed.is_ok(), a.query);
            QCOMPARE(engine_trace.route, a.route);
            QCOMPARE(scanned_trace.route, a.route);
            QCOMPARE(test::ids_of(indexed->hits), test::ids_of(scanned->hits));
            QCOMPARE(indexed->hits.size(), std::min<std::size_t>(a.limit, scanned->total));
            QCOMPARE(indexed->total, scanned->total);
            for (std::size_t i = 0; i < indexed->hits.size(); ++i)
                QVERIFY(std::abs(indexed->hits[i].score - scanned->hits[i].score) < 1e-5);
            for (const auto& h : indexed->hits) {
                const int n = h.node_id[0] == 'c' ? std::stoi(h.node_id.substr(1)) : -1;
                QVERIFY2(h.node_id != "s0" && (n < 0 || (n % 53 != 0 && n % 61 != 0)),
                         h.node_id.c_str());
            }
        }
    }

    void locomoVaultAnswersAQuestionAboutTwoSpeakers() {
        test::TempDir tmp;
        tmp.write("locomo.json", locomo_sample());
        auto sources = import_locomo(tmp.file("locomo.json"));
        QVERIFY2(sources.is_ok(), sources.status().to_string().c_str());
        auto v = Vault::create(tmp.path() / "vault");
        QVERIFY(v.is_ok());
        auto emb = make_hash_embedder();
        IngestOptions io;
        io.update_topic_tree = false;
        Ingestor ingestor(**v, *emb, io);
        auto report = ingestor.ingest(*sources);
        QVERIFY2(report.is_ok(), report.status().to_string().c_str());

        SearchEntitiesOptions so;
        so.query = "caroline";
        auto found = search_entities(**v, so);
        QVERIFY(found.is_ok());
        QVERIFY(!found->empty());
        QCOMPARE(QString::fromStdString((*found)[0].canonical_id), u"person:caroline"_s);
        QCOMPARE(QString::fromStdString((*found)[0].kind), u"person"_s);

        auto w = run_walk(**v, "What did Caroline and Melanie talk about at the support group?",
                          emb.get());
        QCOMPARE(w.trace.route, WalkRoute::Local);
        QVERIFY(!w.response.hits.empty());
        for (const auto& h : w.response.hits) {
            QVERIFY2(mentions(h, "person:caroline") && mentions(h, "person:melanie"),
                     h.node_id.c_str());
            QVERIFY(h.score >= 2.0);
        }

        // The same through the CLI, with the route in the JSON.
        auto run = test::run_cli({u"walk"_s, u"--vault"_s,
                                  QString::fromStdString((tmp.path() / "vault").string()),
                                  u"--query"_s, u"Did Caroline and Melanie meet?"_s, u"--json"_s});
        QCOMPARE(run.exit_code, 0);
        const auto o = QJsonDocument::fromJson(QByteArray::fromStdString(run.out)).object();
        QCOMPARE(o[u"walk"_s].toObject()[u"route"_s].toString(), u"local"_s);
        QVERIFY(!o[u"hits"_s].toArray().isEmpty());
        QVERIFY(o.contains(u"total"_s));
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestWalk)
#include "tst_walk.moc"
} // namespace tst_walk
