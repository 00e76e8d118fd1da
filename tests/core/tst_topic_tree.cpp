// The vector leg's topic tree: beam descent against the exact scan on clustered vectors,
// the tie-break by topic key, scoping masks, deterministic shape, and persistence
// through a real vault (round trip, incremental assignment, stale trees rebuilt).
#include "suite.h"
#include "testsupport.h"

#include <memlens/db.h>
#include <memlens/topic_tree.h>
#include <memlens/vault.h>

#include <QtTest>

#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <set>

using namespace memlens;

namespace memlens {
// The int8 dot product the beam scores topics and wide beams pre-score members with
// (core/src/topic/int8_codes.cpp: AVX2 when the CPU has it, else SSE2, each with a scalar
// tail): both paths must give the integer sum exactly, whatever the length.
std::int32_t dot_i8(const std::int8_t* a, const std::int8_t* b, std::size_t dim);
std::int32_t dot_i8_portable(const std::int8_t* a, const std::int8_t* b, std::size_t dim);
} // namespace memlens

namespace tst_topic_tree {

namespace {

struct Synthetic {
    std::vector<std::string> ids;
    std::vector<Vector> vectors;
    std::vector<Vector> queries;
};

Vector unit_gaussian(std::mt19937_64& rng, std::size_t dim) {
    std::normal_distribution<float> g(0.0f, 1.0f);
    Vector v(dim);
    for (float& x : v)
        x = g(rng);
    normalize(v);
    return v;
}

// n points around `clusters` random directions (noise of norm ≈ 0.6 per point, cosine to the
// centre ≈ 0.85), ids "<prefix>000123"; queries drawn the same way but not in the set.
Synthetic clustered(std::size_t n, std::size_t dim, std::size_t clusters, std::size_t queries,
                    std::uint64_t seed, const std::string& prefix = "c") {
    std::mt19937_64 rng(seed);
    std::vector<Vector> centres;
    for (std::size_t c = 0; c < clusters; ++c)
        centres.push_back(unit_gaussian(rng, dim));
    const float sigma = 0.6f / std::sqrt(float(dim));
    std::normal_distribution<float> noise(0.0f, sigma);
    std::uniform_int_distribution<std::size_t> pick(0, clusters - 1);
    auto point = [&] {
        Vector v = centres[pick(rng)];
        for (float& x : v)
            x += noise(rng);
        normalize(v);
        return v;
    };
    Synthetic s;
    for (std::size_t i = 0; i < n; ++i) {
        char id[32];
        std::snprintf(id, sizeof id, "%s%06zu", prefix.c_str(), i);
        s.ids.emplace_back(id);
        s.vectors.push_back(point());
    }
    for (std::size_t q = 0; q < queries; ++q)
        s.queries.push_back(point());
    return s;
}

TopicTreeOptions small_tree() {
    TopicTreeOptions o;
    o.branching = 8;
    o.max_leaf_items = 64;
    return o;
}

std::vector<std::string> ids_of(const std::vector<VectorHit>& hits) {
    std::vector<std::string> out;
    for (const auto& h : hits)
        out.push_back(h.node_id);
    return out;
}

double recall_at(const TopicIndex& index, const std::vector<Vector>& queries, std::size_t k,
                 const BeamOptions& beam) {
    double sum = 0.0;
    for (const Vector& q : queries) {
        const auto truth = ids_of(index.exact(q, k));
        const auto got = ids_of(index.search(q, k, beam));
        const std::set<std::string> t(truth.begin(), truth.end());
        std::size_t found = 0;
        for (const auto& id : got)
            found += t.count(id);
        sum += double(found) / double(truth.size());
    }
    return sum / double(queries.size());
}

// topic-index.bin beside the vault's database.
// The first column of the first row, or "" when there is none.
std::string text_of(const Database& db, const char* sql) {
    auto st = db.prepare(sql);
    if (!st)
        return "";
    auto row = st->step();
    return row && *row ? st->column_text(0) : std::string();
}

// How many uncommitted index files (topic-index.bin.<token>.pending) a vault folder holds.
std::size_t pending_files(const std::filesystem::path& dir) {
    std::size_t n = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir))
        n += e.path().filename().string().find(".pending") != std::string::npos;
    return n;
}

std::filesystem::path index_file(const Database& db) {
    return std::filesystem::path(db.path()).parent_path() / "topic-index.bin";
}

void insert_vectors(const Database& db, const char* table, const std::string& signature,
                    const std::vector<std::string>& ids, const std::vector<Vector>& vectors) {
    const std::string id_column =
        std::string(table) == "mem_tree_chunk_embeddings" ? "chunk_id" : "summary_id";
    auto st = db.prepare("INSERT INTO " + std::string(table) + "(" + id_column +
                         ", model_signature, vector, dim, created_at) VALUES (?, ?, ?, ?, 0)");
    QVERIFY(st.is_ok());
    for (std::size_t i = 0; i < ids.size(); ++i) {
        st->bind(1, ids[i]).bind(2, signature).bind_blob(3, encode_vector(vectors[i]));
        st->bind(4, static_cast<std::int64_t>(vectors[i].size()));
        QVERIFY(st->exec().is_ok());
        st->reset();
    }
}

bool same_topics(const TopicIndex& a, const TopicIndex& b) {
    const auto ta = a.topics();
    const auto tb = b.topics();
    if (ta.size() != tb.size())
        return false;
    for (std::size_t i = 0; i < ta.size(); ++i)
        if (ta[i].key != tb[i].key || ta[i].parent_key != tb[i].parent_key ||
            ta[i].is_leaf != tb[i].is_leaf || ta[i].member_count != tb[i].member_count)
            return false;
    return true;
}

} // namespace

class TestTopicTree : public QObject {
    Q_OBJECT
private slots:
    void int8DotProductIsTheExactIntegerSum() {
        std::mt19937 rng(5);
        std::uniform_int_distribution<int> value(-127, 127);
        for (std::size_t dim : {0u, 1u, 15u, 16u, 17u, 31u, 32u, 33u, 64u, 255u, 256u, 300u}) {
            for (int round = 0; round < 20; ++round) {
                std::vector<std::int8_t> a(dim), b(dim);
                for (std::size_t d = 0; d < dim; ++d) {
                    // Extremes first: the largest sums must not overflow a lane.
                    a[d] = std::int8_t(round == 0 ? 127 : round == 1 ? -127 : value(rng));
                    b[d] = std::int8_t(round < 2 ? -127 : value(rng));
                }
                std::int32_t want = 0;
                for (std::size_t d = 0; d < dim; ++d)
                    want += std::int32_t(a[d]) * std::int32_t(b[d]);
                QCOMPARE(dot_i8(a.data(), b.data(), dim), want);
                QCOMPARE(dot_i8_portable(a.data(), b.data(), dim), want);
            }
        }
    }

