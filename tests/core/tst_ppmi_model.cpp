// The vault-trained word model (PpmiModel, ppmi_model.h): words used in the same kind of turns
// come out close, the same text gives the same model, and its file round-trips and refuses
// damage with a message naming the file. As a vault's embedder (embedder.kind ppmi): learned
// at the first import that brings enough text, kept beside vault.db, and searched with.
#include "suite.h"
#include "testsupport.h"

#include <memlens/generate.h>
#include <memlens/import.h>
#include <memlens/ingest.h>
#include <memlens/ppmi_model.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <QtTest>

#include <fstream>
#include <random>

namespace tst_ppmi_model {

using namespace memlens;

namespace {

// Chats in which "espresso" and "latte" are said about the same things (the café, a mug, the
// morning) and never together, and "bicycle" and "tyre" about others (the ride, the hill).
std::vector<std::vector<std::string>> corpus() {
    const std::vector<std::string> drinks = {"espresso", "latte"};
    const std::vector<std::string> cafe = {"cafe",    "mug", "morning", "barista",
                                           "roasted", "cup", "milk",    "beans"};
    const std::vector<std::string> bikes = {"bicycle", "tyre"};
    const std::vector<std::string> ride = {"ride",  "hill",  "saddle", "pedal",
                                           "chain", "gears", "helmet", "route"};
    std::mt19937 rng(7);
    std::vector<std::vector<std::string>> groups;
    for (int g = 0; g < 60; ++g) {
        std::vector<std::string> turns;
        for (int t = 0; t < 12; ++t) {
            const bool coffee = (g + t) % 2 == 0;
            const auto& head = coffee ? drinks : bikes;
            const auto& about = coffee ? cafe : ride;
            std::string text = "I had " + head[rng() % 2] + " with";
            for (int w = 0; w < 4; ++w)
                text += " " + about[rng() % about.size()];
            turns.push_back(text + ".");
            turns.push_back("Sounds nice, tell me more about the " + about[rng() % about.size()] +
                            ".");
        }
        groups.push_back(std::move(turns));
    }
    return groups;
}

double cos(const Vector& a, const Vector& b) {
    return cosine(a, b);
}

} // namespace

class TestPpmiModel : public QObject {
    Q_OBJECT
private slots:
    void wordsOfTheSameTurnsComeOutClose() {
        PpmiOptions o;
        o.dim = 8;
        auto m = PpmiModel::train(corpus(), o);
        QVERIFY2(m.is_ok(), m.status().to_string().c_str());
        const Vector espresso = m->word_vector("espresso"), latte = m->word_vector("latte"),
                     bicycle = m->word_vector("bicycle"), tyre = m->word_vector("tyre");
        QVERIFY(!espresso.empty() && !latte.empty() && !bicycle.empty() && !tyre.empty());
        // Never in one turn, but in the same company.
        QVERIFY2(
            cos(espresso, latte) > cos(espresso, bicycle) + 0.3,
            (std::to_string(cos(espresso, latte)) + " vs " + std::to_string(cos(espresso, bicycle)))
                .c_str());
        QVERIFY(cos(bicycle, tyre) > cos(bicycle, latte) + 0.3);
        // A text is near the texts about the same things, though it shares no word with them.
        const Vector q = m->embed("Which espresso did I drink?");
        QVERIFY(cos(q, m->embed("a latte with milk")) > cos(q, m->embed("a tyre on the hill")));
        // Unit length, or zero when no word is known.
        double norm = 0;
        for (float x : q)
            norm += double(x) * x;
        QVERIFY(std::abs(norm - 1.0) < 1e-4);
        const Vector nothing = m->embed("zebra quokka");
        QVERIFY(std::all_of(nothing.begin(), nothing.end(), [](float x) { return x == 0.0f; }));
        QCOMPARE(m->word_vector("zebra").size(), std::size_t{0});
    }

    void theSameTextGivesTheSameModel() {
        PpmiOptions o;
        o.dim = 8;
        auto a = PpmiModel::train(corpus(), o);
        auto b = PpmiModel::train(corpus(), o);
        QVERIFY(a.is_ok() && b.is_ok());
        QCOMPARE(a->signature(), b->signature());
        QVERIFY(a->embed("espresso in the morning") == b->embed("espresso in the morning"));
        QVERIFY(a->signature().rfind("memlens-ppmi-v1:8:", 0) == 0);
        auto other = corpus();
        other[0][0] = "I had a bicycle with a helmet and a mug.";
        auto c = PpmiModel::train(other, o);
        QVERIFY(c.is_ok());
        QVERIFY(c->signature() != a->signature());
    }

    void tooLittleTextIsRefused() {
        auto m = PpmiModel::train({{"just one turn about espresso"}});
        QVERIFY(!m.is_ok());
        QVERIFY2(m.status().message().find("too little text") != std::string::npos,
                 m.status().to_string().c_str());
        PpmiOptions zero;
        zero.dim = 0;
        QVERIFY(!PpmiModel::train(corpus(), zero).is_ok());
    }

