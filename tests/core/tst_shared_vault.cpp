// One vault shared by several processes at once, as it is in use: memlens-cli queries from
// several shells, an agent storing through `memlens-cli serve`, an import, and in this process
// the connections a window keeps (a read-write vault and its search engine, queried from
// threads). Afterwards the vault passes PRAGMA integrity_check, every audit id a query printed
// holds that query, and every memory the server said it stored is there.
//
// The vault sets engine.parallel_keyword_min_chunks to 1, so that every query opens the second,
// read-only connection a vault of 20,000 chunks or more opens (search.h): the path on which a
// header read outside SQLite released the process's locks and corrupted shared vaults.
//
// In the dev build every process runs under tests/open_guard (LD_PRELOAD, set by ctest): an
// open of vault.db, -wal, -shm or -journal by code other than SQLite is reported and fails the
// test. A second case kills the server at random moments while it stores and queries run from
// other processes: every store it answered survives, and the vault stays sound.
#include "suite.h"
#include "testsupport.h"

// types.h names a field `signals`, which Qt's keyword macro would rewrite to `public`.
#undef signals

#include <memlens/embedder.h>
#include <memlens/generate.h>
#include <memlens/health.h>
#include <memlens/ingest.h>
#include <memlens/search.h>
#include <memlens/topic_tree.h>
#include <memlens/vault.h>

#include <QProcess>
#include <QRandomGenerator>
#include <QtTest>

#include <dlfcn.h>
#include <nlohmann/json.hpp>

#include <atomic>
#include <fstream>
#include <limits>
#include <map>
#include <mutex>
#include <set>
#include <thread>

namespace tst_shared_vault {

using namespace memlens;
using json = nlohmann::json;

namespace {

constexpr int kShells = 3;          // processes running queries one after another
constexpr int kQueriesPerShell = 6; // each a fresh memlens-cli query process
constexpr int kStores = 10;         // memory_store calls through one serve process
constexpr int kInProcessThreads = 2;
constexpr int kExitAuditPending = 3; // memlens-cli query: the row is kept in the pending file
// 20 SIGKILLs of serve during stores. The sanitizer run
// (scripts/ci-asan.sh), where each process is several times slower, sets fewer through
// MEMLENS_SHARED_VAULT_KILLS; scripts/test.sh runs all 20.
int kills() {
    const int n = qEnvironmentVariableIntValue("MEMLENS_SHARED_VAULT_KILLS");
    return n > 0 ? n : 20;
}

const char* const kQuestions[] = {"budget review", "deploy plan",      "phoenix launch",
                                  "meeting notes", "design decisions", "weekly sync"};

json call(int id, const std::string& tool, json arguments) {
    json params = {{"name", tool}, {"arguments", std::move(arguments)}};
    params["_meta"] = {
        {"io.modelcontextprotocol/protocolVersion", "2026-07-28"},
        {"io.modelcontextprotocol/clientCapabilities", json::object()},
        {"io.modelcontextprotocol/clientInfo", {{"name", "tst-shared-vault"}, {"version", "1"}}}};
    return {{"jsonrpc", "2.0"}, {"id", id}, {"method", "tools/call"}, {"params", params}};
}

QString qs(const std::filesystem::path& p) {
    return QString::fromStdString(p.string());
}

// The open guard's report: empty when no process opened a vault file outside SQLite.
std::string read_file(const std::filesystem::path& p) {
    std::ifstream in(p);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

struct Printed {
    std::int64_t audit_id = 0;
    std::string query;
};

// A `serve` process over stdio, one request at a time.
class Server {
public:
    explicit Server(const std::filesystem::path& vault) {
        proc_.start(QString::fromStdString(test::cli_path()),
                    {QStringLiteral("serve"), QStringLiteral("--vault"), qs(vault)});
    }
    bool started() { return proc_.waitForStarted(10000); }
    void send(const json& msg) {
        const std::string line = msg.dump() + "\n";
        proc_.write(line.data(), static_cast<qint64>(line.size()));
    }
    // The next answer; null when the process ended first or none came within the time.
    json next(int timeout_ms = 60000) {
        QDeadlineTimer deadline(timeout_ms);
        while (!proc_.canReadLine()) {
            if (proc_.state() == QProcess::NotRunning || deadline.hasExpired())
                return {};
            proc_.waitForReadyRead(static_cast<int>(std::max<qint64>(1, deadline.remainingTime())));
        }
        return json::parse(proc_.readLine().toStdString(), nullptr, false);
    }
    void kill() {
        proc_.kill();
        proc_.waitForFinished(10000);
    }
    int finish() {
        proc_.closeWriteChannel();
        proc_.waitForFinished(60000);
        return proc_.exitStatus() == QProcess::NormalExit ? proc_.exitCode() : -1;
    }

private:
    QProcess proc_;
};

// A shell running `memlens-cli query` over the vault, one process after another, until stop():
// the failures it met (an answer kept in the pending file is not one). Stopped when destroyed, so
// a check that fails on the way does not leave its thread running.
class Shell {
public:
    explicit Shell(const std::filesystem::path& vault)
        : thread_([this, vault] {
            for (int i = 0; !stop_.load(); ++i) {
                const auto r =
                    test::run_cli({QStringLiteral("query"), QStringLiteral("--vault"), qs(vault),
                                   QStringLiteral("--json"), QString::fromUtf8(kQuestions[i % 6])});
                if (r.exit_code != 0 && r.exit_code != kExitAuditPending) {
                    std::lock_guard lock(mutex_);
                    failures_.push_back("query exited " + std::to_string(r.exit_code) + ": " +
                                        r.err);
                }
            }
        }) {}
    ~Shell() { stop(); }
    Shell(const Shell&) = delete;
    Shell& operator=(const Shell&) = delete;
    std::vector<std::string> stop() {
        stop_ = true;
        if (thread_.joinable())
            thread_.join();
        std::lock_guard lock(mutex_);
        return failures_;
    }

private:
    std::atomic<bool> stop_{false};
    std::mutex mutex_;
    std::vector<std::string> failures_;
    std::thread thread_; // last: it starts once the members it uses exist
};

// The node ids a memory_store answer names (empty when it stored nothing).
std::vector<std::string> stored_ids(const json& answer) {
    std::vector<std::string> ids;
    const json& sc = answer.value("result", json::object()).value("structuredContent", json());
    if (sc.is_object() && sc.contains("node_ids"))
        for (const auto& id : sc["node_ids"])
            ids.push_back(id.get<std::string>());
    return ids;
}

} // namespace

class TestSharedVault : public QObject {
    Q_OBJECT
private:
    test::TempDir tmp_;
    std::filesystem::path vault_;
    std::filesystem::path report_;

