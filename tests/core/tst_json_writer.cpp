// The one JSON form of hits, responses, entity matches, score breakdowns and graph edges: the
// documented wire names, RFC 3339 times, null for what is absent, and the explanation shape of
// docs/explanations.md.

// Explanation has a member named `signals`, which Qt's keyword macro would rewrite.
#define QT_NO_KEYWORDS
#include "suite.h"

#include <memlens/json_writer.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>
#include <sstream>

namespace tst_json_writer {

using namespace memlens;
using namespace Qt::StringLiterals;

namespace {

QJsonObject object(const std::string& json) {
    QJsonParseError err;
    auto doc = QJsonDocument::fromJson(QByteArray::fromStdString(json), &err);
    if (err.error != QJsonParseError::NoError)
        qWarning() << "not JSON:" << err.errorString() << QString::fromStdString(json);
    return doc.object();
}

QJsonArray array(const std::string& json) {
    return QJsonDocument::fromJson(QByteArray::fromStdString(json)).array();
}

RetrievalHit sample_leaf() {
    RetrievalHit h;
    h.node_id = "c1";
    h.node_kind = NodeKind::Leaf;
    h.tree_id = "source:abc";
    h.tree_kind = TreeKind::Source;
    h.tree_scope = "slack:#eng";
    h.level = 0;
    h.content = "ship it";
    h.topics = {"launch"};
    h.time_range_start_ms = 1'683'554'160'000; // 2023-05-08T13:56:00Z
    h.time_range_end_ms = 1'683'554'160'250;
    h.score = 0.25;
    h.source_ref = "D1:3";
    return h;
}

} // namespace

class TestJsonWriter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void hitUsesTheSeedWireNames() {
        const auto o = object(to_json(sample_leaf()));
        const QStringList keys =
            QStringList{u"node_id"_s,          u"node_kind"_s,      u"tree_id"_s,
                        u"tree_kind"_s,        u"tree_scope"_s,     u"level"_s,
                        u"content"_s,          u"entities"_s,       u"topics"_s,
                        u"time_range_start"_s, u"time_range_end"_s, u"score"_s,
                        u"child_ids"_s,        u"source_ref"_s};
        for (const auto& k : keys)
            QVERIFY2(o.contains(k), qPrintable(k));
        QCOMPARE(o.size(), keys.size()); // nothing optional appears when absent
        QCOMPARE(o[u"node_kind"_s].toString(), QStringLiteral("leaf"));
        QCOMPARE(o[u"tree_kind"_s].toString(), QStringLiteral("source"));
        QCOMPARE(o[u"time_range_start"_s].toString(), QStringLiteral("2023-05-08T13:56:00Z"));
        QCOMPARE(o[u"time_range_end"_s].toString(), QStringLiteral("2023-05-08T13:56:00.250Z"));
        QCOMPARE(o[u"source_ref"_s].toString(), QStringLiteral("D1:3"));
        QCOMPARE(o[u"topics"_s].toArray().first().toString(), QStringLiteral("launch"));
        QVERIFY(o[u"entities"_s].toArray().isEmpty());
        QCOMPARE(o[u"score"_s].toDouble(), 0.25);
        QCOMPARE(o[u"level"_s].toInt(), 0);

        RetrievalHit spoken = sample_leaf();
        spoken.author = "Melanie";
        QCOMPARE(object(to_json(spoken))[u"author"_s].toString(), QStringLiteral("Melanie"));
    }

    void summaryHasNullSourceRefAndChildIds() {
        RetrievalHit h = sample_leaf();
        h.node_kind = NodeKind::Summary;
        h.level = 2;
        h.source_ref.reset();
        h.child_ids = {"s1", "s2"};
        h.entities = {"person:alice"};
        const auto o = object(to_json(h));
        QCOMPARE(o[u"node_kind"_s].toString(), QStringLiteral("summary"));
        QVERIFY(o[u"source_ref"_s].isNull());
        QCOMPARE(o[u"child_ids"_s].toArray().size(), 2);
        QCOMPARE(o[u"entities"_s].toArray().first().toString(), QStringLiteral("person:alice"));
    }

    void rerankSimilarityIsShownWhenComputed() {
        RetrievalHit h = sample_leaf();
        h.rerank_similarity = 0.875;
        const auto o = object(to_json(h));
        QCOMPARE(o[u"rerank_similarity"_s].toDouble(), 0.875);
    }