    // A short query can sit far from every centroid and still be close to one member of a
    // topic whose other members point elsewhere. Topic A: five copies of a vector at cosine
    // 0.6 to the query. Topic B: four vectors orthogonal to it and one at 0.75. By centroid A
    // wins (0.6 against 0.16) and a beam of one never sees the best member; by mean plus
    // sqrt(2 ln 5) standard deviations B scores about 0.69 and wins.
    void topicsAreRankedByTheirExpectedBestMember() {
        std::vector<std::string> ids;
        std::vector<Vector> vectors;
        for (int i = 0; i < 5; ++i) {
            ids.push_back("a" + std::to_string(i));
            vectors.push_back({0.6f, 0.0f, 0.0f, 0.8f});
        }
        for (int i = 0; i < 4; ++i) {
            ids.push_back("b" + std::to_string(i));
            vectors.push_back({0.0f, 0.9f, 0.43589f, 0.0f});
        }
        ids.emplace_back("best");
        vectors.push_back({0.75f, 0.66144f, 0.0f, 0.0f});
        TopicTreeOptions opts;
        opts.branching = 2;
        opts.max_leaf_items = 5;
        const auto index = TopicIndex::build(ids, vectors, opts);
        // The tree the case needs: the root and the two topics above, five members each.
        const auto topics = index.topics();
        QCOMPARE(topics.size(), std::size_t(3));
        const auto best_path = index.topic_path_of(*index.position("best"));
        QCOMPARE(best_path.size(), std::size_t(2));
        QVERIFY(index.topic_path_of(*index.position("b0")) == best_path);
        QVERIFY(index.topic_path_of(*index.position("a0")) != best_path);

        BeamOptions beam;
        beam.beam_width = 1;
        VectorSearchTrace trace;
        const auto hits = index.search(Vector{1.0f, 0.0f, 0.0f, 0.0f}, 1, beam, &trace);
        QCOMPARE(hits.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(hits[0].node_id), QStringLiteral("best"));
        QVERIFY(std::abs(hits[0].similarity - 0.75) < 1e-4);
        QCOMPARE(trace.reached_topics, std::vector<std::string>{best_path.back()});
        QCOMPARE(trace.topics_scored, std::size_t(2));
    }

    void beamRecallAgainstExactIsHigh() {
        const auto s = clustered(4000, 48, 40, 60, 7);
        const auto index = TopicIndex::build(s.ids, s.vectors, small_tree());
        QCOMPARE(index.size(), std::size_t(4000));
        BeamOptions beam;
        beam.beam_width = 4;
        const double recall = recall_at(index, s.queries, 10, beam);
        QVERIFY2(recall >= 0.9, qPrintable(QString::number(recall)));

        VectorSearchTrace trace;
        const auto hits = index.search(s.queries[0], 10, beam, &trace);
        QCOMPARE(hits.size(), std::size_t(10));
        QVERIFY(!trace.exact);
        QVERIFY(trace.reached_topics.size() <= 4);
        QVERIFY(trace.scored > 0 && trace.scored < index.size()); // the point of the tree
        for (std::size_t i = 1; i < hits.size(); ++i)
            QVERIFY(hits[i - 1].similarity >= hits[i].similarity);
        for (const auto& h : hits) {
            // The hit came from a reached leaf, and its path ends there.
            QVERIFY(std::find(trace.reached_topics.begin(), trace.reached_topics.end(),
                              h.topic_path.back()) != trace.reached_topics.end());
            QCOMPARE(QString::fromStdString(h.topic_path.front()), QStringLiteral("t"));
            QVERIFY(h.topic_path == index.topic_path_of(*index.position(h.node_id)));
        }
    }

    void wideBeamIsIdenticalToExact() {
        const auto s = clustered(3000, 32, 25, 20, 11);
        const auto index = TopicIndex::build(s.ids, s.vectors, small_tree());
        BeamOptions beam;
        beam.beam_width = int(index.topics().size());
        beam.max_leaf_items = int(index.size());
        for (const Vector& q : s.queries) {
            const auto exact = index.exact(q, 10);
            const auto beamed = index.search(q, 10, beam);
            QCOMPARE(beamed.size(), exact.size());
            for (std::size_t i = 0; i < exact.size(); ++i) {
                QCOMPARE(QString::fromStdString(beamed[i].node_id),
                         QString::fromStdString(exact[i].node_id));
                QCOMPARE(beamed[i].similarity, exact[i].similarity);
            }
        }
    }

    void exactMatchesBruteForceCosine() {
        const auto s = clustered(500, 16, 5, 5, 3);
        const auto index = TopicIndex::build(s.ids, s.vectors, small_tree());
        for (const Vector& q : s.queries) {
            std::vector<std::pair<double, std::string>> all;
            for (std::size_t i = 0; i < s.ids.size(); ++i)
                all.emplace_back(-cosine(q, s.vectors[i]), s.ids[i]);
            std::sort(all.begin(), all.end());
            const auto hits = index.exact(q, 5);
            QCOMPARE(hits.size(), std::size_t(5));
            for (std::size_t i = 0; i < 5; ++i) {
                QVERIFY(std::abs(hits[i].similarity + all[i].first) < 1e-5);
                QVERIFY(hits[i].topic_path.empty());
            }
        }
    }