    // PRAGMA integrity_check's first line on a connection of its own ("ok" when sound).
    static std::string integrity(const std::filesystem::path& dir) {
        auto v = Vault::open(dir, true);
        if (!v)
            return "cannot open: " + v.status().to_string();
        auto st = (*v)->db().prepare("PRAGMA integrity_check");
        if (!st)
            return st.status().to_string();
        auto row = st->step();
        if (!row || !*row)
            return "no answer";
        return st->column_text(0);
    }
    // Whether the topic index (the file and the writes since it, as a search loads them) holds
    // exactly the vectors vault.db holds, and every chunk has its vector: a store is in both or
    // in neither. Empty when it does, else the first disagreement.
    static std::string index_disagreement(const std::filesystem::path& dir) {
        auto v = Vault::open(dir, true);
        if (!v)
            return "cannot open: " + v.status().to_string();
        auto embedder = make_embedder_for(**v);
        if (!embedder)
            return embedder.status().to_string();
        const std::string sig = (*embedder)->signature();
        auto index = TopicIndex::load((*v)->db(), sig, {}, false, TopicFileCheck::PerRow);
        if (!index)
            return index.status().to_string();
        auto st = (*v)->db().prepare(
            "SELECT chunk_id FROM mem_tree_chunk_embeddings WHERE model_signature = ?1 UNION ALL "
            "SELECT summary_id FROM mem_tree_summary_embeddings WHERE model_signature = ?1");
        if (!st)
            return st.status().to_string();
        st->bind(1, sig);
        std::size_t vectors = 0;
        for (;;) {
            auto row = st->step();
            if (!row)
                return row.status().to_string();
            if (!*row)
                break;
            ++vectors;
            if (!index->position(st->column_text_view(0)))
                return "vault.db holds a vector the index lacks: " + st->column_text(0);
        }
        std::size_t live = 0;
        for (std::size_t pos = 0; pos < index->size(); ++pos)
            if (index->position(index->id_at(pos)) == pos)
                ++live;
        if (live != vectors)
            return "the index holds " + std::to_string(live) + " vectors, vault.db " +
                   std::to_string(vectors);
        auto bare = (*v)->db().query_int(
            "SELECT count(*) FROM mem_tree_chunks c WHERE NOT EXISTS (SELECT 1 FROM "
            "mem_tree_chunk_embeddings e WHERE e.chunk_id = c.id)");
        if (!bare || *bare != 0)
            return "chunks without their vector: " + (bare ? std::to_string(*bare) : "?");
        return {};
    }
    static std::int64_t count(const std::filesystem::path& dir, const std::string& sql,
                              const std::string& arg) {
        auto v = Vault::open(dir, true);
        if (!v)
            return -1;
        auto st = (*v)->db().prepare(sql);
        if (!st)
            return -1;
        st->bind(1, arg);
        auto row = st->step();
        return row && *row ? st->column_int64(0) : -1;
    }
    static std::string logged_query(const std::filesystem::path& dir, std::int64_t id) {
        auto v = Vault::open(dir, true);
        if (!v)
            return "";
        auto st = (*v)->db().prepare("SELECT query FROM retrieval_log WHERE id = ?");
        if (!st)
            return "";
        st->bind(1, id);
        auto row = st->step();
        return row && *row ? st->column_text(0) : "<no row>";
    }
    // A query whose row waited past --audit-wait (an import held the lock: exit 3) kept it in
    // audit-pending.jsonl; the next query that gets the lock logs it. Each such query is then
    // in the log, at least as often as it was kept and printed together.
    void expect_kept_rows_logged(const std::vector<std::string>& kept,
                                 const std::vector<Printed>& printed) {
        if (kept.empty())
            return;
        const auto r =
            test::run_cli({QStringLiteral("query"), QStringLiteral("--vault"), qs(vault_),
                           QStringLiteral("--json"), QStringLiteral("after the kept rows")});
        QCOMPARE(r.exit_code, 0);
        std::map<std::string, std::int64_t> times;
        for (const auto& q : kept)
            ++times[q];
        for (const auto& p : printed) // the same text logged with a printed id counts apart
            if (times.count(p.query))
                ++times[p.query];
        for (const auto& [q, n] : times)
            QVERIFY2(count(vault_, "SELECT count(*) FROM retrieval_log WHERE query = ?", q) >= n,
                     ("a kept row of '" + q + "' never reached the log").c_str());
    }
    void expect_no_outside_opens() {
        const std::string report = read_file(report_);
        QVERIFY2(report.empty(), ("vault files opened outside SQLite:\n" + report).c_str());
    }

private slots:
    void initTestCase() {
        vault_ = tmp_.path() / "vault";
        report_ = tmp_.path() / "open-guard.txt";
        qputenv("MEMLENS_OPEN_GUARD_REPORT", QByteArray::fromStdString(report_.string()));
        auto vault = Vault::create(vault_);
        QVERIFY(vault.is_ok());
        auto emb = make_embedder_for(**vault);
        QVERIFY(emb.is_ok());
        GenerateOptions g;
        g.chunks = 1500;
        g.seed = 11;
        g.days = 60;
        auto sources = generate_sources(g);
        QVERIFY(sources.is_ok());
        Ingestor ing(**vault, **emb);
        QVERIFY(ing.ingest(*sources).is_ok());
        QVERIFY((*vault)->set_setting(std::string(kParallelKeywordSetting), "1").is_ok());
    }

