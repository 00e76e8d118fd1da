// The keyword leg: the tokenization example, the all-stopword query, bm25 ranking
// with 1-based ranks, summaries when asked for, and superseded chunks hidden inside the SQL.
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

namespace tst_fts_leg {

using namespace memlens;

namespace {

constexpr std::int64_t kDay = 86'400'000;
constexpr std::int64_t kT0 = 1'704'067'200'000;

using test::must;

IngestItem item(const std::string& author, std::int64_t ts, const std::string& text,
                std::optional<std::string> id = std::nullopt,
                std::optional<std::string> supersedes = std::nullopt) {
    IngestItem it;
    it.author = author;
    it.ts_ms = ts;
    it.text = text;
    it.message_id = std::move(id);
    it.supersedes = std::move(supersedes);
    it.source_ref = it.message_id.value_or(author);
    // Its own thread: the FTS row then holds no neighbouring text, so a match is its own.
    it.group_id = it.source_ref;
    return it;
}

} // namespace

class TestFtsLeg : public QObject {
    Q_OBJECT

    test::TempDir tmp_;
    std::unique_ptr<Vault> vault_;
    std::unique_ptr<SearchEngine> engine_;

    SearchResponse run(const std::string& q, SearchMode mode = SearchMode::Keyword) {
        SearchRequest req;
        req.query = q;
        req.mode = mode;
        req.audit = false;
        req.mmr_lambda = 1.0;
        req.now_ms = kT0 + 400 * kDay;
        return must(engine_->search(req), "search");
    }

private slots:
    void initTestCase() {
        vault_ = must(Vault::create(tmp_.path() / "v"), "create");
        auto emb = must(make_embedder_for(*vault_), "embedder");
        IngestSource s;
        s.source_id = "slack:#infra";
        s.source_kind = "chat";
        s.platform = "slack";
        s.format = "jsonl";
        s.items = {
            item("ann", kT0, "To configure the Qdrant collection set the vector size first"),
            item("ben", kT0 + kDay, "Qdrant collection sizes and the qdrant collection API"),
            item("cat", kT0 + 2 * kDay, "Configure nginx for the reverse proxy"),
            item("dan", kT0 + 3 * kDay, "The retention policy keeps thirty days", "r1"),
            item("eve", kT0 + 4 * kDay, "Retention policy changed: it keeps ninety days", "r2",
                 "r1"),
            item("fay", kT0 + 5 * kDay, "Nothing relevant here at all"),
        };
        IngestOptions o;
        o.now_ms = kT0 + 400 * kDay; // old enough that the 7-day flush seals a summary
        Ingestor ing(*vault_, *emb, o);
        must(ing.ingest({s}), "ingest");
        SearchEngineOptions eo;
        eo.audit = false;
        engine_ = must(SearchEngine::open(*vault_, eo), "engine");
    }

    void seedTokenizationExample() {
        auto r = run("How do I configure the Qdrant collection?");
        QVERIFY(r.keyword.ran);
        QCOMPARE(QString::fromStdString(r.keyword.fts_query),
                 QStringLiteral("\"configure\" OR \"qdrant\" OR \"collection\""));
        QCOMPARE(r.result.hits.size(), std::size_t{3});
        // The chunk holding all three terms ranks above those holding fewer.
        QVERIFY(r.result.hits[0].content.find("To configure the Qdrant") == 0 ||
                r.result.hits[0].content.find("Qdrant collection sizes") == 0);
        QVERIFY(r.result.hits[2].content.find("nginx") != std::string::npos);
    }

    // A one-character word outside ASCII is searchable but no keyword term (the tokenizer
    // keeps words of two code points or more): the keyword leg sits out and says why, and in
    // hybrid mode the vector leg carries the turn. (A query of stopwords only is refused:
    // tst_hostile_queries.)
    void queryWithoutKeywordTermsSitsOut() {
        auto r = run("猫?");
        QVERIFY(!r.keyword.ran);
        QCOMPARE(QString::fromStdString(r.keyword.skipped_reason),
                 QStringLiteral("no searchable terms"));
        QVERIFY(r.result.hits.empty());
        auto h = run("猫?", SearchMode::Hybrid);
        QVERIFY(!h.keyword.ran);
        QVERIFY(h.vector.ran);
    }