    // nearest() scores 6,000 vectors on their int8 codes first and re-ranks the best on their
    // floats: it finds exact()'s top k with its similarities, and a group of 150 equal vectors
    // (more than the 64 the re-rank keeps for a small k) comes back whole when k cuts into it.
    void nearestFindsTheExactTopAndKeepsEqualVectorsTogether() {
        auto s = clustered(6000, 32, 12, 8, 11);
        for (int i = 0; i < 150; ++i) {
            s.ids.push_back("dup" + std::to_string(100 + i));
            s.vectors.push_back(s.queries[0]);
        }
        const auto index = TopicIndex::build(s.ids, s.vectors, small_tree());
        for (const Vector& q : s.queries) {
            for (std::size_t k : {1, 10, 25}) {
                const auto near = index.nearest(q, k);
                const auto exact = index.exact(q, near.size());
                QVERIFY(near.size() >= k);
                QCOMPARE(near.size(), exact.size());
                for (std::size_t i = 0; i < near.size(); ++i) {
                    QCOMPARE(near[i].node_id, exact[i].node_id);
                    QCOMPARE(near[i].similarity, exact[i].similarity);
                }
            }
        }
        const auto dups = index.nearest(s.queries[0], 5);
        QCOMPARE(dups.size(), std::size_t{150});
        for (const auto& h : dups)
            QVERIFY2(h.node_id.rfind("dup", 0) == 0, h.node_id.c_str());
        std::vector<std::uint8_t> allowed(index.size(), 1);
        allowed[*index.position("dup100")] = 0;
        QCOMPARE(index.nearest(s.queries[0], 5, &allowed).size(), std::size_t{149});
        QCOMPARE(index.count(&allowed), index.size() - 1);
    }

    void tiesBreakByTopicKeyThenNodeId() {
        // Two leaves whose centroids are exactly e1 and e2, and a query exactly between them:
        // with beam width 1 the descent must keep the smaller key, and its members (all
        // identical) come back ordered by node id.
        std::vector<std::string> ids;
        std::vector<Vector> vectors;
        for (int i = 0; i < 5; ++i) {
            ids.push_back("x" + std::to_string(9 - i));
            vectors.push_back({1.0f, 0.0f, 0.0f});
            ids.push_back("y" + std::to_string(i));
            vectors.push_back({0.0f, 1.0f, 0.0f});
        }
        TopicTreeOptions opts;
        opts.branching = 2;
        opts.max_leaf_items = 5;
        const auto index = TopicIndex::build(ids, vectors, opts);
        const auto topics = index.topics();
        QCOMPARE(topics.size(), std::size_t(3));
        QCOMPARE(QString::fromStdString(topics[1].key), QStringLiteral("t.0"));
        QCOMPARE(QString::fromStdString(topics[2].key), QStringLiteral("t.1"));

        BeamOptions beam;
        beam.beam_width = 1;
        VectorSearchTrace trace;
        const Vector between = {1.0f, 1.0f, 0.0f};
        const auto hits = index.search(between, 10, beam, &trace);
        QCOMPARE(trace.reached_topics, std::vector<std::string>{"t.0"});
        QCOMPARE(hits.size(), std::size_t(5));
        const char first_letter = hits[0].node_id[0];
        for (std::size_t i = 0; i < hits.size(); ++i) {
            QCOMPARE(hits[i].node_id[0], first_letter); // all from the one reached leaf
            QVERIFY(hits[i].topic_path == (std::vector<std::string>{"t", "t.0"}));
            if (i > 0)
                QVERIFY(hits[i - 1].node_id < hits[i].node_id);
        }
        // The exact scan breaks the same similarity tie by node id: x5..x9 before y0..y4.
        const auto exact = index.exact(between, 10);
        QCOMPARE(QString::fromStdString(exact.front().node_id), QStringLiteral("x5"));
        QCOMPARE(QString::fromStdString(exact.back().node_id), QStringLiteral("y4"));
    }

    void identicalVectorsStillMakeSmallLeaves() {
        std::vector<std::string> ids;
        std::vector<Vector> vectors;
        for (int i = 0; i < 100; ++i) {
            ids.push_back("d" + std::to_string(i));
            vectors.push_back({0.6f, 0.8f});
        }
        TopicTreeOptions opts;
        opts.max_leaf_items = 10;
        const auto index = TopicIndex::build(ids, vectors, opts);
        for (const auto& t : index.topics())
            if (t.is_leaf)
                QVERIFY(t.member_count <= 10);
        QCOMPARE(index.exact(Vector{0.6f, 0.8f}, 200).size(), std::size_t(100));
    }

    void allowedMasksRestrictSearchAndExact() {
        const auto s = clustered(3000, 32, 20, 10, 5);
        const auto index = TopicIndex::build(s.ids, s.vectors, small_tree());
        BeamOptions beam;
        beam.beam_width = 4;
        for (const Vector& q : s.queries) {
            // Hide the query's own neighbourhood: the nearest 300 vectors.
            std::vector<std::uint8_t> mask(index.size(), 1);
            for (const auto& h : index.exact(q, 300))
                mask[*index.position(h.node_id)] = 0;
            for (const auto& hits :
                 {index.search(q, 10, beam, nullptr, &mask), index.exact(q, 10, &mask)}) {
                QCOMPARE(hits.size(), std::size_t(10));
                for (const auto& h : hits)
                    QCOMPARE(int(mask[*index.position(h.node_id)]), 1);
            }
        }
        // A scope of five far-apart vectors: the descent skips topics with nothing allowed,
        // so all five are found, not an empty answer from the query's own (excluded) topics.
        std::vector<std::uint8_t> five(index.size(), 0);
        for (std::size_t pos : {3u, 700u, 1400u, 2100u, 2999u})
            five[pos] = 1;
        VectorSearchTrace trace;
        const auto hits = index.search(s.queries[0], 10, beam, &trace, &five);
        const auto truth = index.exact(s.queries[0], 10, &five);
        QCOMPARE(truth.size(), std::size_t(5));
        QVERIFY(hits.size() >= 4); // the beam of 4 reaches four topics that hold some
        for (const auto& h : hits)
            QCOMPARE(int(five[*index.position(h.node_id)]), 1);
        // Positions beyond a short mask are not allowed.
        std::vector<std::uint8_t> short_mask(10, 1);
        for (const auto& h : index.exact(s.queries[0], 50, &short_mask))
            QVERIFY(*index.position(h.node_id) < 10);
    }

