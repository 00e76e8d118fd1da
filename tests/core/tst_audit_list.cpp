// Reading the audit log through the core: list_audit with a filter (text, mode, time) and
// paging, count_audit, and parse_audit_row giving back the values make_audit_record wrote.
// Rows come from real searches on a real vault.
#include "suite.h"
#include "testsupport.h"

// types.h names a field `signals`, which Qt's keyword macro would rewrite to `public`.
#undef signals

#include <memlens/audit.h>
#include <memlens/embedder.h>
#include <memlens/ingest.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

namespace tst_audit_list {

using namespace memlens;
using namespace Qt::StringLiterals;

namespace {

constexpr std::int64_t kDay = 86'400'000;
constexpr std::int64_t kT0 = 1'704'067'200'000;

using test::must;

std::unique_ptr<Vault> make_vault(const std::filesystem::path& dir) {
    auto vault = must(Vault::create(dir), "create");
    auto emb = must(make_embedder_for(*vault), "embedder");
    IngestSource s;
    s.source_id = "slack:#eng";
    s.source_kind = "chat";
    s.platform = "slack";
    s.format = "jsonl";
    std::int64_t t = kT0;
    for (const char* text : {"the phoenix launch review is on friday", "phoenix budget approved",
                             "lunch menu for the offsite", "launch checklist for phoenix",
                             "database migration plan", "we are 100% sure about the migration"}) {
        IngestItem it;
        it.author = "ann";
        it.ts_ms = t;
        it.text = text;
        t += kDay;
        s.items.push_back(it);
    }
    Ingestor ing(*vault, *emb);
    must(ing.ingest({s}), "ingest");
    return vault;
}

std::vector<std::string> queries(const std::vector<AuditRecord>& rows) {
    std::vector<std::string> out;
    for (const auto& r : rows)
        out.push_back(r.query);
    return out;
}

} // namespace

class TestAuditList : public QObject {
    Q_OBJECT
private:
    test::TempDir tmp_;
    std::unique_ptr<Vault> vault_;
    std::unique_ptr<SearchEngine> engine_;
    SearchResponse first_; // the response of the row with ts_ms kT0 + 1 day

    // Runs the query and stores its row with the given answer time (written here, not by the
    // engine's writer, so that the times are chosen).
    SearchResponse log(const std::string& text, SearchMode mode, std::int64_t ts_ms) {
        SearchRequest req;
        req.query = text;
        req.mode = mode;
        req.now_ms = kT0 + 30 * kDay;
        req.audit = false;
        auto resp = must(engine_->search(req), "search");
        AuditRecord row = make_audit_record(req, resp);
        row.ts_ms = ts_ms;
        if (Status s = write_audit_row(vault_->db(), row); !s)
            qFatal("write: %s", s.to_string().c_str());
        return resp;
    }

private slots:
    void initTestCase() {
        vault_ = make_vault(tmp_.path() / "v");
        engine_ = must(SearchEngine::open(*vault_), "engine");
        first_ = log("phoenix launch", SearchMode::Hybrid, kT0 + kDay);
        log("database migration", SearchMode::Keyword, kT0 + 2 * kDay);
        log("Phoenix budget", SearchMode::Semantic, kT0 + 3 * kDay);
        log("100% sure", SearchMode::Hybrid, kT0 + 4 * kDay);
        log("lunch_menu", SearchMode::Keyword, kT0 + 5 * kDay);
    }

    void anEmptyFilterListsEveryRowNewestFirst() {
        QCOMPARE(must(count_audit(vault_->db()), "count"), std::int64_t{5});
        auto rows = must(list_audit(vault_->db(), AuditFilter{}, 50, 0), "list");
        QCOMPARE(queries(rows),
                 (std::vector<std::string>{"lunch_menu", "100% sure", "Phoenix budget",
                                           "database migration", "phoenix launch"}));
    }

