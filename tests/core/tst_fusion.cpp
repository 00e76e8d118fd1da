// Fusion (RRF and the WeightProfile fold): weighted RRF arithmetic, the contrib > 0 guard,
// hyperbolic recency, the profile modes, the WeightProfile fold and the stable re-rank.
#include "suite.h"
#include "testsupport.h"

// types.h names a field `signals`, which Qt's keyword macro would rewrite to `public`.
#undef signals

#include <memlens/embedder.h>
#include <memlens/ingest.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <QtTest>

namespace tst_fusion {

using namespace memlens;

namespace {

// Explanation::signals read through a function outside any QObject class: moc treats the
// word `signals` in a class body as Qt's keyword.
const SignalSet& signals_of(const Explanation& e) {
    return e.signal_values;
}

constexpr std::int64_t kDay = 86'400'000;
constexpr std::int64_t kT0 = 1'704'067'200'000; // 2024-01-01

IngestItem item(const std::string& author, std::int64_t ts, const std::string& text) {
    IngestItem it;
    it.author = author;
    it.ts_ms = ts;
    it.text = text;
    it.source_ref = author + "@" + std::to_string(ts);
    // Its own thread: the FTS row then holds no neighbouring text, so a match is its own.
    it.group_id = it.source_ref;
    return it;
}

IngestSource chat(const std::string& id, std::vector<IngestItem> items) {
    IngestSource s;
    s.source_id = id;
    s.source_kind = "chat";
    s.platform = "slack";
    s.format = "jsonl";
    s.items = std::move(items);
    return s;
}

using test::must;

struct Fixture {
    test::TempDir tmp;
    std::unique_ptr<Vault> vault;
    std::unique_ptr<SearchEngine> engine;

    explicit Fixture(const std::vector<IngestSource>& sources,
                     const std::map<std::string, std::string>& settings = {}) {
        vault = must(Vault::create(tmp.path() / "v"), "create vault");
        auto emb = must(make_embedder_for(*vault), "embedder");
        Ingestor ing(*vault, *emb);
        must(ing.ingest(sources), "ingest");
        for (const auto& [k, val] : settings)
            if (!vault->set_setting(k, val).is_ok())
                qFatal("set_setting %s", k.c_str());
        SearchEngineOptions o;
        o.audit = false;
        engine = must(SearchEngine::open(*vault, o), "engine");
    }

    SearchResponse run(SearchRequest req) {
        req.audit = false;
        if (req.now_ms == 0)
            req.now_ms = kT0 + 30 * kDay;
        return must(engine->search(req), "search");
    }
};

std::vector<IngestSource> corpus() {
    return {chat("slack:#eng",
                 {item("alice", kT0, "The phoenix launch is planned for the spring release"),
                  item("bob", kT0 + kDay, "Phoenix phoenix launch checklist and launch review"),
                  item("carol", kT0 + 2 * kDay, "Lunch order for the team offsite"),
                  item("dave", kT0 + 3 * kDay, "Database migration runbook for postgres"),
                  item("erin", kT0 + 4 * kDay, "The launch of the mobile app slipped a week")}),
            chat("slack:#ops",
                 {item("frank", kT0 + 5 * kDay, "Deploy pipeline failed on the staging cluster"),
                  item("gina", kT0 + 6 * kDay, "Rocket launch livestream tonight"),
                  item("hank", kT0 + 20 * kDay, "phoenix launch moved to next week")})};
}

} // namespace

class TestFusion : public QObject {
    Q_OBJECT
private slots:
    void rrfArithmetic() {
        auto f = rrf_fuse({"a", "b", "c"}, {"c", "d"}, 1.0, 1.0, 60);
        QCOMPARE(f.size(), std::size_t{4});
        QCOMPARE(QString::fromStdString(f[0].id), QStringLiteral("a"));
        QCOMPARE(QString::fromStdString(f[2].id), QStringLiteral("c"));
        QCOMPARE(QString::fromStdString(f[3].id), QStringLiteral("d"));
        QCOMPARE(f[0].vector_rank.value(), 1);
        QVERIFY(!f[0].keyword_rank);
        QCOMPARE(f[0].rrf_score, 1.0 / 61.0);
        QCOMPARE(f[2].vector_rank.value(), 3);
        QCOMPARE(f[2].keyword_rank.value(), 1);
        QCOMPARE(f[2].rrf_score, 1.0 / 63.0 + 1.0 / 61.0);
        QCOMPARE(f[3].rrf_score, 1.0 / 62.0);
    }

    void weightsScaleEachTerm() {
        auto f = rrf_fuse({"a"}, {"a"}, 2.0, 0.5, 10);
        QCOMPARE(f.size(), std::size_t{1});
        QCOMPARE(f[0].vector_term, 2.0 / 11.0);
        QCOMPARE(f[0].keyword_term, 0.5 / 11.0);
        QCOMPARE(f[0].rrf_score, 2.0 / 11.0 + 0.5 / 11.0);
    }

