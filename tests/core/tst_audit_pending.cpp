// No audit row is ever dropped: a row that meets the vault's write lock waits for it,
// one that cannot wait any longer is kept in audit-pending.jsonl and merged into the log by the
// next writer, exactly once; the CLI's exit status says which happened. The lock is held by a
// second real connection on the same vault.db, as an import's transaction holds it.
#include "suite.h"
#include "testsupport.h"

// types.h names a field `signals`, which Qt's keyword macro would rewrite to `public`.
#undef signals

#include <memlens/audit.h>
#include <memlens/db.h>
#include <memlens/embedder.h>
#include <memlens/ingest.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <QProcess>
#include <QtTest>

#include <condition_variable>
#include <fstream>
#include <mutex>
#include <sstream>

namespace tst_audit_pending {

using namespace memlens;

namespace {

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
                             "lunch menu for the offsite", "database migration plan"}) {
        IngestItem it;
        it.author = "ann";
        it.ts_ms = t;
        it.text = text;
        it.source_ref = std::to_string(t);
        t += 86'400'000;
        s.items.push_back(it);
    }
    Ingestor ing(*vault, *emb);
    must(ing.ingest({s}), "ingest");
    return vault;
}

SearchRequest request(const std::string& q) {
    SearchRequest req;
    req.query = q;
    req.now_ms = kT0 + 30LL * 86'400'000;
    return req;
}

std::int64_t logged_rows(const Vault& v) {
    return must(v.db().query_int("SELECT count(*) FROM retrieval_log"), "count");
}

std::string read_file(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// The write lock, held by another connection until release(): what an import's transaction is.
class LockHolder {
public:
    explicit LockHolder(const std::filesystem::path& db)
        : db_(must(Database::open(db.string(), OpenMode::ReadWrite), "open holder")) {
        QVERIFY(db_.exec("BEGIN IMMEDIATE").is_ok());
    }
    ~LockHolder() { release(); }
    void release() {
        if (held_)
            (void)db_.exec("COMMIT");
        held_ = false;
    }

private:
    Database db_;
    bool held_ = true;
};

// Records the writer's notices; wait_for() blocks until one of a state arrives.
class Notices {
public:
    void attach(AuditWriter& w) {
        w.set_notice_callback([this](const AuditNotice& n, const AuditRecord&) {
            std::lock_guard lock(mu_);
            seen_.push_back(n);
            cv_.notify_all();
        });
    }
    bool wait_for(AuditRowState state) {
        std::unique_lock lock(mu_);
        return cv_.wait_for(lock, std::chrono::seconds(60), [&] {
            for (const auto& n : seen_)
                if (n.state == state)
                    return true;
            return false;
        });
    }
    std::vector<AuditNotice> seen() {
        std::lock_guard lock(mu_);
        return seen_;
    }

private:
    std::mutex mu_;
    std::condition_variable cv_;
    std::vector<AuditNotice> seen_;
};

} // namespace

class TestAuditPending : public QObject {
    Q_OBJECT
private slots:
    void rowWaitsForTheLockAndIsWrittenWhenItIsFree() {
        test::TempDir tmp;
        auto vault = make_vault(tmp.path() / "v");
        auto engine = must(SearchEngine::open(*vault), "engine");
        Notices notices;
        notices.attach(*engine->audit_writer());
        LockHolder holder(vault->db_path());
        QVERIFY(engine->search(request("phoenix")).is_ok());
        // The writer says it waits, and keeps waiting past SQLite's busy timeout.
        QVERIFY(notices.wait_for(AuditRowState::Waiting));
        holder.release();
        QVERIFY(engine->audit_writer()->flush().is_ok());
        QCOMPARE(engine->audit_writer()->written(), std::uint64_t{1});
        QCOMPARE(engine->audit_writer()->pending(), std::uint64_t{0});
        QCOMPARE(logged_rows(*vault), std::int64_t{1});
        QVERIFY(notices.wait_for(AuditRowState::Written));
    }

