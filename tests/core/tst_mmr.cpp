// Maximal Marginal Relevance (mmr_select) and its per-step trace.
#include "suite.h"

#include <memlens/scoring.h>

#include <QtTest>

#include <cmath>
#include <random>
#include <set>

namespace tst_mmr {

using namespace memlens;

namespace {

struct Pool {
    std::vector<Vector> vectors;
    std::vector<MmrCandidate> candidates;
    void add(std::size_t index, Vector v, double relevance) {
        vectors.push_back(std::move(v));
        candidates.push_back({index, {}, relevance});
    }
    // Spans are taken once the vectors stop moving.
    const std::vector<MmrCandidate>& ready() {
        for (std::size_t i = 0; i < candidates.size(); ++i)
            candidates[i].embedding = vectors[i];
        return candidates;
    }
};

std::vector<std::size_t> indices(const std::vector<MmrResult>& r) {
    std::vector<std::size_t> out;
    for (const auto& x : r)
        out.push_back(x.index);
    return out;
}

} // namespace

class TestMmr : public QObject {
    Q_OBJECT
private slots:
    void emptyInputOrZeroLimitPicksNothing() {
        const Vector q = {1.0f, 0.0f};
        QVERIFY(mmr_select(q, {}, 5, 0.7).empty());
        Pool p;
        p.add(0, {1.0f, 0.0f}, 0.9);
        QVERIFY(mmr_select(q, p.ready(), 0, 0.7).empty());
    }

    void lambdaOneIsRelevanceOrder() {
        Pool p;
        p.add(10, {1.0f, 0.0f}, 0.2);
        p.add(11, {1.0f, 0.0f}, 0.9);
        p.add(12, {1.0f, 0.01f}, 0.5);
        p.add(13, {0.0f, 1.0f}, 0.7);
        const auto r = mmr_select({}, p.ready(), 10, 1.0);
        QCOMPARE(indices(r), (std::vector<std::size_t>{11, 13, 12, 10}));
        for (const auto& x : r)
            QCOMPARE(x.score, x.relevance); // no redundancy term at λ = 1
    }

    void nearDuplicatesGiveWayToOrthogonalVectors() {
        Pool p;
        p.add(0, {1.0f, 0.0f, 0.0f}, 0.95);
        p.add(1, {0.99f, 0.01f, 0.0f}, 0.94);
        p.add(2, {0.98f, 0.02f, 0.0f}, 0.93);
        p.add(3, {0.0f, 1.0f, 0.0f}, 0.60);
        p.add(4, {0.0f, 0.0f, 1.0f}, 0.55);
        const auto r = mmr_select({}, p.ready(), 3, 0.5);
        QCOMPARE(r.size(), std::size_t{3});
        const std::set<std::size_t> picked = {r[0].index, r[1].index, r[2].index};
        QVERIFY(picked.count(3) + picked.count(4) >= 1);
        QCOMPARE(r[0].index, std::size_t{0}); // the most relevant is always picked first
    }

    void eachPickCarriesItsTrace() {
        Pool p;
        p.add(7, {1.0f, 0.0f}, 1.0);
        p.add(8, {0.8f, 0.6f}, 0.9);
        p.add(9, {0.0f, 1.0f}, 0.3);
        const double lambda = 0.7;
        const auto r = mmr_select({}, p.ready(), 3, lambda);
        QCOMPARE(r.size(), std::size_t{3});
        QCOMPARE(r[0].index, std::size_t{7});
        QCOMPARE(r[0].max_similarity, 0.0);
        QVERIFY(!r[0].penalized_by.has_value());
        QCOMPARE(r[0].score, lambda * 1.0);
        // Step 2: 8 has cos 0.8 to 7 → 0.7·0.9 − 0.3·0.8 = 0.39; 9 has cos 0 → 0.21.
        QCOMPARE(r[1].index, std::size_t{8});
        QVERIFY(std::abs(r[1].max_similarity - 0.8) < 1e-6);
        QCOMPARE(r[1].penalized_by.value_or(99), std::size_t{7});
        QVERIFY(std::abs(r[1].score - (lambda * 0.9 - (1 - lambda) * r[1].max_similarity)) < 1e-12);
        // Step 3: 9's most similar pick is 8 (cos 0.6), not 7 (cos 0).
        QCOMPARE(r[2].index, std::size_t{9});
        QCOMPARE(r[2].penalized_by.value_or(99), std::size_t{8});
        QVERIFY(std::abs(r[2].max_similarity - 0.6) < 1e-6);
        QCOMPARE(r[2].relevance, 0.3);
    }

    void lambdaIsClamped() {
        Pool p;
        p.add(0, {1.0f, 0.0f}, 0.9);
        p.add(1, {1.0f, 0.0f}, 0.8);
        p.add(2, {0.0f, 1.0f}, 0.1);
        const auto& c = p.ready();
        QCOMPARE(indices(mmr_select({}, c, 3, 5.0)), indices(mmr_select({}, c, 3, 1.0)));
        QCOMPARE(indices(mmr_select({}, c, 3, -2.0)), indices(mmr_select({}, c, 3, 0.0)));
        // At λ = 0 only diversity counts: after the first pick the duplicate comes last.
        QCOMPARE(indices(mmr_select({}, c, 3, 0.0)), (std::vector<std::size_t>{0, 2, 1}));
    }