    void keywordWeightZeroNeverAdmitsKeywordOnlyItems() {
        auto f = rrf_fuse({"a"}, {"b", "a", "c"}, 1.0, 0.0, 60);
        QCOMPARE(f.size(), std::size_t{1});
        QCOMPARE(QString::fromStdString(f[0].id), QStringLiteral("a"));
        QCOMPARE(f[0].keyword_rank.value(), 2);
        QCOMPARE(f[0].keyword_term, 0.0);
        QCOMPARE(f[0].rrf_score, 1.0 / 61.0);
    }

    void vectorWeightZeroIsGuardedToo() {
        auto f = rrf_fuse({"a", "b"}, {"b"}, 0.0, 1.0, 60);
        QCOMPARE(f.size(), std::size_t{1});
        QCOMPARE(QString::fromStdString(f[0].id), QStringLiteral("b"));
    }

    void repeatedIdKeepsFirstRank() {
        auto f = rrf_fuse({"a", "a", "b"}, {}, 1.0, 1.0, 60);
        QCOMPARE(f.size(), std::size_t{2});
        QCOMPARE(f[0].vector_rank.value(), 1);
        QCOMPARE(f[1].vector_rank.value(), 3);
    }

    void recencyIsHyperbolic() {
        QCOMPARE(recency_factor(0.0), 1.0);
        QCOMPARE(recency_factor(1.0), 0.5);
        QCOMPARE(recency_factor(3.0), 0.25);
        QCOMPARE(recency_factor(-2.0), 1.0); // a future time is not fresher than now
    }

    void keywordWeightZeroSettingSkipsTheLeg() {
        Fixture fx(corpus(), {{"search.weight.keyword", "0"}});
        SearchRequest req;
        req.query = "phoenix launch";
        auto r = fx.run(req);
        QVERIFY(!r.keyword.ran);
        QCOMPARE(QString::fromStdString(r.keyword.skipped_reason), QStringLiteral("weight 0"));
        QVERIFY(!r.result.hits.empty());
        for (const auto& h : r.result.hits) {
            QVERIFY(!h.explanation->keyword.rank);
            QVERIFY(h.explanation->vector.rank);
            QCOMPARE(h.explanation->keyword.rrf_term, 0.0);
        }
    }

    void keywordModeIsPureFts() {
        Fixture fx(corpus());
        SearchRequest req;
        req.query = "phoenix launch";
        req.mode = SearchMode::Keyword;
        req.mmr_lambda = 1.0; // relevance order only: the order must be the keyword leg's
        auto r = fx.run(req);
        QVERIFY(r.keyword.ran);
        QVERIFY(!r.vector.ran);
        QCOMPARE(QString::fromStdString(r.vector.skipped_reason), QStringLiteral("mode keyword"));
        QCOMPARE(r.keyword.weight, 1.0);
        QCOMPARE(r.vector.weight, 0.0);
        QVERIFY(r.result.hits.size() >= 3);
        int expected = 1;
        for (const auto& h : r.result.hits) {
            const auto& e = *h.explanation;
            QCOMPARE(e.keyword.rank.value(), expected++);
            QCOMPARE(e.rrf_score, 1.0 / (60.0 + *e.keyword.rank));
            QVERIFY(e.keyword.raw_score < 0.0); // bm25: more negative is better
        }
        // "Phoenix phoenix launch checklist and launch review" has the most matches.
        QVERIFY(QString::fromStdString(r.result.hits.front().content)
                    .startsWith(QStringLiteral("Phoenix phoenix")));
        for (const auto& h : r.result.hits)
            QVERIFY(!QString::fromStdString(h.content).contains(QStringLiteral("Lunch")));
    }

    void semanticModeIsPureVector() {
        Fixture fx(corpus());
        SearchRequest req;
        req.query = "phoenix launch";
        req.mode = SearchMode::Semantic;
        req.mmr_lambda = 1.0;
        auto r = fx.run(req);
        QVERIFY(!r.keyword.ran);
        QVERIFY(r.vector.ran);
        QCOMPARE(r.vector.weight, 1.0);
        QCOMPARE(r.keyword.weight, 0.0);
        int expected = 1;
        double last = 2.0;
        for (const auto& h : r.result.hits) {
            const auto& e = *h.explanation;
            QCOMPARE(e.vector.rank.value(), expected++);
            QVERIFY(!e.keyword.rank);
            QVERIFY(e.vector.raw_score <= last);
            last = e.vector.raw_score;
        }
    }