    void ranksAreOneBasedAndFollowBm25() {
        auto r = run("qdrant collection");
        QVERIFY(r.result.hits.size() >= 2);
        QCOMPARE(r.keyword.count, r.result.hits.size());
        double last = -1e300;
        for (std::size_t i = 0; i < r.result.hits.size(); ++i) {
            const auto& e = *r.result.hits[i].explanation;
            QCOMPARE(e.keyword.rank.value(), static_cast<int>(i) + 1);
            QVERIFY(e.keyword.raw_score >= last); // bm25 ascending: best (most negative) first
            last = e.keyword.raw_score;
            QCOMPARE(e.keyword.rrf_term, 1.0 / (60.0 + e.keyword.rank.value()));
        }
        QCOMPARE(r.keyword.top_score, r.result.hits[0].explanation->keyword.raw_score);
        // Two mentions of each term beat one.
        QVERIFY(r.result.hits[0].content.find("Qdrant collection sizes") == 0);
    }

    // Matching more of the question beats repeating one of its words: the chunk holding both
    // "configure" and "qdrant" ranks first, and each hit shows the share it matched.
    void coverageOfTheQueryIsRankedAndShown() {
        auto r = run("configure qdrant");
        QCOMPARE(r.result.hits.size(), std::size_t{3});
        const auto& top = *r.result.hits[0].explanation;
        QVERIFY(r.result.hits[0].content.find("To configure the Qdrant") == 0);
        QCOMPARE(top.keyword.coverage, 1.0);
        QCOMPARE(top.keyword.coverage_factor, 1.0);
        for (std::size_t i = 1; i < 3; ++i) {
            const auto& e = *r.result.hits[i].explanation;
            QCOMPARE(e.keyword.coverage, 0.5);
            QCOMPARE(e.keyword.coverage_factor, std::sqrt(0.5)); // search.coverage_power 0.5
            QVERIFY(e.keyword.bm25 < 0.0);
        }
        // With the factor off, "qdrant" twice outweighs one "qdrant" and one "configure".
        QVERIFY(vault_->set_setting("search.coverage_power", "0").is_ok());
        auto off = run("configure qdrant");
        QVERIFY(vault_->set_setting("search.coverage_power", "0.5").is_ok());
        QCOMPARE(off.result.hits[0].explanation->keyword.coverage_factor, 1.0);
        QCOMPARE(off.result.hits[0].explanation->keyword.raw_score,
                 off.result.hits[0].explanation->keyword.bm25);
    }

    // A question about one named day prefers what was said that day; a longer window (a week)
    // says too little to prefer one chunk over another.
    void chunksOfTheNamedDayAreScaled() {
        auto about = [&](std::int64_t since, std::int64_t until) {
            SearchRequest req;
            req.query = "qdrant collection configure";
            req.mode = SearchMode::Keyword;
            req.audit = false;
            req.mmr_lambda = 1.0;
            req.about_since_ms = since;
            req.about_until_ms = until;
            return must(engine_->search(req), "search");
        };
        // ann wrote on day 0, ben on day 1: ben's day.
        auto day = about(kT0 + kDay, kT0 + 2 * kDay - 1);
        for (const auto& h : day.result.hits) {
            const bool bens = h.time_range_start_ms == kT0 + kDay;
            QCOMPARE(h.explanation->keyword.time_factor, bens ? 1.5 : 1.0);
        }
        auto week = about(kT0, kT0 + 7 * kDay - 1);
        for (const auto& h : week.result.hits)
            QCOMPARE(h.explanation->keyword.time_factor, 1.0);
        // The factor reorders: without it the top hit is another day's.
        QVERIFY(week.result.hits[0].time_range_start_ms != kT0 + kDay);
        QCOMPARE(day.result.hits[0].time_range_start_ms, kT0 + kDay);
    }

