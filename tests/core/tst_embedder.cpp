// The vector codec, cosine/normalize, the built-in hash embedder (deterministic, and related
// texts closer than unrelated ones), and choosing a vault's embedder from its settings.
#include "suite.h"
#include "testsupport.h"

#include <memlens/embedder.h>
#include <memlens/vault.h>

#include <QtTest>

#include <cmath>
#include <cstdlib>

namespace tst_embedder {

using namespace memlens;

namespace {

double norm(const Vector& v) {
    double s = 0.0;
    for (float x : v)
        s += double(x) * x;
    return std::sqrt(s);
}

double similarity(Embedder& e, const std::string& a, const std::string& b) {
    auto va = e.embed_one(a);
    auto vb = e.embed_one(b);
    return cosine(*va, *vb);
}

} // namespace

class TestEmbedder : public QObject {
    Q_OBJECT
private slots:
    void codecRoundTripsExactly() {
        const Vector v = {1.0f, -0.5f, 3.25e-8f, -0.0f, 123456.789f};
        const auto blob = encode_vector(v);
        QCOMPARE(blob.size(), v.size() * 4);
        auto back = decode_vector(blob, v.size());
        QVERIFY2(back.is_ok(), back.status().to_string().c_str());
        QCOMPARE(back->size(), v.size());
        for (std::size_t i = 0; i < v.size(); ++i)
            QCOMPARE(std::memcmp(&(*back)[i], &v[i], 4), 0);
    }

    void codecIsLittleEndianF32() {
        // 1.0f = 0x3F800000: stored low byte first, whatever the host, so vaults move between
        // machines and match the embedding BLOBs of an OpenHuman workspace.
        const auto blob = encode_vector(Vector{1.0f});
        QCOMPARE(blob.size(), std::size_t(4));
        QCOMPARE(int(blob[0]), 0x00);
        QCOMPARE(int(blob[1]), 0x00);
        QCOMPARE(int(blob[2]), 0x80);
        QCOMPARE(int(blob[3]), 0x3F);
    }

    void codecRejectsTruncatedOrWrongDimension() {
        auto blob = encode_vector(Vector{1.0f, 2.0f, 3.0f});
        auto wrong_dim = decode_vector(blob, 4);
        QCOMPARE(wrong_dim.status().code(), StatusCode::Corruption);
        blob.pop_back();
        auto truncated = decode_vector(blob);
        QCOMPARE(truncated.status().code(), StatusCode::Corruption);
        auto empty = decode_vector({});
        QVERIFY(empty.is_ok());
        QVERIFY(empty->empty());
    }

    void cosineEdgeCases() {
        const Vector a = {1.0f, 0.0f, 0.0f};
        const Vector b = {0.0f, 2.0f, 0.0f};
        const Vector zero = {0.0f, 0.0f, 0.0f};
        const Vector shorter = {1.0f, 0.0f};
        QCOMPARE(cosine(a, a), 1.0);
        QCOMPARE(cosine(a, b), 0.0);
        QCOMPARE(cosine(a, Vector{-3.0f, 0.0f, 0.0f}), -1.0);
        QCOMPARE(cosine(a, zero), 0.0);
        QCOMPARE(cosine(zero, zero), 0.0);
        QCOMPARE(cosine(a, shorter), 0.0);
        QCOMPARE(cosine(Vector{}, Vector{}), 0.0);
        QVERIFY(std::abs(cosine(Vector{1, 1}, Vector{1, 0}) - std::sqrt(0.5)) < 1e-12);
    }

    void normalizeScalesToUnitAndKeepsZero() {
        Vector v = {3.0f, 4.0f};
        normalize(v);
        QCOMPARE(v[0], 0.6f);
        QCOMPARE(v[1], 0.8f);
        Vector zero = {0.0f, 0.0f};
        normalize(zero);
        QCOMPARE(zero[0], 0.0f);
        QCOMPARE(zero[1], 0.0f);
    }