    // The guard sees what it is there to see: a vault.db opened by an std::ifstream (the
    // header read that corrupted shared vaults) is reported, naming the file.
    void theGuardSeesAnOpenOutsideSQLite() {
#ifdef MEMLENS_EXPECT_OPEN_GUARD
        QVERIFY2(dlsym(RTLD_DEFAULT, "memlens_open_guard_loaded") != nullptr,
                 "tests/open_guard is not loaded: run this suite through ctest (LD_PRELOAD)");
#endif
        if (dlsym(RTLD_DEFAULT, "memlens_open_guard_loaded") == nullptr)
            return; // the sanitizer build: its runtime and the guard cannot both come first
        const auto other = tmp_.path() / "other";
        std::filesystem::create_directories(other);
        { std::ofstream(other / "vault.db") << "not a database"; }
        { std::ifstream in(other / "vault.db", std::ios::binary); }
        const std::string report = read_file(report_);
        QVERIFY2(report.find((other / "vault.db").string()) != std::string::npos, report.c_str());
        std::filesystem::remove(report_);
    }

    void processesSharingAVaultLoseNothing() {
        // The import: a generated corpus of its own, written as JSONL by the CLI.
        const auto corpus = tmp_.path() / "more.jsonl";
        const auto gen =
            test::run_cli({QStringLiteral("generate"), QStringLiteral("--out"), qs(corpus),
                           QStringLiteral("--chunks"), QStringLiteral("600"),
                           QStringLiteral("--seed"), QStringLiteral("99")});
        QVERIFY2(gen.exit_code == 0, gen.err.c_str());

        std::mutex mu;
        std::vector<Printed> printed;
        std::vector<std::string> kept; // queries whose row waited past --audit-wait (exit 3)
        std::vector<std::string> failures;
        std::atomic<bool> stop{false};

        std::vector<std::thread> shells;
        for (int s = 0; s < kShells; ++s) {
            shells.emplace_back([&, s] {
                for (int q = 0; q < kQueriesPerShell; ++q) {
                    const std::string text =
                        kQuestions[(s + q) % std::size(kQuestions)] + (" " + std::to_string(s));
                    const auto r = test::run_cli(
                        {QStringLiteral("query"), QStringLiteral("--vault"), qs(vault_),
                         QStringLiteral("--json"), QString::fromStdString(text)});
                    std::lock_guard lock(mu);
                    if (r.exit_code == kExitAuditPending) {
                        kept.push_back(text); // logged by the next writer (README)
                        continue;
                    }
                    if (r.exit_code != 0) {
                        failures.push_back("query '" + text + "' exited " +
                                           std::to_string(r.exit_code) + ": " + r.err);
                        continue;
                    }
                    const json j = json::parse(r.out, nullptr, false);
                    if (!j.is_object() || !j.contains("audit_id")) {
                        failures.push_back("query '" + text + "' printed no audit_id: " + r.out);
                        continue;
                    }
                    printed.push_back({j["audit_id"].get<std::int64_t>(), text});
                }
            });
        }
        // The window's connections in this process: a read-write vault and its engine.
        std::vector<std::thread> window;
        for (int t = 0; t < kInProcessThreads; ++t) {
            window.emplace_back([&, t] {
                auto v = Vault::open(vault_, false);
                if (!v) {
                    std::lock_guard lock(mu);
                    failures.push_back("in-process open: " + v.status().to_string());
                    return;
                }
                SearchEngineOptions o;
                o.audit = false; // the shells' rows are the ones counted
                auto engine = SearchEngine::open(**v, o);
                if (!engine) {
                    std::lock_guard lock(mu);
                    failures.push_back("in-process engine: " + engine.status().to_string());
                    return;
                }
                for (int i = 0; !stop.load() || i < 3; ++i) {
                    auto r = (*engine)->query(kQuestions[(i + t) % std::size(kQuestions)]);
                    if (!r && r.status().code() != StatusCode::Busy) {
                        std::lock_guard lock(mu);
                        failures.push_back("in-process query: " + r.status().to_string());
                        return;
                    }
                }
            });
        }
        const std::int64_t before =
            count(vault_, "SELECT count(*) FROM mem_tree_chunks WHERE id != ?", "");
        std::int64_t imported = -1;
        std::thread import([&] {
            // An import that cannot get the write lock within its wait is refused whole, saying
            // so, and is run again, as a person would:
            // what this suite holds it to is that nothing it reported written is lost.
            for (int attempt = 1;; ++attempt) {
                const auto r = test::run_cli(
                    {QStringLiteral("ingest"), QStringLiteral("--vault"), qs(vault_), qs(corpus)});
                if (r.exit_code == 0) {
                    // "ingested 6 sources: 577 chunks, ..."
                    const auto at = r.out.find(" chunks");
                    const auto from = r.out.rfind(' ', at == std::string::npos ? 0 : at - 1);
                    if (at != std::string::npos && from != std::string::npos)
                        imported = std::stoll(r.out.substr(from + 1, at - from - 1));
                    return;
                }
                qInfo("import attempt %d: %s", attempt, r.err.c_str());
                const bool busy = r.err.find("holds the vault's write lock") != std::string::npos;
                if (!busy || attempt == 20) {
                    std::lock_guard lock(mu);
                    failures.push_back("ingest exited " + std::to_string(r.exit_code) + ": " +
                                       r.err);
                    return;
                }
            }
        });

        // The agent, storing while all of that runs.
        std::vector<std::string> stored;
        Server server(vault_);
        QVERIFY(server.started());
        for (int i = 0, id = 1; i < kStores; ++i) {
            json answer;
            // A store refused for the write lock (the import holds it past the writer's
            // wait) stored nothing and says so; the agent sends it again.
            for (int attempt = 0; attempt < 20; ++attempt) {
                server.send(call(id++, "memory_store",
                                 {{"text", "Shared vault note " + std::to_string(i) +
                                               ": the deploy moved to Thursday"},
                                  {"author", "agent"}}));
                answer = server.next();
                QVERIFY2(answer.is_object(), "the server gave no answer to a store");
                if (!answer["result"].value("isError", true) ||
                    answer.dump().find("holds the vault's write lock") == std::string::npos)
                    break;
            }
            QVERIFY2(!answer["result"].value("isError", true), answer.dump().c_str());
            const auto ids = stored_ids(answer);
            QCOMPARE(ids.size(), std::size_t(1));
            stored.push_back(ids.front());
        }
        QCOMPARE(server.finish(), 0);

        for (auto& t : shells)
            t.join();
        import.join();
        stop = true;
        for (auto& t : window)
            t.join();

        QVERIFY2(failures.empty(), failures.empty() ? "" : failures.front().c_str());
        QCOMPARE(integrity(vault_), std::string("ok"));
        // The import is whole: the same import again finds every message stored (an attempt
        // refused by the lock kept the batches it committed, each message whole, and the next
        // attempt added the rest), and nothing was written twice: what was there, the stores,
        // and at most one chunk a generated message beside them.
        QVERIFY(imported > 0);
        const auto again = test::run_cli(
            {QStringLiteral("ingest"), QStringLiteral("--vault"), qs(vault_), qs(corpus)});
        QVERIFY2(again.exit_code == 0 && again.out.find(": 0 chunks,") != std::string::npos,
                 again.out.c_str());
        const std::int64_t added =
            count(vault_, "SELECT count(*) FROM mem_tree_chunks WHERE id != ?", "") - before -
            kStores;
        QVERIFY2(added >= imported && added <= 600, std::to_string(added).c_str());
        QCOMPARE(printed.size() + kept.size(), std::size_t(kShells * kQueriesPerShell));
        expect_kept_rows_logged(kept, printed);
        std::set<std::int64_t> ids;
        for (const auto& p : printed) {
            QVERIFY2(ids.insert(p.audit_id).second,
                     ("audit id printed twice: " + std::to_string(p.audit_id)).c_str());
            QCOMPARE(logged_query(vault_, p.audit_id), p.query);
        }
        for (const auto& id : stored)
            QCOMPARE(count(vault_, "SELECT count(*) FROM mem_tree_chunks WHERE id = ?", id),
                     std::int64_t(1));
        expect_no_outside_opens();
    }