    void theTextMatchesLiterallyAnywhereInTheQuery() {
        AuditFilter f;
        f.text = "phoenix"; // ASCII letters match in either case, as LIKE does
        QCOMPARE(must(count_audit(vault_->db(), f), "count"), std::int64_t{2});
        QCOMPARE(queries(must(list_audit(vault_->db(), f, 50, 0), "list")),
                 (std::vector<std::string>{"Phoenix budget", "phoenix launch"}));
        f.text = "%"; // not a wildcard
        QCOMPARE(queries(must(list_audit(vault_->db(), f, 50, 0), "list")),
                 (std::vector<std::string>{"100% sure"}));
        f.text = "100_"; // nor is _ (as one, it would match "100% sure")
        QCOMPARE(must(count_audit(vault_->db(), f), "count"), std::int64_t{0});
        f.text = "lunch_";
        QCOMPARE(must(count_audit(vault_->db(), f), "count"), std::int64_t{1});
    }

    void modeAndTimeNarrowTheList() {
        AuditFilter f;
        f.mode = SearchMode::Keyword;
        QCOMPARE(queries(must(list_audit(vault_->db(), f, 50, 0), "list")),
                 (std::vector<std::string>{"lunch_menu", "database migration"}));
        f = {};
        f.since_ms = kT0 + 2 * kDay; // both ends are inclusive
        f.until_ms = kT0 + 4 * kDay;
        QCOMPARE(must(count_audit(vault_->db(), f), "count"), std::int64_t{3});
        QCOMPARE(queries(must(list_audit(vault_->db(), f, 50, 0), "list")),
                 (std::vector<std::string>{"100% sure", "Phoenix budget", "database migration"}));
        f.mode = SearchMode::Hybrid;
        f.text = "sure";
        QCOMPARE(queries(must(list_audit(vault_->db(), f, 50, 0), "list")),
                 (std::vector<std::string>{"100% sure"}));
        f.since_ms = kT0 + 5 * kDay;
        QCOMPARE(must(count_audit(vault_->db(), f), "count"), std::int64_t{0});
        QVERIFY(must(list_audit(vault_->db(), f, 50, 0), "list").empty());
    }

    void pagesCoverTheFilteredRowsOnce() {
        AuditFilter f;
        f.until_ms = kT0 + 4 * kDay; // four rows
        auto page1 = must(list_audit(vault_->db(), f, 3, 0), "page 1");
        auto page2 = must(list_audit(vault_->db(), f, 3, 3), "page 2");
        QCOMPARE(queries(page1),
                 (std::vector<std::string>{"100% sure", "Phoenix budget", "database migration"}));
        QCOMPARE(queries(page2), (std::vector<std::string>{"phoenix launch"}));
        QVERIFY(must(list_audit(vault_->db(), f, 3, 4), "past the end").empty());
        // The unfiltered form pages the same way.
        QCOMPARE(queries(must(list_audit(vault_->db(), 2, 1), "list")),
                 (std::vector<std::string>{"100% sure", "Phoenix budget"}));
    }

    void theCliListsThroughTheSameFilter() {
        const QString dir = QString::fromStdString((tmp_.path() / "v").string());
        auto run =
            test::run_cli({u"audit"_s, u"--vault"_s, dir, u"list"_s, u"--text"_s, u"PHOENIX"_s,
                           u"--since"_s, QString::number(kT0 + 2 * kDay), u"--json"_s});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        auto rows = QJsonDocument::fromJson(QByteArray::fromStdString(run.out)).array();
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows[0].toObject().value(u"query"_s).toString(), u"Phoenix budget"_s);
        run = test::run_cli({u"audit"_s, u"--vault"_s, dir, u"list"_s, u"--mode"_s, u"keyword"_s,
                             u"--until"_s, u"2024-01-04T00:00:00Z"_s, u"--limit"_s, u"1"_s,
                             u"--offset"_s, u"0"_s});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        QVERIFY2(run.out.find("database migration") != std::string::npos, run.out.c_str());
        QVERIFY2(run.out.find("lunch_menu") == std::string::npos, run.out.c_str());
        QVERIFY2(run.out.find("1 rows") != std::string::npos, run.out.c_str());
    }

