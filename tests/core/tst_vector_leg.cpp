// The vector leg: beam descent over the topic tree with its reached topics and topic paths,
// chosen by the recall its index file measured; the exact scan for unmeasured small indexes and
// on request, and beam == exact when the beam is as wide as the tree.
#include "suite.h"
#include "testsupport.h"

// types.h names a field `signals`, which Qt's keyword macro would rewrite to `public`.
#undef signals

#include <memlens/embedder.h>
#include <memlens/generate.h>
#include <memlens/ingest.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <QtTest>

#include <set>

namespace tst_vector_leg {

using namespace memlens;

namespace {

using test::must;

} // namespace

class TestVectorLeg : public QObject {
    Q_OBJECT

    test::TempDir tmp_;
    std::unique_ptr<Vault> vault_;
    std::unique_ptr<SearchEngine> engine_;

    SearchResponse run(const std::string& q, bool exact = false) {
        SearchRequest req;
        req.query = q;
        req.mode = SearchMode::Semantic;
        req.mmr_lambda = 1.0;
        req.audit = false;
        req.exact = exact;
        req.limit = 10;
        return must(engine_->search(req), "search");
    }

private slots:
    void initTestCase() {
        vault_ = must(Vault::create(tmp_.path() / "v"), "create");
        auto emb = must(make_embedder_for(*vault_), "embedder");
        GenerateOptions g;
        g.chunks = 2500;
        g.seed = 3;
        g.days = 60;
        Ingestor ing(*vault_, *emb);
        must(ing.ingest(must(generate_sources(g), "generate")), "ingest");
        // Small topics so that 2,500 chunks make a tree with several levels.
        SearchEngineOptions o;
        o.audit = false;
        o.topic_tree.max_leaf_items = 64;
        o.topic_tree.branching = 6;
        engine_ = must(SearchEngine::open(*vault_, o), "engine");
        QVERIFY(engine_->index().size() >= 2500);
    }

    // The file the import wrote measured the beam (TopicIndex::beam_recall): at the default
    // width it finds what the exact scan finds here, so the leg descends, and says why.
    void theBeamRunsWhereItsFileMeasuredItFindsTheExactTop10() {
        // 2,500 chunks are below TopicIndex::kBeamMeasuredFrom: the import's file is not
        // measured, and is when asked to be.
        QVERIFY(!engine_->index().measured_beam_recall(512));
        auto emb = must(make_embedder_for(*vault_), "embedder");
        QVERIFY(
            must(TopicIndex::measure_file(vault_->db(), emb->signature(), nullptr, 0), "measure"));
        QVERIFY(!must(TopicIndex::measure_file(vault_->db(), emb->signature(), nullptr, 0),
                      "measure again")); // measured already
        SearchEngineOptions o;
        o.audit = false;
        o.topic_tree.max_leaf_items = 64;
        o.topic_tree.branching = 6;
        engine_ = must(SearchEngine::open(*vault_, o), "engine");
        const auto measured = engine_->index().measured_beam_recall(512);
        QVERIFY2(measured, "the measured file carries no measurement");
        QVERIFY(*measured >= 0.95 && *measured <= 1.0);
        // The measurement the file carries is the one the index gives when asked again.
        BeamOptions base;
        base.max_depth = RetrievalSettings{}.beam_max_depth;
        base.max_leaf_items = RetrievalSettings{}.beam_max_leaf_items;
        const auto again = engine_->index().beam_recall({64, 512}, 32, base, 100);
        QCOMPARE(again.size(), std::size_t{2});
        QVERIFY(std::abs(again[1].recall - *measured) < 1e-3);
        QVERIFY(again[0].recall <= again[1].recall); // a narrower beam finds no more
        QVERIFY(std::abs(*engine_->index().measured_beam_recall(64) - again[0].recall) < 1e-3);

        auto r = run("deploy the billing service");
        QVERIFY(r.vector.ran);
        QVERIFY(!r.vector.exact);
        QVERIFY(r.vector.beam_recall);
        QCOMPARE(*r.vector.beam_recall, *measured);
        QVERIFY(r.vector.scored < engine_->index().size());

        // Asked for more than it measured, the leg scans exactly and says why.
        QVERIFY(vault_->set_setting("search.beam.min_recall", "1").is_ok());
        QVERIFY(vault_->set_setting("search.beam.width", "64").is_ok());
        auto strict = run("deploy the billing service");
        const bool below = *engine_->index().measured_beam_recall(64) < 1.0;
        QCOMPARE(strict.vector.exact, below);
        if (below)
            QCOMPARE(QString::fromStdString(strict.vector.exact_reason),
                     QStringLiteral("beam recall below the minimum"));
        for (const char* key : {"search.beam.min_recall", "search.beam.width"})
            QVERIFY(vault_->db()
                        .exec(std::string("DELETE FROM ml_settings WHERE key = '") + key + "'")
                        .is_ok());
    }

