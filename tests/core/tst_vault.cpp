// Vault storage: creation, schema, reopen, read-only, corrupt and newer-schema files, locks.
#include "suite.h"
#include "testsupport.h"

#include <memlens/db.h>
#include <memlens/time_util.h>
#include <memlens/vault.h>

#include <QtTest>

#include <fstream>

namespace tst_vault {

using namespace memlens;

class TestVault : public QObject {
    Q_OBJECT
private slots:
    void createsFolderWithSchema() {
        test::TempDir tmp;
        auto v = Vault::create(tmp.path() / "v");
        QVERIFY2(v.is_ok(), v.status().to_string().c_str());
        QVERIFY(std::filesystem::exists(tmp.path() / "v" / "vault.db"));
        QVERIFY(std::filesystem::is_directory(tmp.path() / "v" / "entities"));
        const auto& db = (*v)->db();
        for (const char* table :
             {"mem_tree_chunks", "mem_tree_summaries", "mem_tree_trees", "mem_tree_entity_index",
              "mem_tree_entity_edges", "mem_tree_score", "mem_tree_chunk_embeddings",
              "mem_tree_summary_embeddings", "mem_tree_buffers", "mem_tree_chunks_fts",
              "mem_tree_summaries_fts", "retrieval_log", "ml_settings", "ml_topic_nodes",
              "ml_entities", "ml_buffer_appends"}) {
            auto st = db.prepare("SELECT count(*) FROM sqlite_master WHERE name = ?");
            QVERIFY(st.is_ok());
            st->bind(1, table);
            QVERIFY(*st->step());
            QVERIFY2(st->column_int64(0) == 1, table);
        }
        auto mode = db.prepare("PRAGMA journal_mode");
        QVERIFY(*mode->step());
        QCOMPARE(QString::fromStdString(mode->column_text(0)), QStringLiteral("wal"));
        QCOMPARE((*v)->schema_version(), 13);
    }

    void createRefusesExistingVault() {
        test::TempDir tmp;
        QVERIFY(Vault::create(tmp.path()).is_ok());
        auto again = Vault::create(tmp.path());
        QVERIFY(!again.is_ok());
        QCOMPARE(again.status().code(), StatusCode::InvalidArgument);
    }

    void settingsPersistAcrossReopen() {
        test::TempDir tmp;
        {
            auto v = Vault::create(tmp.path());
            QVERIFY((*v)->set_setting("fusion.rrf_k", "42").is_ok());
            QVERIFY((*v)->bump_revision().is_ok());
        }
        auto v = Vault::open(tmp.path(), false);
        QVERIFY2(v.is_ok(), v.status().to_string().c_str());
        QCOMPARE(QString::fromStdString((*v)->setting("fusion.rrf_k").value_or("")),
                 QStringLiteral("42"));
        QCOMPARE((*v)->revision(), std::int64_t{1});
    }

    void readOnlyRefusesWrites() {
        test::TempDir tmp;
        { QVERIFY(Vault::create(tmp.path()).is_ok()); }
        auto v = Vault::open(tmp.path(), true);
        QVERIFY(v.is_ok());
        QVERIFY((*v)->read_only());
        QCOMPARE((*v)->check_writable().code(), StatusCode::Unsupported);
        QVERIFY(!(*v)->set_setting("a", "b").is_ok());
    }

    void missingFolderIsNotFound() {
        test::TempDir tmp;
        auto v = Vault::open(tmp.path() / "nope", false);
        QCOMPARE(v.status().code(), StatusCode::NotFound);
        QVERIFY(v.status().message().find("nope") != std::string::npos);
    }

    void corruptFileIsReportedAndLeftAlone() {
        test::TempDir tmp;
        const std::string garbage(8192, 'x');
        tmp.write("vault.db", garbage);
        auto v = Vault::open(tmp.path(), false);
        QVERIFY(!v.is_ok());
        QCOMPARE(v.status().code(), StatusCode::Corruption);
        QVERIFY(v.status().message().find("vault.db") != std::string::npos);
        std::ifstream in(tmp.file("vault.db"), std::ios::binary);
        std::string after((std::istreambuf_iterator<char>(in)), {});
        QVERIFY(after == garbage);
    }

    void newerSchemaIsRefused() {
        test::TempDir tmp;
        {
            auto v = Vault::create(tmp.path());
            QVERIFY((*v)->db().exec("PRAGMA user_version = 99").is_ok());
        }
        auto v = Vault::open(tmp.path(), false);
        QCOMPARE(v.status().code(), StatusCode::Unsupported);
        QVERIFY(v.status().message().find("99") != std::string::npos);
    }

    void lockedVaultIsBusy() {
        test::TempDir tmp;
        auto a = Vault::create(tmp.path());
        auto other = Database::open((tmp.path() / "vault.db").string(), OpenMode::ReadWrite, 50);
        QVERIFY(other.is_ok());
        auto held = Transaction::begin(*other);
        QVERIFY(held.is_ok());
        auto b = Vault::open(tmp.path(), false);
        QVERIFY(b.is_ok());
        auto second = (*b)->open_connection(false);
        QVERIFY(second.is_ok());
        QVERIFY(second->exec("PRAGMA busy_timeout = 50").is_ok());
        auto tx = Transaction::begin(*second);
        QCOMPARE(tx.status().code(), StatusCode::Busy);
    }

