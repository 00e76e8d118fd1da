// Why not? (SearchEngine::why_not, memlens-cli why-not): on one generated vault, for one query
// each, a known node falls out at each stage kind, and the answer names that stage with the
// numbers the stages decided by (docs/explanations.md, "Why not?").
#include "suite.h"
#include "testsupport.h"

#undef signals

#include <memlens/embedder.h>
#include <memlens/generate.h>
#include <memlens/ingest.h>
#include <memlens/search.h>
#include <memlens/settings.h>
#include <memlens/text.h>
#include <memlens/topic_tree.h>
#include <memlens/vault.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <algorithm>
#include <set>

namespace tst_why_not {

using namespace memlens;

namespace {

using test::must;

std::string fact_of(const WhyNotAnswer& a, const std::string& name) {
    for (const auto& f : a.facts)
        if (f.name == name)
            return f.value;
    return "(no fact '" + name + "')";
}

QString describe(const WhyNotAnswer& a) {
    std::string s = std::string(to_string(a.stage)) + ": " + a.verdict;
    for (const auto& f : a.facts)
        s += "\n  " + f.name + ": " + f.value;
    return QString::fromStdString(s);
}

const char* kQuery = "who decided the phoenix budget";

} // namespace

class TestWhyNot : public QObject {
    Q_OBJECT

    test::TempDir tmp_;
    std::unique_ptr<Vault> vault_;
    std::unique_ptr<SearchEngine> engine_;
    RetrievalSettings base_;

    std::vector<std::string> strings(const std::string& sql) {
        auto st = must(vault_->db().prepare(sql), "prepare");
        std::vector<std::string> out;
        for (;;) {
            auto row = must(st.step(), "step");
            if (!row)
                break;
            out.push_back(st.column_text(0));
        }
        return out;
    }

    QueryOptions options() {
        QueryOptions o;
        o.audit = false;
        o.now_ms = 1'720'000'000'000;
        o.settings = base_;
        return o;
    }

    WhyNotAnswer ask(const std::string& q, const std::string& id, const QueryOptions& o) {
        return must(engine_->why_not(q, id, o), "why_not");
    }

private slots:
    void initTestCase() {
        vault_ = must(Vault::create(tmp_.path() / "v"), "create");
        auto emb = must(make_embedder_for(*vault_), "embedder");
        GenerateOptions g;
        g.chunks = 1200;
        g.seed = 7;
        g.days = 60;
        auto sources = must(generate_sources(g), "generate");
        Ingestor ing(*vault_, *emb);
        must(ing.ingest(sources), "ingest");
        SearchEngineOptions o;
        o.audit = false;
        engine_ = must(SearchEngine::open(*vault_, o), "engine");
        base_ = must(load_retrieval_settings(*vault_), "settings");
    }

    void unknownAndMalformedIds() {
        const auto a = ask(kQuery, "no-such-node", options());
        QCOMPARE(a.stage, WhyNotStage::UnknownNode);
        QVERIFY(a.verdict.find("no-such-node") != std::string::npos);
        auto bad = engine_->why_not(kQuery, std::string("bad\nid"), options());
        QVERIFY(!bad.is_ok());
        QCOMPARE(bad.status().code(), StatusCode::InvalidArgument);
        QVERIFY(!engine_->why_not(kQuery, "", options()).is_ok());
    }

    void noSearchableTerms() {
        const auto a =
            ask("the or and", strings("SELECT id FROM mem_tree_chunks LIMIT 1")[0], options());
        QCOMPARE(a.stage, WhyNotStage::NoSearchableTerms);
    }

    void returnedGivesItsRankAndVerdict() {
        auto o = options();
        o.limit = 5;
        const auto r = must(engine_->query(kQuery, o), "query").response;
        QVERIFY(r.result.hits.size() == 5);
        const RetrievalHit& h = r.result.hits[2];
        const auto a = ask(kQuery, h.node_id, o);
        QCOMPARE(a.stage, WhyNotStage::Returned);
        QCOMPARE(fact_of(a, "position"), std::string("3 of 5 hits"));
        QVERIFY(a.explanation.has_value());
        QCOMPARE(a.explanation->verdict, h.explanation->verdict);
        QCOMPARE(a.explanation->final_score, h.explanation->final_score);
        QCOMPARE(a.verdict, "Returned: " + h.explanation->verdict);
    }