    // An index file without a measurement (written by an older memlens) is chosen by size.
    void anUnmeasuredSmallIndexUsesTheExactScan() {
        QVERIFY(vault_->db()
                    .exec("DELETE FROM ml_settings WHERE key = 'topic_tree.beam_recall'")
                    .is_ok());
        SearchEngineOptions o;
        o.audit = false;
        auto unmeasured = must(SearchEngine::open(*vault_, o), "engine");
        QVERIFY(!unmeasured->index().measured_beam_recall(512));
        SearchRequest req;
        req.query = "deploy the billing service";
        req.mode = SearchMode::Semantic;
        req.audit = false;
        auto r = must(unmeasured->search(req), "search");
        QVERIFY(r.vector.ran);
        QVERIFY(r.vector.exact);
        QVERIFY(!r.vector.beam_recall);
        QCOMPARE(QString::fromStdString(r.vector.exact_reason), QStringLiteral("small vault"));
        QCOMPARE(r.vector.scored, unmeasured->index().size());
    }

    void beamDescentReachesTopicsAndRecordsPaths() {
        QVERIFY(vault_->set_setting("search.exact_scan_threshold", "0").is_ok());
        QVERIFY(vault_->set_setting("search.beam.width", "2").is_ok());
        auto r = run("deploy the billing service");
        QVERIFY(r.vector.ran);
        QVERIFY(!r.vector.exact);
        QVERIFY(!r.vector.reached_topics.empty());
        QVERIFY(r.vector.reached_topics.size() <= 2);
        QVERIFY(r.vector.scored < engine_->index().size()); // only reached topics are scored
        std::set<std::string> reached(r.vector.reached_topics.begin(),
                                      r.vector.reached_topics.end());
        QVERIFY(!r.result.hits.empty());
        double last = 2.0;
        for (const auto& h : r.result.hits) {
            const auto& e = *h.explanation;
            QVERIFY(e.vector.rank);
            QVERIFY(e.vector.raw_score <= last);
            last = e.vector.raw_score;
            QVERIFY(!e.topic_path.empty());
            QVERIFY2(reached.count(e.topic_path.back()), "a hit comes from a reached topic");
            // The raw score is the cosine of the query and the stored vector.
            auto q = must(engine_->embedder().embed_one("deploy the billing service"), "embed");
            auto pos = engine_->index().position(h.node_id);
            QVERIFY(pos);
            QVERIFY(std::abs(e.vector.raw_score - cosine(q, engine_->index().vector_at(*pos))) <
                    1e-6);
        }
    }

    void requestedExactScan() {
        QVERIFY(vault_->set_setting("search.exact_scan_threshold", "0").is_ok());
        auto r = run("deploy the billing service", true);
        QVERIFY(r.vector.exact);
        QCOMPARE(QString::fromStdString(r.vector.exact_reason), QStringLiteral("requested"));
        // The exact scan is the ground truth: its top hit is the most similar vector there is.
        auto q = must(engine_->embedder().embed_one("deploy the billing service"), "embed");
        double best = -2.0;
        auto st = must(vault_->db().prepare("SELECT id FROM mem_tree_chunks"), "prepare");
        while (*st.step()) {
            auto pos = engine_->index().position(st.column_text(0));
            if (pos)
                best = std::max(best, cosine(q, engine_->index().vector_at(*pos)));
        }
        QVERIFY(std::abs(r.result.hits[0].explanation->vector.raw_score - best) < 1e-6);
    }

    void wideBeamEqualsExact() {
        QVERIFY(vault_->set_setting("search.exact_scan_threshold", "0").is_ok());
        QVERIFY(vault_->set_setting("search.beam.width", "4096").is_ok());
        QVERIFY(vault_->set_setting("search.beam.max_leaf_items", "100000").is_ok());
        for (const char* q : {"deploy the billing service", "quarterly budget review",
                              "who is on call this weekend", "migration to postgres"}) {
            auto beam = run(q);
            auto exact = run(q, true);
            QVERIFY(!beam.vector.exact);
            QCOMPARE(beam.result.hits.size(), exact.result.hits.size());
            for (std::size_t i = 0; i < beam.result.hits.size(); ++i)
                QCOMPARE(beam.result.hits[i].node_id, exact.result.hits[i].node_id);
        }
        for (const char* key :
             {"search.beam.width", "search.beam.max_leaf_items", "search.exact_scan_threshold"})
            QVERIFY(vault_->db()
                        .exec(std::string("DELETE FROM ml_settings WHERE key = '") + key + "'")
                        .is_ok());
    }

    void engineReloadsAfterAnImport() {
        QVERIFY(!engine_->stale());
        const auto before = engine_->index().size();
        auto emb = must(make_embedder_for(*vault_), "embedder");
        IngestSource s;
        s.source_id = "slack:#new";
        s.source_kind = "chat";
        s.platform = "slack";
        s.format = "jsonl";
        IngestItem it;
        it.author = "zed";
        it.ts_ms = 1'710'000'000'000;
        it.text = "a brand new message about zeppelin maintenance";
        s.items = {it};
        Ingestor ing(*vault_, *emb);
        must(ing.ingest({s}), "ingest");
        QVERIFY(engine_->stale());
        auto r = run("zeppelin maintenance");
        QVERIFY(!engine_->stale());
        QVERIFY(engine_->index().size() > before);
        QVERIFY(r.result.hits[0].content.find("zeppelin") != std::string::npos);
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestVectorLeg)
#include "tst_vector_leg.moc"
} // namespace tst_vector_leg
