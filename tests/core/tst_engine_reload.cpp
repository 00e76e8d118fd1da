// A SearchEngine reloads what it keeps when the vault's revision moves, and a reload that fails
// leaves it stale: the next query tries again instead of running on half-replaced state.
#include "suite.h"
#include "testsupport.h"

// types.h names a field `signals`, which Qt's keyword macro would rewrite to `public`.
#undef signals

#include <memlens/embedder.h>
#include <memlens/ingest.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <QtTest>

#include <fstream>

namespace tst_engine_reload {

using namespace memlens;

namespace {

using test::must;

IngestSource chat(const std::string& text, std::int64_t ts_ms) {
    IngestSource s;
    s.source_id = "slack:#eng";
    s.source_kind = "chat";
    s.platform = "slack";
    s.format = "jsonl";
    IngestItem it;
    it.author = "ann";
    it.ts_ms = ts_ms;
    it.text = text;
    s.items = {it};
    return s;
}

SearchRequest request(const std::string& text) {
    SearchRequest req;
    req.query = text;
    req.audit = false;
    return req;
}

} // namespace

class TestEngineReload : public QObject {
    Q_OBJECT
private slots:
    void aFailedReloadIsRetriedByTheNextQuery() {
        test::TempDir tmp;
        auto vault = must(Vault::create(tmp.path() / "v"), "create");
        auto emb = must(make_embedder_for(*vault), "embedder");
        Ingestor ing(*vault, *emb);
        must(ing.ingest({chat("the phoenix launch review is on friday", 1'704'067'200'000)}),
             "ingest");
        auto engine = must(SearchEngine::open(*vault), "engine");
        QVERIFY(must(engine->search(request("phoenix")), "search").result.hits.size() == 1);

        // New data moves the revision; then the registry becomes unreadable (a file where its
        // folder belongs), so the reload that the next query starts fails.
        must(ing.ingest({chat("zeppelin maintenance is due", 1'704'153'600'000)}), "ingest");
        QVERIFY(engine->stale());
        const auto registry = vault->entities_dir();
        std::filesystem::remove_all(registry);
        std::ofstream(registry) << "not a folder\n";

        auto failed = engine->search(request("zeppelin"));
        QVERIFY(!failed.is_ok());
        QVERIFY2(failed.status().message().find("entity registry") != std::string::npos,
                 failed.status().to_string().c_str());
        QVERIFY2(engine->stale(), "a failed reload must leave the engine stale");
        // The next query tries the reload again, and fails the same way rather than answering
        // from what the failed reload left behind.
        auto again = engine->search(request("zeppelin"));
        QVERIFY(!again.is_ok());
        QVERIFY(again.status().message().find("entity registry") != std::string::npos);

        // Once the registry is back, the next query reloads and finds the new chunk.
        std::filesystem::remove(registry);
        std::filesystem::create_directory(registry);
        auto ok = must(engine->search(request("zeppelin")), "search after the repair");
        QVERIFY(!engine->stale());
        QVERIFY(!ok.result.hits.empty());
        QVERIFY(ok.result.hits.front().content.find("zeppelin") != std::string::npos);
    }

    void anExplicitReloadThatFailsLeavesTheEngineStale() {
        test::TempDir tmp;
        auto vault = must(Vault::create(tmp.path() / "v"), "create");
        auto emb = must(make_embedder_for(*vault), "embedder");
        Ingestor ing(*vault, *emb);
        must(ing.ingest({chat("the phoenix launch review is on friday", 1'704'067'200'000)}),
             "ingest");
        auto engine = must(SearchEngine::open(*vault), "engine");
        QVERIFY(!engine->stale());
        std::filesystem::remove_all(vault->entities_dir());
        std::ofstream(vault->entities_dir()) << "not a folder\n";
        QVERIFY(!engine->reload().is_ok());
        QVERIFY(engine->stale());
        QVERIFY(!engine->search(request("phoenix")).is_ok());
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestEngineReload)
#include "tst_engine_reload.moc"
} // namespace tst_engine_reload