    void explanationHasTheIssue4Shape() {
        RetrievalHit h = sample_leaf();
        Explanation e;
        e.fusion = "rrf";
        e.keyword.rank = 3;
        e.keyword.raw_score = -7.2;
        e.keyword.weight = 1.0;
        e.keyword.rrf_term = 1.0 / 63;
        e.keyword.author_factor = 1.25;
        TermEvidence te;
        te.term = "phoenix";
        te.column = "near";
        te.matched = true;
        te.tf = 2;
        te.contribution = -1.5;
        e.keyword.terms = {te};
        e.verdict = "#1: keyword rank 3";
        e.vector.rank.reset();
        e.rrf_score = 1.0 / 63;
        e.recency = {0.5, 0.2, 4.0};
        e.signal_values = {0.1, 0.2, 0.3, 0.4};
        e.weights = {0.35, 0.35, 0.15, 0.15};
        e.contributions = {0.035, 0.07, 0.045, 0.06};
        e.final_score = 0.21;
        e.mmr.step = 0;
        e.mmr.relevance = 0.9;
        e.mmr.mmr_score = 0.63;
        e.graph_context.superseded_by = {"c9"};
        e.topic_path = {"t0", "t0.3"};
        h.explanation = e;
        const auto x = object(to_json(h))[u"explanation"_s].toObject();
        QCOMPARE(x[u"fusion"_s].toString(), QStringLiteral("rrf"));
        QCOMPARE(x[u"rrf_k"_s].toInt(), 60);
        const auto legs = x[u"legs"_s].toObject();
        QCOMPARE(legs[u"keyword"_s].toObject()[u"rank"_s].toInt(), 3);
        QCOMPARE(legs[u"keyword"_s].toObject()[u"raw_score"_s].toDouble(), -7.2);
        QCOMPARE(legs[u"keyword"_s].toObject()[u"author_factor"_s].toDouble(), 1.25);
        // The keyword leg's fields (and its term table) under the keyword leg only; the
        // vector leg carries its similarity, how it was found and where the hit lives.
        for (const auto* key : {"bm25", "coverage", "coverage_factor", "time_factor",
                                "question_factor", "author_factor", "terms"}) {
            QVERIFY(legs[u"keyword"_s].toObject().contains(QString::fromLatin1(key)));
            QVERIFY(!legs[u"vector"_s].toObject().contains(QString::fromLatin1(key)));
        }
        for (const auto* key :
             {"rank", "raw_score", "weight", "rrf_term", "similarity", "search", "topic_path"})
            QVERIFY(legs[u"vector"_s].toObject().contains(QString::fromLatin1(key)));
        QVERIFY(legs[u"vector"_s].toObject()[u"similarity"_s].isNull());
        const auto terms = legs[u"keyword"_s].toObject()[u"terms"_s].toArray();
        QCOMPARE(terms.size(), 1);
        const auto t = terms[0].toObject();
        QCOMPARE(t[u"term"_s].toString(), QStringLiteral("phoenix"));
        QCOMPARE(t[u"column"_s].toString(), QStringLiteral("near"));
        QCOMPARE(t[u"matched"_s].toBool(), true);
        QCOMPARE(t[u"tf"_s].toInt(), 2);
        QCOMPARE(t[u"contribution"_s].toDouble(), -1.5);
        for (const auto* key : {"idf", "column_weight", "b", "column_length", "average_length",
                                "length_norm", "weighted_tf"})
            QVERIFY2(t.contains(QString::fromLatin1(key)), key);
        QCOMPARE(x[u"verdict"_s].toString(), QStringLiteral("#1: keyword rank 3"));
        QVERIFY(legs[u"vector"_s].toObject()[u"rank"_s].isNull());
        QCOMPARE(legs[u"vector"_s].toObject()[u"rrf_term"_s].toDouble(), 0.0);
        QCOMPARE(x[u"recency"_s].toObject()[u"factor"_s].toDouble(), 0.2);
        QCOMPARE(x[u"recency"_s].toObject()[u"age_days"_s].toDouble(), 4.0);
        const auto signals = x[u"signals"_s].toObject();
        for (const char* k :
             {"graph_relevance", "vector_similarity", "keyword_relevance", "freshness"})
            QVERIFY2(signals.contains(QLatin1String(k)), k);
        QCOMPARE(signals[u"keyword_relevance"_s].toDouble(), 0.3);
        for (const char* k : {"weights", "contributions"}) {
            const auto w = x[QLatin1String(k)].toObject();
            for (const char* s : {"graph", "vector", "keyword", "freshness"})
                QVERIFY2(w.contains(QLatin1String(s)), s);
        }
        QCOMPARE(x[u"weights"_s].toObject()[u"graph"_s].toDouble(), 0.35);
        QCOMPARE(x[u"final_score"_s].toDouble(), 0.21);
        const auto mmr = x[u"mmr"_s].toObject();
        QCOMPARE(mmr[u"step"_s].toInt(), 0);
        QVERIFY(mmr[u"penalized_by"_s].isNull());
        QCOMPARE(mmr[u"mmr_score"_s].toDouble(), 0.63);
        QVERIFY(mmr.contains(QStringLiteral("relevance")));
        QVERIFY(mmr.contains(QStringLiteral("max_similarity")));
        const auto gc = x[u"graph_context"_s].toObject();
        QCOMPARE(gc[u"superseded_by"_s].toArray().first().toString(), QStringLiteral("c9"));
        QVERIFY(gc[u"conflicts"_s].toArray().isEmpty());
        QVERIFY(gc[u"supported_by"_s].toArray().isEmpty());
        QCOMPARE(x[u"topic_path"_s].toArray().size(), 2);
        QCOMPARE(x[u"budget_cut"_s].toBool(), false);
    }