    // A message that ends by asking echoes the topic but is not the information: the statement
    // ranks above a question with the same words.
    void messagesThatAskRankBelowThoseThatTell() {
        auto vault = must(Vault::create(tmp_.path() / "questions"), "create");
        auto emb = must(make_embedder_for(*vault), "embedder");
        IngestSource s;
        s.source_id = "slack:#ops";
        s.source_kind = "chat";
        s.platform = "slack";
        s.format = "jsonl";
        s.items = {item("ida", kT0, "Did the backup job move to the new cluster?"),
                   item("jon", kT0 + kDay, "The backup job did move to the new cluster.")};
        Ingestor ing(*vault, *emb, IngestOptions{});
        must(ing.ingest({s}), "ingest");
        SearchEngineOptions eo;
        eo.audit = false;
        auto engine = must(SearchEngine::open(*vault, eo), "engine");
        auto search = [&](double factor) {
            RetrievalSettings st;
            st.question_factor = factor;
            SearchRequest req;
            req.query = "backup job cluster";
            req.mode = SearchMode::Keyword;
            req.audit = false;
            req.mmr_lambda = 1.0;
            req.settings = st;
            return must(engine->search(req), "search");
        };
        auto off = search(1.0);
        QCOMPARE(off.result.hits.size(), std::size_t{2});
        QVERIFY(off.result.hits[0].content.back() == '?'); // equal bm25: FTS5's rowid order
        auto on = search(0.8);
        QCOMPARE(on.result.hits[0].content.back(), '.');
        QCOMPARE(on.result.hits[0].explanation->keyword.question_factor, 1.0);
        QCOMPARE(on.result.hits[1].explanation->keyword.question_factor, 0.8);
    }

    void stemmingMatchesWordForms() {
        auto r = run("configuring collections");
        QVERIFY(r.result.hits.size() >= 2);
    }

    void authorIsSearchableContext() {
        auto r = run("fay");
        QCOMPARE(r.result.hits.size(), std::size_t{1});
        QVERIFY(r.result.hits[0].content.find("Nothing relevant") == 0);
    }

    // A question about what someone said ranks that person's words first: two chunks with the
    // same text, and the one whose author the query names wins by its author factor alone.
    void namedAuthorRanksFirstWithItsFactorRecorded() {
        auto vault = must(Vault::create(tmp_.path() / "authors"), "create");
        auto emb = must(make_embedder_for(*vault), "embedder");
        IngestSource s;
        s.source_id = "slack:#team";
        s.source_kind = "chat";
        s.platform = "slack";
        s.format = "jsonl";
        s.items = {item("Hana Ito", kT0, "We moved the standup to Thursday mornings"),
                   item("Gus Moreau", kT0 + kDay, "We moved the standup to Thursday mornings")};
        Ingestor ing(*vault, *emb, IngestOptions{});
        must(ing.ingest({s}), "ingest");
        SearchEngineOptions eo;
        eo.audit = false;
        auto engine = must(SearchEngine::open(*vault, eo), "engine");
        auto search = [&](const std::string& q, double boost) {
            RetrievalSettings st;
            st.author_boost = boost;
            // Only the factor differs: the author's name in the context column does not count,
            // and so does not raise the named author's coverage either.
            st.fts_context_weight = 0.0;
            SearchRequest req;
            req.query = q;
            req.mode = SearchMode::Keyword;
            req.audit = false;
            req.mmr_lambda = 1.0;
            req.settings = st;
            return must(engine->search(req), "search");
        };
        auto off = search("When did Gus move the standup?", 0.0);
        QCOMPARE(off.result.hits.size(), std::size_t{2});
        QVERIFY(off.result.hits[0].source_ref == std::optional<std::string>("Hana Ito"));
        QCOMPARE(off.result.hits[0].explanation->keyword.author_factor, 1.0);

        // A last name, or a possessive, names the author as well as a first name.
        for (const char* q : {"When did Gus move the standup?", "Moreau's standup: when?"}) {
            auto on = search(q, 0.25);
            QCOMPARE(on.result.hits.size(), std::size_t{2});
            const auto& first = *on.result.hits[0].explanation;
            const auto& second = *on.result.hits[1].explanation;
            QVERIFY(on.result.hits[0].source_ref == std::optional<std::string>("Gus Moreau"));
            QCOMPARE(first.keyword.rank.value(), 1);
            QCOMPARE(first.keyword.author_factor, 1.25);
            QCOMPARE(second.keyword.author_factor, 1.0);
            // raw_score is what the leg ranks by: bm25 × factor, both bm25 equal here.
            QCOMPARE(first.keyword.raw_score, second.keyword.raw_score * 1.25);
            QCOMPARE(on.keyword.top_score, first.keyword.raw_score);
        }
        // "Gustav" is not "Gus": a name matches as a whole word only.
        auto other = search("When did Gustav move the standup?", 0.25);
        QCOMPARE(other.result.hits[0].explanation->keyword.author_factor, 1.0);
        QCOMPARE(other.result.hits[1].explanation->keyword.author_factor, 1.0);
    }