    void tiesGoToTheEarlierCandidate() {
        Pool p;
        p.add(5, {1.0f, 0.0f}, 0.5);
        p.add(3, {0.0f, 1.0f}, 0.5);
        p.add(4, {0.0f, 0.0f}, 0.5); // no direction at all: similar to nothing
        const auto r = mmr_select({}, p.ready(), 3, 0.7);
        QCOMPARE(indices(r), (std::vector<std::size_t>{5, 3, 4}));
    }

    void oppositeVectorsAreNotRedundant() {
        Pool p;
        p.add(0, {1.0f, 0.0f}, 0.9);
        p.add(1, {-1.0f, 0.0f}, 0.5);
        const auto r = mmr_select({}, p.ready(), 2, 0.5);
        QCOMPARE(r[1].index, std::size_t{1});
        QCOMPARE(r[1].max_similarity, 0.0); // cosine −1 clamps to 0
        QCOMPARE(r[1].score, 0.25);
    }

    // Two turns that only share a speaker or a few words (cosine 0.6) are different evidence:
    // under a 0.7 floor the second keeps its relevance rank; a copy (cosine 1) still drops.
    void redundancyCountsOnlyAboveTheFloor() {
        Pool p;
        p.add(0, {1.0f, 0.0f}, 1.0);
        p.add(1, {0.6f, 0.8f}, 0.9);  // cosine 0.6 with the first
        p.add(2, {0.0f, 1.0f}, 0.85); // cosine 0 with the first
        p.add(3, {1.0f, 0.0f}, 0.95); // a copy of the first
        const auto& c = p.ready();
        // Plain cosine: 1 (0.7·0.9 − 0.3·0.6 = 0.45) loses to 2 (0.595), the copy comes last.
        QCOMPARE(indices(mmr_select({}, c, 4, 0.7)), (std::vector<std::size_t>{0, 2, 1, 3}));
        // Floor 0.7: 1 is not redundant at all; the copy (redundancy 1) still comes last.
        const auto r = mmr_select({}, c, 4, 0.7, 0.7);
        QCOMPARE(indices(r), (std::vector<std::size_t>{0, 1, 2, 3}));
        QCOMPARE(r[1].max_similarity, 0.0);
        QCOMPARE(r[3].max_similarity, 1.0);
        // Float inputs: 0.6f is 0.6 to about 1e-7.
        QVERIFY(std::abs(mmr_redundancy(c[0].embedding, c[1].embedding, 0.5) - 0.2) < 1e-6);
        QCOMPARE(mmr_redundancy(c[0].embedding, c[1].embedding, 0.7), 0.0);
        QVERIFY(std::abs(mmr_redundancy(c[0].embedding, c[1].embedding) - 0.6) < 1e-6);
    }

    // Without a left-out list mmr_select compares fewer pairs (the ranking lab's blast radius);
    // the picks, their scores to the bit and what penalised them must be the same, for relevance
    // in order, out of order, with ties, repeated vectors, candidates without a vector, and
    // every λ and floor.
    void skippingComparisonsPicksTheSame() {
        std::mt19937 rng(7);
        std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
        std::size_t compared = 0, penalised = 0;
        for (int trial = 0; trial < 300; ++trial) {
            Pool pool;
            const std::size_t n = 5 + rng() % 120;
            const std::size_t dim = 4 + rng() % 24;
            double rel = 1.0;
            Vector shared(dim);
            for (auto& x : shared)
                x = unit(rng);
            for (std::size_t i = 0; i < n; ++i) {
                Vector v;
                if (rng() % 7 == 0) {
                    v = shared; // a copy of an earlier text
                } else if (rng() % 11 != 0) {
                    v.resize(dim);
                    for (auto& x : v)
                        x = unit(rng);
                    // Near the shared direction, so redundancy matters.
                    for (std::size_t d = 0; d < dim; ++d)
                        v[d] += shared[d] * static_cast<float>(rng() % 3);
                } // else: no vector
                if (rng() % 5 != 0)
                    rel *= 0.9 + 0.1 * (rng() % 100) / 100.0;                  // ties now and then
                pool.add(i, v, trial % 10 == 0 ? (rng() % 100) / 100.0 : rel); // some unordered
            }
            const auto& c = pool.ready();
            const double lambda = (rng() % 11) / 10.0;
            const double floor = (rng() % 4) / 4.0;
            const std::size_t limit = 1 + rng() % 20;
            std::vector<MmrResult> out;
            const auto full = mmr_select({}, c, limit, lambda, floor, &out);
            const auto lazy = mmr_select({}, c, limit, lambda, floor, nullptr);
            QCOMPARE(lazy.size(), full.size());
            for (std::size_t i = 0; i < full.size(); ++i) {
                QCOMPARE(lazy[i].index, full[i].index);
                QVERIFY(lazy[i].score == full[i].score);
                QVERIFY(lazy[i].max_similarity == full[i].max_similarity);
                QCOMPARE(lazy[i].penalized_by, full[i].penalized_by);
                penalised += full[i].penalized_by.has_value();
                ++compared;
            }
        }
        QVERIFY(compared > 1000);
        QVERIFY(penalised > 100); // redundancy took part
    }

    void limitCapsThePicks() {
        Pool p;
        for (std::size_t i = 0; i < 6; ++i)
            p.add(i, {static_cast<float>(i), 1.0f}, 1.0 - 0.1 * static_cast<double>(i));
        QCOMPARE(mmr_select({}, p.ready(), 4, 0.7).size(), std::size_t{4});
        QCOMPARE(mmr_select({}, p.ready(), 40, 0.7).size(), std::size_t{6});
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestMmr)
#include "tst_mmr.moc"
} // namespace tst_mmr