    // Writers take turns: two servers each sent 150 stores at once, on one vault,
    // store every one of them (none refused for the write lock, which an earlier memlens did
    // for some), and the vault then holds all 300.
    void twoServersStoringAtOnceTakeTurns() {
        constexpr int kEach = 150;
        Server a(vault_), b(vault_);
        QVERIFY(a.started() && b.started());
        for (int i = 0; i < kEach; ++i) {
            a.send(call(i + 1, "memory_store",
                        {{"text", "Turn-taking note " + std::to_string(i) + " from agent A"},
                         {"source", "chat:turns-a"}}));
            b.send(call(i + 1, "memory_store",
                        {{"text", "Turn-taking note " + std::to_string(i) + " from agent B"},
                         {"source", "chat:turns-b"}}));
        }
        std::vector<std::string> refused;
        for (int i = 0; i < kEach; ++i) {
            for (Server* server : {&a, &b}) {
                const json answer = server->next();
                if (stored_ids(answer).size() != 1)
                    refused.push_back(answer.dump().substr(0, 300));
            }
        }
        QCOMPARE(a.finish(), 0);
        QCOMPARE(b.finish(), 0);
        QVERIFY2(refused.empty(), refused.empty() ? "" : refused.front().c_str());
        for (const char* source : {"chat:turns-a", "chat:turns-b"})
            QCOMPARE(
                count(vault_, "SELECT count(*) FROM mem_tree_chunks WHERE source_id = ?", source),
                std::int64_t(kEach));
    }