    void shapeIsBoundedAndDeterministic() {
        const auto s = clustered(5000, 24, 30, 5, 21);
        const auto opts = small_tree();
        const auto a = TopicIndex::build(s.ids, s.vectors, opts);
        const auto b = TopicIndex::build(s.ids, s.vectors, opts);
        QVERIFY(same_topics(a, b));
        std::size_t members = 0;
        for (const auto& t : a.topics()) {
            if (t.key != "t") {
                QVERIFY(t.key.rfind(t.parent_key + ".", 0) == 0); // "t.3.11" under "t.3"
            }
            if (t.is_leaf) {
                members += t.member_count;
                QVERIFY(t.member_count <= std::size_t(opts.max_leaf_items));
            } else {
                QVERIFY(t.member_count > std::size_t(opts.max_leaf_items));
            }
        }
        QCOMPARE(members, s.ids.size());
        BeamOptions beam;
        for (const Vector& q : s.queries)
            QCOMPARE(ids_of(a.search(q, 10, beam)), ids_of(b.search(q, 10, beam)));
        for (std::size_t i : {0u, 1234u, 4999u}) {
            // Positions are the index's own (vectors are laid out leaf by leaf); ids map to them.
            const std::size_t pos = *a.position(s.ids[i]);
            QCOMPARE(QString::fromStdString(std::string(a.id_at(pos))),
                     QString::fromStdString(s.ids[i]));
            QVERIFY(std::abs(cosine(a.vector_at(pos), s.vectors[i]) - 1.0) < 1e-6);
        }
        QVERIFY(!a.position("no-such-id"));
    }

    void wrongDimensionsAreSkippedNotFatal() {
        auto s = clustered(200, 8, 4, 1, 1);
        s.vectors[17] = Vector(5, 1.0f);
        const auto index = TopicIndex::build(s.ids, s.vectors, small_tree());
        QCOMPARE(index.size(), std::size_t(199));
        QCOMPARE(index.load_info().skipped_vectors, std::size_t(1));
        QVERIFY(!index.position(s.ids[17]));
        QVERIFY(index.search(Vector(5, 1.0f), 10, {}).empty()); // query of another dimension
        QVERIFY(index.exact(Vector(5, 1.0f), 10).empty());
    }

    void savedTreeLoadsBackUnchanged() {
        test::TempDir tmp;
        auto vault = Vault::create(tmp.path() / "v");
        QVERIFY(vault.is_ok());
        const Database& db = (*vault)->db();
        const auto s = clustered(2000, 32, 20, 10, 9);
        const std::vector<std::string> chunk_ids(s.ids.begin(), s.ids.begin() + 1800);
        const std::vector<Vector> chunk_vecs(s.vectors.begin(), s.vectors.begin() + 1800);
        std::vector<std::string> summary_ids;
        for (std::size_t i = 1800; i < 2000; ++i)
            summary_ids.push_back("summary:" + s.ids[i]);
        const std::vector<Vector> summary_vecs(s.vectors.begin() + 1800, s.vectors.end());
        insert_vectors(db, "mem_tree_chunk_embeddings", "sig-a", chunk_ids, chunk_vecs);
        insert_vectors(db, "mem_tree_summary_embeddings", "sig-a", summary_ids, summary_vecs);
        // Another model's vectors of the same chunks never enter this index.
        insert_vectors(db, "mem_tree_chunk_embeddings", "sig-b", {s.ids[0], s.ids[1]},
                       {Vector(7, 1.0f), Vector(7, 2.0f)});

        auto first = TopicIndex::load(db, "sig-a", small_tree());
        QVERIFY2(first.is_ok(), first.status().to_string().c_str());
        QVERIFY(first->load_info().rebuilt);
        QCOMPARE(first->size(), std::size_t(2000));
        QCOMPARE(first->dim(), std::size_t(32));
        QVERIFY(first->position("summary:" + s.ids[1900]).has_value());
        QVERIFY(first->save(db).is_ok());

        auto second = TopicIndex::load(db, "sig-a", small_tree());
        QVERIFY2(second.is_ok(), second.status().to_string().c_str());
        QVERIFY(!second->load_info().rebuilt);
        QCOMPARE(second->load_info().newly_assigned, std::size_t(0));
        QCOMPARE(second->load_info().dropped_members, std::size_t(0));
        QVERIFY(same_topics(*first, *second));
        BeamOptions beam;
        beam.beam_width = 3;
        for (const Vector& q : s.queries) {
            const auto a = first->search(q, 10, beam);
            const auto b = second->search(q, 10, beam);
            QCOMPARE(ids_of(a), ids_of(b));
            for (std::size_t i = 0; i < a.size(); ++i)
                QVERIFY(a[i].topic_path == b[i].topic_path);
        }
        auto rows = db.query_int("SELECT count(*) FROM ml_topic_members");
        QCOMPARE(*rows, std::int64_t(2000));
    }

    void newVectorsJoinTheStoredTreeUntilTooManyAreNew() {
        test::TempDir tmp;
        auto vault = Vault::create(tmp.path() / "v");
        QVERIFY(vault.is_ok());
        const Database& db = (*vault)->db();
        const auto s = clustered(3000, 32, 20, 0, 13);
        auto slice = [&](std::size_t from, std::size_t to) {
            insert_vectors(db, "mem_tree_chunk_embeddings", "sig",
                           {s.ids.begin() + long(from), s.ids.begin() + long(to)},
                           {s.vectors.begin() + long(from), s.vectors.begin() + long(to)});
        };
        slice(0, 2000);
        auto built = TopicIndex::load(db, "sig", small_tree());
        QVERIFY(built.is_ok() && built->load_info().rebuilt);
        QVERIFY(built->save(db).is_ok());

        // The stored tree as load() uses it when there is no index file to map (lost, damaged).
        std::filesystem::remove(index_file(db));
        slice(2000, 2200); // 9% new: placed into the stored leaves
        auto grown = TopicIndex::load(db, "sig", small_tree());
        QVERIFY2(grown.is_ok(), grown.status().to_string().c_str());
        QVERIFY(!grown->load_info().rebuilt);
        QCOMPARE(grown->load_info().newly_assigned, std::size_t(200));
        QCOMPARE(grown->size(), std::size_t(2200));
        BeamOptions beam;
        beam.beam_width = 4;
        for (std::size_t i = 2000; i < 2200; i += 10) {
            const auto hits = grown->search(s.vectors[i], 1, beam);
            QCOMPARE(QString::fromStdString(hits.at(0).node_id), QString::fromStdString(s.ids[i]));
        }
        QVERIFY(grown->save(db).is_ok());
        std::filesystem::remove(index_file(db));
        auto again = TopicIndex::load(db, "sig", small_tree());
        QCOMPARE(again->load_info().newly_assigned, std::size_t(0));
        QVERIFY(!again->load_info().rebuilt);

        slice(2200, 3000); // 27% new: the tree no longer describes the vault
        auto rebuilt = TopicIndex::load(db, "sig", small_tree());
        QVERIFY(rebuilt.is_ok());
        QVERIFY(rebuilt->load_info().rebuilt);
        QCOMPARE(rebuilt->size(), std::size_t(3000));
    }

