// Sealing behaviour (core/src/seal/sealer.h), observed through real ingests into real vaults.
#include "suite.h"
#include "testsupport.h"
#include "vault_dump.h"

#include <memlens/embedder.h>
#include <memlens/ingest.h>
#include <memlens/time_util.h>
#include <memlens/vault.h>

#include <QtTest>

#include <nlohmann/json.hpp>

namespace tst_seal {

using namespace memlens;

namespace {

constexpr std::int64_t kDay = 86'400'000;
constexpr std::int64_t kT0 = 1'700'000'000'000; // 2023-11-14

// n items of ~40 tokens each (160 characters), one minute apart.
IngestSource chat_source(const std::string& id, int n, std::int64_t start = kT0,
                         std::int64_t step = 60'000) {
    IngestSource s;
    s.source_id = id;
    s.source_kind = "chat";
    s.platform = "slack";
    s.format = "jsonl";
    for (int i = 0; i < n; ++i) {
        IngestItem it;
        std::string body = "message " + std::to_string(i) + " about the phoenix launch plan ";
        while (body.size() < 160)
            body += "and more words ";
        it.text = body.substr(0, 160);
        it.author = i % 2 ? "Alice" : "Bob";
        it.ts_ms = start + i * step;
        it.source_ref = id + "/" + std::to_string(i);
        s.items.push_back(std::move(it));
    }
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
    IngestReport ingest(const std::vector<IngestSource>& s, IngestOptions o) {
        o.update_topic_tree = false;
        Ingestor in(*vault, *embedder, o);
        auto r = in.ingest(s);
        if (!r.is_ok())
            qFatal("%s", r.status().to_string().c_str());
        return *r;
    }
    long long count(const std::string& sql) {
        auto v = vault->db().query_int(sql);
        return v.is_ok() ? *v : -1;
    }
};

// The ids waiting in L0 buffers: item_ids_json, then the rows appended after it (sealer.h).
constexpr const char* kWaitingAtL0 =
    "SELECT (SELECT count(*) FROM mem_tree_buffers, json_each(item_ids_json) WHERE level = 0) + "
    "(SELECT count(*) FROM ml_buffer_appends WHERE level = 0)";

IngestOptions small_budget() {
    IngestOptions o;
    o.seal.l0_token_budget = 100; // three 40-token leaves
    o.seal.summary_fanout = 3;
    o.now_ms = kT0 + kDay; // nothing is stale
    return o;
}

} // namespace

class TestSeal : public QObject {
    Q_OBJECT
private slots:
    void l0SealsAtTokenBudget() {
        Fixture f;
        auto r = f.ingest({chat_source("slack:#eng", 3)}, small_budget());
        QCOMPARE(r.summaries, std::size_t{1});
        auto st = f.vault->db().prepare("SELECT level, child_ids_json, time_range_start_ms, "
                                        "time_range_end_ms, content FROM mem_tree_summaries");
        QVERIFY(*st->step());
        QCOMPARE(st->column_int64(0), std::int64_t{1});
        QCOMPARE(nlohmann::json::parse(st->column_text(1)).size(), std::size_t{3});
        // The envelope is MIN(child start)..MAX(child end).
        QCOMPARE(st->column_int64(2), kT0);
        QCOMPARE(st->column_int64(3), kT0 + 2 * 60'000);
        // Extractive fallback: each input prefixed "— ", blank-line separated.
        const std::string content = st->column_text(4);
        QVERIFY(content.rfind("— ", 0) == 0);
        QCOMPARE(std::count(content.begin(), content.end(), '\n'), 4L);
        // Children point at their parent and the buffer is empty again.
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_chunks WHERE parent_summary_id IS NULL"),
                 0LL);
        QCOMPARE(f.count(kWaitingAtL0), 0LL);
    }

