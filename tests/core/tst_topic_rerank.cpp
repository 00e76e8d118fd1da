// The wide-beam path of the vector leg: when a beam reaches thousands of members it pre-scores
// them on int8 codes and re-ranks the best on the floats. A user must not be able to tell:
// a beam that reaches every leaf still returns the exact scan's hits, with the exact scan's
// similarities, and scoping still holds.
#include "suite.h"
#include "testsupport.h"

#include <memlens/topic_tree.h>

#include <QtTest>

#include <random>

namespace tst_topic_rerank {

using namespace memlens;

namespace {

struct Data {
    std::vector<std::string> ids;
    std::vector<Vector> vectors;
    std::vector<Vector> queries;
};

// Sparse, overlapping directions like the hash embedder's short texts: each vector mixes a few
// of `vocab` random word directions, so neighbours are close but never tightly clustered.
Data bag_of_words(std::size_t n, std::size_t dim, std::size_t queries, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<float> g(0.0f, 1.0f);
    std::vector<Vector> words(300, Vector(dim));
    for (auto& w : words) {
        for (float& x : w)
            x = g(rng);
        normalize(w);
    }
    auto text = [&] {
        Vector v(dim, 0.0f);
        const std::size_t len = 2 + rng() % 5;
        for (std::size_t i = 0; i < len; ++i) {
            const Vector& w = words[rng() % words.size()];
            for (std::size_t d = 0; d < dim; ++d)
                v[d] += w[d];
        }
        normalize(v);
        return v;
    };
    Data data;
    for (std::size_t i = 0; i < n; ++i) {
        data.ids.push_back("n" + std::to_string(100000 + i));
        data.vectors.push_back(text());
    }
    for (std::size_t q = 0; q < queries; ++q)
        data.queries.push_back(text());
    return data;
}

} // namespace

class TestTopicRerank : public QObject {
    Q_OBJECT
private slots:
    void wideBeamReturnsTheExactHitsAndSimilarities() {
        const auto data = bag_of_words(12000, 96, 40, 11);
        TopicTreeOptions opts;
        opts.max_leaf_items = 128;
        const auto index = TopicIndex::build(data.ids, data.vectors, opts);
        BeamOptions beam;
        beam.beam_width = 4096;
        beam.max_leaf_items = 100000;
        for (const Vector& q : data.queries) {
            VectorSearchTrace trace;
            const auto got = index.search(q, 10, beam, &trace);
            QCOMPARE(trace.scored, index.size()); // far above the int8 pass's threshold
            const auto want = index.exact(q, 10);
            QCOMPARE(got.size(), want.size());
            for (std::size_t i = 0; i < got.size(); ++i) {
                QCOMPARE(got[i].node_id, want[i].node_id);
                QCOMPARE(got[i].similarity, want[i].similarity);
            }
        }
    }

    void wideBeamKeepsTheScope() {
        const auto data = bag_of_words(9000, 64, 10, 5);
        const auto index = TopicIndex::build(data.ids, data.vectors);
        std::vector<std::uint8_t> allowed(index.size(), 0);
        for (std::size_t pos = 0; pos < index.size(); pos += 2)
            allowed[pos] = 1;
        BeamOptions beam;
        beam.beam_width = 4096;
        beam.max_leaf_items = 100000;
        for (const Vector& q : data.queries) {
            const auto got = index.search(q, 20, beam, nullptr, &allowed);
            const auto want = index.exact(q, 20, &allowed);
            QCOMPARE(got.size(), want.size());
            for (std::size_t i = 0; i < got.size(); ++i) {
                QVERIFY(allowed[*index.position(got[i].node_id)] == 1);
                QCOMPARE(got[i].node_id, want[i].node_id);
            }
        }
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestTopicRerank)
#include "tst_topic_rerank.moc"
} // namespace tst_topic_rerank
