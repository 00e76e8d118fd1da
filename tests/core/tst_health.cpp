// A vault's health from its audit log (health.h): memories no logged search returned, by source
// and by age, and a magnet that unrelated questions all bring back; the time filter; the CLI.
// Real searches write the log (SearchEngine with its audit writer) on a real vault.
#include "suite.h"
#include "testsupport.h"

#include <memlens/audit.h>
#include <memlens/biography.h>
#include <memlens/embedder.h>
#include <memlens/health.h>
#include <memlens/ingest.h>
#include <memlens/judgments.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <limits>
#include <map>
#include <set>

namespace tst_health {

using namespace memlens;
using namespace Qt::Literals::StringLiterals;

namespace {

using test::must;

constexpr std::int64_t kT0 = 1'767'225'600'000; // 2026-01-01T00:00:00Z
constexpr std::int64_t kDay = 86'400'000;

const char* kTopics[] = {"violin",  "glacier", "sourdough",   "telescope", "marathon",
                         "origami", "volcano", "harpsichord", "kayak",     "mosaic"};

} // namespace

class TestHealth : public QObject {
    Q_OBJECT

    test::TempDir dir_;
    std::unique_ptr<Vault> vault_;
    std::set<std::string> returned_;
    std::string magnet_;
    std::int64_t logged_until_ = 0;

private slots:
    // Ten notes on ten topics (in two sources, the older a year back), ten that no question
    // names, and one note that names every topic: each question asks about one topic.
    void initTestCase() {
        vault_ = must(Vault::create(dir_.file("v")), "vault");
        auto emb = must(make_embedder_for(*vault_), "embedder");
        IngestSource recent, old;
        for (auto* s : {&recent, &old}) {
            s->source_id = s == &recent ? "chat:recent" : "chat:old";
            s->source_kind = "chat";
            s->platform = "chat";
            s->title = s->source_id;
            s->format = "jsonl";
        }
        for (int i = 0; i < 10; ++i) {
            IngestItem it;
            it.author = "ana";
            it.text = std::string("Ana wrote about the ") + kTopics[i] + " at length today.";
            it.ts_ms = kT0 + i * 60'000;
            recent.items.push_back(it);
            IngestItem quiet;
            quiet.author = "ben";
            quiet.text = "Ben filed invoice number " + std::to_string(1000 + i) + " unpaid.";
            quiet.ts_ms = kT0 - 400 * kDay + i * 60'000;
            old.items.push_back(quiet);
        }
        IngestItem hub;
        hub.author = "cy";
        hub.text = "Cy lists violin glacier sourdough telescope marathon origami volcano "
                   "harpsichord kayak mosaic as hobbies.";
        hub.ts_ms = kT0 + 20 * 60'000;
        recent.items.push_back(hub);
        Ingestor ing(*vault_, *emb);
        must(ing.ingest({recent, old}), "ingest");
        {
            // In a block: a statement left stepped keeps its read snapshot open.
            auto hubRow = must(vault_->db().prepare(
                                   "SELECT id FROM mem_tree_chunks WHERE content LIKE '%hobbies%'"),
                               "hub");
            QVERIFY(must(hubRow.step(), "hub row"));
            magnet_ = hubRow.column_text(0);
        }

        auto engine = must(SearchEngine::open(*vault_), "engine");
        for (const char* topic : kTopics) {
            QueryOptions o;
            o.limit = 2;
            const auto a =
                must(engine->query(std::string("what about the ") + topic + "?", o), "query");
            QVERIFY2(a.response.audit.enabled, a.response.audit.disabled_reason.c_str());
            for (const auto& h : a.response.result.hits)
                returned_.insert(h.node_id);
        }
        QVERIFY(engine->audit_writer() != nullptr);
        QVERIFY(engine->audit_writer()->flush().is_ok());
        const auto rows = must(list_audit(vault_->db(), 1), "log");
        QCOMPARE(rows.size(), std::size_t{1});
        logged_until_ = rows.front().ts_ms;
    }

