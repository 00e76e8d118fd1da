// Queries from several threads, each with its own connection, while imports run in another
// thread: every answer is the vault before an import or after it, never half of one (WAL gives
// each read transaction a snapshot; an import is one transaction).
//
// No timing is assumed: the writer pauses inside each import's transaction (its progress
// callback, once every chunk is written) until the readers have read the vault several times,
// so reads during an open import are guaranteed, not hoped for.
#include "suite.h"
#include "testsupport.h"

// types.h names a field `signals`, which Qt's keyword macro would rewrite to `public`.
#undef signals

#include <memlens/db.h>
#include <memlens/embedder.h>
#include <memlens/generate.h>
#include <memlens/ingest.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <QtTest>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <future>
#include <mutex>
#include <set>
#include <thread>
#include <tuple>

namespace tst_concurrency {

using namespace memlens;

namespace {

constexpr int kReaders = 3;
constexpr int kImports = 3;

// What one read transaction sees: counts that an import changes together.
struct Snapshot {
    std::int64_t chunks = 0, sources = 0, fts_rows = 0, summaries = 0, entity_rows = 0,
                 embeddings = 0, revision = 0;
    auto tie() const {
        return std::tie(chunks, sources, fts_rows, summaries, entity_rows, embeddings, revision);
    }
    bool operator==(const Snapshot& o) const { return tie() == o.tie(); }
};

QString describe(const Snapshot& s) {
    return QStringLiteral("{chunks %1, sources %2, fts %3, summaries %4, entity rows %5, "
                          "embeddings %6, revision %7}")
        .arg(s.chunks)
        .arg(s.sources)
        .arg(s.fts_rows)
        .arg(s.summaries)
        .arg(s.entity_rows)
        .arg(s.embeddings)
        .arg(s.revision);
}

// All counts in one read transaction on `db`.
Result<Snapshot> read_snapshot(const Database& db) {
    MEMLENS_TRY(db.exec("BEGIN"));
    Snapshot s;
    const std::pair<std::int64_t*, const char*> queries[] = {
        {&s.chunks, "SELECT count(*) FROM mem_tree_chunks"},
        {&s.sources, "SELECT count(DISTINCT source_id) FROM mem_tree_chunks"},
        {&s.fts_rows, "SELECT count(*) FROM mem_tree_chunks_fts"},
        {&s.summaries, "SELECT count(*) FROM mem_tree_summaries"},
        {&s.entity_rows, "SELECT count(*) FROM mem_tree_entity_index"},
        {&s.embeddings, "SELECT count(*) FROM mem_tree_chunk_embeddings"},
        {&s.revision, "SELECT coalesce((SELECT CAST(value AS INTEGER) FROM ml_settings "
                      "WHERE key = 'vault.revision'), 0)"},
    };
    for (const auto& [out, sql] : queries) {
        auto v = db.query_int(sql);
        if (!v) {
            (void)db.exec("ROLLBACK");
            return v.status();
        }
        *out = *v;
    }
    MEMLENS_TRY(db.exec("COMMIT"));
    return s;
}

// vault_stats as the GUI's status bar and `memlens-cli stats` call it.
using StatsTuple =
    std::tuple<std::int64_t, std::int64_t, std::int64_t, std::int64_t, std::int64_t, std::int64_t>;
StatsTuple stats_tuple(const VaultStats& s) {
    return {s.sources, s.chunks, s.summaries, s.entities, s.edges, s.revision};
}

// The writer pauses here, mid-transaction, until the readers have made 2 × kReaders reads
// that started while it was paused and have finished every such read: a read marked "during
// import i" therefore ran entirely before import i committed.
class Rendezvous {
public:
    void writer_wait_for_readers(int import_index) {
        std::unique_lock lock(mutex_);
        open_import_ = import_index;
        const std::uint64_t target = reads_during_ + 2ULL * kReaders;
        cv_.notify_all();
        // Generous: readers that cannot read for a minute are a failure the test reports.
        satisfied_ &= cv_.wait_for(lock, std::chrono::seconds(60),
                                   [&] { return reads_during_ >= target && in_flight_ == 0; });
        open_import_ = -1;
        ++pauses_;
    }
    // The import a read starting now runs inside of, or -1 when none is paused.
    int begin_read() {
        std::lock_guard lock(mutex_);
        if (open_import_ >= 0)
            ++in_flight_;
        return open_import_;
    }
    void end_read(int import_index) {
        std::lock_guard lock(mutex_);
        if (import_index >= 0) {
            --in_flight_;
            ++reads_during_;
        }
        cv_.notify_all();
    }
    int pauses() {
        std::lock_guard lock(mutex_);
        return pauses_;
    }
    bool satisfied() {
        std::lock_guard lock(mutex_);
        return satisfied_;
    }

private:
    std::mutex mutex_;
    std::condition_variable cv_;
    int open_import_ = -1;
    int in_flight_ = 0;
    bool satisfied_ = true;
    int pauses_ = 0;
    std::uint64_t reads_during_ = 0;
};

struct Observation {
    Snapshot snapshot;
    int paused_import = -1; // the import this read ran inside of, -1 for none
};

} // namespace

class TestConcurrency : public QObject {
    Q_OBJECT
private slots:
    // Writers take turns at the write lock (src/writer_turns.h): a connection whose BEGIN
    // waits says so, and a writer that commits batch after batch lets it in before taking the
    // lock again. Deterministic: the second writer is known to wait (its announcement holds
    // the -writers file) before the first commits, and once let_waiting_writers_in() returns,
    // a third connection finds the lock taken by the second.
    void aWaitingWriterGoesBeforeTheNextBatch() {
        test::TempDir tmp;
        const std::string file = (tmp.path() / "turns.db").string();
        auto first = Database::open(file, OpenMode::ReadWriteCreate);
        QVERIFY2(first.is_ok(), first.status().to_string().c_str());
        QVERIFY(first->exec("PRAGMA journal_mode=WAL; CREATE TABLE t(x)").is_ok());
        auto second = Database::open(file, OpenMode::ReadWrite, 60'000);
        auto third = Database::open(file, OpenMode::ReadWrite, 0);
        QVERIFY(second.is_ok() && third.is_ok());

        auto batch = Transaction::begin(*first);
        QVERIFY(batch.is_ok());
        QVERIFY(first->exec("INSERT INTO t VALUES (1)").is_ok());
        std::atomic_bool second_began{false};
        std::promise<void> release;
        std::thread waiter([&] {
            auto tx = Transaction::begin(*second);
            if (!tx)
                return;
            second_began = true;
            release.get_future().wait();
            (void)second->exec("INSERT INTO t VALUES (2)");
            (void)tx->commit();
        });
        // The waiter announces itself on its first busy try: it makes the file beside the
        // database and holds a shared lock on it.
        const std::string turns = file + "-writers";
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        bool announced = false;
        while (!announced && std::chrono::steady_clock::now() < deadline) {
            const int probe = ::open(turns.c_str(), O_RDONLY | O_CLOEXEC);
            if (probe >= 0) {
                announced = ::flock(probe, LOCK_EX | LOCK_NB) != 0;
                ::close(probe);
            }
            if (!announced)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        QVERIFY2(announced, "the waiting writer never said it waits");
        QVERIFY(!second_began.load());

        QVERIFY(batch->commit().is_ok());
        first->let_waiting_writers_in(std::chrono::seconds(60));
        // The waiter holds the lock now: the next batch would wait for it.
        auto next = Transaction::begin(*third);
        QVERIFY2(!next.is_ok() && next.status().code() == StatusCode::Busy,
                 "the next batch took the lock before the writer that waited");
        release.set_value();
        waiter.join();
        QVERIFY(second_began.load());
        auto order = first->prepare("SELECT group_concat(x, ',') FROM t");
        QVERIFY(order.is_ok());
        auto row = order->step();
        QVERIFY(row.is_ok() && *row);
        QCOMPARE(QString::fromStdString(order->column_text(0)), QStringLiteral("1,2"));
    }

    // The same through an import: a store begun while an import holds the lock is written
    // between two of its batches, not after its last.
    void aStoreGetsInBetweenTwoBatchesOfAnImport() {
        test::TempDir tmp;
        const auto dir = tmp.path() / "v";
        auto embedder = make_hash_embedder();
        GenerateOptions g;
        g.chunks = test::workload(3000, 1000);
        g.seed = 37;
        auto sources = generate_sources(g);
        QVERIFY2(sources.is_ok(), sources.status().to_string().c_str());
        QVERIFY(Vault::create(dir).is_ok());
        auto importer_vault = Vault::open(dir, false);
        auto storer_vault = Vault::open(dir, false);
        QVERIFY(importer_vault.is_ok() && storer_vault.is_ok());

        Status stored = Status::internal("the store never ran");
        std::thread storer;
        auto store = [&] {
            IngestSource src;
            src.source_id = "chat:agent";
            src.source_kind = "chat";
            src.platform = "chat";
            src.title = "chat:agent";
            src.format = "mcp";
            IngestItem item;
            item.text = "Store between batches: the turnstile note.";
            item.author = "agent";
            item.ts_ms = 1'720'000'000'000;
            src.items.push_back(item);
            IngestOptions o;
            o.now_ms = 1'720'000'000'000;
            Ingestor in(**storer_vault, *embedder, o);
            stored = in.ingest({src}).status();
        };
        IngestOptions o;
        o.now_ms = 1'720'000'000'000;
        o.batch_ms = 5;
        Ingestor in(**importer_vault, *embedder, o);
        auto imported = in.ingest(*sources, [&](const IngestProgress& p) {
            // Inside a batch, so while the import holds the lock.
            if (p.phase == "indexing" && p.done >= p.total / 10 && !storer.joinable())
                storer = std::thread(store);
        });
        QVERIFY(storer.joinable());
        storer.join();
        QVERIFY2(imported.is_ok(), imported.status().to_string().c_str());
        QVERIFY2(stored.is_ok(), stored.to_string().c_str());
        const auto& db = (*importer_vault)->db();
        auto store_rid = db.query_int("SELECT rid FROM mem_tree_chunks WHERE source_id = "
                                      "'chat:agent'");
        auto later = db.query_int("SELECT count(*) FROM mem_tree_chunks WHERE source_id != "
                                  "'chat:agent' AND rid > (SELECT rid FROM mem_tree_chunks WHERE "
                                  "source_id = 'chat:agent')");
        QVERIFY(store_rid.is_ok() && later.is_ok());
        QVERIFY2(*later > 0, "the store waited for the whole import");
    }

    // An import run as one transaction (batch_ms 0) is seen whole or not at all.
    void readersSeeWholeImportsOnly() {
        test::TempDir tmp;
        const auto dir = tmp.path() / "v";
        auto embedder = make_hash_embedder();
        std::vector<std::vector<IngestSource>> batches;
        for (int i = 0; i <= kImports; ++i) {
            GenerateOptions g;
            g.chunks = i == 0 ? 400 : test::workload(1200, 400);
            g.seed = 100 + static_cast<std::uint64_t>(i);
            auto sources = generate_sources(g, "batch" + std::to_string(i) + ".jsonl");
            QVERIFY2(sources.is_ok(), sources.status().to_string().c_str());
            batches.push_back(std::move(sources).value());
        }
        IngestOptions opts;
        opts.now_ms = 1'720'000'000'000;
        opts.batch_ms = 0;
        {
            auto v = Vault::create(dir);
            QVERIFY(v.is_ok());
            Ingestor first(**v, *embedder, opts);
            QVERIFY(first.ingest(batches[0]).is_ok());
        }

        // states[i]: the vault after i of the concurrent imports committed.
        std::vector<Snapshot> states;
        std::vector<StatsTuple> stats_states;
        Rendezvous rendezvous;
        std::atomic_bool writer_done{false};
        Status writer_status;

        auto writer = std::thread([&] {
            auto v = Vault::open(dir, false);
            if (!v) {
                writer_status = v.status();
                writer_done = true;
                return;
            }
            auto record_state = [&] {
                auto s = read_snapshot((*v)->db());
                auto st = vault_stats(**v);
                if (s && st) {
                    states.push_back(*s);
                    stats_states.push_back(stats_tuple(*st));
                } else {
                    writer_status = s ? st.status() : s.status();
                }
            };
            record_state();
            for (int i = 1; i <= kImports && writer_status.is_ok(); ++i) {
                bool paused = false;
                Ingestor ingestor(**v, *embedder, opts);
                auto report = ingestor.ingest(batches[static_cast<std::size_t>(i)],
                                              [&](const IngestProgress& p) {
                                                  // Every chunk is written, nothing committed.
                                                  if (p.phase == "sealing" && !paused) {
                                                      paused = true;
                                                      rendezvous.writer_wait_for_readers(i);
                                                  }
                                              });
                if (!report) {
                    writer_status = report.status();
                    break;
                }
                record_state();
            }
            writer_done = true;
        });

        std::vector<std::vector<Observation>> observations(kReaders);
        std::vector<std::vector<StatsTuple>> stats_seen(kReaders);
        std::vector<Status> reader_status(kReaders);
        std::vector<std::thread> readers;
        for (int r = 0; r < kReaders; ++r) {
            readers.emplace_back([&, r] {
                auto v = Vault::open(dir, true);
                if (!v) {
                    reader_status[r] = v.status();
                    return;
                }
                bool last_round = false;
                while (!last_round) {
                    last_round = writer_done.load();
                    const int paused_import = rendezvous.begin_read();
                    auto s = read_snapshot((*v)->db());
                    auto st = vault_stats(**v);
                    rendezvous.end_read(paused_import);
                    if (!s || !st) {
                        reader_status[r] = s ? st.status() : s.status();
                        return;
                    }
                    observations[r].push_back({*s, paused_import});
                    stats_seen[r].push_back(stats_tuple(*st));
                    std::this_thread::yield();
                }
            });
        }
        writer.join();
        for (auto& t : readers)
            t.join();

        QVERIFY2(writer_status.is_ok(), writer_status.to_string().c_str());
        for (const auto& s : reader_status)
            QVERIFY2(s.is_ok(), s.to_string().c_str());
        QCOMPARE(rendezvous.pauses(), kImports);
        QVERIFY2(rendezvous.satisfied(), "readers could not read during an import");
        QCOMPARE(states.size(), std::size_t{kImports + 1});
        for (int i = 1; i <= kImports; ++i)
            QVERIFY2(states[static_cast<std::size_t>(i - 1)].chunks <
                         states[static_cast<std::size_t>(i)].chunks,
                     "each import adds chunks");

        std::size_t during_reads = 0;
        for (int r = 0; r < kReaders; ++r) {
            std::size_t last_state = 0;
            for (const auto& o : observations[r]) {
                const auto it = std::find(states.begin(), states.end(), o.snapshot);
                QVERIFY2(it != states.end(), qPrintable(QStringLiteral("reader %1 saw a half "
                                                                       "import: %2")
                                                            .arg(r)
                                                            .arg(describe(o.snapshot))));
                const auto index = static_cast<std::size_t>(it - states.begin());
                QVERIFY2(index >= last_state, "a reader saw the vault go back in time");
                last_state = index;
                if (o.paused_import >= 0) {
                    ++during_reads;
                    // Inside import i: the read must show the vault before it.
                    QCOMPARE(index, static_cast<std::size_t>(o.paused_import - 1));
                }
            }
            QVERIFY(!observations[r].empty());
        }
        QVERIFY(during_reads >= static_cast<std::size_t>(2 * kReaders * kImports));

        // vault_stats runs several statements; each answer must still come from one state.
        auto show = [](const StatsTuple& t) {
            return QStringLiteral("{sources %1, chunks %2, summaries %3, entities %4, edges %5, "
                                  "revision %6}")
                .arg(std::get<0>(t))
                .arg(std::get<1>(t))
                .arg(std::get<2>(t))
                .arg(std::get<3>(t))
                .arg(std::get<4>(t))
                .arg(std::get<5>(t));
        };
        for (int r = 0; r < kReaders; ++r)
            for (const auto& t : stats_seen[r]) {
                if (std::find(stats_states.begin(), stats_states.end(), t) != stats_states.end())
                    continue;
                QStringList committed;
                for (const auto& c : stats_states)
                    committed << show(c);
                QFAIL(qPrintable(QStringLiteral("vault_stats mixed two states of the vault: %1; "
                                                "the committed states were %2")
                                     .arg(show(t), committed.join(QStringLiteral(", ")))));
            }
        qInfo("%zu reads by %d readers across %d imports, %zu of them inside an open import",
              observations[0].size() + observations[1].size() + observations[2].size(), kReaders,
              kImports, during_reads);
    }

    // A batched import's readers see whole batches: every chunk they see has its keyword
    // row and its vector, every state has what the one before had, and they see the import
    // grow, not only before and after it.
    void readersSeeWholeBatchesOfAnImport() {
        test::TempDir tmp;
        const auto dir = tmp.path() / "v";
        auto embedder = make_hash_embedder();
        GenerateOptions g;
        g.chunks = test::workload(6000, 1500);
        g.seed = 31;
        auto sources = generate_sources(g);
        QVERIFY2(sources.is_ok(), sources.status().to_string().c_str());
        QVERIFY(Vault::create(dir).is_ok());
        std::atomic_bool done{false};
        Status imported = Status::ok();
        std::thread writer([&] {
            auto v = Vault::open(dir, false);
            if (!v) {
                imported = v.status();
                done = true;
                return;
            }
            IngestOptions o;
            o.now_ms = 1'720'000'000'000;
            o.batch_ms = 2;
            Ingestor in(**v, *embedder, o);
            imported = in.ingest(*sources).status();
            done = true;
        });
        std::vector<Snapshot> seen;
        {
            auto v = Vault::open(dir, true);
            QVERIFY2(v.is_ok(), v.status().to_string().c_str());
            while (!done.load()) {
                auto snap = read_snapshot((*v)->db());
                QVERIFY2(snap.is_ok(), snap.status().to_string().c_str());
                seen.push_back(*snap);
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            }
            auto last = read_snapshot((*v)->db());
            QVERIFY(last.is_ok());
            seen.push_back(*last);
        }
        writer.join();
        QVERIFY2(imported.is_ok(), imported.to_string().c_str());
        std::set<std::int64_t> sizes;
        for (std::size_t i = 0; i < seen.size(); ++i) {
            const Snapshot& s = seen[i];
            QVERIFY2(s.fts_rows == s.chunks && s.embeddings == s.chunks, qPrintable(describe(s)));
            if (i > 0)
                QVERIFY2(s.chunks >= seen[i - 1].chunks && s.revision >= seen[i - 1].revision,
                         "a reader saw the vault go back in time");
            sizes.insert(s.chunks);
        }
        QCOMPARE(seen.back().chunks, static_cast<std::int64_t>(g.chunks));
        QVERIFY2(sizes.size() > 2, "the readers saw the import only before and after");
    }

    // An import run as one transaction (batch_ms 0): searches during it answer from the
    // vault as it was before it.
    void searchesRunWhileAnImportIsOpen() {
        test::TempDir tmp;
        const auto dir = tmp.path() / "v";
        auto embedder = make_hash_embedder();
        IngestOptions opts;
        opts.now_ms = 1'720'000'000'000;
        opts.batch_ms = 0;
        GenerateOptions g;
        g.chunks = 600;
        auto base = generate_sources(g);
        QVERIFY(base.is_ok());
        g.seed = 2;
        g.chunks = 1200;
        auto more = generate_sources(g, "more.jsonl");
        QVERIFY(more.is_ok());
        {
            auto v = Vault::create(dir);
            QVERIFY(v.is_ok());
            Ingestor in(**v, *embedder, opts);
            QVERIFY(in.ingest(*base).is_ok());
        }

        // Reference answers on the committed vault, before any import is open.
        const char* queries[] = {"launch plan", "budget approved", "migration deadline moved"};
        auto run_all = [&](SearchEngine& engine, std::vector<std::vector<std::string>>& out) {
            out.clear();
            for (const char* q : queries) {
                SearchRequest req;
                req.query = q;
                req.audit = false;
                req.now_ms = opts.now_ms;
                auto r = engine.search(req);
                if (!r)
                    return r.status();
                std::vector<std::string> ids;
                for (const auto& h : r->result.hits)
                    ids.push_back(h.node_id);
                out.push_back(std::move(ids));
            }
            return Status::ok();
        };
        std::vector<std::vector<std::string>> reference;
        {
            auto v = Vault::open(dir, true);
            QVERIFY(v.is_ok());
            auto engine = SearchEngine::open(**v, SearchEngineOptions{false, {}});
            QVERIFY2(engine.is_ok(), engine.status().to_string().c_str());
            QVERIFY(run_all(**engine, reference).is_ok());
        }

        // The same searches from other threads while the import is held open mid-transaction
        // must give exactly the committed answers.
        std::mutex m;
        std::condition_variable cv;
        bool import_open = false, searches_done = false;
        Status writer_status;
        std::thread writer([&] {
            auto v = Vault::open(dir, false);
            if (!v) {
                writer_status = v.status();
                std::lock_guard lock(m);
                import_open = true;
                cv.notify_all();
                return;
            }
            Ingestor in(**v, *embedder, opts);
            bool paused = false;
            auto r = in.ingest(*more, [&](const IngestProgress& p) {
                if (p.phase != "sealing" || paused)
                    return;
                paused = true;
                std::unique_lock lock(m);
                import_open = true;
                cv.notify_all();
                cv.wait_for(lock, std::chrono::seconds(120), [&] { return searches_done; });
            });
            if (!r)
                writer_status = r.status();
            std::lock_guard lock(m);
            import_open = true; // never paused: release the readers anyway
            cv.notify_all();
        });
        {
            std::unique_lock lock(m);
            cv.wait(lock, [&] { return import_open; });
        }
        std::vector<Status> statuses(kReaders);
        std::vector<std::vector<std::vector<std::string>>> answers(kReaders);
        std::vector<std::thread> readers;
        for (int r = 0; r < kReaders; ++r)
            readers.emplace_back([&, r] {
                auto v = Vault::open(dir, true);
                if (!v) {
                    statuses[r] = v.status();
                    return;
                }
                auto engine = SearchEngine::open(**v, SearchEngineOptions{false, {}});
                if (!engine) {
                    statuses[r] = engine.status();
                    return;
                }
                statuses[r] = run_all(**engine, answers[r]);
            });
        for (auto& t : readers)
            t.join();
        {
            std::lock_guard lock(m);
            searches_done = true;
            cv.notify_all();
        }
        writer.join();
        QVERIFY2(writer_status.is_ok(), writer_status.to_string().c_str());
        for (int r = 0; r < kReaders; ++r) {
            QVERIFY2(statuses[r].is_ok(), statuses[r].to_string().c_str());
            QVERIFY(answers[r] == reference);
        }
        QVERIFY(!reference.front().empty());
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestConcurrency)
#include "tst_concurrency.moc"
} // namespace tst_concurrency