    void rowThatCannotWaitIsKeptThenMergedByTheNextWriter() {
        test::TempDir tmp;
        auto vault = make_vault(tmp.path() / "v");
        const auto pending = pending_audit_path(*vault);
        {
            auto engine = must(SearchEngine::open(*vault), "engine");
            LockHolder holder(vault->db_path());
            QVERIFY(engine->search(request("phoenix budget")).is_ok());
            Status s = engine->audit_writer()->flush(std::chrono::milliseconds(0));
            QCOMPARE(s.code(), StatusCode::Busy);
            QVERIFY2(s.message().find("audit-pending.jsonl") != std::string::npos,
                     s.message().c_str());
            QCOMPARE(engine->audit_writer()->pending(), std::uint64_t{1});
            QCOMPARE(engine->audit_writer()->failed(), std::uint64_t{0});
            QCOMPARE(must(count_pending_audit(pending), "count"), std::size_t{1});
        }
        QCOMPARE(logged_rows(*vault), std::int64_t{0});
        // The next logged query finds the lock free: the kept row goes first, then its own.
        auto engine = must(SearchEngine::open(*vault), "engine 2");
        QVERIFY(engine->search(request("lunch")).is_ok());
        QVERIFY(engine->audit_writer()->flush().is_ok());
        QCOMPARE(logged_rows(*vault), std::int64_t{2});
        QCOMPARE(must(count_pending_audit(pending), "count"), std::size_t{0});
        auto rows = must(list_audit(vault->db(), 10), "list");
        QCOMPARE(QString::fromStdString(rows[1].query), QStringLiteral("phoenix budget"));
        QCOMPARE(QString::fromStdString(rows[0].query), QStringLiteral("lunch"));
        QVERIFY(!rows[1].sources.empty());
        // The kept row lost nothing on the way: its candidate pools (a column of their own)
        // came through the file and rerun to the ranking it logged.
        QVERIFY(!rows[1].candidates.empty());
        auto rerun = must(rerun_audit(*engine, rows[1].id), "rerun the merged row");
        QVERIFY(rerun.identical);
    }

    void aCrashBetweenCommitAndEmptyingTheFileLogsEachRowOnce() {
        test::TempDir tmp;
        auto vault = make_vault(tmp.path() / "v");
        const auto pending = pending_audit_path(*vault);
        AuditRecord a, b;
        a.ts_ms = kT0;
        a.query = "first";
        a.mode = "hybrid";
        a.query_profile = a.sources = a.settings = "{}";
        b = a;
        b.query = "second";
        QVERIFY(append_pending_audit(pending, a).is_ok());
        QVERIFY(append_pending_audit(pending, b).is_ok());
        const std::string kept = read_file(pending);
        QCOMPARE(must(merge_pending_audit(vault->db(), pending), "merge"), std::size_t{2});
        QCOMPARE(logged_rows(*vault), std::int64_t{2});
        // As if the merging process died after its commit, before it emptied the file.
        std::ofstream(pending, std::ios::binary | std::ios::trunc) << kept;
        QCOMPARE(must(merge_pending_audit(vault->db(), pending), "merge again"), std::size_t{0});
        QCOMPARE(logged_rows(*vault), std::int64_t{2});
        QCOMPARE(std::filesystem::file_size(pending), std::uintmax_t{0});
        // The same rows kept once more (a new key each) are new rows, not a replay.
        QVERIFY(append_pending_audit(pending, a).is_ok());
        QCOMPARE(must(merge_pending_audit(vault->db(), pending), "merge new"), std::size_t{1});
        QCOMPARE(logged_rows(*vault), std::int64_t{3});
    }