    void everyMemoryNoSearchReturnedIsCountedBySourceAndAge() {
        const auto r = must(vault_health(*vault_), "health");
        QCOMPARE(r.searches, std::size_t{10});
        QCOMPARE(r.distinct_queries, std::size_t{10});
        QCOMPARE(r.chunks, std::size_t{21});
        QCOMPARE(r.never_returned, std::size_t{21} - returned_.size());
        // The ten invoices, a year older than the newest memory, were never asked about.
        const auto old = std::find_if(r.by_source.begin(), r.by_source.end(),
                                      [](const CoverageRow& c) { return c.label == "chat:old"; });
        QVERIFY(old != r.by_source.end());
        QCOMPARE(old->chunks, std::size_t{10});
        QCOMPARE(old->never_returned, std::size_t{10});
        QCOMPARE(r.by_source.front().label, std::string("chat:old"));
        QCOMPARE(r.by_age.back().label, std::string("older"));
        QCOMPARE(r.by_age.back().never_returned, std::size_t{10});
        QCOMPARE(r.by_age.front().chunks, std::size_t{11});
    }

    // A memory a newer version replaced is no memory of the vault: it leaves the counts by
    // source and by age, and a returned one leaves the returned ones.
    void supersededMemoriesAreNotCounted() {
        const auto before = must(vault_health(*vault_), "health");
        std::string returnedChunk, oldChunk;
        {
            auto st =
                must(vault_->db().prepare("SELECT id, source_id FROM mem_tree_chunks"), "chunks");
            while (must(st.step(), "row")) {
                const std::string id = st.column_text(0);
                if (st.column_text(1) == "chat:old")
                    oldChunk = id;
                else if (returned_.count(id) != 0)
                    returnedChunk = id;
            }
        }
        QVERIFY(!returnedChunk.empty() && !oldChunk.empty());
        const auto mark = [&](int superseded) {
            auto st = must(vault_->db().prepare("UPDATE mem_tree_chunks SET superseded = ?1 "
                                                "WHERE id IN (?2, ?3)"),
                           "update");
            st.bind(1, superseded).bind(2, returnedChunk).bind(3, oldChunk);
            QVERIFY(st.step().is_ok());
        };
        mark(1);
        const auto r = must(vault_health(*vault_), "health");
        mark(0);
        QCOMPARE(r.chunks, before.chunks - 2);
        QCOMPARE(r.never_returned, before.never_returned - 1);
        const auto old = std::find_if(r.by_source.begin(), r.by_source.end(),
                                      [](const CoverageRow& c) { return c.label == "chat:old"; });
        QVERIFY(old != r.by_source.end());
        QCOMPARE(old->chunks, std::size_t{9});
        QCOMPARE(r.by_age.back().chunks, std::size_t{9});
        QCOMPARE(r.by_age.front().chunks, std::size_t{10});
        QCOMPARE(r.by_age.front().never_returned, before.by_age.front().never_returned);
    }

    // Read in two halves on two connections (as a log of 20,000 rows and more is), the log
    // gives the same report as read in one: the same counts, coverage, magnets, and each node's
    // and entity's questions, with a question asked in both halves and a node returned in both.
    void aLogReadInTwoHalvesGivesTheSameReport() {
        HealthOptions whole;
        whole.per_node = true;
        whole.split_log_from = std::numeric_limits<std::int64_t>::max();
        HealthOptions halves = whole;
        halves.split_log_from = 1;
        // The first three questions asked again at the end of the log (in its second half), a
        // minute later each; removed after.
        const auto logged = [&] {
            return must(vault_->db().query_int("SELECT max(id) FROM retrieval_log"), "max id");
        };
        const std::int64_t before = logged();
        QVERIFY(vault_->db()
                    .exec("INSERT INTO retrieval_log(ts_ms, query, query_hash, mode, "
                          "query_profile, sources, settings, elapsed_ms, vault_revision, error, "
                          "client, session, tool, arguments, candidates) SELECT ts_ms + 60000, "
                          "query, query_hash, mode, query_profile, sources, settings, elapsed_ms, "
                          "vault_revision, error, client, session, tool, arguments, candidates "
                          "FROM retrieval_log ORDER BY id LIMIT 3")
                    .is_ok());
        QCOMPARE(logged(), before + 3);
        const auto one = must(vault_health(*vault_, whole), "health");
        const auto two = must(vault_health(*vault_, halves), "health");
        QVERIFY(vault_->db()
                    .exec("DELETE FROM retrieval_log WHERE id > " + std::to_string(before))
                    .is_ok());
        QCOMPARE(one.searches, std::size_t{13});
        QCOMPARE(one.distinct_queries, std::size_t{10});
        QCOMPARE(two.searches, one.searches);
        QCOMPARE(two.distinct_queries, one.distinct_queries);
        QCOMPARE(two.chunks, one.chunks);
        QCOMPARE(two.never_returned, one.never_returned);
        QCOMPARE(to_json(two), to_json(one));
        QCOMPARE(two.node_queries, one.node_queries);
        QCOMPARE(two.entity_recall.size(), one.entity_recall.size());
        for (const auto& [entity, recall] : one.entity_recall) {
            QCOMPARE(two.entity_recall.at(entity).returned, recall.returned);
            QCOMPARE(two.entity_recall.at(entity).queries, recall.queries);
        }
    }