    void penalizedByNamesTheEarlierPick() {
        Explanation e;
        e.mmr.penalized_by = "c1";
        QCOMPARE(object(to_json(e))[u"mmr"_s].toObject()[u"penalized_by"_s].toString(),
                 QStringLiteral("c1"));
    }

    void responseCarriesTotalAndTruncated() {
        const auto r = QueryResponse::make({sample_leaf()}, 7);
        const auto o = object(to_json(r));
        QCOMPARE(o[u"total"_s].toInt(), 7);
        QCOMPARE(o[u"truncated"_s].toBool(), true);
        QCOMPARE(o[u"hits"_s].toArray().size(), 1);
        QCOMPARE(o[u"hits"_s].toArray().first().toObject()[u"node_id"_s].toString(),
                 QStringLiteral("c1"));
        const auto empty = object(to_json(QueryResponse::empty()));
        QCOMPARE(empty[u"total"_s].toInt(), 0);
        QCOMPARE(empty[u"truncated"_s].toBool(), false);
        QVERIFY(empty[u"hits"_s].toArray().isEmpty());
    }

    void entityMatchesAndEdges() {
        EntityMatch m{"topic:100%_ready", "topic",          "100%_ready", 3,
                      1'683'554'100'000,  1'683'554'160'000};
        const auto a = array(to_json(std::vector<EntityMatch>{m}));
        const auto o = a.first().toObject();
        QCOMPARE(o[u"canonical_id"_s].toString(), QStringLiteral("topic:100%_ready"));
        QCOMPARE(o[u"kind"_s].toString(), QStringLiteral("topic"));
        QCOMPARE(o[u"surface"_s].toString(), QStringLiteral("100%_ready"));
        QCOMPARE(o[u"mention_count"_s].toInt(), 3);
        QCOMPARE(o[u"last_seen_ms"_s].toDouble(), 1'683'554'160'000.0);
        QCOMPARE(o[u"last_seen"_s].toString(), QStringLiteral("2023-05-08T13:56:00Z"));
        QCOMPARE(o[u"first_seen_ms"_s].toDouble(), 1'683'554'100'000.0);
        QCOMPARE(o[u"first_seen"_s].toString(), QStringLiteral("2023-05-08T13:55:00Z"));
        // No chunk names it (only summaries do): no times.
        const auto unseen =
            array(to_json(std::vector<EntityMatch>{{"topic:x", "topic", "x", 1, 0, 0}}))
                .first()
                .toObject();
        QVERIFY(unseen[u"first_seen"_s].isNull());
        QVERIFY(unseen[u"last_seen"_s].isNull());

        const auto edges =
            array(to_json(std::vector<GraphEdge>{{"person:alice", "topic:phoenix", 4}}));
        QCOMPARE(edges.first().toObject()[u"subject"_s].toString(), QStringLiteral("person:alice"));
        QCOMPARE(edges.first().toObject()[u"object"_s].toString(), QStringLiteral("topic:phoenix"));
        QCOMPARE(edges.first().toObject()[u"weight"_s].toInt(), 4);
    }

    void scoreBreakdown() {
        RetrievalScoreBreakdown b;
        b.keyword_relevance = 0.5;
        b.final_score = 0.1;
        b.contributions.keyword = 0.1;
        const auto o = object(to_json(b));
        for (const char* k : {"keyword_relevance", "vector_similarity", "graph_relevance",
                              "episodic_relevance", "freshness", "final_score"})
            QVERIFY2(o.contains(QLatin1String(k)), k);
        QCOMPARE(o[u"episodic_relevance"_s].toDouble(), 0.0);
        QCOMPARE(o[u"contributions"_s].toObject()[u"keyword"_s].toDouble(), 0.1);
    }

    void badTextAndNumbersDoNotBreakTheOutput() {
        RetrievalHit h = sample_leaf();
        h.content = std::string("caf\xC3\xA9 \xFF\xFE end");
        h.score = std::nan("");
        const auto o = object(to_json(h));
        QVERIFY(!o.isEmpty());
        QVERIFY(o[u"content"_s].toString().startsWith(QStringLiteral("café ")));
        QVERIFY(o[u"content"_s].toString().contains(QChar(0xFFFD)));
        QVERIFY(o[u"score"_s].isNull());
    }

    void indentAndStreams() {
        const std::string compact = to_json(sample_leaf());
        QVERIFY(compact.find('\n') == std::string::npos);
        const std::string pretty = to_json(sample_leaf(), 2);
        QVERIFY(pretty.find("\n  \"node_id\"") != std::string::npos);
        std::ostringstream out;
        write_json(out, QueryResponse::empty());
        QVERIFY(out.str().back() == '\n');
        QCOMPARE(object(out.str())[u"total"_s].toInt(), 0);
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestJsonWriter)
#include "tst_json_writer.moc"
} // namespace tst_json_writer