    // A writer's log is copied back into vault.db beside it, not by the commit that takes it
    // past the bound: the store that happened to commit there no longer pays for it. The vault
    // stays open (its connection is the writer), so only a thread can have done the copy.
    void writersLogIsCopiedBackBesideItsCommits() {
        test::TempDir tmp;
        auto v = Vault::create(tmp.path() / "v");
        QVERIFY(v.is_ok());
        const auto db_file = tmp.path() / "v" / "vault.db";
        const auto before = std::filesystem::file_size(db_file);
        // About 5,000 pages of settings in one commit, past the 4,000-page bound.
        const auto& db = (*v)->db();
        QVERIFY(db.exec("BEGIN IMMEDIATE").is_ok());
        for (int i = 0; i < 5000; ++i) {
            auto st = db.prepare("INSERT INTO ml_settings(key, value) VALUES (?, ?)");
            QVERIFY(st.is_ok());
            st->bind(1, "test.filler." + std::to_string(i)).bind(2, std::string(3500, 'x'));
            QVERIFY(st->exec().is_ok());
        }
        QVERIFY(db.exec("COMMIT").is_ok());
        QTRY_VERIFY_WITH_TIMEOUT(std::filesystem::file_size(db_file) > before + 16'000'000, 20000);
        // Only a checkpoint writes vault.db's pages in WAL mode, and none other ran: the
        // writer's own commit returned with the log past the bound and the file as it was.
    }

    // A writer that commits without pause, as an import's batches do, appends to the log faster
    // than the checkpointing thread beside it copies it back, so that thread never reaches the
    // log's end and the log could never start again: it grew to many times the vault. Past
    // about 125 MiB of log the writer now copies it itself, and the file is cut back to 64 MiB
    // when it starts again. A table of about 1,000 pages rewritten by each of 80 commits: 320 MB
    // of log without the bound.
    void aWriterThatNeverPausesKeepsItsLogBounded() {
        test::TempDir tmp;
        auto v = Vault::create(tmp.path() / "v");
        QVERIFY(v.is_ok());
        const auto wal_file = tmp.path() / "v" / "vault.db-wal";
        const auto& db = (*v)->db();
        QVERIFY(db.exec("CREATE TABLE filler(id INTEGER PRIMARY KEY, body BLOB)").is_ok());
        QVERIFY(db.exec("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
                        "WHERE i < 1000) INSERT INTO filler SELECT i, randomblob(3500) FROM n")
                    .is_ok());
        constexpr std::uintmax_t kBound = 125ull << 20;
        constexpr std::uintmax_t kKept = 64ull << 20;
        constexpr std::uintmax_t kOneCommit = 1100ull * 4096;
        std::uintmax_t largest = 0;
        bool cut_back = false;
        for (int i = 0; i < 80; ++i) {
            QVERIFY(db.exec("UPDATE filler SET body = randomblob(3500)").is_ok());
            const auto size = std::filesystem::file_size(wal_file);
            cut_back = cut_back || (largest > kKept + kOneCommit && size <= kKept + kOneCommit);
            largest = std::max(largest, size);
        }
        QVERIFY2(largest <= kBound + 2 * kOneCommit,
                 qPrintable(QStringLiteral("the log grew to %1 bytes").arg(largest)));
        QVERIFY(cut_back);
        auto check = db.prepare("PRAGMA integrity_check");
        QVERIFY(check.is_ok());
        auto row = check->step();
        QVERIFY(row.is_ok() && *row);
        QCOMPARE(QString::fromStdString(check->column_text(0)), QStringLiteral("ok"));
        auto rows = db.query_int("SELECT count(*) FROM filler WHERE length(body) = 3500");
        QVERIFY(rows.is_ok());
        QCOMPARE(*rows, std::int64_t{1000});
    }

    void likeEscaping() {
        QCOMPARE(QString::fromStdString(escape_like("a\\b%c_d")), QStringLiteral("a\\\\b\\%c\\_d"));
    }

    void rfc3339RoundTrip() {
        auto t = parse_rfc3339("2023-05-08T13:56:00Z");
        QVERIFY(t.is_ok());
        QCOMPARE(*t, std::int64_t{1683554160000});
        QCOMPARE(QString::fromStdString(format_rfc3339(*t)),
                 QStringLiteral("2023-05-08T13:56:00Z"));
        QCOMPARE(*parse_rfc3339("2023-05-08T15:56:00.250+02:00"), std::int64_t{1683554160250});
        QCOMPARE(*parse_time_arg("1683554160000"), std::int64_t{1683554160000});
        QCOMPARE(*parse_time_arg("2023-05-08"),
                 std::int64_t{1683504000000}); // a date, not a number
        QCOMPARE(*parse_time_arg("-1000"), std::int64_t{-1000});
        QVERIFY(!parse_rfc3339("2023-02-30").is_ok());
        QVERIFY(!parse_rfc3339("yesterday").is_ok());
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestVault)
#include "tst_vault.moc"
} // namespace tst_vault