    void hashEmbedderIsDeterministicAndUnitLength() {
        auto a = make_hash_embedder();
        auto b = make_hash_embedder();
        const std::vector<std::string> texts = {"Deploy the payments service on Friday",
                                                "Kaffee und Kuchen um drei Uhr", "東京で会議",
                                                "v2.3.1 release notes #launch @alice"};
        auto va = a->embed(texts);
        auto vb = b->embed(texts);
        auto again = a->embed(texts);
        QVERIFY(va.is_ok() && vb.is_ok() && again.is_ok());
        QCOMPARE(va->size(), texts.size());
        for (std::size_t i = 0; i < texts.size(); ++i) {
            QCOMPARE((*va)[i].size(), std::size_t(256));
            QVERIFY((*va)[i] == (*vb)[i]);
            QVERIFY((*va)[i] == (*again)[i]);
            QVERIFY(std::abs(norm((*va)[i]) - 1.0) < 1e-5);
        }
    }

    void hashEmbedderGivesZeroVectorForTextWithoutWords() {
        auto e = make_hash_embedder();
        for (const std::string text : {"", "   ", "?!-- ..."}) {
            auto v = e->embed_one(text);
            QVERIFY(v.is_ok());
            QCOMPARE(v->size(), std::size_t(256));
            QCOMPARE(norm(*v), 0.0);
        }
        // Invalid UTF-8 must not break ingest of the rest of a batch.
        auto bad = e->embed_one(std::string("caf\xC3 \xFF\xFE plan"));
        QVERIFY(bad.is_ok());
        QVERIFY(norm(*bad) > 0.99);
    }

    void relatedTextsAreCloserThanUnrelated_data() {
        QTest::addColumn<QString>("anchor");
        QTest::addColumn<QString>("related");
        QTest::addColumn<QString>("unrelated");
        QTest::newRow("inflection") << "plan"
                                    << "planning"
                                    << "banana";
        QTest::newRow("derivation") << "deploy the service"
                                    << "deployment of services"
                                    << "bake a chocolate cake";
        QTest::newRow("plural+tense") << "the migration failed"
                                      << "migrations are failing"
                                      << "we hired a designer";
        QTest::newRow("subword") << "kubernetes cluster"
                                 << "kubectl on the cluster nodes"
                                 << "quarterly revenue report";
        QTest::newRow("reordered") << "budget review meeting"
                                   << "meeting to review the budget"
                                   << "holiday photos from Lisbon";
        QTest::newRow("misspelt") << "authentication error"
                                  << "authentcation errors"
                                  << "lunch order for friday";
    }
    void relatedTextsAreCloserThanUnrelated() {
        QFETCH(QString, anchor);
        QFETCH(QString, related);
        QFETCH(QString, unrelated);
        auto e = make_hash_embedder();
        const double near = similarity(*e, anchor.toStdString(), related.toStdString());
        const double far = similarity(*e, anchor.toStdString(), unrelated.toStdString());
        QVERIFY2(near > far + 0.2,
                 qPrintable(QStringLiteral("related %1 vs unrelated %2").arg(near).arg(far)));
    }

    void stopwordsWeighLittle() {
        // Two texts sharing only function words stay far apart; sharing the content word
        // makes them close, whatever the function words around it.
        auto e = make_hash_embedder();
        const double shared_stopwords =
            similarity(*e, "the report of the team", "the recipe of the chef");
        const double shared_content = similarity(*e, "the report", "a report for them");
        QVERIFY2(shared_stopwords < 0.3, qPrintable(QString::number(shared_stopwords)));
        QVERIFY2(shared_content > 0.6, qPrintable(QString::number(shared_content)));
    }

