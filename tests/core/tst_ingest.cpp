// The ingest pipeline on real vaults: rows, ids, indexes, entities, edges, dedupe, supersession,
// cancellation and locking.
#include "suite.h"
#include "testsupport.h"
#include "vault_dump.h"

#include <memlens/embedder.h>
#include <memlens/ingest.h>
#include <memlens/retrieval.h>
#include <memlens/text.h>
#include <memlens/topic_tree.h>
#include <memlens/vault.h>

#include <QtTest>

#include <atomic>
#include <filesystem>
#include <thread>

namespace tst_ingest {

using namespace memlens;
using namespace Qt::StringLiterals;
using test::rows;

namespace {

constexpr std::int64_t kT0 = 1'700'000'000'000;

IngestItem item(const std::string& text, const std::string& author, std::int64_t ts,
                std::optional<std::string> id = std::nullopt,
                std::optional<std::string> supersedes = std::nullopt) {
    IngestItem it;
    it.text = text;
    it.author = author;
    it.ts_ms = ts;
    it.message_id = std::move(id);
    it.supersedes = std::move(supersedes);
    it.source_ref = it.message_id.value_or("");
    it.group_id = "thread-1";
    return it;
}

IngestSource eng(std::vector<IngestItem> items) {
    IngestSource s;
    s.source_id = "slack:#eng";
    s.source_kind = "chat";
    s.platform = "slack";
    s.format = "jsonl";
    s.items = std::move(items);
    return s;
}

struct Fixture {
    test::TempDir tmp;
    std::unique_ptr<Vault> vault;
    std::unique_ptr<Embedder> embedder = make_hash_embedder();
    Fixture() {
        auto v = Vault::create(tmp.path() / "v");
        if (!v.is_ok())
            qFatal("%s", v.status().to_string().c_str());
        vault = std::move(v).value();
    }
    Result<IngestReport> ingest(const std::vector<IngestSource>& s,
                                const std::atomic_bool* cancel = nullptr) {
        IngestOptions o;
        o.now_ms = kT0;
        Ingestor in(*vault, *embedder, o);
        return in.ingest(s, {}, cancel);
    }
    long long count(const std::string& sql) {
        auto v = vault->db().query_int(sql);
        return v.is_ok() ? *v : -1;
    }
};

} // namespace

class TestIngest : public QObject {
    Q_OBJECT
private slots:
    // An import leaves the topic index file current, so the next open maps it; without the
    // file (deleted, or a vault copied without it) opening still works, and `reindex` writes
    // it again.
    void importWritesTheTopicIndexFileAndReindexRestoresIt() {
        Fixture f;
        std::vector<IngestItem> items;
        for (int i = 0; i < 60; ++i)
            items.push_back(item("release " + std::to_string(i) + " of the billing service by " +
                                     (i % 2 ? "Dana" : "Omar"),
                                 i % 2 ? "dana" : "omar", kT0 + i * 60'000));
        QVERIFY(f.ingest({eng(items)}).is_ok());
        const auto file = f.tmp.path() / "v" / "topic-index.bin";
        QVERIFY(std::filesystem::exists(file));
        const std::string sig = f.embedder->signature();
        auto mapped = TopicIndex::load(f.vault->db(), sig);
        QVERIFY(mapped.is_ok() && mapped->mapped());
        QCOMPARE(mapped->size(), std::size_t(f.count("SELECT count(*) FROM mem_tree_chunks") +
                                             f.count("SELECT count(*) FROM mem_tree_summaries")));

        auto status = TopicIndex::file_status(f.vault->db());
        QVERIFY(status.is_ok() && status->exists && status->current);
        QCOMPARE(status->bytes, std::uint64_t(std::filesystem::file_size(file)));

        std::filesystem::remove(file);
        status = TopicIndex::file_status(f.vault->db());
        QVERIFY(status.is_ok() && !status->exists && !status->current);
        auto unmapped = TopicIndex::load(f.vault->db(), sig);
        QVERIFY(unmapped.is_ok() && !unmapped->mapped());
        QCOMPARE(unmapped->size(), mapped->size());

        const QString dir = QString::fromStdString((f.tmp.path() / "v").string());
        f.vault.reset(); // the CLI opens the vault read-write in its own process
        const auto run = test::run_cli({u"reindex"_s, u"--vault"_s, dir, u"--json"_s});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        QVERIFY(run.out.find("\"vectors\": " + std::to_string(mapped->size())) !=
                std::string::npos);
        QVERIFY(std::filesystem::exists(file));
        const auto stats = test::run_cli({u"stats"_s, u"--vault"_s, dir, u"--json"_s});
        QVERIFY2(stats.exit_code == 0, stats.err.c_str());
        QVERIFY(stats.out.find("\"current\": true") != std::string::npos);
        auto reopened = Vault::open(f.tmp.path() / "v", true);
        QVERIFY(reopened.is_ok());
        auto again = TopicIndex::load((*reopened)->db(), sig);
        QVERIFY(again.is_ok() && again->mapped());
        QCOMPARE(again->size(), mapped->size());

        const auto missing = test::run_cli({u"reindex"_s, u"--vault"_s, dir + u"/nope"_s});
        QVERIFY(missing.exit_code != 0);
        QVERIFY(missing.err.find("nope") != std::string::npos);
    }

    void writesChunksWithReferenceIds() {
        Fixture f;
        auto r = f.ingest({eng({item("Deploy the phoenix service on Friday", "Alice", kT0, "m1"),
                                item("Ping @bob about the rollout", "Carol", kT0 + 1000, "m2")})});
        QVERIFY2(r.is_ok(), r.status().to_string().c_str());
        QCOMPARE(r->chunks, std::size_t{2});
        QCOMPARE(r->sources, std::size_t{1});
        // A chunk id (ingest/ids.h): first 32 hex chars of sha256(kind 0 source 0 seq_be32 0
        // content).
        auto st = f.vault->db().prepare(
            "SELECT id, token_count, seq_in_source, author, group_id FROM mem_tree_chunks ORDER BY "
            "seq_in_source");
        QVERIFY(*st->step());
        QCOMPARE(st->column_text(0).size(), std::size_t{32});
        QCOMPARE(st->column_int64(1), estimate_tokens("Deploy the phoenix service on Friday"));
        QCOMPARE(st->column_int64(2), std::int64_t{0});
        QCOMPARE(QString::fromStdString(st->column_text(3)), QStringLiteral("Alice"));
        QCOMPARE(QString::fromStdString(st->column_text(4)), QStringLiteral("thread-1"));
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_chunk_embeddings"), 2LL);
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_score"), 2LL);
        QCOMPARE(f.count("SELECT count(*) FROM ml_sources"), 1LL);
        QCOMPARE(f.vault->revision(), std::int64_t{1});
    }

    void ftsFindsChunksByBodyAndAuthor() {
        Fixture f;
        QVERIFY(f.ingest({eng({item("Deploy the phoenix service", "Alice", kT0, "m1"),
                               item("Lunch at noon", "Bob", kT0 + 1, "m2")})})
                    .is_ok());
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_chunks_fts WHERE mem_tree_chunks_fts MATCH "
                         "'content:\"deploying\"'"),
                 1LL); // porter stemming: deploying ~ deploy (the body column only: the
                       // neighbour columns of the second chunk hold the first one's text)
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_chunks_fts WHERE mem_tree_chunks_fts MATCH "
                         "'context:\"bob\"'"),
                 1LL);
    }

    void indexesEntitiesAndCoOccurrence() {
        Fixture f;
        auto report = f.ingest(
            {eng({item("Ask @bob and mail carol@example.com about #launch", "Alice", kT0, "m1"),
                  item("@bob wrote to carol@example.com again", "Dave", kT0 + 1, "m2")})});
        QVERIFY(report.is_ok());
        // The report counts distinct pairs, as the edge table holds them, not the increments
        // (the bob–carol pair is raised twice and counted once).
        QCOMPARE(static_cast<qint64>(report->edges),
                 f.count("SELECT count(*) FROM mem_tree_entity_edges"));
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_entity_index WHERE entity_id = "
                         "'handle:bob'"),
                 2LL);
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_entity_index WHERE entity_id = "
                         "'person:alice'"),
                 1LL);
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_entity_index WHERE entity_id = "
                         "'topic:launch'"),
                 1LL);
        // Weight = number of distinct shared nodes; the pair is stored sorted.
        QCOMPARE(f.count("SELECT weight FROM mem_tree_entity_edges WHERE entity_a = "
                         "'email:carol@example.com' AND entity_b = 'handle:bob'"),
                 2LL);
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_entity_edges WHERE entity_a > entity_b"),
                 0LL);
    }

    void reimportIsANoOp() {
        Fixture f;
        auto src = eng({item("one", "Alice", kT0, "m1"), item("two", "Bob", kT0 + 1)});
        QVERIFY(f.ingest({src}).is_ok());
        const auto before = test::fingerprint(f.tmp.path() / "v");
        auto again = f.ingest({src});
        QVERIFY(again.is_ok());
        QCOMPARE(again->chunks, std::size_t{0});
        QCOMPARE(again->duplicates, std::size_t{2});
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_chunks"), 2LL);
        QCOMPARE(f.vault->revision(), std::int64_t{1}); // nothing changed, no new revision
        QCOMPARE(test::fingerprint(f.tmp.path() / "v").row_counts, before.row_counts);
    }

    void supersedesMarksTheOlderMessage() {
        Fixture f;
        QVERIFY(f.ingest({eng({item("We ship Phoenix on May 3", "Alice", kT0, "d1"),
                               item("Phoenix moves to May 17", "Alice", kT0 + 5000, "d2", "d1")})})
                    .is_ok());
        QCOMPARE(f.count("SELECT superseded FROM mem_tree_chunks WHERE message_id = 'd1'"), 1LL);
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_chunks a JOIN mem_tree_chunks b ON "
                         "b.supersedes = a.id WHERE a.message_id = 'd1' AND b.message_id = 'd2'"),
                 1LL);
    }

    void longItemsAreChunked() {
        Fixture f;
        std::string para;
        for (int i = 0; i < 400; ++i)
            para += "Sentence number " + std::to_string(i) + " talks about the migration. ";
        auto r = f.ingest({eng({item(para, "Alice", kT0, "long")})});
        QVERIFY(r.is_ok());
        QVERIFY(r->chunks > 1);
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_chunks WHERE token_count > 400"), 0LL);
        QCOMPARE(f.count("SELECT count(DISTINCT seq_in_source) FROM mem_tree_chunks"),
                 static_cast<long long>(r->chunks));
    }

    void cancelledImportLeavesVaultUnchanged() {
        Fixture f;
        QVERIFY(f.ingest({eng({item("first", "Alice", kT0, "m1")})}).is_ok());
        const auto before = test::fingerprint(f.tmp.path() / "v");
        std::vector<IngestItem> many;
        for (int i = 0; i < 2000; ++i)
            many.push_back(item("bulk message " + std::to_string(i), "Bob", kT0 + i));
        std::atomic_bool cancel{true};
        auto r = f.ingest({eng(many)}, &cancel);
        QCOMPARE(r.status().code(), StatusCode::Cancelled);
        QVERIFY(test::fingerprint(f.tmp.path() / "v") == before);
    }

    // A long import commits in batches (IngestOptions::batch_ms): another writer's store gets
    // the write lock between two of them instead of waiting for the whole import, and the
    // batches write what one transaction writes.
    void aLongImportCommitsInBatchesThatAStoreGetsBetween() {
        std::vector<IngestItem> many;
        for (int i = 0; i < 6000; ++i) {
            IngestItem it = item("Bulk message " + std::to_string(i) + " about the " +
                                     (i % 3 == 0 ? "Phoenix budget" : "garden shed"),
                                 i % 2 == 0 ? "Alice" : "Bob", kT0 + i * 1000);
            it.group_id = "thread-" + std::to_string(i / 40);
            many.push_back(std::move(it));
        }
        Fixture batched;
        std::atomic_bool started{false};
        Status imported = Status::ok();
        std::thread import([&] {
            IngestOptions o;
            o.now_ms = kT0;
            o.batch_ms = 5;
            Ingestor in(*batched.vault, *batched.embedder, o);
            auto r = in.ingest({eng(many)}, [&](const IngestProgress&) { started = true; });
            imported = r.status();
            started = true;
        });
        while (!started)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        {
            // Another connection, as another process would open the vault.
            auto other = Vault::open(batched.tmp.path() / "v", false);
            QVERIFY2(other.is_ok(), other.status().to_string().c_str());
            IngestSource agent = eng({item("Stored while the import runs", "agent", kT0, "s1")});
            agent.source_id = "chat:agent";
            IngestOptions o;
            o.now_ms = kT0;
            Ingestor store(**other, *batched.embedder, o);
            auto stored = store.ingest({agent});
            QVERIFY2(stored.is_ok(), stored.status().to_string().c_str());
        }
        import.join();
        QVERIFY2(imported.is_ok(), imported.to_string().c_str());
        // The store's chunk is numbered (rid) after what the import had committed before it
        // and before what the import's later batches wrote.
        const long long later = batched.count(
            "SELECT count(*) FROM mem_tree_chunks WHERE source_id = 'slack:#eng' AND rid > "
            "(SELECT rid FROM mem_tree_chunks WHERE source_id = 'chat:agent')");
        QVERIFY2(later > 0, "the store waited for the whole import");
        QCOMPARE(batched.count("SELECT count(*) FROM mem_tree_chunks WHERE source_id = "
                               "'slack:#eng'"),
                 6000LL);
        QCOMPARE(batched.count("SELECT chunk_count FROM ml_sources WHERE source_id = "
                               "'slack:#eng'"),
                 6000LL);
        QCOMPARE(batched.count("SELECT count(*) FROM mem_tree_chunks WHERE source_id = "
                               "'chat:agent'"),
                 1LL);
        QCOMPARE(rows(batched.vault->db(), "PRAGMA integrity_check"), std::string("ok\n"));

        // One transaction writes the same chunks, keyword rows and summaries.
        Fixture whole;
        {
            IngestOptions o;
            o.now_ms = kT0;
            o.batch_ms = 0;
            Ingestor in(*whole.vault, *whole.embedder, o);
            QVERIFY(in.ingest({eng(many)}).is_ok());
        }
        for (const char* sql :
             {"SELECT id, seq_in_source, parent_summary_id FROM mem_tree_chunks WHERE source_id = "
              "'slack:#eng' ORDER BY id",
              "SELECT content, context, near, far FROM mem_tree_chunks_fts WHERE context <> "
              "'agent' ORDER BY 1, 3, 4",
              "SELECT id, level, content FROM mem_tree_summaries WHERE tree_id NOT LIKE "
              "'%chat:agent%' ORDER BY id"}) {
            const std::string a = rows(batched.vault->db(), sql);
            QVERIFY2(a.size() > 1000, sql);
            QVERIFY2(a == rows(whole.vault->db(), sql), sql);
        }
    }

    // A source's count of current chunks (ml_sources.chunk_count) stays exact batch after batch
    // while an import supersedes chunks of its own source and of another one, and is kept
    // without counting the source's chunks again.
    void sourceCountsStayExactWhileAnImportSupersedes() {
        Fixture f;
        IngestSource other =
            eng({item("Old plan one", "Ann", kT0, "o1"), item("Old plan two", "Ann", kT0 + 1, "o2"),
                 item("Old plan three", "Ann", kT0 + 2, "o3")});
        other.source_id = "slack:#other";
        QVERIFY(f.ingest({other}).is_ok());
        // 1,500 messages in 1-ms batches, 600 under the sanitizers (MEMLENS_TEST_WORKLOAD).
        const int n = static_cast<int>(test::workload(1500, 600));
        std::vector<IngestItem> many;
        for (int i = 0; i < n; ++i) {
            std::optional<std::string> replaces;
            if (i == 10)
                replaces = "o2"; // another source's chunk
            else if (i == 40 || i == n - 500)
                replaces = "m" + std::to_string(i - 30); // this source's own, earlier batches
            else if (i == 41)
                replaces = "m10"; // superseded already: nothing more leaves the count
            many.push_back(item("Plan message " + std::to_string(i), "Bob", kT0 + 10 + i,
                                "m" + std::to_string(i), replaces));
        }
        IngestOptions o;
        o.now_ms = kT0;
        o.batch_ms = 1;
        Ingestor in(*f.vault, *f.embedder, o);
        auto r = in.ingest({eng(many)});
        QVERIFY2(r.is_ok(), r.status().to_string().c_str());
        for (const char* source : {"slack:#eng", "slack:#other"}) {
            const std::string where = std::string(" WHERE source_id = '") + source + "'";
            QCOMPARE(
                f.count("SELECT chunk_count FROM ml_sources" + where),
                f.count("SELECT count(*) FROM mem_tree_chunks" + where + " AND superseded = 0"));
        }
        QCOMPARE(f.count("SELECT chunk_count FROM ml_sources WHERE source_id = 'slack:#eng'"),
                 static_cast<long long>(n) - 2);
        QCOMPARE(f.count("SELECT chunk_count FROM ml_sources WHERE source_id = 'slack:#other'"),
                 2LL);
    }

    // Cancelled after some batches, an import keeps them, says how many messages they hold,
    // and the same import again adds the rest.
    void aCancelledImportKeepsItsBatchesAndResumes() {
        std::vector<IngestItem> many;
        for (int i = 0; i < 3000; ++i)
            many.push_back(item("Resumable message " + std::to_string(i), "Bob", kT0 + i));
        Fixture f;
        std::atomic_bool cancel{false};
        IngestOptions o;
        o.now_ms = kT0;
        o.batch_ms = 1;
        Ingestor in(*f.vault, *f.embedder, o);
        auto r = in.ingest(
            {eng(many)},
            [&](const IngestProgress& p) {
                if (p.phase == "indexing" && p.done >= 1500)
                    cancel = true;
            },
            &cancel);
        QCOMPARE(r.status().code(), StatusCode::Cancelled);
        const long long kept = f.count("SELECT count(*) FROM mem_tree_chunks");
        QCOMPARE(static_cast<long long>(in.committed_items()), kept);
        QVERIFY2(kept > 0 && kept < 3000, std::to_string(kept).c_str());
        QVERIFY2(r.status().message().find("after " + std::to_string(kept) + " of 3000") !=
                     std::string::npos,
                 r.status().message().c_str());
        QCOMPARE(f.count("SELECT chunk_count FROM ml_sources"), kept);
        auto again = f.ingest({eng(many)});
        QVERIFY2(again.is_ok(), again.status().to_string().c_str());
        QCOMPARE(static_cast<long long>(again->duplicates), kept);
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_chunks"), 3000LL);
    }

    void lockedVaultFailsWithBusyAndChangesNothing() {
        Fixture f;
        QVERIFY(f.ingest({eng({item("first", "Alice", kT0, "m1")})}).is_ok());
        const auto before = test::fingerprint(f.tmp.path() / "v");
        auto other =
            Database::open((f.tmp.path() / "v" / "vault.db").string(), OpenMode::ReadWrite);
        QVERIFY(other.is_ok());
        auto held = Transaction::begin(*other);
        QVERIFY(held.is_ok());
        QVERIFY(f.vault->db().exec("PRAGMA busy_timeout = 100").is_ok());
        auto r = f.ingest({eng({item("second", "Bob", kT0 + 1, "m2")})});
        QCOMPARE(r.status().code(), StatusCode::Busy);
        held->rollback();
        QVERIFY(test::fingerprint(f.tmp.path() / "v") == before);
    }

    void readOnlyVaultRefusesIngest() {
        Fixture f;
        auto ro = Vault::open(f.tmp.path() / "v", true);
        QVERIFY(ro.is_ok());
        Ingestor in(**ro, *f.embedder);
        auto r = in.ingest({eng({item("x", "A", kT0)})});
        QCOMPARE(r.status().code(), StatusCode::Unsupported);
    }

    // Notes an agent writes one at a time (memory_store, `ingest`): a name that opens a
    // sentence is a name once the vault knows it, a name shown as a person is a person, and an
    // entity's first and last seen are its own chunks' times, not a summary's.
    void agentNotesNameTheirPersonsAndTheirOwnTimes() {
        Fixture f;
        const auto store = [&](const std::string& text, std::int64_t ts, std::int64_t now) {
            IngestItem it;
            it.text = text;
            it.ts_ms = ts;
            IngestSource s;
            s.source_id = "chat:agent";
            s.source_kind = "chat";
            s.platform = "chat";
            s.format = "mcp";
            s.items.push_back(std::move(it));
            IngestOptions o;
            o.now_ms = now;
            Ingestor in(*f.vault, *f.embedder, o);
            auto r = in.ingest({s});
            QVERIFY2(r.is_ok(), r.status().to_string().c_str());
        };
        const auto entity = [&](const std::string& query) {
            SearchEntitiesOptions o;
            o.query = query;
            auto r = search_entities(*f.vault, o);
            return r.is_ok() ? *r : std::vector<EntityMatch>{};
        };
        // Before anything names Priya or Kubernetes, a sentence they open names nobody.
        store("Kubernetes broke again. Yesterday the build failed. However, it passed.", kT0, kT0);
        QCOMPARE(f.count("SELECT count(*) FROM ml_entities"), 0LL);
        store("Dinner on Friday with Priya at the usual place.", kT0 + 1000, kT0);
        QCOMPARE(f.count("SELECT count(*) FROM ml_entities WHERE entity_id = 'topic:priya'"), 1LL);
        // Known now: "Priya is vegetarian." names her, as a person (her topic folds into it).
        store("Priya is vegetarian.", kT0 + 2000, kT0);
        store("Then Alex said the deploy is done.", kT0 + 3000, kT0);
        store("Thanks, Sam. Sam went to the shop.", kT0 + 4000, kT0);
        // A week later the stale buffer is sealed: one summary over all five notes, later
        // than Priya's own chunks, names her too.
        store("The release notes are out.", kT0 + 5000, kT0 + 30LL * 86'400'000);
        QVERIFY2(f.count("SELECT max(timestamp_ms) FROM mem_tree_entity_index WHERE entity_id = "
                         "'person:priya' AND node_kind = 'summary'") > kT0 + 2000,
                 "a summary later than Priya's chunks names her");
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_entity_index WHERE entity_id = "
                         "'person:priya' AND node_kind = 'leaf'"),
                 2LL);
        QCOMPARE(f.count("SELECT count(*) FROM ml_entities WHERE entity_id LIKE 'topic:%' AND "
                         "entity_id IN ('topic:priya', 'topic:alex', 'topic:sam', "
                         "'topic:kubernetes', 'topic:yesterday', 'topic:however', 'topic:the')"),
                 0LL);
        const auto priya = entity("priya");
        QCOMPARE(priya.size(), std::size_t{1});
        QCOMPARE(QString::fromStdString(priya[0].canonical_id), u"person:priya"_s);
        QCOMPARE(QString::fromStdString(priya[0].surface), u"Priya"_s);
        QCOMPARE(priya[0].first_seen_ms, kT0 + 1000);
        QCOMPARE(priya[0].last_seen_ms, kT0 + 2000);
        const auto alex = entity("alex");
        QCOMPARE(alex.size(), std::size_t{1});
        QCOMPARE(QString::fromStdString(alex[0].canonical_id), u"person:alex"_s);
        QCOMPARE(alex[0].last_seen_ms, kT0 + 3000);
        const auto sam = entity("sam");
        QCOMPARE(sam.size(), std::size_t{1});
        QCOMPARE(QString::fromStdString(sam[0].canonical_id), u"person:sam"_s);
        QCOMPARE(sam[0].first_seen_ms, kT0 + 4000);
        QCOMPARE(sam[0].last_seen_ms, kT0 + 4000);
        // The times every entity shows are those of its own chunks.
        QCOMPARE(f.count("SELECT count(*) FROM ml_entities e WHERE last_seen_ms IS NOT (SELECT "
                         "max(timestamp_ms) FROM mem_tree_entity_index i WHERE i.entity_id = "
                         "e.entity_id AND i.node_kind = 'leaf') OR first_seen_ms IS NOT (SELECT "
                         "min(timestamp_ms) FROM mem_tree_entity_index i WHERE i.entity_id = "
                         "e.entity_id AND i.node_kind = 'leaf')"),
                 0LL);
        // Within one import an earlier chunk is enough: Ravi is known by the time he opens one.
        IngestSource both;
        both.source_id = "chat:agent";
        both.source_kind = "chat";
        both.platform = "chat";
        both.format = "jsonl";
        both.items = {item("I asked Ravi about the budget.", "", kT0 + 6000),
                      item("Ravi approved it.", "", kT0 + 7000)};
        QVERIFY(f.ingest({both}).is_ok());
        const auto ravi = entity("ravi");
        QCOMPARE(ravi.size(), std::size_t{1});
        QCOMPARE(ravi[0].mention_count >= 2, true);
        QCOMPARE(ravi[0].last_seen_ms, kT0 + 7000);
    }

    void statsCountEverything() {
        Fixture f;
        QVERIFY(f.ingest({eng({item("Ask @bob about #launch", "Alice", kT0, "m1")})}).is_ok());
        auto s = vault_stats(*f.vault);
        QVERIFY(s.is_ok());
        QCOMPARE(s->sources, std::int64_t{1});
        QCOMPARE(s->chunks, std::int64_t{1});
        QVERIFY(s->entities >= 3); // handle:bob, topic:launch, hashtag:launch, person:alice
        QVERIFY(s->edges >= 3);
        QCOMPARE(s->earliest_ms, kT0);
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestIngest)
#include "tst_ingest.moc"
} // namespace tst_ingest