    void mergeLeavesTheFileWhileTheLockIsHeld() {
        test::TempDir tmp;
        auto vault = make_vault(tmp.path() / "v");
        const auto pending = pending_audit_path(*vault);
        AuditRecord a;
        a.query = "kept";
        a.mode = "hybrid";
        a.query_profile = a.sources = a.settings = "{}";
        QVERIFY(append_pending_audit(pending, a).is_ok());
        LockHolder holder(vault->db_path());
        auto merged = merge_pending_audit(vault->db(), pending);
        QVERIFY(!merged.is_ok());
        QCOMPARE(merged.status().code(), StatusCode::Busy);
        QCOMPARE(must(count_pending_audit(pending), "count"), std::size_t{1});
    }

    void aLinkAtThePendingFileIsNeverWrittenThrough() {
        test::TempDir tmp;
        auto vault = make_vault(tmp.path() / "v");
        const auto victim = tmp.path() / "victim";
        std::ofstream(victim) << "precious";
        std::filesystem::create_symlink(victim, pending_audit_path(*vault));
        AuditRecord a;
        a.query = "x";
        Status s = append_pending_audit(pending_audit_path(*vault), a);
        QVERIFY(!s.is_ok());
        QVERIFY2(s.message().find("symbolic link") != std::string::npos, s.message().c_str());
        QCOMPARE(QString::fromStdString(read_file(victim)), QStringLiteral("precious"));
    }

    // The CLI: exit 3 when the answer was printed but its row is only kept, 0 once logged.
    void cliSaysWhenTheRowIsKeptAndTheNextQueryLogsIt() {
        test::TempDir tmp;
        const auto dir = tmp.path() / "v";
        { make_vault(dir); }
        const QString v = QString::fromStdString(dir.string());
        {
            LockHolder holder(dir / "vault.db");
            auto run = test::run_cli({QStringLiteral("query"), QStringLiteral("--vault"), v,
                                      QStringLiteral("--audit-wait"), QStringLiteral("0"),
                                      QStringLiteral("phoenix")});
            QCOMPARE(run.exit_code, 3);
            QVERIFY2(run.out.find("phoenix") != std::string::npos, run.out.c_str());
            QVERIFY2(run.err.find("audit-pending.jsonl") != std::string::npos, run.err.c_str());
        }
        auto run = test::run_cli({QStringLiteral("query"), QStringLiteral("--vault"), v,
                                  QStringLiteral("--json"), QStringLiteral("lunch")});
        QCOMPARE(run.exit_code, 0);
        auto list = test::run_cli({QStringLiteral("audit"), QStringLiteral("list"),
                                   QStringLiteral("--vault"), v, QStringLiteral("--json")});
        QCOMPARE(list.exit_code, 0);
        QVERIFY2(list.out.find("\"phoenix\"") != std::string::npos, list.out.c_str());
        QVERIFY2(list.out.find("\"lunch\"") != std::string::npos, list.out.c_str());
    }

    // The row outlasts SQLite's 2 s busy timeout, after which it used to be dropped.
    void cliWaitsForTheLockByDefaultAndLogsTheRow() {
        test::TempDir tmp;
        const auto dir = tmp.path() / "v";
        { make_vault(dir); }
        LockHolder holder(dir / "vault.db");
        QProcess proc;
        proc.start(QString::fromStdString(test::cli_path()),
                   {QStringLiteral("query"), QStringLiteral("--vault"),
                    QString::fromStdString(dir.string()), QStringLiteral("phoenix")});
        QVERIFY(proc.waitForStarted(10000));
        // It answers and says that its row waits; or, as it used to, gives up and exits.
        QByteArray err;
        QTRY_VERIFY_WITH_TIMEOUT((err += proc.readAllStandardError()).contains("waits for") ||
                                     proc.state() == QProcess::NotRunning,
                                 60000);
        holder.release();
        QVERIFY(proc.waitForFinished(60000));
        err += proc.readAllStandardError();
        QVERIFY2(proc.readAllStandardOutput().contains("phoenix"), err.constData());
        QCOMPARE(proc.exitCode(), 0);
        auto v = must(Vault::open(dir, true), "open");
        QCOMPARE(logged_rows(*v), std::int64_t{1});
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestAuditPending)
#include "tst_audit_pending.moc"
} // namespace tst_audit_pending