    void belowBudgetStaysBuffered() {
        Fixture f;
        auto r = f.ingest({chat_source("slack:#eng", 2)}, small_budget());
        QCOMPARE(r.summaries, std::size_t{0});
        QCOMPARE(f.count(kWaitingAtL0), 2LL);
        // A later import continues the same buffer and seals it.
        auto more = chat_source("slack:#eng", 3, kT0 + 10 * 60'000);
        more.items.erase(more.items.begin(), more.items.begin() + 2); // one new item
        auto r2 = f.ingest({more}, small_budget());
        QCOMPARE(r2.summaries, std::size_t{1});
        QCOMPARE(f.count("SELECT json_array_length(child_ids_json) FROM mem_tree_summaries"), 3LL);
        // The two leaves read back from the vault and the one this import still held are all
        // summarised and all linked to the summary.
        auto st =
            f.vault->db().prepare("SELECT id, content, entities_json FROM mem_tree_summaries");
        QVERIFY(*st->step());
        const std::string summary_id = st->column_text(0), content = st->column_text(1);
        for (const char* text : {"Bob: message 0 ", "Alice: message 1 ", "Bob: message 2 "})
            QVERIFY2(content.find(text) != std::string::npos, text);
        const auto entities = nlohmann::json::parse(st->column_text(2));
        QVERIFY(std::find(entities.begin(), entities.end(), "person:alice") != entities.end());
        QVERIFY(std::find(entities.begin(), entities.end(), "person:bob") != entities.end());
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_chunks WHERE parent_summary_id = '" +
                         summary_id + "' AND lifecycle_status = 'sealed'"),
                 3LL);
    }