    void scopeNamesTheFailingPart() {
        auto o = options();
        o.limit = 5;
        const auto r = must(engine_->query(kQuery, o), "query").response;
        const RetrievalHit& h = r.result.hits[0];
        o.scope.until_ms = h.time_range_start_ms - 1; // a window that ends before the node
        const auto a = ask(kQuery, h.node_id, o);
        QVERIFY2(a.stage == WhyNotStage::Scope, qPrintable(describe(a)));
        QVERIFY(fact_of(a, "scope: time window").find("the node spans") != std::string::npos);
        QCOMPARE(a.facts.size(), std::size_t{2}); // kind, and the one part it fails
    }

    void supersededWhenHidden() {
        const auto ids = strings("SELECT id FROM mem_tree_chunks WHERE superseded != 0 LIMIT 1");
        QVERIFY2(!ids.empty(), "the generated vault has superseded chunks");
        auto o = options();
        o.settings->superseded = SupersededHandling::Hide;
        const auto a = ask(kQuery, ids[0], o);
        QVERIFY2(a.stage == WhyNotStage::Superseded, qPrintable(describe(a)));
        // Marked only, it is not dropped for that: some other stage (or none) says why.
        o.settings->superseded = SupersededHandling::Mark;
        QVERIFY(ask(kQuery, ids[0], o).stage != WhyNotStage::Superseded);
    }

    void noKeywordMatchListsTheMissingTerms() {
        const auto ids =
            strings("SELECT c.id FROM mem_tree_chunks c WHERE c.rid NOT IN (SELECT rowid FROM "
                    "mem_tree_chunks_fts WHERE mem_tree_chunks_fts MATCH '\"phoenix\" OR "
                    "\"budget\" OR \"decided\"') AND c.superseded = 0 LIMIT 1");
        QVERIFY(!ids.empty());
        auto o = options();
        o.mode = SearchMode::Keyword;
        const auto a = ask(kQuery, ids[0], o);
        QVERIFY2(a.stage == WhyNotStage::NoKeywordMatch, qPrintable(describe(a)));
        QCOMPARE(a.missing_terms, (std::vector<std::string>{"decided", "phoenix", "budget"}));
        QVERIFY(a.matched_terms.empty());
        // Hybrid: the one line gives both legs' reasons, the keyword leg's first.
        const auto h = ask(kQuery, ids[0], options());
        QCOMPARE(h.stage, WhyNotStage::NoKeywordMatch);
        QVERIFY2(h.verdict.find("keyword leg found none") != std::string::npos &&
                     h.verdict.find("vector") != std::string::npos,
                 qPrintable(describe(h)));
    }

    void keywordRankIsTheLegsOwnRank() {
        // The leg's full order with a limit past every match, by its own score (the cut is
        // on memlens_bm25f, before the factors reorder what it kept).
        auto wide = options();
        wide.mode = SearchMode::Keyword;
        wide.settings->leg_limit = 5000;
        const auto r = must(engine_->query("phoenix", wide), "query").response;
        auto pool = r.candidates.keyword;
        QVERIFY(pool.size() > 20);
        std::stable_sort(pool.begin(), pool.end(),
                         [](const auto& x, const auto& y) { return x.fts_score < y.fts_score; });
        std::size_t pick = 12;
        while (pick + 1 < pool.size() && (pool[pick].fts_score == pool[pick - 1].fts_score ||
                                          pool[pick].fts_score == pool[pick + 1].fts_score))
            ++pick; // a score no other match shares, so its rank needs no tie rule
        auto narrow = wide;
        narrow.settings->leg_limit = 5;
        const auto a = ask("phoenix", pool[pick].node_id, narrow);
        QVERIFY2(a.stage == WhyNotStage::KeywordRank, qPrintable(describe(a)));
        QCOMPARE(fact_of(a, "keyword rank"), std::to_string(pick + 1) + " of " +
                                                 std::to_string(pool.size()) +
                                                 " matches (leg limit 5)");
        QCOMPARE(a.matched_terms, (std::vector<std::string>{"phoenix"}));
    }