    // Two agents teach one vault's word model (embedder.kind ppmi) at once: each store counts
    // its text once, each new word is learned once, by whichever store brought its second turn,
    // and every stored memory has its vector; a search in this process then knows both words.
    void twoServersTeachOneWordModel() {
        const auto dir = tmp_.path() / "ppmi";
        {
            // Vault::create makes vault.db with O_EXCL before any connection exists: not an
            // open beside a live one, so not reported (initTestCase's is cleared the same way).
            const QByteArray report = qgetenv("MEMLENS_OPEN_GUARD_REPORT");
            qunsetenv("MEMLENS_OPEN_GUARD_REPORT");
            auto vault = Vault::create(dir);
            qputenv("MEMLENS_OPEN_GUARD_REPORT", report);
            QVERIFY(vault.is_ok());
            QVERIFY((*vault)->set_setting("embedder.kind", "ppmi").is_ok());
            QVERIFY((*vault)->set_setting("embedder.ppmi.dim", "8").is_ok());
            auto emb = make_embedder_for(**vault);
            QVERIFY(emb.is_ok());
            IngestSource src;
            src.source_id = "chat:cafe-and-rides";
            src.source_kind = "chat";
            src.platform = "chat";
            src.format = "jsonl";
            const char* const cafe[] = {"cafe", "mug", "barista", "milk", "beans", "cup"};
            const char* const ride[] = {"ride", "hill", "saddle", "pedal", "chain", "helmet"};
            for (int i = 0; i < 240; ++i) {
                IngestItem item;
                const bool coffee = (i / 2) % 2 == 0;
                const auto& about = coffee ? cafe : ride;
                item.text = std::string(coffee ? (i % 3 ? "An espresso" : "A latte")
                                               : (i % 3 ? "The bicycle" : "A tyre")) +
                            " with the " + about[i % 6] + " and the " + about[(i * 5 + 1) % 6] +
                            ".";
                item.author = i % 2 ? "Sam" : "Alex";
                item.ts_ms = 1'700'000'000'000 + i * 60'000;
                item.group_id = "thread-" + std::to_string(i / 24);
                item.source_ref = "m" + std::to_string(i);
                src.items.push_back(std::move(item));
            }
            Ingestor ing(**vault, **emb);
            QVERIFY(ing.ingest({src}).is_ok());
            QVERIFY(!(*emb)->needs_learning());
        }
        constexpr int kEach = 20;
        Server a(dir), b(dir);
        QVERIFY(a.started() && b.started());
        for (int i = 0; i < kEach; ++i) {
            a.send(call(i + 1, "memory_store",
                        {{"text", "Then a cortado " + std::to_string(i) +
                                      " with the milk and the "
                                      "barista's beans."},
                         {"source", "chat:agent-a"}}));
            b.send(call(i + 1, "memory_store",
                        {{"text", "Fixed the derailleur " + std::to_string(i) +
                                      " before the ride up the hill."},
                         {"source", "chat:agent-b"}}));
        }
        std::vector<std::string> refused;
        for (int i = 0; i < kEach; ++i)
            for (Server* server : {&a, &b})
                if (const json answer = server->next(); stored_ids(answer).size() != 1)
                    refused.push_back(answer.dump().substr(0, 300));
        QCOMPARE(a.finish(), 0);
        QCOMPARE(b.finish(), 0);
        QVERIFY2(refused.empty(), refused.empty() ? "" : refused.front().c_str());

        auto vault = Vault::open(dir, false);
        QVERIFY(vault.is_ok());
        auto emb = make_embedder_for(**vault);
        QVERIFY(emb.is_ok());
        const std::string sig = (*emb)->signature();
        QCOMPARE(count(dir, "SELECT turns FROM ml_ppmi_turns WHERE model = ?", sig),
                 std::int64_t{2 * kEach});
        for (const char* stem : {"cortado", "derailleur"}) {
            QCOMPARE(count(dir,
                           std::string("SELECT count(*) FROM ml_ppmi_words WHERE model = ? AND "
                                       "stem = '") +
                               stem + "'",
                           sig),
                     std::int64_t{1});
            QCOMPARE(count(dir,
                           std::string("SELECT count(*) FROM ml_ppmi_pending WHERE model = ? AND "
                                       "stem = '") +
                               stem + "'",
                           sig),
                     std::int64_t{0});
        }
        QCOMPARE(index_disagreement(dir), std::string());
        QCOMPARE(integrity(dir), std::string("ok"));

        SearchEngineOptions eo;
        eo.audit = false;
        auto engine = SearchEngine::open(**vault, eo);
        QVERIFY(engine.is_ok());
        QueryOptions q;
        q.mode = SearchMode::Semantic;
        for (const auto& [word, expect] :
             {std::pair{"cortado", "cortado"}, std::pair{"derailleur", "derailleur"}}) {
            auto ans = (*engine)->query(word, q);
            QVERIFY2(ans.is_ok(), ans.status().to_string().c_str());
            QVERIFY2(!ans->response.result.hits.empty(), word);
            const std::string& top = ans->response.result.hits.front().content;
            QVERIFY2(top.find(expect) != std::string::npos, top.c_str());
        }
        expect_no_outside_opens();
    }