    // An import that piles new vectors into one stored leaf splits that leaf below its own key
    // instead of clustering the whole vault again.
    void overfullLeavesAreSplitInPlace() {
        test::TempDir tmp;
        auto vault = Vault::create(tmp.path() / "v");
        QVERIFY(vault.is_ok());
        const Database& db = (*vault)->db();
        const auto s = clustered(2000, 32, 20, 0, 21);
        insert_vectors(db, "mem_tree_chunk_embeddings", "sig", s.ids, s.vectors);
        auto built = TopicIndex::load(db, "sig", small_tree());
        QVERIFY(built.is_ok() && built->load_info().rebuilt);
        QVERIFY(built->save(db).is_ok());
        const auto before = built->topics();
        const auto home = built->topic_path_of(*built->position(s.ids[0]));

        // 300 near-copies of one stored vector: they all descend into its leaf.
        std::mt19937_64 rng(3);
        std::normal_distribution<float> noise(0.0f, 0.01f);
        std::vector<std::string> ids;
        std::vector<Vector> near;
        for (int i = 0; i < 300; ++i) {
            Vector v = s.vectors[0];
            for (float& x : v)
                x += noise(rng);
            normalize(v);
            ids.push_back("near" + std::to_string(1000 + i));
            near.push_back(std::move(v));
        }
        insert_vectors(db, "mem_tree_chunk_embeddings", "sig", ids, near);
        std::filesystem::remove(index_file(db)); // the stored tree, as load() uses it without
        auto grown = TopicIndex::load(db, "sig", small_tree());
        QVERIFY2(grown.is_ok(), grown.status().to_string().c_str());
        QVERIFY(!grown->load_info().rebuilt);
        QCOMPARE(grown->load_info().newly_assigned, std::size_t(300));
        QVERIFY(grown->load_info().split_leaves >= 1);

        const auto after = grown->topics();
        std::set<std::string> keys_after;
        for (const auto& t : after) {
            keys_after.insert(t.key);
            if (t.is_leaf)
                QVERIFY2(t.member_count <= std::size_t(small_tree().max_leaf_items), t.key.c_str());
        }
        // Every stored topic is still there; the new ones sit below the leaf that overflowed.
        for (const auto& t : before)
            QVERIFY2(keys_after.count(t.key) == 1, t.key.c_str());
        for (const auto& t : after)
            if (std::none_of(before.begin(), before.end(),
                             [&](const TopicInfo& b) { return b.key == t.key; }))
                QVERIFY2(t.key.rfind(home.back() + ".", 0) == 0, t.key.c_str());
        BeamOptions beam; // wide enough for all of the split leaf's near-identical children
        beam.beam_width = 64;
        for (std::size_t i = 0; i < near.size(); i += 25) {
            const auto hits = grown->search(near[i], 1, beam);
            QCOMPARE(QString::fromStdString(hits.at(0).node_id), QString::fromStdString(ids[i]));
        }
    }

    void deletedVectorsLeaveTheTreeAndOtherModelsRebuild() {
        test::TempDir tmp;
        auto vault = Vault::create(tmp.path() / "v");
        QVERIFY(vault.is_ok());
        const Database& db = (*vault)->db();
        const auto s = clustered(1000, 16, 10, 0, 17);
        insert_vectors(db, "mem_tree_chunk_embeddings", "sig", s.ids, s.vectors);
        insert_vectors(db, "mem_tree_chunk_embeddings", "other", s.ids, s.vectors);
        auto built = TopicIndex::load(db, "sig", small_tree());
        QVERIFY(built.is_ok() && built->save(db).is_ok());

        QVERIFY(db.exec("DELETE FROM mem_tree_chunk_embeddings WHERE model_signature = 'sig' "
                        "AND chunk_id < 'c000050'")
                    .is_ok());
        // Mapped: the deleted vectors are dead positions, never found or returned.
        auto mapped_shrunk = TopicIndex::load(db, "sig", small_tree());
        QVERIFY(mapped_shrunk.is_ok() && mapped_shrunk->mapped());
        QVERIFY(!mapped_shrunk->position(s.ids[10]));
        for (const VectorHit& h : mapped_shrunk->exact(s.vectors[10], 1000))
            QVERIFY2(h.node_id >= "c000050", h.node_id.c_str());
        QCOMPARE(mapped_shrunk->exact(s.vectors[10], 1000).size(), std::size_t(950));
        // Without the file, the stored tree drops them.
        std::filesystem::remove(index_file(db));
        auto shrunk = TopicIndex::load(db, "sig", small_tree());
        QVERIFY(shrunk.is_ok());
        QVERIFY(!shrunk->load_info().rebuilt);
        QCOMPARE(shrunk->load_info().dropped_members, std::size_t(50));
        QCOMPARE(shrunk->size(), std::size_t(950));
        QVERIFY(!shrunk->position(s.ids[10]));

        // Same ids, same dimension, another model: the stored tree's centroids mean nothing.
        auto other = TopicIndex::load(db, "other", small_tree());
        QVERIFY(other.is_ok());
        QVERIFY(other->load_info().rebuilt);
    }