    void beamNamesBothTopicPaths() {
        auto o = options();
        o.mode = SearchMode::Semantic;
        o.settings->exact_scan_threshold = 0;
        o.settings->beam_width = 1;
        const auto r = must(engine_->query(kQuery, o), "query").response;
        QVERIFY(!r.vector.exact);
        QVERIFY(!r.vector.reached_topics.empty());
        const std::set<std::string> reached(r.vector.reached_topics.begin(),
                                            r.vector.reached_topics.end());
        const auto chunk_ids = strings("SELECT id FROM mem_tree_chunks WHERE superseded = 0");
        const std::set<std::string> chunks(chunk_ids.begin(), chunk_ids.end());
        const TopicIndex& index = engine_->index();
        std::string id;
        for (std::size_t pos = 0; pos < index.size() && id.empty(); ++pos) {
            const std::string candidate(index.id_at(pos));
            const auto path = index.topic_path_of(pos);
            if (chunks.count(candidate) && !path.empty() && !reached.count(path.back()))
                id = candidate;
        }
        QVERIFY(!id.empty());
        const auto a = ask(kQuery, id, o);
        QVERIFY2(a.stage == WhyNotStage::Beam, qPrintable(describe(a)));
        QVERIFY(!a.node_topic_path.empty());
        QCOMPARE(a.reached_topic_paths.size(), reached.size());
        for (const auto& p : a.reached_topic_paths) {
            QVERIFY(!p.empty());
            QVERIFY(p != a.node_topic_path);
            QVERIFY(reached.count(p.back()));
            QCOMPARE(p.front(), a.node_topic_path.front()); // both from the root
        }
    }

    void fusedRankBeyondTheLimit() {
        auto o = options();
        o.limit = 3;
        o.mmr_lambda = 1.0; // relevance alone: whoever is left out is left out by the limit
        const auto r = must(engine_->query(kQuery, o), "query").response;
        QVERIFY(!r.pushed_out.empty());
        const RetrievalHit& out = r.pushed_out.front();
        QCOMPARE(out.explanation->excluded_by, Exclusion::Limit);
        const auto a = ask(kQuery, out.node_id, o);
        QVERIFY2(a.stage == WhyNotStage::FusedRank, qPrintable(describe(a)));
        QCOMPARE(a.explanation->fused_rank, out.explanation->fused_rank);
        QCOMPARE(a.explanation->mmr.mmr_score, out.explanation->mmr.mmr_score);
        QCOMPARE(a.explanation->verdict, out.explanation->verdict);
        QVERIFY(a.verdict.find("below the limit of 3") != std::string::npos);
        // Fused past the limit, its fused rank left it out, not MMR's last step; the line goes
        // on to how the legs ranked it, which is why.
        QVERIFY(out.explanation->fused_rank > 3);
        QVERIFY2(a.verdict.find("lost the last step") == std::string::npos, a.verdict.c_str());
        QVERIFY2(a.verdict.find("RRF") != std::string::npos, a.verdict.c_str());
        QVERIFY2(a.verdict.rfind("Not returned (fused #" +
                                     std::to_string(out.explanation->fused_rank) + "): below",
                                 0) == 0,
                 a.verdict.c_str());
        // Its keyword term table too, which the query writes for returned hits only.
        if (out.explanation->keyword.rank)
            QVERIFY(!a.explanation->keyword.terms.empty());
    }

    void mmrGivesTheNumbersItLostBy() {
        // Near duplicates ("Letting support know." and the like recur): with λ low and no
        // floor, redundancy decides.
        auto o = options();
        o.limit = 10;
        o.mmr_lambda = 0.2;
        o.settings->mmr_redundancy_floor = 0.0;
        const auto r = must(engine_->query(kQuery, o), "query").response;
        const RetrievalHit* lost = nullptr;
        for (const auto& h : r.pushed_out)
            if (h.explanation->excluded_by == Exclusion::Mmr && !lost)
                lost = &h;
        QVERIFY(lost != nullptr);
        const auto a = ask(kQuery, lost->node_id, o);
        QVERIFY2(a.stage == WhyNotStage::Mmr, qPrintable(describe(a)));
        const MmrExplanation& want = lost->explanation->mmr;
        const MmrExplanation& got = a.explanation->mmr;
        QCOMPARE(got.mmr_score, want.mmr_score);
        QCOMPARE(got.cosine, want.cosine);
        QCOMPARE(got.max_similarity, want.max_similarity);
        QCOMPARE(got.penalized_by, want.penalized_by);
        QCOMPARE(got.lost_to, want.lost_to);
        QCOMPARE(got.lost_to_score, want.lost_to_score);
        // The pick is named by its place among the hits, its id after it.
        int pick = 0;
        for (std::size_t i = 0; i < r.result.hits.size(); ++i)
            if (r.result.hits[i].node_id == *want.penalized_by)
                pick = static_cast<int>(i) + 1;
        QVERIFY(pick > 0);
        const std::string named = "hit #" + std::to_string(pick);
        QCOMPARE(fact_of(a, "too similar to"), named + " (id " + *want.penalized_by + ")");
        QVERIFY2(lost->explanation->verdict.find("cosine-similar to " + named + " (") !=
                     std::string::npos,
                 lost->explanation->verdict.c_str());
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.4f", want.mmr_score);
        QCOMPARE(fact_of(a, "MMR score"), std::string(buf));
        QCOMPARE(fact_of(a, "λ"), std::string("0.20"));
        QCOMPARE(fact_of(a, "redundancy floor"), std::string("0.00"));
    }

