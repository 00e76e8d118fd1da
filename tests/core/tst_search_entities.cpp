// search_entities: LIKE lookup with literal %, _ and \, grouping by
// id, ordering, kinds, limits and blank queries; and `memlens-cli entities`.
#include "fixture.h"
#include "suite.h"
#include "testsupport.h"

#include <memlens/retrieval.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

namespace tst_search_entities {

using namespace memlens;
using namespace Qt::StringLiterals;
using test::kT0;

namespace {

std::vector<EntityMatch> search(test::VaultFixture& f, const std::string& q,
                                std::vector<std::string> kinds = {}, std::size_t limit = 0) {
    SearchEntitiesOptions o;
    o.query = q;
    o.kinds = std::move(kinds);
    o.limit = limit;
    auto r = search_entities(f.vault(), o);
    if (!r) {
        qWarning() << QString::fromStdString(r.status().to_string());
        return {};
    }
    return *r;
}

QStringList ids(const std::vector<EntityMatch>& m) {
    QStringList out;
    for (const auto& x : m)
        out << QString::fromStdString(x.canonical_id);
    return out;
}

} // namespace

class TestSearchEntities : public QObject {
    Q_OBJECT
private slots:
    void percentAndUnderscoreMatchLiterally() {
        test::VaultFixture f;
        f.add_mention("topic:100%_ready", "n1", kT0);
        f.add_mention("topic:100x_ready", "n2", kT0);
        f.add_mention("topic:1000ready", "n3", kT0);
        f.add_mention("topic:100%-ready", "n4", kT0);
        QCOMPARE(ids(search(f, "100%_ready")), QStringList{u"topic:100%_ready"_s});
        QCOMPARE(ids(search(f, "_ready")),
                 (QStringList{u"topic:100%_ready"_s, u"topic:100x_ready"_s}));
    }

    void backslashMatchesLiterally() {
        test::VaultFixture f;
        f.add_mention("misc:a\\b", "n1", kT0);
        f.add_mention("misc:ab", "n2", kT0);
        QCOMPARE(ids(search(f, "a\\b")), QStringList{u"misc:a\\b"_s});
    }

    void blankQueryMatchesNothing() {
        test::VaultFixture f;
        f.add_mention("person:alice", "n1", kT0);
        QVERIFY(search(f, "").empty());
        QVERIFY(search(f, "   \t").empty());
    }

    void queryIsTrimmedAndLowercased() {
        test::VaultFixture f;
        f.add_mention("person:alice", "n1", kT0, "leaf", "Alice");
        QCOMPARE(ids(search(f, "  ALICE ")), QStringList{u"person:alice"_s});
    }

    void surfaceFormsMatchToo() {
        test::VaultFixture f;
        f.add_mention("email:a@example.com", "n1", kT0, "leaf", "Alice Smith");
        f.add_mention("person:bob", "n2", kT0, "leaf", "Bob");
        QCOMPARE(ids(search(f, "smith")), QStringList{u"email:a@example.com"_s});
        const auto m = search(f, "smith");
        QCOMPARE(QString::fromStdString(m[0].kind), u"email"_s);
        QCOMPARE(QString::fromStdString(m[0].surface), u"Alice Smith"_s);
    }

    void mentionsAreGroupedByIdAndOrdered() {
        test::VaultFixture f;
        // rare: 1 mention; many: 3 mentions; tie-a / tie-b: 2 mentions each, tie-b seen later.
        f.add_mention("topic:plan-rare", "n1", kT0 + 50);
        for (int i = 0; i < 3; ++i)
            f.add_mention("topic:plan-many", "m" + std::to_string(i), kT0 + i, "leaf",
                          "Plan many " + std::to_string(i));
        f.add_mention("topic:plan-tie-a", "a1", kT0 + 1);
        f.add_mention("topic:plan-tie-a", "a2", kT0 + 2);
        f.add_mention("topic:plan-tie-b", "b1", kT0 + 1);
        f.add_mention("topic:plan-tie-b", "b2", kT0 + 9);
        const auto m = search(f, "plan", {}, 10);
        QCOMPARE(ids(m), (QStringList{u"topic:plan-many"_s, u"topic:plan-tie-b"_s,
                                      u"topic:plan-tie-a"_s, u"topic:plan-rare"_s}));
        QCOMPARE(m[0].mention_count, std::uint64_t{3});
        QCOMPARE(m[0].last_seen_ms, kT0 + 2);
        QCOMPARE(QString::fromStdString(m[0].surface), u"Plan many 2"_s); // the newest mention
        QCOMPARE(m[1].last_seen_ms, kT0 + 9);
    }