    // Health reads what each answered search returned from ml_log_returned (schema 12), which
    // the log's triggers keep equal to what its rows say: the rows the audit writer wrote, a
    // raw insert, a tool's row and a failed one (no entry), rows whose sources name no node
    // (no entry: health counts them as naming nothing), an update of a row's sources and query
    // (a forget's redaction), deletes; and a vault migrated from schema 11 gets its log copied in.
    void theReturnedTableFollowsTheLog() {
        using Entry = std::pair<std::string, std::vector<std::string>>;
        const auto ids_in = [](const std::string& text, std::vector<std::string>& ids) {
            const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(text));
            if (!doc.isArray())
                return false;
            for (const auto& v : doc.array()) {
                if (!v.isObject() || !v.toObject().value(u"node_id"_s).isString())
                    return false;
                ids.push_back(v.toObject().value(u"node_id"_s).toString().toStdString());
            }
            return true;
        };
        const auto expected = [&] {
            std::map<std::int64_t, Entry> out;
            auto st = must(vault_->db().prepare("SELECT id, query, sources FROM retrieval_log "
                                                "WHERE error IS NULL AND (tool IS NULL OR tool = "
                                                "'memory_search')"),
                           "log");
            while (must(st.step(), "step")) {
                std::vector<std::string> ids;
                if (ids_in(st.column_text(2), ids))
                    out[st.column_int64(0)] = {st.column_text(1), ids};
            }
            return out;
        };
        const auto actual = [&] {
            std::map<std::int64_t, Entry> out;
            auto st =
                must(vault_->db().prepare("SELECT log_id, query, node_ids FROM ml_log_returned"),
                     "returned");
            while (must(st.step(), "step")) {
                std::vector<std::string> ids;
                if (!ids_in(st.column_text(2), ids))
                    ids.push_back("<not ids: " + st.column_text(2) + ">");
                out[st.column_int64(0)] = {st.column_text(1), ids};
            }
            return out;
        };
        const auto logged = expected();
        QVERIFY(logged.size() >= 10);
        QVERIFY(!logged.begin()->second.second.empty());
        QVERIFY(actual() == logged);