    // A writer in this process commits without pause (a table of about 1,000 pages rewritten
    // 80 times: 320 MB of log, past the 125 MiB at which the committing connection copies the
    // log back itself, WalCheckpointer) while a server in another process stores and a shell
    // queries: every answered store is kept, every query answers, the writer's rows are all
    // there and the vault is sound.
    void aWriterCopyingItsOwnLogBesideAServerAndAShell() {
        Shell shell(vault_);
        Server server(vault_);
        QVERIFY(server.started());
        constexpr int kStores = 40;
        for (int i = 0; i < kStores; ++i)
            server.send(
                call(i + 1, "memory_store",
                     {{"text", "Note " + std::to_string(i) + " stored beside a long writer"},
                      {"source", "chat:beside-writer"}}));
        {
            auto writer = Vault::open(vault_, false);
            QVERIFY(writer.is_ok());
            const Database& db = (*writer)->db();
            QVERIFY(db.exec("CREATE TABLE filler(id INTEGER PRIMARY KEY, body BLOB)").is_ok());
            QVERIFY(db.exec("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
                            "WHERE i < 1000) INSERT INTO filler SELECT i, randomblob(3500) FROM n")
                        .is_ok());
            for (int i = 0; i < 80; ++i)
                QVERIFY(db.exec("UPDATE filler SET body = randomblob(3500)").is_ok());
        }
        std::vector<std::string> answered;
        for (int i = 0; i < kStores; ++i)
            for (const auto& id : stored_ids(server.next()))
                answered.push_back(id);
        QCOMPARE(server.finish(), 0);
        const std::vector<std::string> failures = shell.stop();
        QVERIFY2(failures.empty(), failures.empty() ? "" : failures.front().c_str());
        QCOMPARE(answered.size(), std::size_t(kStores));
        for (const auto& n : answered)
            QCOMPARE(count(vault_, "SELECT count(*) FROM mem_tree_chunks WHERE id = ?", n),
                     std::int64_t(1));
        QCOMPARE(count(vault_,
                       "SELECT count(*) FROM filler WHERE length(body) = CAST(? AS INTEGER)",
                       "3500"),
                 std::int64_t(1000));
        const std::string check = integrity(vault_);
        QVERIFY2(check == "ok", check.c_str());
        const std::string index = index_disagreement(vault_);
        QVERIFY2(index.empty(), index.c_str());
        auto writer = Vault::open(vault_, false);
        QVERIFY(writer.is_ok());
        QVERIFY((*writer)->db().exec("DROP TABLE filler").is_ok());
        expect_no_outside_opens();
    }