    void budgetCutsAfterMmr() {
        auto o = options();
        o.limit = 5;
        const auto r = must(engine_->query(kQuery, o), "query").response;
        QVERIFY(r.result.hits.size() == 5);
        const auto& first = r.result.hits[0];
        // Exactly the first hit's length: the second has no room left.
        o.budget.max_chars = static_cast<std::int64_t>(utf8_length(first.content));
        const auto a = ask(kQuery, r.result.hits[1].node_id, o);
        QVERIFY2(a.stage == WhyNotStage::Budget, qPrintable(describe(a)));
        QCOMPARE(fact_of(a, "budget").rfind("max_chars ", 0), std::size_t{0});
        QCOMPARE(fact_of(a, "MMR step"), std::string("2"));
        QCOMPARE(a.explanation->excluded_by, Exclusion::MaxChars);
    }

    void cliPrintsJsonAndRefusesABadId() {
        const auto ids = strings("SELECT id FROM mem_tree_chunks WHERE superseded = 0 LIMIT 1");
        const QString vault = QString::fromStdString((tmp_.path() / "v").string());
        const auto run = test::run_cli({QStringLiteral("why-not"), QStringLiteral("--vault"), vault,
                                        QStringLiteral("--query"), QString::fromLatin1(kQuery),
                                        QStringLiteral("--json"), QString::fromStdString(ids[0])});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        const auto doc = QJsonDocument::fromJson(QByteArray::fromStdString(run.out));
        QVERIFY(doc.isObject());
        const QJsonObject j = doc.object();
        for (const char* key : {"node_id", "query", "stage", "verdict", "facts", "missing_terms",
                                "matched_terms", "node_topic_path", "reached_topic_paths"})
            QVERIFY2(j.contains(QLatin1String(key)), key);
        QCOMPARE(j.value(QLatin1String("node_id")).toString().toStdString(), ids[0]);
        const auto api = ask(kQuery, ids[0], options());
        QCOMPARE(j.value(QLatin1String("stage")).toString().toStdString(),
                 std::string(to_string(api.stage)));
        QCOMPARE(j.value(QLatin1String("verdict")).toString().toStdString(), api.verdict);
        for (const auto& f : j.value(QLatin1String("facts")).toArray())
            QVERIFY(f.toObject().contains(QLatin1String("name")) &&
                    f.toObject().contains(QLatin1String("value")));

        const auto bad = test::run_cli({QStringLiteral("why-not"), QStringLiteral("--vault"), vault,
                                        QStringLiteral("--query"), QString::fromLatin1(kQuery),
                                        QStringLiteral("bad\tid")});
        QVERIFY(bad.exit_code != 0);
        QVERIFY2(bad.err.find("malformed node id") != std::string::npos, bad.err.c_str());
        const auto no_vault =
            test::run_cli({QStringLiteral("why-not"), QStringLiteral("--vault"),
                           vault + QStringLiteral("-missing"), QStringLiteral("--query"),
                           QStringLiteral("phoenix"), QStringLiteral("c1")});
        QVERIFY(no_vault.exit_code != 0);
        QVERIFY(!no_vault.err.empty());
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestWhyNot)
#include "tst_why_not.moc"
} // namespace tst_why_not