        const std::int64_t before =
            must(vault_->db().query_int("SELECT max(id) FROM retrieval_log"), "max id");
        const std::string copy =
            "INSERT INTO retrieval_log(ts_ms, query, query_hash, mode, query_profile, sources, "
            "settings, elapsed_ms, vault_revision, error, client, session, tool, arguments) "
            "SELECT ts_ms, query, query_hash, mode, query_profile, %SOURCES%, settings, "
            "elapsed_ms, vault_revision, %ERROR%, client, session, %TOOL%, arguments FROM "
            "retrieval_log WHERE id = " +
            std::to_string(logged.begin()->first);
        const auto insert = [&](const std::string& sources, const std::string& error,
                                const std::string& tool) {
            std::string sql = copy;
            sql.replace(sql.find("%SOURCES%"), 9, sources);
            sql.replace(sql.find("%ERROR%"), 7, error);
            sql.replace(sql.find("%TOOL%"), 6, tool);
            QVERIFY2(vault_->db().exec(sql).is_ok(), sql.c_str());
        };
        insert("sources", "error", "tool");              // a copy: an entry
        insert("sources", "error", "'memory_search'");   // an agent's search: an entry
        insert("sources", "error", "'memory_store'");    // another tool's call: none
        insert("sources", "'embedding failed'", "tool"); // a failed search: none
        insert("'[{\"rank\": 1}]'", "error", "tool");    // a source without a node id: none
        insert("'not json'", "error", "tool");           // damaged: none
        insert("'[]'", "error", "tool");                 // nothing returned: an empty entry
        QCOMPARE(actual().size(), logged.size() + 3);
        QVERIFY(actual() == expected());
        // The first two inserted (the log's ids are AUTOINCREMENT: past every id it ever had).
        const std::int64_t first =
            must(vault_->db().query_int("SELECT min(id) FROM retrieval_log WHERE id > " +
                                        std::to_string(before)),
                 "first");
        const std::int64_t second = first + 1;
        QVERIFY(vault_->db()
                    .exec("UPDATE retrieval_log SET sources = json_remove(sources, '$[0]'), "
                          "query = 'redacted' WHERE id = " +
                          std::to_string(first))
                    .is_ok());
        QVERIFY(vault_->db()
                    .exec("UPDATE retrieval_log SET sources = 'not json' WHERE id = " +
                          std::to_string(second))
                    .is_ok());
        QVERIFY(actual() == expected());
        QCOMPARE(actual().at(first).first, std::string("redacted"));
        QVERIFY(!actual().count(second));
        QVERIFY(vault_->db()
                    .exec("DELETE FROM retrieval_log WHERE id > " + std::to_string(before))
                    .is_ok());
        QVERIFY(actual() == logged);

        // The vault as schema 11 left it, opened read-write: migrated, its log copied in.
        QVERIFY(vault_->db()
                    .exec("DROP TRIGGER ml_log_returned_on_insert; DROP TRIGGER "
                          "ml_log_returned_on_update; DROP TRIGGER ml_log_returned_on_delete; "
                          "DROP TABLE ml_log_returned; DROP INDEX ml_chunks_source_ref; PRAGMA "
                          "user_version = 11")
                    .is_ok());
        vault_.reset();
        vault_ = must(Vault::open(dir_.file("v"), false), "reopen");
        QCOMPARE(vault_->schema_version(), 13);
        QVERIFY(actual() == logged);
    }

    void aMemoryEveryUnrelatedQuestionBringsBackIsAMagnet() {
        const auto r = must(vault_health(*vault_), "health");
        QCOMPARE(r.magnets.size(), std::size_t{1});
        const Magnet& m = r.magnets.front();
        QCOMPARE(m.node_id, magnet_);
        QCOMPARE(m.queries, std::size_t{10});
        QCOMPARE(m.share, 1.0);
        QCOMPARE(m.unrelated_share, 1.0); // "what about the violin?" shares no word with the rest
        QCOMPARE(m.sample_queries.size(), std::size_t{10});
        QVERIFY(m.text.find("hobbies") != std::string::npos);
    }

    void theTimeWindowKeepsOnlyTheSearchesLoggedInIt() {
        HealthOptions o;
        o.since_ms = logged_until_ + 1;
        const auto r = must(vault_health(*vault_, o), "later");
        QCOMPARE(r.searches, std::size_t{0});
        QCOMPARE(r.never_returned, r.chunks);
        QVERIFY(r.magnets.empty());
        o.until_ms = logged_until_;
        QCOMPARE(vault_health(*vault_, o).status().code(), StatusCode::InvalidArgument);
    }

