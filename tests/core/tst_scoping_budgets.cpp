// Scoping (namespace, topics, content type, source kind, time window) on both legs, and the
// budgets maxUnits / maxChars / maxMs.
#include "suite.h"
#include "testsupport.h"

// types.h names a field `signals`, which Qt's keyword macro would rewrite to `public`.
#undef signals

#include <memlens/embedder.h>
#include <memlens/ingest.h>
#include <memlens/search.h>
#include <memlens/text.h>
#include <memlens/vault.h>

#include <QtTest>

namespace tst_scoping_budgets {

using namespace memlens;

namespace {

constexpr std::int64_t kDay = 86'400'000;
constexpr std::int64_t kT0 = 1'704'067'200'000;

using test::must;

IngestItem item(const std::string& author, std::int64_t ts, const std::string& text,
                std::vector<std::string> tags = {}) {
    IngestItem it;
    it.author = author;
    it.ts_ms = ts;
    it.text = text;
    it.tags = std::move(tags);
    it.source_ref = author + "@" + std::to_string(ts);
    return it;
}

IngestSource source(const std::string& id, const std::string& kind, std::vector<IngestItem> items) {
    IngestSource s;
    s.source_id = id;
    s.source_kind = kind;
    s.platform = id.substr(0, id.find(':'));
    s.format = "jsonl";
    s.items = std::move(items);
    return s;
}

// Every chunk mentions the "release", so an unscoped query finds all of them and a scope has
// something to remove on both legs.
std::vector<IngestSource> corpus() {
    return {
        source("slack:#eng", "chat",
               {item("ann", kT0, "release train for the api service", {"deploy"}),
                item("ben", kT0 + 10 * kDay, "release notes draft for the api", {"docs"}),
                item("cat", kT0 + 40 * kDay, "release blocked by the flaky api test", {"deploy"})}),
        source("gmail:ann", "email",
               {item("ann", kT0 + 5 * kDay, "release approval email from finance"),
                item("dan", kT0 + 50 * kDay, "release party invitation email")}),
        source("notion:handbook", "document",
               {item("eve", kT0 + 20 * kDay, "release process handbook section", {"process"})}),
    };
}

struct Chunk {
    std::string id, ns, content_type, source_kind;
    std::int64_t start = 0, end = 0;
    std::vector<std::string> tags;
};

} // namespace

class TestScopingBudgets : public QObject {
    Q_OBJECT

    test::TempDir tmp_;
    std::unique_ptr<Vault> vault_;
    std::unique_ptr<SearchEngine> engine_;
    std::map<std::string, Chunk> chunks_;

    SearchResponse run(SearchRequest req) {
        req.audit = false;
        req.now_ms = kT0 + 60 * kDay;
        req.limit = 20;
        return must(engine_->search(req), "search");
    }

    // The same scope through hybrid, keyword-only and vector-only searches: each must keep
    // only in-scope hits, and together they must find every in-scope chunk.
    void check_scope(const SearchScope& scope, const std::function<bool(const Chunk&)>& in) {
        std::size_t expected = 0;
        for (const auto& [id, c] : chunks_)
            expected += in(c) ? 1 : 0;
        QVERIFY2(expected > 0 && expected < chunks_.size(), "the scope must split the corpus");
        for (SearchMode mode : {SearchMode::Hybrid, SearchMode::Keyword, SearchMode::Semantic}) {
            SearchRequest req;
            req.query = "release api";
            req.mode = mode;
            req.scope = scope;
            auto r = run(req);
            for (const auto& h : r.result.hits) {
                auto it = chunks_.find(h.node_id);
                QVERIFY(it != chunks_.end());
                QVERIFY2(
                    in(it->second),
                    (std::string(to_string(mode)) + ": out of scope: " + it->second.id).c_str());
            }
            QCOMPARE(r.result.hits.size(), expected);
        }
    }

private slots:
    void initTestCase() {
        vault_ = must(Vault::create(tmp_.path() / "v"), "create");
        auto emb = must(make_embedder_for(*vault_), "embedder");
        Ingestor ing(*vault_, *emb);
        must(ing.ingest(corpus()), "ingest");
        // Namespaces and content types are set by the agent that writes the vault; the test
        // writes them straight into the rows.
        QVERIFY(vault_->db()
                    .exec("UPDATE mem_tree_chunks SET namespace = 'code', content_type = 'code' "
                          "WHERE content LIKE '%api%'")
                    .is_ok());
        QVERIFY(vault_->db()
                    .exec("UPDATE mem_tree_chunks SET content_type = 'markdown' WHERE source_kind "
                          "= 'document'")
                    .is_ok());
        auto st = must(vault_->db().prepare(
                           "SELECT id, namespace, content_type, source_kind, time_range_start_ms, "
                           "time_range_end_ms, tags_json FROM mem_tree_chunks"),
                       "prepare");
        while (*st.step()) {
            Chunk c{st.column_text(0),
                    st.column_text(1),
                    st.column_text(2),
                    st.column_text(3),
                    st.column_int64(4),
                    st.column_int64(5),
                    {}};
            const std::string tags = st.column_text(6);
            for (const char* t : {"deploy", "docs", "process"})
                if (tags.find(t) != std::string::npos)
                    c.tags.emplace_back(t);
            chunks_.emplace(c.id, c);
        }
        QCOMPARE(chunks_.size(), std::size_t{6});
        SearchEngineOptions o;
        o.audit = false;
        engine_ = must(SearchEngine::open(*vault_, o), "engine");
    }