    void supersededChunksAreHiddenInTheSql() {
        QVERIFY(vault_->set_setting("search.superseded", "hide").is_ok());
        auto r = run("retention policy days");
        QCOMPARE(r.keyword.count, std::size_t{1});
        QVERIFY(r.result.hits[0].content.find("ninety") != std::string::npos);
        QVERIFY(vault_->set_setting("search.superseded", "mark").is_ok());
        auto m = run("retention policy days");
        QCOMPARE(m.keyword.count, std::size_t{2});
    }

    void summariesWhenAskedFor() {
        const auto summaries = must(
            vault_->db().query_int("SELECT count(*) FROM mem_tree_summaries WHERE deleted = 0"),
            "count");
        // initTestCase imports with "now" 400 days on, so the 7-day flush seals the source.
        QVERIFY(summaries > 0);
        SearchRequest req;
        req.query = "qdrant collection";
        req.mode = SearchMode::Keyword;
        req.audit = false;
        req.include_summaries = true;
        auto r = must(engine_->search(req), "search");
        bool saw_summary = false;
        for (const auto& h : r.result.hits)
            saw_summary = saw_summary || h.node_kind == NodeKind::Summary;
        QVERIFY(saw_summary);
        auto leaves_only = run("qdrant collection");
        for (const auto& h : leaves_only.result.hits)
            QCOMPARE(h.node_kind, NodeKind::Leaf);
    }