    void signatureNamesKindDimensionAndFeatures() {
        auto def = make_hash_embedder();
        QCOMPARE(QString::fromStdString(def->signature()),
                 QStringLiteral("memlens-hash-v1:256:w1.0:c0.5:b0.5:s0.1"));
        QCOMPARE(def->dim(), std::size_t(256));

        HashEmbedderOptions small;
        small.dim = 64;
        auto e64 = make_hash_embedder(small);
        QCOMPARE(e64->dim(), std::size_t(64));
        QVERIFY(e64->signature() != def->signature());
        QCOMPARE(e64->embed_one("plan")->size(), std::size_t(64));

        HashEmbedderOptions heavier_chars;
        heavier_chars.char_weight = 0.75f;
        auto ec = make_hash_embedder(heavier_chars);
        QVERIFY(ec->signature() != def->signature());
        QVERIFY(*ec->embed_one("planning") != *def->embed_one("planning"));
    }

    void cancelStopsABatch() {
        auto e = make_hash_embedder();
        std::atomic_bool cancel{true};
        auto r = e->embed({"a", "b"}, &cancel);
        QCOMPARE(r.status().code(), StatusCode::Cancelled);
    }

    void vaultChoosesHashByDefaultWithItsDimension() {
        test::TempDir tmp;
        auto v = Vault::create(tmp.path() / "v");
        QVERIFY(v.is_ok());
        auto e = make_embedder_for(**v);
        QVERIFY2(e.is_ok(), e.status().to_string().c_str());
        QCOMPARE((*e)->dim(), std::size_t(256));
        QVERIFY((*v)->set_setting("embedder.hash.dim", "96").is_ok());
        auto e96 = make_embedder_for(**v);
        QVERIFY(e96.is_ok());
        QCOMPARE((*e96)->dim(), std::size_t(96));
        QVERIFY((*e96)->signature().find(":96:") != std::string::npos);
    }

    void vaultSettingsErrorsNameTheSetting() {
        test::TempDir tmp;
        auto v = Vault::create(tmp.path() / "v");
        QVERIFY(v.is_ok());
        auto expect_error = [&](const char* key, const char* value, const char* mentioned) {
            QVERIFY((*v)->set_setting(key, value).is_ok());
            auto e = make_embedder_for(**v);
            QVERIFY(!e.is_ok());
            QCOMPARE(e.status().code(), StatusCode::InvalidArgument);
            QVERIFY2(e.status().message().find(mentioned) != std::string::npos,
                     e.status().message().c_str());
        };
        expect_error("embedder.hash.dim", "12x", "embedder.hash.dim");
        QVERIFY((*v)->set_setting("embedder.hash.dim", "0").is_ok());
        QVERIFY(!make_embedder_for(**v).is_ok());
        expect_error("embedder.kind", "word2vec", "embedder.kind");
        expect_error("embedder.kind", "http", "embedder.http.base_url");
        expect_error("embedder.http.base_url", "http://127.0.0.1:9", "embedder.http.model");
        QVERIFY((*v)->set_setting("embedder.http.model", "nomic-embed-text").is_ok());
        expect_error("embedder.http.api_key_env", "MEMLENS_TEST_UNSET_KEY_VARIABLE",
                     "MEMLENS_TEST_UNSET_KEY_VARIABLE");
        qputenv("MEMLENS_TEST_KEY_VARIABLE", "secret");
        QVERIFY(
            (*v)->set_setting("embedder.http.api_key_env", "MEMLENS_TEST_KEY_VARIABLE").is_ok());
        expect_error("embedder.http.timeout_ms", "-5", "embedder.http.timeout_ms");
        QVERIFY((*v)->set_setting("embedder.http.timeout_ms", "1500").is_ok());
        auto e = make_embedder_for(**v);
        QVERIFY2(e.is_ok(), e.status().to_string().c_str());
        QCOMPARE(QString::fromStdString((*e)->signature()),
                 QStringLiteral("http-v1:nomic-embed-text"));
        QCOMPARE((*e)->dim(), std::size_t(0)); // the server decides, on first answer
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestEmbedder)
#include "tst_embedder.moc"
} // namespace tst_embedder