    // Per node (the trees' heat column, the graph's recall): the magnet's ten questions; a
    // memory no search returned is absent; each entity of the magnet counts its questions, and
    // an entity only the never-returned invoices name is absent.
    void perNodeTheReturnedNodesAndTheirEntitiesCountTheirQuestions() {
        HealthOptions o;
        o.per_node = true;
        const auto r = must(vault_health(*vault_, o), "per node");
        QCOMPARE(r.node_queries.size(), returned_.size());
        QCOMPARE(r.node_queries.at(magnet_), std::size_t{10});
        for (const auto& id : returned_)
            QVERIFY2(r.node_queries.at(id) >= 1, id.c_str());
        std::vector<std::string> hubEntities;
        std::set<std::string> quietOnly;
        {
            auto st = must(vault_->db().prepare("SELECT entity_id FROM mem_tree_entity_index "
                                                "WHERE node_id = ?1"),
                           "entities");
            st.bind(1, magnet_);
            QVERIFY(st.each_row([&] { hubEntities.push_back(st.column_text(0)); }).is_ok());
            auto quiet =
                must(vault_->db().prepare(
                         "SELECT entity_id FROM mem_tree_entity_index i JOIN mem_tree_chunks c ON "
                         "c.id = i.node_id WHERE c.content LIKE '%invoice%' AND i.entity_id NOT IN "
                         "(SELECT entity_id FROM mem_tree_entity_index j JOIN mem_tree_chunks d ON "
                         "d.id = j.node_id WHERE d.content NOT LIKE '%invoice%')"),
                     "quiet entities");
            QVERIFY(quiet.each_row([&] { quietOnly.insert(quiet.column_text(0)); }).is_ok());
        }
        QVERIFY(!hubEntities.empty());
        for (const auto& e : hubEntities) {
            QVERIFY2(r.entity_recall.count(e), e.c_str());
            QCOMPARE(r.entity_recall.at(e).queries, std::size_t{10});
            QVERIFY(r.entity_recall.at(e).returned >= 1);
        }
        QVERIFY(!quietOnly.empty());
        for (const auto& e : quietOnly)
            QVERIFY2(!r.entity_recall.count(e), e.c_str());
        // Without per_node the maps stay empty (the Overview's JSON and the CLI pay nothing).
        const auto plain = must(vault_health(*vault_), "plain");
        QVERIFY(plain.node_queries.empty() && plain.entity_recall.empty());
    }

    // The biography of the magnet: the ten questions that returned it, oldest first, each with
    // its rank and, from a rerun, the verdict; then a grade it received; a never-returned
    // memory has none; an unknown id is named.
    void aBiographyListsEverySearchThatReturnedTheMemory() {
        auto engine = must(SearchEngine::open(*vault_), "engine");
        const auto q = must(judged_query_for_text(*vault_, "what about the violin?"), "q");
        Judgment j;
        j.query_id = q.id;
        j.node_id = magnet_;
        j.grade = 1;
        j.reason = "mentions it in a list";
        must(set_judgment(*vault_, j), "grade");
        const auto b = must(node_biography(*vault_, magnet_.substr(0, 12), engine.get()), "bio");
        QCOMPARE(b.node_id, magnet_);
        QCOMPARE(b.logged_searches, std::size_t{10});
        QCOMPARE(b.appearances.size(), std::size_t{10});
        QCOMPARE(b.appearances.front().query, std::string("what about the violin?"));
        for (const auto& a : b.appearances) {
            QVERIFY(a.source.rank == 1 || a.source.rank == 2);
            QVERIFY(a.source.keyword_rank.has_value());
            QVERIFY2(!a.verdict.empty(), a.query.c_str()); // every one is among the newest 20
        }
        QCOMPARE(b.judgments.size(), std::size_t{1});
        QCOMPARE(b.judgments.front().reason, std::string("mentions it in a list"));

        std::string quietId;
        {
            auto quiet = must(vault_->db().prepare(
                                  "SELECT id FROM mem_tree_chunks WHERE content LIKE '%invoice%'"),
                              "quiet");
            QVERIFY(must(quiet.step(), "quiet row"));
            quietId = quiet.column_text(0);
        }
        const auto none = must(node_biography(*vault_, quietId), "quiet bio");
        QVERIFY(none.appearances.empty());
        QCOMPARE(node_biography(*vault_, "0123456789abcdef0123456789abcdef").status().code(),
                 StatusCode::NotFound);
    }

    void theCliPrintsItAsJson() {
        auto run = test::run_cli({u"health"_s, u"--vault"_s,
                                  QString::fromStdString(dir_.file("v").string()), u"--json"_s});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        const auto j = QJsonDocument::fromJson(QByteArray::fromStdString(run.out)).object();
        QCOMPARE(j[u"chunks"_s].toInt(), 21);
        QCOMPARE(j[u"magnets"_s].toArray().size(), 1);
        QCOMPARE(j[u"magnets"_s].toArray()[0].toObject()[u"node_id"_s].toString(),
                 QString::fromStdString(magnet_));
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestHealth)
#include "tst_health.moc"
} // namespace tst_health