    // A reply found only through the turns around it ("Letting support know." after the
    // Phoenix budget update): its term table names the neighbour column, shows nothing matched
    // in its own text, and its contributions add up to its bm25; its keyword signal and its
    // verdict say the same.
    void neighbourOnlyMatchHasATermTable() {
        test::TempDir dir;
        auto vault = must(Vault::create(dir.path() / "n"), "create");
        auto emb = must(make_embedder_for(*vault), "embedder");
        IngestSource s;
        s.source_id = "slack:#phoenix";
        s.source_kind = "chat";
        s.platform = "slack";
        s.format = "jsonl";
        auto in_thread = [](IngestItem it) {
            it.group_id = "thread-1";
            return it;
        };
        s.items = {
            in_thread(item("ann", kT0, "Updated Phoenix budget: $140k (was $100k).", "m1")),
            in_thread(item("ben", kT0 + 60'000, "Letting support know.", "m2")),
            in_thread(item("cat", kT0 + 120'000, "Thanks, that helps.", "m3")),
            item("dan", kT0 + kDay, "The Falcon launch moved to May.", "m4"),
            item("eve", kT0 + 2 * kDay, "Lunch is at noon on Friday.", "m5"),
            item("fay", kT0 + 3 * kDay, "Reviewing the hiring plan for Q3.", "m6"),
            item("gus", kT0 + 4 * kDay, "Dashboards are slow again today.", "m7"),
        };
        Ingestor ing(*vault, *emb);
        must(ing.ingest({s}), "ingest");
        SearchEngineOptions eo;
        eo.audit = false;
        auto engine = must(SearchEngine::open(*vault, eo), "engine");
        SearchRequest req;
        req.query = "who decided the phoenix budget";
        req.audit = false;
        req.now_ms = kT0 + 10 * kDay;
        auto r = must(engine->search(req), "search");
        const RetrievalHit* reply = nullptr;
        for (const auto& h : r.result.hits)
            if (h.content == "Letting support know.")
                reply = &h;
        QVERIFY(reply != nullptr);
        const Explanation& e = *reply->explanation;
        QVERIFY(e.keyword.rank.has_value());
        QVERIFY(!e.vector.rank.has_value()); // it shares no word with the query
        // decided, phoenix, budget × content, context, near, far.
        QCOMPARE(e.keyword.terms.size(), std::size_t{12});
        double sum = 0.0;
        std::set<std::string> matched_in_near;
        for (const auto& t : e.keyword.terms) {
            sum += t.contribution;
            QCOMPARE(t.matched, t.tf > 0);
            if (!t.matched)
                QCOMPARE(t.contribution, 0.0);
            if (t.column == "content")
                QVERIFY2(!t.matched, t.term.c_str());
            if (t.matched && t.column == "near")
                matched_in_near.insert(t.term);
        }
        QCOMPARE(matched_in_near, (std::set<std::string>{"phoenix", "budget"}));
        QVERIFY(std::abs(sum - e.keyword.bm25) <= 1e-12 * std::abs(e.keyword.bm25));
        QVERIFY(e.signal_values.keyword > 0.0);
        QVERIFY2(e.verdict.find("keyword rank " + std::to_string(*e.keyword.rank) +
                                " (phoenix, budget in the neighbouring turns; none in its own "
                                "text); vector leg did not rank it; RRF ") != std::string::npos,
                 e.verdict.c_str());
    }

    // A big vault ranks its keyword matches in two halves of the rowid range on two
    // connections at once. The hits, their order and every recorded number must be the ones
    // one statement gives.
    void twoConnectionsRankExactlyAsOneStatement() {
        test::TempDir dir;
        auto vault = must(Vault::create(dir.path() / "big"), "create");
        GenerateOptions g;
        g.chunks = 3000;
        g.seed = 11;
        auto sources = must(generate_sources(g), "generate");
        auto emb = must(make_embedder_for(*vault), "embedder");
        Ingestor ing(*vault, *emb);
        must(ing.ingest(sources), "ingest");

        SearchEngineOptions one;
        one.audit = false;
        one.parallel_keyword_min_chunks = 0; // never splits
        SearchEngineOptions two = one;
        two.parallel_keyword_min_chunks = 1; // always splits
        auto single = must(SearchEngine::open(*vault, one), "engine");
        auto split = must(SearchEngine::open(*vault, two), "engine");

        for (const char* q : {"deploy review", "meeting notes on the rollout", "budget vendor",
                              "incident latency outage", "hiring roadmap decision", "launch",
                              "security pricing release design"}) {
            for (SearchMode mode : {SearchMode::Keyword, SearchMode::Hybrid}) {
                SearchRequest req;
                req.query = q;
                req.mode = mode;
                req.audit = false;
                req.limit = 25;
                req.now_ms = kT0 + 400 * kDay;
                auto a = must(single->search(req), "search");
                auto b = must(split->search(req), "search");
                QCOMPARE(a.keyword.parts, 1);
                QCOMPARE(b.keyword.parts, 2);
                QVERIFY2(!a.result.hits.empty(), q);
                QCOMPARE(b.keyword.count, a.keyword.count);
                QCOMPARE(b.keyword.top_score, a.keyword.top_score);
                QCOMPARE(b.result.hits.size(), a.result.hits.size());
                for (std::size_t i = 0; i < a.result.hits.size(); ++i) {
                    const auto& x = a.result.hits[i];
                    const auto& y = b.result.hits[i];
                    QCOMPARE(y.node_id, x.node_id);
                    QCOMPARE(y.score, x.score);
                    QVERIFY(x.explanation && y.explanation);
                    QCOMPARE(y.explanation->keyword.rank, x.explanation->keyword.rank);
                    QCOMPARE(y.explanation->keyword.raw_score, x.explanation->keyword.raw_score);
                    QCOMPARE(y.explanation->keyword.coverage, x.explanation->keyword.coverage);
                    QCOMPARE(y.explanation->final_score, x.explanation->final_score);
                    // The term tables read the same whole-table statistics either way.
                    const auto& tx = x.explanation->keyword.terms;
                    const auto& ty = y.explanation->keyword.terms;
                    QCOMPARE(ty.size(), tx.size());
                    QCOMPARE(tx.empty(), !x.explanation->keyword.rank.has_value());
                    for (std::size_t t = 0; t < tx.size(); ++t) {
                        QCOMPARE(ty[t].idf, tx[t].idf);
                        QCOMPARE(ty[t].contribution, tx[t].contribution);
                    }
                }
            }
        }

        // Scoped or hiding superseded chunks, the leg ranks in one statement.
        SearchRequest scoped;
        scoped.query = "deploy review";
        scoped.mode = SearchMode::Keyword;
        scoped.audit = false;
        scoped.scope.source_kinds = {"chat"};
        QCOMPARE(must(split->search(scoped), "search").keyword.parts, 1);
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestFtsLeg)
#include "tst_fts_leg.moc"
} // namespace tst_fts_leg