    // The Overview's health reads its log in two halves on two connections, and walk answers
    // from the engine's topic index, while a shell logs queries and a server stores memories in
    // other processes: every read succeeds, the log only grows, and once they stop the halves
    // give the one read's report; the vault stays sound.
    void healthAndWalkReadBesideAServerAndAShell() {
        Shell shell(vault_);
        Server server(vault_);
        QVERIFY(server.started());
        constexpr int kStores = 30;
        for (int i = 0; i < kStores; ++i)
            server.send(call(i + 1, "memory_store",
                             {{"text", "Note " + std::to_string(i) + " stored beside the health"},
                              {"source", "chat:beside-health"}}));
        auto reader = Vault::open(vault_, true);
        QVERIFY(reader.is_ok());
        SearchEngineOptions eo;
        eo.audit = false;
        auto engine = SearchEngine::open(**reader, eo);
        QVERIFY2(engine.is_ok(), engine.status().to_string().c_str());
        HealthOptions halves;
        halves.per_node = true;
        halves.split_log_from = 1;
        // Read on until the shell has logged six more searches than the first read saw.
        std::size_t first = 0, searches = 0;
        QElapsedTimer waited;
        waited.start();
        for (int i = 0; searches < first + 6; ++i) {
            QVERIFY2(waited.elapsed() < 120'000, "the shell logged no searches");
            auto h = vault_health(**reader, halves);
            QVERIFY2(h.is_ok(), h.status().to_string().c_str());
            QVERIFY(h->searches >= searches);
            searches = h->searches;
            if (i == 0)
                first = searches;
            WalkOptions w;
            w.query = kQuestions[i % 6];
            auto walked = (*engine)->walk(w);
            QVERIFY2(walked.is_ok(), walked.status().to_string().c_str());
        }
        for (int i = 0; i < kStores; ++i)
            QCOMPARE(stored_ids(server.next()).size(), std::size_t(1));
        QCOMPARE(server.finish(), 0);
        const std::vector<std::string> failures = shell.stop();
        QVERIFY2(failures.empty(), failures.empty() ? "" : failures.front().c_str());
        HealthOptions whole = halves;
        whole.split_log_from = std::numeric_limits<std::int64_t>::max();
        auto settled = Vault::open(vault_, true);
        QVERIFY(settled.is_ok());
        const auto one = vault_health(**settled, whole);
        const auto two = vault_health(**settled, halves);
        QVERIFY(one.is_ok() && two.is_ok());
        QVERIFY(one->searches >= searches);
        QCOMPARE(to_json(*two), to_json(*one));
        const std::string check = integrity(vault_);
        QVERIFY2(check == "ok", check.c_str());
        expect_no_outside_opens();
    }

    // SIGKILL of the server at random moments while it stores and a shell queries: each time
    // the vault is sound and holds every store the server answered.
    void killedServerKeepsEveryAnsweredStore() {
        std::vector<std::string> answered;
        std::atomic<bool> stop{false};
        std::mutex mu;
        std::vector<std::string> failures;
        std::vector<Printed> printed;
        std::vector<std::string> kept;
        std::thread shell([&] {
            for (int i = 0; !stop.load(); ++i) {
                const std::string text = kQuestions[i % 6];
                const auto r =
                    test::run_cli({QStringLiteral("query"), QStringLiteral("--vault"), qs(vault_),
                                   QStringLiteral("--json"), QString::fromStdString(text)});
                std::lock_guard lock(mu);
                if (r.exit_code == kExitAuditPending) {
                    kept.push_back(text);
                    continue;
                }
                if (r.exit_code != 0) {
                    failures.push_back("query exited " + std::to_string(r.exit_code) + ": " +
                                       r.err);
                    continue;
                }
                const json j = json::parse(r.out, nullptr, false);
                if (j.is_object() && j.contains("audit_id"))
                    printed.push_back({j["audit_id"].get<std::int64_t>(), text});
                else
                    failures.push_back("query printed no audit_id: " + r.out.substr(0, 200));
            }
        });
        auto* rng = QRandomGenerator::global();
        int id = 1;
        for (int round = 0; round < kills(); ++round) {
            Server server(vault_);
            QVERIFY(server.started());
            // Kill after a random number of answered stores, with one more in flight.
            const int before_kill = static_cast<int>(rng->bounded(0, 4));
            for (int i = 0; i <= before_kill; ++i) {
                server.send(call(id, "memory_store",
                                 {{"text", "Kill round " + std::to_string(round) + " note " +
                                               std::to_string(i) + " about the phoenix budget"},
                                  {"author", "agent"}}));
                ++id;
                if (i == before_kill) {
                    QThread::usleep(rng->bounded(0, 20000));
                    break; // in flight when the kill comes
                }
                const json answer = server.next();
                QVERIFY2(answer.is_object() && !answer["result"].value("isError", true),
                         answer.dump().c_str());
                for (auto& n : stored_ids(answer))
                    answered.push_back(n);
            }
            server.kill();
            const std::string check = integrity(vault_);
            QVERIFY2(check == "ok", ("round " + std::to_string(round) + ": " + check).c_str());
            const std::string index = index_disagreement(vault_);
            QVERIFY2(index.empty(), ("round " + std::to_string(round) + ": " + index).c_str());
        }
        stop = true;
        shell.join();
        QVERIFY2(failures.empty(), failures.empty() ? "" : failures.front().c_str());
        for (const auto& n : answered)
            QCOMPARE(count(vault_, "SELECT count(*) FROM mem_tree_chunks WHERE id = ?", n),
                     std::int64_t(1));
        QVERIFY(!printed.empty());
        for (const auto& p : printed)
            QCOMPARE(logged_query(vault_, p.audit_id), p.query);
        expect_kept_rows_logged(kept, printed);
        expect_no_outside_opens();
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestSharedVault)
#include "tst_shared_vault.moc"
} // namespace tst_shared_vault