    // Opening a vault maps the index file save() wrote instead of reading every vector: the
    // same index, answering bit for bit the same; any other state of the file is ignored.
    // A store appends (docs/formats.md, "The topic index"): a vector written after the file
    // leaves the file as it is, is found the moment it is written (by a fresh load and by an
    // open index's refresh), replaces the one its node had, and a deleted one is never
    // returned; save() folds them in, and the exact answers are the same before and after.
    void writesAreSearchedBesideTheFileUntilFolded() {
        test::TempDir tmp;
        auto vault = Vault::create(tmp.path() / "v");
        QVERIFY(vault.is_ok());
        const Database& db = (*vault)->db();
        const auto s = clustered(2003, 32, 20, 4, 31);
        const std::vector<std::string> base_ids(s.ids.begin(), s.ids.begin() + 2000);
        const std::vector<Vector> base_vectors(s.vectors.begin(), s.vectors.begin() + 2000);
        insert_vectors(db, "mem_tree_chunk_embeddings", "sig", base_ids, base_vectors);
        auto built = TopicIndex::load(db, "sig", small_tree());
        QVERIFY(built.is_ok() && built->save(db).is_ok());
        auto open = TopicIndex::load(db, "sig", small_tree(), false, TopicFileCheck::PerRow);
        QVERIFY(open.is_ok() && open->mapped());
        struct stat before {};
        QCOMPARE(::stat(index_file(db).c_str(), &before), 0);

        // A new memory whose vector is the first query, one whose vector changes to the
        // second query, and one deleted.
        insert_vectors(db, "mem_tree_chunk_embeddings", "sig", {"new-one"}, {s.queries[0]});
        auto update = db.prepare("UPDATE mem_tree_chunk_embeddings SET vector = ? WHERE "
                                 "chunk_id = ? AND model_signature = 'sig'");
        QVERIFY(update.is_ok());
        update->bind_blob(1, encode_vector(s.queries[1])).bind(2, s.ids[5]);
        QVERIFY(update->exec().is_ok());
        QVERIFY(db.exec("DELETE FROM mem_tree_chunk_embeddings WHERE chunk_id = '" + s.ids[7] + "'")
                    .is_ok());

        struct stat after {};
        QCOMPARE(::stat(index_file(db).c_str(), &after), 0);
        QCOMPARE(after.st_ino, before.st_ino);
        QCOMPARE(after.st_size, before.st_size);
        QCOMPARE(after.st_mtim.tv_nsec, before.st_mtim.tv_nsec);

        auto fresh = TopicIndex::load(db, "sig", small_tree());
        QVERIFY(fresh.is_ok());
        auto refreshed = open->refresh(db);
        QVERIFY2(refreshed.is_ok(), refreshed.status().to_string().c_str());
        QVERIFY(*refreshed);
        BeamOptions narrow;
        narrow.beam_width = 1;
        for (TopicIndex* index : {&*fresh, &*open}) {
            QVERIFY(index->mapped());
            QCOMPARE(index->unfolded(), std::size_t(2));
            QCOMPARE(index->search(s.queries[0], 1, narrow).at(0).node_id, std::string("new-one"));
            QCOMPARE(index->exact(s.queries[0], 1).at(0).node_id, std::string("new-one"));
            QCOMPARE(index->search(s.queries[1], 1, narrow).at(0).node_id, s.ids[5]);
            const auto all = index->exact(s.queries[1], 5000);
            QCOMPARE(all.size(), std::size_t(2000)); // 2000 + 1 new - 1 deleted, c5 once
            QCOMPARE(std::count_if(all.begin(), all.end(),
                                   [&](const VectorHit& h) { return h.node_id == s.ids[5]; }),
                     std::ptrdiff_t(1));
            QVERIFY(!index->position(s.ids[7]));
            QVERIFY(std::none_of(all.begin(), all.end(),
                                 [&](const VectorHit& h) { return h.node_id == s.ids[7]; }));
            QVERIFY(std::abs(cosine(index->vector_at(*index->position(s.ids[5])), s.queries[1]) -
                             1.0) < 1e-6);
        }
        const auto exact_before = fresh->exact(s.queries[2], 50);

        // Folded: one new file, the list emptied, the same exact answers; an index of the old
        // file is told to load again.
        QVERIFY(fresh->save(db).is_ok());
        QCOMPARE(db.query_int("SELECT count(*) FROM ml_topic_delta").value(), std::int64_t(0));
        auto folded = TopicIndex::load(db, "sig", small_tree());
        QVERIFY(folded.is_ok() && folded->mapped());
        QCOMPARE(folded->unfolded(), std::size_t(0));
        QCOMPARE(folded->size(), std::size_t(2000));
        const auto exact_after = folded->exact(s.queries[2], 50);
        QCOMPARE(ids_of(exact_after), ids_of(exact_before));
        for (std::size_t i = 0; i < exact_after.size(); ++i)
            QCOMPARE(exact_after[i].similarity, exact_before[i].similarity);
        QCOMPARE(folded->exact(s.queries[0], 1).at(0).node_id, std::string("new-one"));
        QVERIFY(!folded->topic_path_of(*folded->position("new-one")).empty()); // in a leaf now
        auto stale = open->refresh(db);
        QVERIFY(stale.is_ok() && !*stale);
    }