    void recencyBoostLiftsNewerHits() {
        Fixture fx({chat("slack:#a", {item("x", kT0, "budget budget budget review"),
                                      item("y", kT0 + 100 * kDay, "budget notes")})});
        SearchRequest req;
        req.query = "budget";
        req.mode = SearchMode::Keyword;
        req.now_ms = kT0 + 100 * kDay;
        auto plain = fx.run(req);
        QCOMPARE(plain.result.hits.size(), std::size_t{2});
        QVERIFY(QString::fromStdString(plain.result.hits[0].content)
                    .contains(QStringLiteral("review")));
        QCOMPARE(plain.result.hits[0].explanation->recency.boost, 0.0);
        QCOMPARE(plain.result.hits[0].score, plain.result.hits[0].explanation->rrf_score);

        req.recency_boost = 1.0;
        auto boosted = fx.run(req);
        QCOMPARE(boosted.result.hits.size(), std::size_t{2});
        const auto& top = *boosted.result.hits[0].explanation;
        QVERIFY(QString::fromStdString(boosted.result.hits[0].content)
                    .contains(QStringLiteral("notes")));
        QCOMPARE(top.recency.age_days, 0.0);
        QCOMPARE(top.recency.factor, 1.0);
        QCOMPARE(top.final_score, top.rrf_score * (1.0 + 1.0 * 1.0));
        const auto& old = *boosted.result.hits[1].explanation;
        QCOMPARE(old.recency.age_days, 100.0);
        QCOMPARE(old.recency.factor, 1.0 / 101.0);
        QCOMPARE(old.final_score, old.rrf_score * (1.0 + 1.0 * (1.0 / 101.0)));
    }

    void profileFusionFoldsFourSignals() {
        Fixture fx(corpus(), {{"profile.lexical.keyword", "0.9"}});
        SearchRequest req;
        req.query = "phoenix launch";
        req.fusion = FusionKind::Profile;
        req.profile = "lexical";
        auto r = fx.run(req);
        QVERIFY(!r.result.hits.empty());
        QCOMPARE(QString::fromStdString(r.settings.profile.name), QStringLiteral("lexical"));
        for (const auto& h : r.result.hits) {
            const auto& e = *h.explanation;
            QCOMPARE(QString::fromStdString(e.fusion), QStringLiteral("profile"));
            QCOMPARE(e.weights.graph, 0.25);
            QCOMPARE(e.weights.vector, 0.15);
            QCOMPARE(e.weights.keyword, 0.9); // the vault's override of the named profile
            QCOMPARE(e.weights.freshness, 0.0);
            QCOMPARE(e.contributions.keyword, e.weights.keyword * signals_of(e).keyword);
            QCOMPARE(e.final_score, e.contributions.graph + e.contributions.vector +
                                        e.contributions.keyword + e.contributions.freshness);
        }
        // Lexical weights make full keyword overlap win.
        QCOMPARE(signals_of(*r.result.hits.front().explanation).keyword, 1.0);
    }

    // A query's profile override names a defined profile: an unknown name is an
    // error, not balanced's weights under another name.
    void unknownProfileIsRefused() {
        Fixture fx(corpus());
        SearchRequest req;
        req.query = "phoenix launch";
        req.fusion = FusionKind::Profile;
        req.profile = "no-such-profile";
        req.audit = false;
        auto r = fx.engine->search(req);
        QVERIFY(!r.is_ok());
        QCOMPARE(r.status().code(), StatusCode::InvalidArgument);
        QVERIFY2(r.status().message().find("profile 'no-such-profile' is not defined") !=
                     std::string::npos,
                 r.status().message().c_str());
    }

    void equalScoresKeepFusedOrder() {
        // Two chunks with the same words and time score identically in every signal.
        Fixture fx({chat("slack:#a", {item("x", kT0, "quarterly roadmap sync")}),
                    chat("slack:#b", {item("x", kT0, "quarterly roadmap sync")})});
        SearchRequest req;
        req.query = "quarterly roadmap";
        req.fusion = FusionKind::Profile;
        req.mmr_lambda = 1.0;
        auto r = fx.run(req);
        QCOMPARE(r.result.hits.size(), std::size_t{2});
        const auto& a = r.result.hits[0];
        const auto& b = r.result.hits[1];
        QCOMPARE(a.score, b.score);
        // First-seen order is the vector leg's, whose ties go to the smaller id.
        QVERIFY(a.node_id < b.node_id);
        QCOMPARE(a.explanation->fused_rank, 1);
        QCOMPARE(b.explanation->fused_rank, 2);
    }

    void badOverrideIsAnError() {
        Fixture fx(corpus());
        SearchRequest req;
        req.query = "phoenix";
        req.mmr_lambda = 1.5;
        req.audit = false;
        auto r = fx.engine->search(req);
        QVERIFY(!r.is_ok());
        QCOMPARE(r.status().code(), StatusCode::InvalidArgument);
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestFusion)
#include "tst_fusion.moc"
} // namespace tst_fusion