    void kindsNarrowTheSearch() {
        test::VaultFixture f;
        f.add_mention("person:phoenix", "n1", kT0);
        f.add_mention("topic:phoenix", "n2", kT0);
        f.add_mention("hashtag:phoenix", "n3", kT0);
        QCOMPARE(ids(search(f, "phoenix", {"topic", "hashtag"})),
                 (QStringList{u"hashtag:phoenix"_s, u"topic:phoenix"_s}));
        QCOMPARE(ids(search(f, "phoenix", {"person"})), QStringList{u"person:phoenix"_s});
        QVERIFY(search(f, "phoenix", {"email"}).empty());
    }

    void limitDefaultsToFiveAndCapsAtOneHundred() {
        test::VaultFixture f;
        f.begin();
        for (int i = 0; i < 130; ++i)
            f.add_mention("topic:item" + std::to_string(i), "n" + std::to_string(i), kT0 + i);
        f.commit();
        QCOMPARE(search(f, "item").size(), std::size_t{5});
        QCOMPARE(search(f, "item", {}, 7).size(), std::size_t{7});
        QCOMPARE(search(f, "item", {}, 1000).size(), std::size_t{100});
        QCOMPARE(QString::fromStdString(search(f, "item")[0].canonical_id), u"topic:item129"_s);
    }

    // The count is the entity's, not the matching mentions': an entity found by one surface form
    // reports every mention, and the surface shown is its newest.
    void countsEveryMentionOfAFoundEntity() {
        test::VaultFixture f;
        f.add_mention("person:alice", "n1", kT0, "leaf", "Alice Smith");
        f.add_mention("person:alice", "n2", kT0 + 5, "leaf", "Alice");
        f.add_mention("person:alice", "n3", kT0 + 7, "summary", "alice");
        const auto m = search(f, "smith");
        QCOMPARE(ids(m), QStringList{u"person:alice"_s});
        QCOMPARE(m[0].mention_count, std::uint64_t{3});
        // A summary's row is a mention, but its time is the summary's, not Alice's own: the
        // seen times and the surface are her chunks'.
        QCOMPARE(m[0].first_seen_ms, kT0);
        QCOMPARE(m[0].last_seen_ms, kT0 + 5);
        QCOMPARE(QString::fromStdString(m[0].surface), u"Alice"_s);
    }

