// compare_hits (memlens/compare.h) on explanations built by hand, one per branch the query
// suites on a real vault do not reach reliably: graph context and supersession turning the
// legs' order round, the factors only together, profile fusion, a tie, MMR when the pick the
// lower hit was too similar to came after the upper one, and a primitive's hits.
#include "suite.h"

#include <memlens/compare.h>

#include <QtTest>

#include <cmath>

namespace tst_compare {

using namespace memlens;

namespace {

// A hit under RRF with its legs' terms and the factors after them; final = rrf × factors.
RetrievalHit rrf_hit(const std::string& id, int fused, double kw, double vec, double recency,
                     double entity, double superseded) {
    RetrievalHit h;
    h.node_id = id;
    Explanation x;
    x.fused_rank = fused;
    x.mmr.step = fused - 1;
    if (kw > 0.0) {
        x.keyword.rank = static_cast<int>(std::lround(1.0 / kw)) - 60;
        x.keyword.rrf_term = kw;
    }
    if (vec > 0.0) {
        x.vector.rank = static_cast<int>(std::lround(1.0 / vec)) - 60;
        x.vector.rrf_term = vec;
    }
    x.rrf_score = kw + vec;
    x.recency.boost = 1.0;
    x.recency.factor = recency - 1.0;
    x.entity_factor = entity;
    x.superseded_penalty = superseded;
    x.final_score = x.rrf_score * recency * entity * superseded;
    h.explanation = x;
    return h;
}

HitOrder compare(const std::vector<RetrievalHit>& hits, std::size_t a, std::size_t b) {
    std::vector<const RetrievalHit*> ptrs;
    for (const auto& h : hits)
        ptrs.push_back(&h);
    return compare_hits(ptrs, a, b);
}

} // namespace

class TestCompare : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // The words --json, MCP and the docs use for each cause, one function in the core.
    void causesHaveTheirWireWords() {
        QCOMPARE(std::string(to_string(OrderCause::KeywordLeg)), std::string("keyword leg"));
        QCOMPARE(std::string(to_string(OrderCause::FreshnessSignal)),
                 std::string("freshness signal"));
        QCOMPARE(std::string(to_string(OrderCause::GraphContext)), std::string("graph context"));
        QCOMPARE(std::string(to_string(OrderCause::NoExplanation)), std::string("no explanation"));
    }

    void graphContextTurnedTheLegsOrderRound() {
        const std::vector<RetrievalHit> hits = {rrf_hit("a", 1, 1.0 / 64, 0.0, 1.0, 1.5, 1.0),
                                                rrf_hit("b", 2, 1.0 / 61, 0.0, 1.0, 1.0, 1.0)};
        const HitOrder o = compare(hits, 1, 0); // either order in, the upper one first out
        QCOMPARE(o.upper, 1);
        QCOMPARE(o.lower, 2);
        QCOMPARE(o.cause, OrderCause::GraphContext);
        QVERIFY2(
            o.line.find(
                "#1 is above #2 because of graph context: the legs put #2 first "
                "(RRF 0.01639 vs 0.01562), graph context ×1.5 (graph signal 0.000) against ×1 ") ==
                0,
            o.line.c_str());
    }

    void supersessionOfTheOtherHit() {
        const std::vector<RetrievalHit> hits = {rrf_hit("a", 1, 1.0 / 64, 0.0, 1.0, 1.0, 1.0),
                                                rrf_hit("b", 2, 1.0 / 61, 0.0, 1.0, 1.0, 0.5)};
        const HitOrder o = compare(hits, 0, 1);
        QCOMPARE(o.cause, OrderCause::Supersession);
        QVERIFY2(o.line.find("against ×0.5 (superseded)") != std::string::npos, o.line.c_str());
    }

    // Recency ×1.04 and graph context ×1.04 each fall short of the ×1.0667 the legs' gap
    // needs; only together do they turn it.
    void onlyTheFactorsTogether() {
        const std::vector<RetrievalHit> hits = {rrf_hit("a", 1, 1.0 / 64, 0.0, 1.04, 1.04, 1.0),
                                                rrf_hit("b", 2, 1.0 / 60, 0.0, 1.0, 1.0, 1.0)};
        const HitOrder o = compare(hits, 0, 1);
        QCOMPARE(o.cause, OrderCause::Factors);
        QVERIFY2(o.line.find("#1 is above #2 because recency and graph context together turned "
                             "the legs' order round, neither alone: the legs put #2 first (RRF "
                             "0.01667 vs 0.01562); recency ×1.04") == 0 &&
                     o.line.find("; graph context ×1.04") != std::string::npos,
                 o.line.c_str());
    }