    void theFileRoundTripsAndRefusesDamage() {
        test::TempDir tmp;
        PpmiOptions o;
        o.dim = 8;
        auto m = PpmiModel::train(corpus(), o);
        QVERIFY(m.is_ok());
        const auto file = tmp.path() / "words.bin";
        QVERIFY(m->save(file).is_ok());
        auto back = PpmiModel::load(file);
        QVERIFY2(back.is_ok(), back.status().to_string().c_str());
        QCOMPARE(back->signature(), m->signature());
        QCOMPARE(back->vocabulary(), m->vocabulary());
        QVERIFY(back->embed("a latte and a bicycle") == m->embed("a latte and a bicycle"));

        // One byte changed in the middle: refused, naming the file.
        std::string bytes;
        {
            std::ifstream in(file, std::ios::binary);
            bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        }
        bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0x5a);
        {
            std::ofstream out(file, std::ios::binary | std::ios::trunc);
            out << bytes;
        }
        auto damaged = PpmiModel::load(file);
        QVERIFY(!damaged.is_ok());
        QVERIFY2(damaged.status().message().find(file.string()) != std::string::npos &&
                     damaged.status().message().find("damaged") != std::string::npos,
                 damaged.status().to_string().c_str());
        // Cut short, and not a model at all.
        {
            std::ofstream out(file, std::ios::binary | std::ios::trunc);
            out << bytes.substr(0, 20);
        }
        QVERIFY(!PpmiModel::load(file).is_ok());
        {
            std::ofstream out(file, std::ios::binary | std::ios::trunc);
            out << "{\"not\": \"a model\"}";
        }
        auto other = PpmiModel::load(file);
        QVERIFY(!other.is_ok());
        QVERIFY(other.status().message().find("not a memlens word model") != std::string::npos);
        QVERIFY(!PpmiModel::load(tmp.path() / "missing.bin").is_ok());
    }

    // embedder.kind ppmi: nothing learned in an empty vault; the first import of a chat learns
    // the model, writes words.ppmi and stores its vectors under the model's signature; the
    // vault opened again embeds with the same model, and a query's vector leg ranks with it.
    void aVaultLearnsItsWordsAtItsFirstImport() {
        test::TempDir tmp;
        ConversationOptions g;
        g.sessions = 12;
        QVERIFY(generate_conversation_file(tmp.file("chat.json"), g).is_ok());
        auto sources = import_locomo(tmp.file("chat.json"));
        QVERIFY(sources.is_ok());
        auto vault = Vault::create(tmp.path() / "v");
        QVERIFY(vault.is_ok());
        QVERIFY((*vault)->set_setting("embedder.kind", "ppmi").is_ok());
        QVERIFY((*vault)->set_setting("embedder.ppmi.dim", "16").is_ok());
        auto emb = make_embedder_for(**vault);
        QVERIFY2(emb.is_ok(), emb.status().to_string().c_str());
        QVERIFY((*emb)->needs_learning());
        QCOMPARE((*emb)->signature(), std::string("memlens-ppmi-v1:unlearned"));

        // Too little text: stored, nothing learned, nothing written beside the vault.
        IngestSource one = (*sources)[0];
        one.items.resize(1);
        {
            Ingestor in(**vault, **emb);
            QVERIFY(in.ingest({one}).is_ok());
        }
        QVERIFY((*emb)->needs_learning());
        QVERIFY(!std::filesystem::exists(tmp.path() / "v" / "words.ppmi"));

        Ingestor in(**vault, **emb);
        auto report = in.ingest(*sources);
        QVERIFY2(report.is_ok(), report.status().to_string().c_str());
        QVERIFY(!(*emb)->needs_learning());
        const std::string sig = (*emb)->signature();
        QVERIFY2(sig.rfind("memlens-ppmi-v1:16:", 0) == 0, sig.c_str());
        QVERIFY(std::filesystem::exists(tmp.path() / "v" / "words.ppmi"));
        auto stored = (*vault)->db().query_int(
            "SELECT count(*) FROM mem_tree_chunk_embeddings WHERE model_signature = '" + sig + "'");
        QVERIFY(stored.is_ok());
        QCOMPARE(*stored, static_cast<std::int64_t>(report->chunks));

        auto again = make_embedder_for(**vault);
        QVERIFY(again.is_ok());
        QCOMPARE((*again)->signature(), sig);
        QVERIFY(!(*again)->needs_learning());

        SearchEngineOptions o;
        o.audit = false;
        auto engine = SearchEngine::open(**vault, o);
        QVERIFY2(engine.is_ok(), engine.status().to_string().c_str());
        auto ans = (*engine)->query("What did Natalia make at the pottery class?", QueryOptions{});
        QVERIFY2(ans.is_ok(), ans.status().to_string().c_str());
        QVERIFY(ans->response.vector.ran);
        QVERIFY(ans->response.vector.count > 0);
        QVERIFY(ans->response.vector.weight > 0.5); // not the hash embedder's 0.01
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestPpmiModel)
#include "tst_ppmi_model.moc"
} // namespace tst_ppmi_model