    void aRowParsesIntoTheValuesItWasWrittenFrom() {
        AuditFilter f;
        f.text = "phoenix launch";
        auto rows = must(list_audit(vault_->db(), f, 1, 0), "list");
        QCOMPARE(rows.size(), std::size_t{1});
        const ParsedAuditRow p = must(parse_audit_row(rows.front()), "parse");
        const SearchResponse& r = first_;
        QCOMPARE(p.record.id, rows.front().id);
        QCOMPARE(p.request.query, std::string("phoenix launch"));
        QVERIFY(p.request.mode == SearchMode::Hybrid);
        QCOMPARE(p.request.now_ms, kT0 + 30 * kDay);
        QVERIFY(to_settings_map(p.settings) == to_settings_map(r.settings));
        QVERIFY(p.mode == SearchMode::Hybrid);
        QVERIFY(p.fusion == r.settings.fusion);
        QCOMPARE(p.profile, r.settings.profile.name);
        QCOMPARE(p.profile_weights.graph, r.settings.profile.graph);
        QCOMPARE(p.keyword_weight, r.keyword.weight);
        QCOMPARE(p.vector_weight, r.vector.weight);
        QVERIFY(p.keyword.ran && p.vector.ran);
        QCOMPARE(p.keyword.count, r.keyword.count);
        QCOMPARE(p.keyword.top_score, r.keyword.top_score);
        QCOMPARE(p.keyword.fts_query, r.keyword.fts_query);
        QCOMPARE(p.vector.count, r.vector.count);
        QCOMPARE(p.vector.exact, r.vector.exact);
        QCOMPARE(p.vector.scored, r.vector.scored);
        QCOMPARE(p.limit, r.limit);
        QCOMPARE(p.mmr_lambda, r.mmr_lambda);
        QCOMPARE(p.fused, r.result.total);
        QCOMPARE(p.returned, r.result.hits.size());
        QCOMPARE(p.truncated, r.result.truncated);
        QVERIFY(p.query_entities == r.query_entities);
        QCOMPARE(p.sources.size(), r.result.hits.size());
        QVERIFY(!p.sources.empty());
        for (std::size_t i = 0; i < p.sources.size(); ++i) {
            const AuditSource& s = p.sources[i];
            const RetrievalHit& h = r.result.hits[i];
            QCOMPARE(s.node_id, h.node_id);
            QCOMPARE(s.rank, static_cast<int>(i) + 1);
            QCOMPARE(s.score, h.score);
            QVERIFY(h.explanation);
            QCOMPARE(s.fused_rank, std::optional<int>(h.explanation->fused_rank));
            QVERIFY(s.keyword_rank == h.explanation->keyword.rank);
            QVERIFY(s.vector_rank == h.explanation->vector.rank);
            QCOMPARE(s.rrf_score, std::optional<double>(h.explanation->rrf_score));
        }
    }

    void aLegThatDidNotRunSaysSo() {
        AuditFilter f;
        f.mode = SearchMode::Keyword;
        f.text = "database";
        auto rows = must(list_audit(vault_->db(), f, 1, 0), "list");
        QCOMPARE(rows.size(), std::size_t{1});
        const ParsedAuditRow p = must(parse_audit_row(rows.front()), "parse");
        QVERIFY(p.mode == SearchMode::Keyword);
        QVERIFY(p.keyword.ran);
        QVERIFY(!p.vector.ran);
        QVERIFY(!p.vector.skipped_reason.empty());
    }

    void aMalformedColumnIsCorruptionNamingIt() {
        auto row = must(list_audit(vault_->db(), 1, 0), "list").front();
        AuditRecord bad = row;
        bad.sources = "[{\"rank\": 1}]"; // no node_id
        auto r = parse_audit_row(bad);
        QVERIFY(!r.is_ok());
        QVERIFY(r.status().code() == StatusCode::Corruption);
        QVERIFY2(r.status().message().find("sources") != std::string::npos,
                 r.status().message().c_str());
        bad = row;
        bad.query_profile = "not json";
        r = parse_audit_row(bad);
        QVERIFY(!r.is_ok());
        QVERIFY2(r.status().message().find("query_profile") != std::string::npos,
                 r.status().message().c_str());
        bad = row;
        bad.settings = "[]";
        QVERIFY(!parse_audit_row(bad).is_ok());
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestAuditList)
#include "tst_audit_list.moc"
} // namespace tst_audit_list