    // An import past TopicIndex::kMaxUnfoldedRows folds the listed vectors into a new file
    // without the write lock (fold_listed): while it writes, another connection stores (and
    // takes the lock at once), publishes (which leaves the fold's uncommitted file alone) and
    // cannot start a second fold; what that store listed stays listed beside the new file.
    // When another writer replaced the file meanwhile, the fold commits nothing and leaves no
    // file behind.
    void foldWritesItsFileWithoutTheWriteLock() {
        test::TempDir tmp;
        auto vault = Vault::create(tmp.path() / "v");
        QVERIFY(vault.is_ok());
        const Database& db = (*vault)->db();
        const auto s = clustered(2012, 32, 20, 4, 37);
        insert_vectors(db, "mem_tree_chunk_embeddings", "sig",
                       std::vector<std::string>(s.ids.begin(), s.ids.begin() + 2000),
                       std::vector<Vector>(s.vectors.begin(), s.vectors.begin() + 2000));
        auto built = TopicIndex::load(db, "sig", small_tree());
        QVERIFY(built.is_ok() && built->save(db).is_ok());
        insert_vectors(db, "mem_tree_chunk_embeddings", "sig",
                       std::vector<std::string>(s.ids.begin() + 2000, s.ids.begin() + 2010),
                       std::vector<Vector>(s.vectors.begin() + 2000, s.vectors.begin() + 2010));
        const char* token_sql = "SELECT value FROM ml_settings WHERE key = 'topic_tree.file_token'";
        const std::string token_before = text_of(db, token_sql);
        QVERIFY(!token_before.empty());

        auto other = Vault::open(tmp.path() / "v", false);
        QVERIFY(other.is_ok());
        const Database& odb = (*other)->db();
        bool stored = false, second_fold_refused = false;
        auto folded = TopicIndex::fold_listed(db, "sig", nullptr, [&] {
            auto tx = Transaction::begin(odb); // the lock is free while the file is written
            if (!tx)
                return;
            insert_vectors(odb, "mem_tree_chunk_embeddings", "sig", {s.ids[2010]},
                           {s.vectors[2010]});
            stored = tx->commit().is_ok();
            (void)TopicIndex::publish_file(odb);
            auto second = TopicIndex::fold_listed(odb, "sig");
            second_fold_refused = second.is_ok() && !*second;
        });
        QVERIFY2(folded.is_ok(), folded.status().to_string().c_str());
        QVERIFY(*folded);
        QVERIFY(stored);
        QVERIFY(second_fold_refused);
        QVERIFY(text_of(db, token_sql) != token_before);
        QCOMPARE(text_of(db, "SELECT group_concat(node_id) FROM ml_topic_delta"), s.ids[2010]);
        auto after = TopicIndex::load(db, "sig", small_tree());
        QVERIFY(after.is_ok() && after->mapped());
        QCOMPARE(after->unfolded(), std::size_t(1));
        QCOMPARE(after->size(), std::size_t(2011));
        for (std::size_t i = 2000; i < 2010; ++i) // folded: in a leaf of the new file
            QVERIFY(!after->topic_path_of(*after->position(s.ids[i])).empty());
        QCOMPARE(after->exact(s.vectors[2010], 1).at(0).node_id, s.ids[2010]);
        QCOMPARE(pending_files(tmp.path() / "v"), std::size_t(0));

        // Replaced meanwhile: a reindex's save() commits first; the fold commits nothing.
        insert_vectors(db, "mem_tree_chunk_embeddings", "sig", {s.ids[2011]}, {s.vectors[2011]});
        std::string replaced_by;
        auto late = TopicIndex::fold_listed(db, "sig", nullptr, [&] {
            auto index = TopicIndex::load(odb, "sig", small_tree());
            if (index && index->save(odb).is_ok())
                replaced_by = text_of(odb, token_sql);
        });
        QVERIFY(late.is_ok());
        QVERIFY(!*late);
        QVERIFY(!replaced_by.empty());
        QCOMPARE(text_of(db, token_sql), replaced_by);
        QCOMPARE(db.query_int("SELECT count(*) FROM ml_topic_delta").value(), std::int64_t(0));
        QCOMPARE(pending_files(tmp.path() / "v"), std::size_t(0));

        // Cancelled once its file is written: nothing committed, the file gone, the list kept.
        insert_vectors(db, "mem_tree_chunk_embeddings", "sig", {"late-one"}, {s.vectors[3]});
        std::atomic_bool cancel{false};
        auto stopped = TopicIndex::fold_listed(db, "sig", &cancel, [&] { cancel = true; });
        QVERIFY(stopped.is_ok());
        QVERIFY(!*stopped);
        QCOMPARE(text_of(db, token_sql), replaced_by);
        QCOMPARE(text_of(db, "SELECT group_concat(node_id) FROM ml_topic_delta"),
                 std::string("late-one"));
        QCOMPARE(pending_files(tmp.path() / "v"), std::size_t(0));
    }

    // An agent's stores leave the fold to the server's TopicFolder: a request while the list is
    // within the bound does nothing; past it, the folder folds on its own thread and connection.
    void theFolderFoldsOnlyPastTheBound() {
        test::TempDir tmp;
        auto vault = Vault::create(tmp.path() / "v");
        QVERIFY(vault.is_ok());
        const Database& db = (*vault)->db();
        const std::size_t listed = TopicIndex::kMaxUnfoldedRows + 1;
        const auto s = clustered(500 + listed, 16, 10, 1, 41);
        insert_vectors(db, "mem_tree_chunk_embeddings", "sig",
                       std::vector<std::string>(s.ids.begin(), s.ids.begin() + 500),
                       std::vector<Vector>(s.vectors.begin(), s.vectors.begin() + 500));
        auto built = TopicIndex::load(db, "sig", small_tree());
        QVERIFY(built.is_ok() && built->save(db).is_ok());
        const auto list = [&](std::size_t from, std::size_t to) {
            insert_vectors(db, "mem_tree_chunk_embeddings", "sig",
                           std::vector<std::string>(s.ids.begin() + std::ptrdiff_t(from),
                                                    s.ids.begin() + std::ptrdiff_t(to)),
                           std::vector<Vector>(s.vectors.begin() + std::ptrdiff_t(from),
                                               s.vectors.begin() + std::ptrdiff_t(to)));
        };
        list(500, 500 + listed - 1); // exactly the bound
        TopicFolder folder(tmp.path() / "v", "sig");
        folder.request();
        QCOMPARE(folder.wait_idle(), std::size_t(0));
        QCOMPARE(db.query_int("SELECT count(*) FROM ml_topic_delta").value(),
                 std::int64_t(TopicIndex::kMaxUnfoldedRows));
        list(500 + listed - 1, 500 + listed); // one past it
        folder.request();
        QCOMPARE(folder.wait_idle(), std::size_t(1));
        QCOMPARE(db.query_int("SELECT count(*) FROM ml_topic_delta").value(), std::int64_t(0));
        auto after = TopicIndex::load(db, "sig", small_tree());
        QVERIFY(after.is_ok() && after->mapped());
        QCOMPARE(after->size(), 500 + listed);
        QCOMPARE(after->unfolded(), std::size_t(0));
    }