    void unscopedFindsEverything() {
        SearchRequest req;
        req.query = "release api";
        QCOMPARE(run(req).result.hits.size(), chunks_.size());
    }

    void namespaceOnBothLegs() {
        SearchScope s;
        s.namespaces = {"code"};
        check_scope(s, [](const Chunk& c) { return c.ns == "code"; });
    }

    void contentTypeOnBothLegs() {
        SearchScope s;
        s.content_types = {"markdown", "code"};
        check_scope(s, [](const Chunk& c) {
            return c.content_type == "markdown" || c.content_type == "code";
        });
    }

    void sourceKindOnBothLegs() {
        SearchScope s;
        s.source_kinds = {"email"};
        check_scope(s, [](const Chunk& c) { return c.source_kind == "email"; });
    }

    void topicsOnBothLegs() {
        SearchScope s;
        s.topics = {"Deploy", "topic:process"}; // case and prefix do not matter
        check_scope(s, [](const Chunk& c) {
            return std::find(c.tags.begin(), c.tags.end(), "deploy") != c.tags.end() ||
                   std::find(c.tags.begin(), c.tags.end(), "process") != c.tags.end();
        });
    }

    void timeWindowOnBothLegs() {
        SearchScope s;
        s.since_ms = kT0 + 5 * kDay;
        s.until_ms = kT0 + 20 * kDay;
        check_scope(s,
                    [&](const Chunk& c) { return c.end >= *s.since_ms && c.start <= *s.until_ms; });
    }

    void scopesCombine() {
        SearchScope s;
        s.source_kinds = {"chat"};
        s.since_ms = kT0 + 1 * kDay;
        check_scope(
            s, [&](const Chunk& c) { return c.source_kind == "chat" && c.end >= *s.since_ms; });
    }

    void scopeThatMatchesNothingIsEmptyNotAnError() {
        SearchRequest req;
        req.query = "release";
        req.scope.namespaces = {"nowhere"};
        auto r = run(req);
        QVERIFY(r.result.hits.empty());
        QCOMPARE(r.result.total, std::size_t{0});
    }

    void maxUnitsCapsAndTruncates() {
        SearchRequest req;
        req.query = "release api";
        req.budget.max_units = 2;
        auto r = run(req);
        QCOMPARE(r.result.hits.size(), std::size_t{2});
        QVERIFY(r.result.truncated);
        QVERIFY(std::find(r.budget_reasons.begin(), r.budget_reasons.end(), "max_units") !=
                r.budget_reasons.end());
        // The cut keeps MMR's first picks.
        SearchRequest all;
        all.query = "release api";
        auto full = run(all);
        QCOMPARE(r.result.hits[0].node_id, full.result.hits[0].node_id);
        QCOMPARE(r.result.hits[1].node_id, full.result.hits[1].node_id);
    }

    void maxCharsCutsTheCrossingHit() {
        SearchRequest all;
        all.query = "release api";
        auto full = run(all);
        const auto first = static_cast<std::int64_t>(utf8_length(full.result.hits[0].content));
        SearchRequest req;
        req.query = "release api";
        req.budget.max_chars = first + 10;
        auto r = run(req);
        QCOMPARE(r.result.hits.size(), std::size_t{2});
        QVERIFY(r.result.truncated);
        QVERIFY(!r.result.hits[0].explanation->budget_cut);
        QVERIFY(r.result.hits[1].explanation->budget_cut);
        QCOMPARE(static_cast<std::int64_t>(utf8_length(r.result.hits[1].content)),
                 std::int64_t{10});
        QVERIFY(full.result.hits[1].content.rfind(r.result.hits[1].content, 0) == 0);
        std::int64_t total = 0;
        for (const auto& h : r.result.hits)
            total += static_cast<std::int64_t>(utf8_length(h.content));
        QVERIFY(total <= req.budget.max_chars);
    }

    void maxMsSkipsLaterLegs() {
        SearchRequest req;
        req.query = "release api";
        req.budget.max_ms = 1e-6; // passed before the second leg can start
        auto r = run(req);
        QVERIFY(r.keyword.ran); // the first leg always runs: an answer is never empty by budget
        QVERIFY(!r.vector.ran);
        QCOMPARE(QString::fromStdString(r.vector.skipped_reason), QStringLiteral("max_ms"));
        QVERIFY(r.result.truncated);
        QVERIFY(!r.result.hits.empty());
        for (const auto& h : r.result.hits)
            QVERIFY(!h.explanation->vector.rank);
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestScopingBudgets)
#include "tst_scoping_budgets.moc"
} // namespace tst_scoping_budgets