    // Recency ×1.5 and graph context ×1.2 would each have been enough: the stronger is named.
    void eitherFactorAloneWouldHaveDone() {
        const std::vector<RetrievalHit> hits = {rrf_hit("a", 1, 1.0 / 64, 0.0, 1.5, 1.2, 1.0),
                                                rrf_hit("b", 2, 1.0 / 62, 0.0, 1.0, 1.0, 1.0)};
        const HitOrder o = compare(hits, 0, 1);
        QCOMPARE(o.cause, OrderCause::Recency);
        QVERIFY2(o.line.find("; graph context alone would also have turned it") !=
                     std::string::npos,
                 o.line.c_str());
    }

    void bothLegsFavouredTheUpperHit() {
        const std::vector<RetrievalHit> hits = {rrf_hit("a", 1, 1.0 / 61, 1.0 / 62, 1.0, 1.0, 1.0),
                                                rrf_hit("b", 2, 1.0 / 70, 1.0 / 63, 1.0, 1.0, 1.0)};
        const HitOrder o = compare(hits, 0, 1);
        QCOMPARE(o.cause, OrderCause::KeywordLeg);
        QVERIFY2(o.line.find("keyword rank 1 against 10") != std::string::npos &&
                     o.line.find("the vector leg also ranked #1 higher: vector rank 2 against 3") !=
                         std::string::npos,
                 o.line.c_str());
    }

    void aTieIsSaidAsOne() {
        const std::vector<RetrievalHit> hits = {rrf_hit("a", 1, 1.0 / 61, 0.0, 1.0, 1.0, 1.0),
                                                rrf_hit("b", 2, 1.0 / 61, 0.0, 1.0, 1.0, 1.0)};
        QCOMPARE(compare(hits, 0, 1).cause, OrderCause::Tie);
    }

    void profileFusionNamesTheSignal() {
        std::vector<RetrievalHit> hits = {rrf_hit("a", 1, 0.0, 0.0, 1.0, 1.0, 1.0),
                                          rrf_hit("b", 2, 0.0, 0.0, 1.0, 1.0, 1.0)};
        auto set = [](RetrievalHit& h, double graph, double keyword) {
            Explanation& x = *h.explanation;
            x.fusion = "profile";
            x.weights = {0.4, 0.3, 0.2, 0.1};
            x.signal_values = {graph, 0.5, keyword, 0.0};
            x.contributions = {0.4 * graph, 0.15, 0.2 * keyword, 0.0};
            x.final_score = x.contributions.graph + x.contributions.vector +
                            x.contributions.keyword + x.contributions.freshness;
        };
        set(hits[0], 0.2, 1.0); // keyword 0.2 − 0.0 beats graph 0.08 − 0.2
        set(hits[1], 0.5, 0.0);
        const HitOrder o = compare(hits, 0, 1);
        QCOMPARE(o.cause, OrderCause::KeywordSignal);
        QVERIFY2(o.line.find("#1 is above #2 because of the keyword signal: keyword 0.200 × "
                             "1.000 = 0.2 against 0; the graph signal favoured #2 but by less "
                             "(graph 0.400 × 0.200 = 0.08 against 0.2)") == 0,
                 o.line.c_str());
    }

    // #4 was most similar to #3, picked after #2: at #2's pick its redundancy came from the
    // picks before, and the line does not name #3 as what lost it that step.
    void mmrDoesNotBlameALaterPick() {
        std::vector<RetrievalHit> hits = {rrf_hit("z", 1, 1.0 / 61, 0.0, 1.0, 1.0, 1.0),
                                          rrf_hit("a", 3, 1.0 / 63, 0.0, 1.0, 1.0, 1.0),
                                          rrf_hit("b", 4, 1.0 / 64, 0.0, 1.0, 1.0, 1.0),
                                          rrf_hit("c", 2, 1.0 / 62, 0.0, 1.0, 1.0, 1.0)};
        for (int i = 0; i < 4; ++i)
            hits[std::size_t(i)].explanation->mmr.step = i;
        hits[3].explanation->mmr.penalized_by = "b";
        hits[3].explanation->mmr.cosine = 0.95;
        const HitOrder o = compare(hits, 1, 3);
        QCOMPARE(o.cause, OrderCause::Mmr);
        QVERIFY2(o.line.find("too similar") == std::string::npos &&
                     o.line.find("at pick 2 #4's redundancy to the hits picked before") !=
                         std::string::npos &&
                     o.line.find("at its own pick 4 it was 0.95 cosine-similar to #3") !=
                         std::string::npos,
                 o.line.c_str());
    }

    void primitivesHaveNoExplanation() {
        RetrievalHit a, b;
        a.score = 0.9;
        b.score = 0.5;
        const HitOrder o = compare({a, b}, 0, 1);
        QCOMPARE(o.cause, OrderCause::NoExplanation);
        QVERIFY2(o.line.find("score 0.9 vs 0.5") != std::string::npos, o.line.c_str());
    }
};

MEMLENS_TEST_MAIN(TestCompare)
#include "tst_compare.moc"
} // namespace tst_compare