    void savedIndexIsMappedFromItsFile() {
        test::TempDir tmp;
        auto vault = Vault::create(tmp.path() / "v");
        QVERIFY(vault.is_ok());
        const Database& db = (*vault)->db();
        const auto s = clustered(3000, 24, 20, 10, 21);
        insert_vectors(db, "mem_tree_chunk_embeddings", "sig",
                       {s.ids.begin(), s.ids.begin() + 2900},
                       {s.vectors.begin(), s.vectors.begin() + 2900});
        auto built = TopicIndex::load(db, "sig", small_tree());
        QVERIFY(built.is_ok() && built->load_info().rebuilt && !built->mapped());
        QVERIFY(built->save(db).is_ok());
        const auto file = tmp.path() / "v" / "topic-index.bin";
        QVERIFY(std::filesystem::exists(file));

        auto mapped = TopicIndex::load(db, "sig", small_tree());
        QVERIFY2(mapped.is_ok(), mapped.status().to_string().c_str());
        QVERIFY(mapped->mapped() && mapped->load_info().from_file);
        QVERIFY(!mapped->load_info().rebuilt);
        QCOMPARE(mapped->size(), built->size());
        QCOMPARE(mapped->dim(), built->dim());
        QVERIFY(same_topics(*built, *mapped));
        BeamOptions narrow, wide;
        narrow.beam_width = 3;
        wide.beam_width = 64; // wide enough for the int8 pre-scoring pass
        for (const Vector& q : s.queries) {
            for (const BeamOptions& beam : {narrow, wide}) {
                const auto a = built->search(q, 10, beam);
                const auto b = mapped->search(q, 10, beam);
                QCOMPARE(ids_of(a), ids_of(b));
                for (std::size_t i = 0; i < a.size(); ++i) {
                    QCOMPARE(a[i].similarity, b[i].similarity);
                    QVERIFY(a[i].topic_path == b[i].topic_path);
                }
            }
            const auto ea = built->exact(q, 25);
            const auto eb = mapped->exact(q, 25);
            QCOMPARE(ids_of(ea), ids_of(eb));
            for (std::size_t i = 0; i < ea.size(); ++i)
                QCOMPARE(ea[i].similarity, eb[i].similarity);
        }
        std::vector<float> row(mapped->dim());
        for (std::size_t i : {0u, 777u, 2899u}) {
            const auto pos = mapped->position(s.ids[i]);
            QVERIFY(pos.has_value());
            QCOMPARE(QString::fromStdString(std::string(mapped->id_at(*pos))),
                     QString::fromStdString(s.ids[i]));
            QVERIFY(std::abs(cosine(mapped->vector_at(*pos), s.vectors[i]) - 1.0) < 1e-6);
            mapped->copy_vector(*pos, row.data());
            QVERIFY(std::equal(row.begin(), row.end(), mapped->vector_at(*pos).begin()));
            QVERIFY(mapped->topic_path_of(*pos) ==
                    built->topic_path_of(*built->position(s.ids[i])));
        }
        QVERIFY(!mapped->position("no-such-id"));
        QVERIFY(!mapped->position(""));

        // Saving a mapped index writes the same file again, and it maps again.
        QVERIFY(mapped->save(db).is_ok());
        auto remapped = TopicIndex::load(db, "sig", small_tree());
        QVERIFY(remapped.is_ok() && remapped->mapped());
        QCOMPARE(ids_of(remapped->search(s.queries[0], 10, narrow)),
                 ids_of(built->search(s.queries[0], 10, narrow)));

        // A vector written by any writer (a trigger lists it in ml_topic_delta): the file stays
        // current and the new vector is read beside it; save() folds it into a new file.
        insert_vectors(db, "mem_tree_chunk_embeddings", "sig", {s.ids[2900]}, {s.vectors[2900]});
        auto grown = TopicIndex::load(db, "sig", small_tree());
        QVERIFY(grown.is_ok());
        QVERIFY(grown->mapped());
        QCOMPARE(grown->unfolded(), std::size_t(1));
        QCOMPARE(grown->size(), std::size_t(2901));
        QVERIFY(grown->save(db).is_ok());
        QCOMPARE(grown->load_info().newly_assigned, std::size_t(1));
        auto folded = TopicIndex::load(db, "sig", small_tree());
        QVERIFY(folded.is_ok() && folded->mapped());
        QCOMPARE(folded->unfolded(), std::size_t(0));
        QCOMPARE(folded->size(), std::size_t(2901));
        QCOMPARE(db.query_int("SELECT count(*) FROM ml_topic_delta").value(), std::int64_t(0));

        // Damaged files are ignored, never trusted: cut short, or bytes changed in the tree.
        const auto size = std::filesystem::file_size(file);
        const std::string saved = [&] {
            std::ifstream in(file, std::ios::binary);
            return std::string(std::istreambuf_iterator<char>(in), {});
        }();
        auto write_file = [&](const std::string& bytes) {
            std::ofstream out(file, std::ios::binary | std::ios::trunc);
            out.write(bytes.data(), std::streamsize(bytes.size()));
        };
        auto check_fallback = [&](const char* what) {
            auto again = TopicIndex::load(db, "sig", small_tree());
            QVERIFY2(again.is_ok(), what);
            QVERIFY2(!again->mapped(), what);
            QCOMPARE(again->size(), std::size_t(2901));
            QCOMPARE(ids_of(again->search(s.queries[1], 10, narrow)),
                     ids_of(grown->search(s.queries[1], 10, narrow)));
        };
        write_file(saved.substr(0, std::size_t(size / 2)));
        check_fallback("truncated");
        std::string garbled = saved;
        for (std::size_t i = 256; i < 1024 && i < garbled.size(); ++i)
            garbled[i] = char(0xff);
        write_file(garbled);
        check_fallback("node records overwritten");
        std::filesystem::remove(file);
        check_fallback("missing");
        write_file(saved);
        auto restored = TopicIndex::load(db, "sig", small_tree());
        QVERIFY(restored.is_ok() && restored->mapped());

        // Another model's vectors never map this model's file.
        insert_vectors(db, "mem_tree_chunk_embeddings", "other", {s.ids[0]}, {s.vectors[0]});
        auto other = TopicIndex::load(db, "other", small_tree());
        QVERIFY(other.is_ok() && !other->mapped());

        // A read-only open maps it too; the file outlives a writer replacing it under a reader.
        QVERIFY(grown->save(db).is_ok());
        auto ro = Vault::open(tmp.path() / "v", true);
        QVERIFY2(ro.is_ok(), ro.status().to_string().c_str());
        auto reader = TopicIndex::load((*ro)->db(), "sig", small_tree());
        QVERIFY(reader.is_ok() && reader->mapped());
        QVERIFY(grown->save(db).is_ok()); // replaces the file the reader has mapped
        QCOMPARE(ids_of(reader->search(s.queries[2], 10, narrow)),
                 ids_of(grown->search(s.queries[2], 10, narrow)));
    }

    void emptyVaultGivesEmptyIndex() {
        test::TempDir tmp;
        auto vault = Vault::create(tmp.path() / "v");
        QVERIFY(vault.is_ok());
        auto index = TopicIndex::load((*vault)->db(), "sig");
        QVERIFY2(index.is_ok(), index.status().to_string().c_str());
        QCOMPARE(index->size(), std::size_t(0));
        QVERIFY(index->search(Vector{1.0f}, 10, {}).empty());
        QVERIFY(index->exact(Vector{1.0f}, 10).empty());
        QVERIFY(index->save((*vault)->db()).is_ok());
        QVERIFY(TopicIndex().search(Vector{1.0f}, 10, {}).empty());
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestTopicTree)
#include "tst_topic_tree.moc"
} // namespace tst_topic_tree