    // A store adds one leaf to a buffer that may hold thousands: it appends one row and leaves
    // the stored list as it was; sealing reads both, in order, and forgetting folds them.
    void storesAppendWithoutRewritingTheList() {
        Fixture f;
        IngestOptions big = small_budget();
        big.seal.l0_token_budget = 10'000;
        auto first = chat_source("slack:#eng", 30);
        QCOMPARE(f.ingest({first}, big).chunks, std::size_t{30});
        QCOMPARE(f.count("SELECT count(*) FROM ml_buffer_appends"), 30LL);
        // Make the stored list the one a long import that sealed leaves: the 30 ids in
        // item_ids_json.
        QVERIFY(f.vault->db()
                    .exec("UPDATE mem_tree_buffers SET item_ids_json = (SELECT "
                          "json_group_array(item_id) FROM (SELECT item_id FROM "
                          "ml_buffer_appends ORDER BY pos)); DELETE FROM ml_buffer_appends")
                    .is_ok());
        auto list_before =
            f.vault->db().prepare("SELECT item_ids_json FROM mem_tree_buffers WHERE level = 0");
        QVERIFY(*list_before->step());
        const std::string stored = list_before->column_text(0);
        QCOMPARE(nlohmann::json::parse(stored).size(), std::size_t{30});
        auto more = chat_source("slack:#eng", 35, kT0 + 60 * 60'000);
        for (std::size_t i = 30; i < 35; ++i) {
            IngestSource one = more;
            one.items = {more.items[i]};
            QCOMPARE(f.ingest({one}, big).chunks, std::size_t{1});
        }
        auto list_after = f.vault->db().prepare(
            "SELECT item_ids_json, token_sum FROM mem_tree_buffers WHERE level = 0");
        QVERIFY(*list_after->step());
        QCOMPARE(list_after->column_text(0), stored);
        QCOMPARE(f.count("SELECT count(*) FROM ml_buffer_appends WHERE level = 0"), 5LL);
        QCOMPARE(list_after->column_int64(1),
                 f.count("SELECT sum(token_count) FROM mem_tree_chunks"));
        // In order: the 30 of the list, then the 5 stores.
        auto ids = f.vault->db().prepare(
            "SELECT value FROM mem_tree_buffers, json_each(item_ids_json) WHERE level = 0 "
            "UNION ALL SELECT item_id FROM (SELECT item_id FROM ml_buffer_appends ORDER BY pos)");
        auto order = f.vault->db().prepare("SELECT id FROM mem_tree_chunks ORDER BY timestamp_ms");
        for (int i = 0; i < 35; ++i) {
            QVERIFY(*ids->step());
            QVERIFY(*order->step());
            QCOMPARE(ids->column_text(0), order->column_text(0));
        }
        QVERIFY(!*ids->step());
        // Sealing takes all 35 and leaves nothing waiting.
        IngestOptions sealing = big;
        sealing.now_ms = kT0 + 30 * kDay; // the buffer is stale: the flush seals it
        auto last = chat_source("slack:#other", 1, kT0 + 30 * kDay);
        QVERIFY(f.ingest({last}, sealing).summaries >= 1);
        const std::string eng = "(SELECT id FROM mem_tree_trees WHERE scope = 'slack:#eng')";
        QCOMPARE(f.count("SELECT json_array_length(child_ids_json) FROM mem_tree_summaries WHERE "
                         "level = 1 AND tree_id = " +
                         eng),
                 35LL);
        QCOMPARE(f.count("SELECT count(*) FROM ml_buffer_appends WHERE tree_id = " + eng), 0LL);
        QCOMPARE(f.count("SELECT json_array_length(item_ids_json) FROM mem_tree_buffers WHERE "
                         "level = 0 AND tree_id = " +
                         eng),
                 0LL);
    }

    void fanoutCascades() {
        Fixture f;
        // 9 leaves → 3 L1 (3 leaves each) → fan-out 3 → 1 L2.
        auto r = f.ingest({chat_source("slack:#eng", 9)}, small_budget());
        QCOMPARE(r.summaries, std::size_t{4});
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_summaries WHERE level = 1"), 3LL);
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_summaries WHERE level = 2"), 1LL);
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_summaries WHERE level = 1 AND parent_id "
                         "IS NULL"),
                 0LL);
        QCOMPARE(f.count("SELECT max_level FROM mem_tree_trees"), 2LL);
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_trees t JOIN mem_tree_summaries s ON "
                         "s.id = t.root_id WHERE s.level = 2"),
                 1LL);
        // The L2 envelope spans all nine leaves.
        QCOMPARE(f.count("SELECT time_range_end_ms - time_range_start_ms FROM mem_tree_summaries "
                         "WHERE level = 2"),
                 8LL * 60'000);
    }

    void staleL0IsFlushedAfterSevenDays() {
        Fixture f;
        IngestOptions o;
        o.now_ms = kT0 + 8 * kDay;
        auto r = f.ingest({chat_source("slack:#eng", 2)}, o);
        QCOMPARE(r.summaries, std::size_t{1});
    }

    // On the wall clock, an import seals the stale buffers it wrote itself every time, and looks
    // through the stored ones at most once a minute per open vault (Vault::stale_buffer_scan_due):
    // a store is one import, and the look reads every buffer row.
    void storedBuffersAreScannedOnceAMinuteOwnOnesEveryTime() {
        Fixture f;
        const std::int64_t now = memlens::now_ms();
        IngestOptions wall; // now_ms 0: the wall clock
        QCOMPARE(f.ingest({chat_source("slack:#a", 2, now - 60'000)}, wall).summaries,
                 std::size_t{0});
        // A week passes for #a's buffer.
        QVERIFY(f.vault->db()
                    .exec("UPDATE mem_tree_buffers SET oldest_at_ms = " +
                          std::to_string(now - 8 * kDay) +
                          " WHERE level = 0 AND oldest_at_ms IS NOT NULL")
                    .is_ok());
        // Within the minute: #a's stored buffer waits, but an import of month-old messages
        // seals its own buffer.
        QCOMPARE(f.ingest({chat_source("slack:#b", 2, now - 30 * kDay)}, wall).summaries,
                 std::size_t{1});
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_summaries"), 1LL);
        // Another process (a vault opened anew) looks at its first import and seals #a.
        auto other = Vault::open(f.vault->dir(), false);
        QVERIFY2(other.is_ok(), other.status().to_string().c_str());
        IngestOptions o = wall;
        o.update_topic_tree = false;
        Ingestor in(**other, *f.embedder, o);
        auto r = in.ingest({chat_source("slack:#c", 2, now - 60'000)});
        QVERIFY2(r.is_ok(), r.status().to_string().c_str());
        QCOMPARE(r->summaries, std::size_t{1});
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_summaries s JOIN mem_tree_trees t ON "
                         "t.id = s.tree_id WHERE t.scope = 'slack:#a'"),
                 1LL);
    }

    // A store whose message fills its tree's level-0 buffer reads the buffer's leaves before
    // its transaction takes the write lock (Sealer::read_full_buffer), and seals what an import
    // of the same messages seals: the same summaries over the same children, linked alike.
    void aStoreThatFillsItsBufferSealsWhatOneImportSeals() {
        const auto messages = chat_source("slack:#eng", 10);
        Fixture stored, imported;
        std::size_t sealed_by_stores = 0;
        for (const auto& it : messages.items) {
            IngestSource one = messages;
            one.items = {it};
            sealed_by_stores += stored.ingest({one}, small_budget()).summaries;
        }
        IngestOptions whole = small_budget();
        whole.batch_ms = 0;
        QCOMPARE(imported.ingest({messages}, whole).summaries, sealed_by_stores);
        QCOMPARE(sealed_by_stores, std::size_t{4}); // three L1 of three leaves, one L2 of them
        for (const char* sql :
             {"SELECT id, level, child_ids_json, content, entities_json, topics_json, score, "
              "time_range_start_ms, time_range_end_ms FROM mem_tree_summaries ORDER BY id",
              "SELECT id, parent_summary_id, lifecycle_status FROM mem_tree_chunks ORDER BY id",
              "SELECT node_id, entity_id FROM mem_tree_entity_index WHERE node_kind = 'summary' "
              "ORDER BY 1, 2"}) {
            const std::string a = test::rows(stored.vault->db(), sql);
            QVERIFY2(a.size() > 100, sql);
            QVERIFY2(a == test::rows(imported.vault->db(), sql), sql);
        }
    }

    // An import's last seals (the buffers past the flush window: dozens after a long history)
    // are a batch's work like its messages: the import commits between them when a batch has
    // held the lock long enough, and they seal what one transaction seals.
    void theFlushAtAnImportsEndCommitsInBatches() {
        Fixture batched, whole;
        std::vector<IngestSource> channels;
        for (int c = 0; c < 40; ++c)
            channels.push_back(chat_source("slack:#c" + std::to_string(c), 2));
        IngestOptions fresh;
        fresh.now_ms = kT0 + kDay; // nothing stale yet: 40 buffers of two leaves wait
        batched.ingest(channels, fresh);
        whole.ingest(channels, fresh);
        QCOMPARE(batched.count("SELECT count(*) FROM mem_tree_summaries"), 0LL);

        // A week later, one more message: the flush seals the 40 stored buffers (its own is a
        // day old and waits).
        const auto later = chat_source("slack:#late", 1, kT0 + 8 * kDay);
        IngestOptions flush;
        flush.now_ms = kT0 + 9 * kDay;
        flush.batch_ms = 1;
        const auto in_batches = batched.ingest({later}, flush);
        flush.batch_ms = 0;
        const auto in_one = whole.ingest({later}, flush);
        QCOMPARE(in_one.batches, std::size_t{1});
        QVERIFY2(in_batches.batches > 1, "the flush's 40 seals ran in one batch");
        QCOMPARE(in_batches.summaries, std::size_t{40});
        QCOMPARE(in_one.summaries, std::size_t{40});
        const char* sql = "SELECT id, level, child_ids_json, content FROM mem_tree_summaries "
                          "ORDER BY id";
        QCOMPARE(test::rows(batched.vault->db(), sql), test::rows(whole.vault->db(), sql));
        QCOMPARE(batched.count(kWaitingAtL0), 1LL);
    }

    // A cancel (or a kill) among the closing seals keeps the batches committed before it: every
    // message, some buffers sealed. The same import again seals the rest, to what an import
    // that was never stopped leaves.
    void anImportStoppedAmongItsClosingSealsEndsAsAWholeOneWhenRunAgain() {
        Fixture stopped, whole;
        std::vector<IngestSource> channels;
        for (int c = 0; c < 40; ++c)
            channels.push_back(chat_source("slack:#c" + std::to_string(c), 2));
        IngestOptions fresh;
        fresh.now_ms = kT0 + kDay;
        stopped.ingest(channels, fresh);
        whole.ingest(channels, fresh);

        const auto later = chat_source("slack:#late", 1, kT0 + 8 * kDay);
        IngestOptions flush;
        flush.now_ms = kT0 + 9 * kDay;
        flush.batch_ms = 1;
        flush.update_topic_tree = false;
        std::atomic_bool cancel{false};
        std::size_t seals_seen = 0;
        Ingestor in(*stopped.vault, *stopped.embedder, flush);
        auto r = in.ingest(
            {later},
            [&](const IngestProgress& p) {
                if (p.phase == "sealing" && ++seals_seen == 20)
                    cancel = true;
            },
            &cancel);
        QVERIFY(!r.is_ok());
        QCOMPARE(r.status().code(), StatusCode::Cancelled);
        QVERIFY2(r.status().message().find("every message is stored") != std::string::npos,
                 r.status().message().c_str());
        QCOMPARE(in.committed_items(), std::size_t{1});
        const long long sealed = stopped.count("SELECT count(*) FROM mem_tree_summaries");
        QVERIFY2(sealed > 0 && sealed < 40, qPrintable(QString::number(sealed)));

        stopped.ingest({later}, flush);
        whole.ingest({later}, flush);
        const char* sql = "SELECT id, level, child_ids_json, content FROM mem_tree_summaries "
                          "ORDER BY id";
        QCOMPARE(test::rows(stopped.vault->db(), sql), test::rows(whole.vault->db(), sql));
        const char* buffers = "SELECT tree_id, level, item_ids_json, token_sum, oldest_at_ms "
                              "FROM mem_tree_buffers ORDER BY tree_id, level";
        QCOMPARE(test::rows(stopped.vault->db(), buffers), test::rows(whole.vault->db(), buffers));
    }

    void freshL0IsNotFlushed() {
        Fixture f;
        IngestOptions o;
        o.now_ms = kT0 + 6 * kDay;
        auto r = f.ingest({chat_source("slack:#eng", 2)}, o);
        QCOMPARE(r.summaries, std::size_t{0});
    }

    void streamTimeFlushSplitsHistoryByWeek() {
        Fixture f;
        IngestOptions o;
        o.now_ms = kT0; // wall-clock flush never fires: only stream time splits
        // 21 daily messages → leaves older than 7 days before the next one seal on their own.
        auto r = f.ingest({chat_source("slack:#eng", 21, kT0 - 30 * kDay, kDay)}, o);
        QVERIFY2(r.summaries >= 2, "history should seal into weekly summaries");
        QCOMPARE(f.count("SELECT max(time_range_end_ms - time_range_start_ms) FROM "
                         "mem_tree_summaries WHERE level = 1") <= 7 * kDay,
                 true);
    }

    void summaryScoreIsMaxChildScoreAndEntitiesAreIndexed() {
        Fixture f;
        f.ingest({chat_source("slack:#eng", 3)}, small_budget());
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_summaries s WHERE abs(s.score - (SELECT "
                         "max(total) FROM mem_tree_score)) < 1e-9"),
                 1LL);
        QVERIFY(f.count("SELECT count(*) FROM mem_tree_entity_index WHERE node_kind = 'summary' "
                        "AND entity_id = 'person:alice'") == 1);
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_summary_embeddings"), 1LL);
    }

    void summaryIsCutToOutputBudget() {
        Fixture f;
        IngestOptions o = small_budget();
        o.seal.output_budget_tokens = 20; // 80 characters
        f.ingest({chat_source("slack:#eng", 3)}, o);
        QCOMPARE(f.count("SELECT length(content) FROM mem_tree_summaries"), 80LL);
    }

    void documentVersionsGetTheirOwnSubtree() {
        Fixture f;
        auto doc = [](const std::string& text, std::int64_t version) {
            IngestSource s;
            s.source_id = "notes/plan.md";
            s.source_kind = "document";
            s.platform = "markdown";
            s.format = "markdown";
            s.is_document = true;
            s.version_ms = version;
            IngestItem a;
            a.text = "# Plan\n\n" + text;
            a.ts_ms = version;
            s.items.push_back(a);
            return s;
        };
        IngestOptions o;
        o.now_ms = kT0;
        f.ingest({doc("Ship Phoenix on May 3.", kT0)}, o);
        auto same = f.ingest({doc("Ship Phoenix on May 3.", kT0 + 1000)}, o);
        QCOMPARE(same.chunks, std::size_t{0});
        QCOMPARE(same.duplicates, std::size_t{1});
        auto changed = f.ingest({doc("Phoenix moves to May 17.", kT0 + 2000)}, o);
        QCOMPARE(changed.replaced, std::size_t{1});
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_chunks WHERE superseded = 1"), 1LL);
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_chunks WHERE superseded = 0"), 1LL);
        QCOMPARE(f.count("SELECT count(DISTINCT version_ms) FROM mem_tree_summaries WHERE doc_id "
                         "= 'notes/plan.md'"),
                 2LL);
        // The tree's root is the newest version's root.
        QCOMPARE(f.count("SELECT s.version_ms FROM mem_tree_trees t JOIN mem_tree_summaries s ON "
                         "s.id = t.root_id"),
                 kT0 + 2000);
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestSeal)
#include "tst_seal.moc"
} // namespace tst_seal