    // A vault written before the entity list existed (schema 1) is migrated on its first
    // read-write open, and the list holds what its index already held.
    void aSchemaOneVaultIsMigrated() {
        test::VaultFixture f;
        f.add_mention("person:caroline", "n1", kT0, "leaf", "Caroline");
        f.add_mention("person:caroline", "n2", kT0 + 1, "leaf", "Caro");
        f.add_mention("topic:pride", "n2", kT0 + 1);
        auto& db = f.vault().db();
        // Back to schema 1: what migrations 2 to 12 add goes.
        QVERIFY(db.exec("DROP TRIGGER ml_log_returned_on_insert; DROP TRIGGER "
                        "ml_log_returned_on_update; DROP TRIGGER ml_log_returned_on_delete; "
                        "DROP TABLE ml_log_returned;")
                    .is_ok());
        QVERIFY(db.exec("DROP INDEX ml_chunks_source_ref").is_ok());
        QVERIFY(db.exec("DROP TABLE ml_ppmi_words; DROP TABLE ml_ppmi_pending; DROP TABLE "
                        "ml_ppmi_turns;")
                    .is_ok());
        QVERIFY(db.exec("DROP TABLE ml_judgments; DROP TABLE ml_judged_queries;").is_ok());
        QVERIFY(db.exec("DROP INDEX ml_entity_index_newest; DROP INDEX mem_tree_chunks_parent; "
                        "CREATE INDEX mem_tree_chunks_parent ON "
                        "mem_tree_chunks(parent_summary_id);")
                    .is_ok());
        QVERIFY(db.exec("DROP TABLE ml_buffer_appends").is_ok());
        QVERIFY(db.exec("DROP TRIGGER ml_topic_delta_on_chunk_insert; DROP TRIGGER "
                        "ml_topic_delta_on_chunk_update;"
                        "DROP TRIGGER ml_topic_delta_on_chunk_delete; DROP TRIGGER "
                        "ml_topic_delta_on_summary_insert;"
                        "DROP TRIGGER ml_topic_delta_on_summary_update; DROP TRIGGER "
                        "ml_topic_delta_on_summary_delete;"
                        "DROP TABLE ml_topic_delta;")
                    .is_ok());
        QVERIFY(db.exec("DROP INDEX retrieval_log_candidates; ALTER TABLE retrieval_log DROP "
                        "COLUMN candidates; DROP INDEX retrieval_log_client; ALTER TABLE "
                        "retrieval_log DROP COLUMN "
                        "client; ALTER TABLE retrieval_log DROP COLUMN session; ALTER TABLE "
                        "retrieval_log DROP COLUMN tool; ALTER TABLE retrieval_log DROP COLUMN "
                        "arguments")
                    .is_ok());
        QVERIFY(db.exec("DROP INDEX ml_chunks_superseded; DROP INDEX ml_chunks_supersedes; "
                        "DROP TRIGGER ml_entities_on_entity_mention; DROP TABLE ml_entities; "
                        "PRAGMA user_version = 1")
                    .is_ok());
        const auto dir = f.dir();
        auto reopened = Vault::open(dir, false);
        QVERIFY2(reopened.is_ok(), reopened.status().to_string().c_str());
        QCOMPARE((*reopened)->db().query_int("PRAGMA user_version").value(), std::int64_t{13});
        SearchEntitiesOptions o;
        o.query = "caro";
        auto m = search_entities(**reopened, o);
        QVERIFY2(m.is_ok(), m.status().to_string().c_str());
        QCOMPARE(m->size(), std::size_t{1});
        QCOMPARE((*m)[0].mention_count, std::uint64_t{2});
        QCOMPARE(QString::fromStdString((*m)[0].surface), u"Caro"_s);
        // The trigger is back: a new mention counts.
        QVERIFY((*reopened)
                    ->db()
                    .exec("INSERT INTO mem_tree_entity_index(entity_id, node_id, node_kind, "
                          "entity_kind, surface, timestamp_ms) VALUES ('person:caroline', 'n9', "
                          "'leaf', 'person', 'Caroline', 1)")
                    .is_ok());
        m = search_entities(**reopened, o);
        QVERIFY(m.is_ok());
        QCOMPARE((*m)[0].mention_count, std::uint64_t{3});
        QCOMPARE(QString::fromStdString((*m)[0].surface), u"Caro"_s); // still the newest
    }

    void cliPrintsMatchesAsJson() {
        test::VaultFixture f;
        f.add_mention("person:caroline", "n1", kT0, "leaf", "Caroline");
        const QString dir = QString::fromStdString(f.dir().string());
        auto run = test::run_cli(
            {u"entities"_s, u"--vault"_s, dir, u"--query"_s, u"carol"_s, u"--json"_s});
        QCOMPARE(run.exit_code, 0);
        const auto arr = QJsonDocument::fromJson(QByteArray::fromStdString(run.out)).array();
        QCOMPARE(arr.size(), 1);
        QCOMPARE(arr[0].toObject()[u"canonical_id"_s].toString(), u"person:caroline"_s);
        QCOMPARE(arr[0].toObject()[u"mention_count"_s].toInt(), 1);

        auto missing =
            test::run_cli({u"entities"_s, u"--vault"_s, dir + u"/nope"_s, u"--query"_s, u"x"_s});
        QVERIFY(missing.exit_code != 0);
        QCOMPARE(QString::fromStdString(missing.err).count(u'\n'), 1);
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestSearchEntities)
#include "tst_search_entities.moc"
} // namespace tst_search_entities
