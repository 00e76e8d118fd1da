// Opening a vault safely: schema versions outside the known range or disagreeing
// with the tables, empty vault.db files, read-only storage, read-only opens that leave no
// trace, concurrent writers, and the busy error of a second writer. Real files, real
// processes (the built memlens-cli), real SQLite.
#include "suite.h"
#include "testsupport.h"

#include <memlens/db.h>
#include <memlens/embedder.h>
#include <memlens/import.h>
#include <memlens/ingest.h>
#include <memlens/node_ref.h>
#include <memlens/vault.h>

#include <QProcess>
#include <QtTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <mutex>
#include <thread>

namespace tst_vault_open_safety {

using namespace memlens;
namespace fs = std::filesystem;

namespace {

const char* kCorpus =
    R"({"source": "slack:#eng", "author": "alice", "ts": "2024-03-01T09:15:00Z", "text": "Phoenix launch moves to May 3. cc @bob #launch"}
{"source": "slack:#eng", "author": "bob", "ts": "2024-03-01T09:20:00Z", "text": "ok, I will tell carol@example.com about Phoenix"}
{"source": "gmail:ops", "author": "carol", "ts": "2024-03-02T10:00:00Z", "text": "Budget approved for Phoenix", "id": "m3"}
)";

std::string read_all(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Every entry of a folder tree with its bytes and mtime (ns), and the folders' own mtimes: two
// equal states mean nothing was created, deleted, written or touched.
std::map<std::string, std::string> tree_state(const fs::path& dir) {
    std::map<std::string, std::string> out;
    auto note = [&](const fs::path& p) {
        struct stat st = {};
        if (::lstat(p.c_str(), &st) != 0)
            return;
        std::string v = std::to_string(st.st_mtim.tv_sec) + "." +
                        std::to_string(st.st_mtim.tv_nsec) + " " + std::to_string(st.st_size);
        if (S_ISREG(st.st_mode))
            v += " " + std::to_string(std::hash<std::string>{}(read_all(p)));
        out[fs::relative(p, dir.parent_path()).string()] = v;
    };
    note(dir);
    for (const auto& e : fs::recursive_directory_iterator(dir))
        note(e.path());
    return out;
}

// Sets every mtime in the tree to one long past, so that any later change shows even within
// the filesystem clock's granularity.
void age_tree(const fs::path& dir) {
    const struct timespec old[2] = {{978307200, 0}, {978307200, 0}};
    for (const auto& e : fs::recursive_directory_iterator(dir))
        QVERIFY(::utimensat(AT_FDCWD, e.path().c_str(), old, AT_SYMLINK_NOFOLLOW) == 0);
    QVERIFY(::utimensat(AT_FDCWD, dir.c_str(), old, 0) == 0);
}

// Removes the objects that migrations 2 to 5 created and records version `version` (1 to 4):
// the vault an older memlens left.
void downgrade(const fs::path& dir, int version) {
    auto db = Database::open((dir / "vault.db").string(), OpenMode::ReadWrite);
    QVERIFY(db.is_ok());
    if (version < 13) // schema 13's lookup of a chunk by its source's reference
        QVERIFY(db->exec("DROP INDEX ml_chunks_source_ref").is_ok());
    if (version < 12) // schema 12's returned ids, apart from the log's rows
        QVERIFY(db->exec("DROP TRIGGER ml_log_returned_on_insert; DROP TRIGGER "
                         "ml_log_returned_on_update; DROP TRIGGER ml_log_returned_on_delete; "
                         "DROP TABLE ml_log_returned;")
                    .is_ok());
    if (version < 11) // schema 11's word-model growth
        QVERIFY(db->exec("DROP TABLE ml_ppmi_words; DROP TABLE ml_ppmi_pending; DROP TABLE "
                         "ml_ppmi_turns;")
                    .is_ok());
    if (version < 10) // schema 10's judgments
        QVERIFY(db->exec("DROP TABLE ml_judgments; DROP TABLE ml_judged_queries;").is_ok());
    if (version < 9) // schema 9's lookup indexes; the chunks' parent index was one column
        QVERIFY(db->exec("DROP INDEX ml_entity_index_newest; DROP INDEX mem_tree_chunks_parent; "
                         "CREATE INDEX mem_tree_chunks_parent ON "
                         "mem_tree_chunks(parent_summary_id);")
                    .is_ok());
    if (version < 8) // a buffer's appended items (schema 8); a fresh vault has none
        QVERIFY(db->exec("DROP TABLE ml_buffer_appends").is_ok());
    // Schema 6's entity list: seen time from every index row, a summary's too.
    if (version < 7)
        QVERIFY(db->exec(R"SQL(
DROP TRIGGER ml_entities_on_entity_mention;
DROP TABLE ml_entities;
CREATE TABLE ml_entities (entity_id TEXT NOT NULL, entity_kind TEXT NOT NULL,
    surface TEXT NOT NULL, surfaces TEXT NOT NULL, mentions INTEGER NOT NULL,
    last_seen_ms INTEGER NOT NULL, PRIMARY KEY (entity_id, entity_kind)) WITHOUT ROWID;
INSERT INTO ml_entities SELECT entity_id, entity_kind, min(surface), group_concat(DISTINCT surface),
    count(*), max(timestamp_ms) FROM mem_tree_entity_index GROUP BY entity_id, entity_kind;
CREATE TRIGGER ml_entities_on_mention AFTER INSERT ON mem_tree_entity_index BEGIN
    INSERT INTO ml_entities(entity_id, entity_kind, surface, surfaces, mentions, last_seen_ms)
    VALUES (NEW.entity_id, NEW.entity_kind, NEW.surface, NEW.surface, 1, NEW.timestamp_ms)
    ON CONFLICT(entity_id, entity_kind) DO UPDATE SET mentions = mentions + 1,
        last_seen_ms = max(last_seen_ms, excluded.last_seen_ms);
END;
)SQL")
                    .is_ok());
    if (version < 6) // the topic index's list of writes since its file, and schema 3's triggers
        QVERIFY(db->exec("DROP TRIGGER ml_topic_delta_on_chunk_insert; DROP TRIGGER "
                         "ml_topic_delta_on_chunk_update;"
                         "DROP TRIGGER ml_topic_delta_on_chunk_delete; DROP TRIGGER "
                         "ml_topic_delta_on_summary_insert;"
                         "DROP TRIGGER ml_topic_delta_on_summary_update; DROP TRIGGER "
                         "ml_topic_delta_on_summary_delete;"
                         "DROP TABLE ml_topic_delta;"
                         "CREATE TRIGGER ml_topic_file_on_chunk_insert AFTER INSERT ON "
                         "mem_tree_chunk_embeddings BEGIN DELETE FROM ml_settings WHERE key = "
                         "'topic_tree.file_token'; END;"
                         "CREATE TRIGGER ml_topic_file_on_chunk_update AFTER UPDATE ON "
                         "mem_tree_chunk_embeddings BEGIN DELETE FROM ml_settings WHERE key = "
                         "'topic_tree.file_token'; END;"
                         "CREATE TRIGGER ml_topic_file_on_chunk_delete AFTER DELETE ON "
                         "mem_tree_chunk_embeddings BEGIN DELETE FROM ml_settings WHERE key = "
                         "'topic_tree.file_token'; END;"
                         "CREATE TRIGGER ml_topic_file_on_summary_insert AFTER INSERT ON "
                         "mem_tree_summary_embeddings BEGIN DELETE FROM ml_settings WHERE key = "
                         "'topic_tree.file_token'; END;"
                         "CREATE TRIGGER ml_topic_file_on_summary_update AFTER UPDATE ON "
                         "mem_tree_summary_embeddings BEGIN DELETE FROM ml_settings WHERE key = "
                         "'topic_tree.file_token'; END;"
                         "CREATE TRIGGER ml_topic_file_on_summary_delete AFTER DELETE ON "
                         "mem_tree_summary_embeddings BEGIN DELETE FROM ml_settings WHERE key = "
                         "'topic_tree.file_token'; END;")
                    .is_ok());
    if (version < 5)
        QVERIFY(db->exec("DROP INDEX retrieval_log_candidates;"
                         "ALTER TABLE retrieval_log DROP COLUMN candidates;")
                    .is_ok());
    if (version < 4)
        QVERIFY(db->exec("DROP INDEX retrieval_log_client;"
                         "ALTER TABLE retrieval_log DROP COLUMN client;"
                         "ALTER TABLE retrieval_log DROP COLUMN session;"
                         "ALTER TABLE retrieval_log DROP COLUMN tool;"
                         "ALTER TABLE retrieval_log DROP COLUMN arguments;")
                    .is_ok());
    if (version < 3)
        QVERIFY(db->exec("DROP TRIGGER ml_topic_file_on_chunk_insert;"
                         "DROP TRIGGER ml_topic_file_on_chunk_update;"
                         "DROP TRIGGER ml_topic_file_on_chunk_delete;"
                         "DROP TRIGGER ml_topic_file_on_summary_insert;"
                         "DROP TRIGGER ml_topic_file_on_summary_update;"
                         "DROP TRIGGER ml_topic_file_on_summary_delete;"
                         "DROP INDEX ml_chunks_superseded; DROP INDEX ml_chunks_supersedes;")
                    .is_ok());
    if (version < 2)
        QVERIFY(db->exec("DROP TRIGGER ml_entities_on_mention; DROP TABLE ml_entities").is_ok());
    QVERIFY(db->exec("PRAGMA user_version = " + std::to_string(version)).is_ok());
}

void set_user_version(const fs::path& dir, int version) {
    auto db = Database::open((dir / "vault.db").string(), OpenMode::ReadWrite);
    QVERIFY(db.is_ok());
    QVERIFY(db->exec("PRAGMA user_version = " + std::to_string(version)).is_ok());
}

QStringList cmd(std::initializer_list<std::string> parts) {
    QStringList out;
    for (const auto& p : parts)
        out << QString::fromStdString(p);
    return out;
}

// "args: stderr", for a failed check's message.
QByteArray describe(const QStringList& args, const std::string& err) {
    return (args.join(QLatin1Char(' ')) + QStringLiteral(": ") + QString::fromStdString(err))
        .toUtf8();
}

// Read commands of the CLI with the arguments each needs to reach its vault: stats and audit
// open the vault themselves, the others through vault_args.cpp's open_vault_read_only (which
// source, global and walk stand for here; each process costs time under the sanitizers).
QList<QStringList> read_commands(const std::string& vault) {
    return {
        cmd({"stats", "--vault", vault}),
        cmd({"source", "--vault", vault}),
        cmd({"global", "--vault", vault, "--since", "2024-01-01", "--until", "2024-12-31"}),
        cmd({"walk", "--vault", vault, "--query", "phoenix launch"}),
        cmd({"audit", "--vault", vault, "list"}),
    };
}

// Runs memlens-cli as user nobody when this test runs as root (for whom no permission bit
// is an obstacle), as itself otherwise: either way a folder without write permission is
// storage that the CLI really cannot write.
test::CliRun run_cli_unprivileged(const QStringList& args) {
    QProcess proc;
    if (::geteuid() == 0)
        proc.setChildProcessModifier([] {
            if (::setgid(65534) != 0 || ::setuid(65534) != 0)
                ::_exit(97);
        });
    proc.start(QString::fromStdString(test::cli_path()), args);
    test::CliRun r;
    if (!proc.waitForStarted(10000))
        return r;
    proc.closeWriteChannel();
    proc.waitForFinished(60000);
    r.exit_code = proc.exitStatus() == QProcess::NormalExit ? proc.exitCode() : -1;
    r.out = proc.readAllStandardOutput().toStdString();
    r.err = proc.readAllStandardError().toStdString();
    return r;
}

} // namespace

class TestVaultOpenSafety : public QObject {
    Q_OBJECT

    test::TempDir master_;

    // A copy of the populated vault made once by initTestCase, in a folder of its own.
    fs::path fresh_vault(const test::TempDir& tmp, const std::string& name = "v") {
        const fs::path dir = tmp.path() / name;
        fs::copy(master_.path() / "v", dir, fs::copy_options::recursive);
        return dir;
    }

private slots:
    void initTestCase() {
        // The checks through the core API below are those of memlens-cli's read commands.
        set_read_only_policy(ReadOnlyPolicy::NoTrace);
        master_.write("m.jsonl", kCorpus);
        auto r = test::run_cli(cmd({"ingest", "--vault", (master_.path() / "v").string(),
                                    master_.file("m.jsonl").string()}));
        QVERIFY2(r.exit_code == 0, r.err.c_str());
        QVERIFY(!fs::exists(master_.path() / "v" / "vault.db-wal"));
    }

    // Item 1: a negative user_version crashed every command (migrations()[-1]); versions below
    // the tables' made a read-write open fail with "table … already exists" after the read-only
    // one had advised it. Every path now refuses with one message naming the real version.
    void versionThatDisagreesWithTablesIsRefusedEverywhere_data() {
        QTest::addColumn<int>("version");
        QTest::newRow("-1") << -1;
        QTest::newRow("-7") << -7;
        QTest::newRow("0") << 0;
        QTest::newRow("1") << 1;
        QTest::newRow("2") << 2;
        QTest::newRow("3") << 3;
        QTest::newRow("4") << 4;
        QTest::newRow("5") << 5;
        QTest::newRow("6") << 6;
        QTest::newRow("7") << 7;
        QTest::newRow("8") << 8;
        QTest::newRow("9") << 9;
        QTest::newRow("12") << 12;
    }
    void versionThatDisagreesWithTablesIsRefusedEverywhere() {
        QFETCH(int, version);
        test::TempDir tmp;
        const fs::path dir = fresh_vault(tmp);
        set_user_version(dir, version);
        const std::string before = read_all(dir / "vault.db");
        for (bool read_only : {true, false}) {
            auto v = Vault::open(dir, read_only);
            QVERIFY(!v.is_ok());
            QCOMPARE(v.status().code(), StatusCode::Corruption);
            const std::string m = v.status().message();
            QVERIFY2(m.find("changed outside memlens") != std::string::npos, m.c_str());
            QVERIFY2(m.find("PRAGMA user_version = 13") != std::string::npos, m.c_str());
            QVERIFY2(m.find("read-write") == std::string::npos, m.c_str());
        }
        auto created = Vault::open_or_create(dir);
        QCOMPARE(created.status().code(), StatusCode::Corruption);
        QVERIFY(read_all(dir / "vault.db") == before);
    }

    void negativeVersionFailsCleanlyInEveryCommand() {
        test::TempDir tmp;
        const fs::path dir = fresh_vault(tmp);
        set_user_version(dir, -1);
        tmp.write("m.jsonl", kCorpus);
        const std::string v = dir.string();
        QList<QStringList> commands = read_commands(v);
        commands.append(cmd({"query", "--vault", v, "phoenix"}));
        commands.append(cmd({"ingest", "--vault", v, tmp.file("m.jsonl").string()}));
        commands.append(cmd({"reindex", "--vault", v}));
        const std::string before = read_all(dir / "vault.db");
        for (const auto& args : commands) {
            auto r = test::run_cli(args);
            const QByteArray what = describe(args, r.err);
            QVERIFY2(r.exit_code == 1, what.constData()); // -1 would be a crash
            QVERIFY2(r.err.find("schema version -1 is recorded, but its tables are those of "
                                "schema version 13") != std::string::npos,
                     what.constData());
        }
        QVERIFY(read_all(dir / "vault.db") == before);
    }

    // When a migration really is needed, a read-only open names the command that performs it,
    // and that command does.
    void olderSchemaNamesTheCommandThatMigratesIt() {
        test::TempDir tmp;
        const fs::path dir = fresh_vault(tmp);
        downgrade(dir, 1);
        auto r = test::run_cli(cmd({"stats", "--vault", dir.string()}));
        QCOMPARE(r.exit_code, 1);
        const std::string advice = "'memlens-cli reindex --vault " + dir.string() + "' migrates it";
        QVERIFY2(r.err.find(advice) != std::string::npos, r.err.c_str());
        auto migrate = test::run_cli(cmd({"reindex", "--vault", dir.string()}));
        QVERIFY2(migrate.exit_code == 0, migrate.err.c_str());
        auto v = Vault::open(dir, true);
        QVERIFY2(v.is_ok(), v.status().to_string().c_str());
        QCOMPARE((*v)->schema_version(), 13);
    }

    void olderSchemaMigratesOnReadWriteOpen_data() {
        QTest::addColumn<int>("version");
        QTest::newRow("1") << 1;
        QTest::newRow("2") << 2;
        QTest::newRow("4") << 4;
        QTest::newRow("5") << 5;
        QTest::newRow("6") << 6;
        QTest::newRow("7") << 7;
        QTest::newRow("8") << 8;
        QTest::newRow("9") << 9;
        QTest::newRow("12") << 12;
    }
    void olderSchemaMigratesOnReadWriteOpen() {
        QFETCH(int, version);
        test::TempDir tmp;
        const fs::path dir = fresh_vault(tmp);
        downgrade(dir, version);
        auto ro = Vault::open(dir, true);
        QCOMPARE(ro.status().code(), StatusCode::Unsupported);
        auto rw = Vault::open(dir, false);
        QVERIFY2(rw.is_ok(), rw.status().to_string().c_str());
        QCOMPARE((*rw)->schema_version(), 13);
        auto entities = (*rw)->db().query_int("SELECT count(*) FROM ml_entities");
        QVERIFY(entities.is_ok());
        QVERIFY(*entities > 0);
        // Schema 7: an entity's seen times are its own chunks', whatever summaries name it.
        auto own = (*rw)->db().query_int(
            "SELECT count(*) FROM ml_entities e WHERE last_seen_ms IS NOT (SELECT "
            "max(timestamp_ms) FROM mem_tree_entity_index i WHERE i.entity_id = e.entity_id AND "
            "i.node_kind = 'leaf') OR first_seen_ms IS NOT (SELECT min(timestamp_ms) FROM "
            "mem_tree_entity_index i WHERE i.entity_id = e.entity_id AND i.node_kind = 'leaf')");
        QVERIFY2(own.is_ok(), own.status().to_string().c_str());
        QCOMPARE(*own, std::int64_t{0});
        // Schema 4: the log names an agent's calls; the rows from before name nobody.
        auto named = (*rw)->db().query_int("SELECT count(*) FROM retrieval_log WHERE client IS "
                                           "NOT NULL");
        QVERIFY2(named.is_ok(), named.status().to_string().c_str());
        QCOMPARE(*named, std::int64_t{0});
    }

    // The newest migration on a vault other processes are using: three imports and three
    // queries start at once on a vault an older memlens left, each opening it read-write, so any
    // of them may be the one that migrates while the others wait, import or read. Every one
    // succeeds, every imported message is there and found by its reference through schema 13's
    // index, and the file is sound.
    void aMigrationAmongImportsAndQueriesLosesNothing() {
        test::TempDir tmp;
        const fs::path dir = fresh_vault(tmp);
        downgrade(dir, 12);
        constexpr int kImports = 3, kLines = 40;
        QList<QStringList> commands;
        for (int i = 0; i < kImports; ++i) {
            std::string lines;
            for (int j = 0; j < kLines; ++j) {
                const std::string n = std::to_string(j);
                lines += "{'source': 'slack:#race', 'author': 'dana', 'ts': '2024-04-0" +
                         std::to_string(i + 1) + "T10:" + (j < 10 ? "0" : "") + n +
                         ":00Z', 'id': 'race-" + std::to_string(i) + "-" + n +
                         "', 'text': 'Phoenix rollout step " + n + "'}\n";
            }
            std::replace(lines.begin(), lines.end(), '\'', '"');
            const std::string name = "race" + std::to_string(i) + ".jsonl";
            tmp.write(name, lines);
            commands.append(cmd({"ingest", "--vault", dir.string(), tmp.file(name).string()}));
            commands.append(cmd({"query", "--vault", dir.string(), "--audit-wait", "60", "--json",
                                 "phoenix rollout"}));
        }
        std::mutex mu;
        std::vector<std::string> failures;
        std::vector<std::thread> runners;
        for (const auto& args : commands)
            runners.emplace_back([&, args] {
                const auto r = test::run_cli(args);
                if (r.exit_code != 0) {
                    const std::lock_guard lock(mu);
                    failures.push_back(describe(args, r.err).toStdString());
                }
            });
        for (auto& t : runners)
            t.join();
        QVERIFY2(failures.empty(), failures.empty() ? "" : failures.front().c_str());

        auto v = Vault::open(dir, true);
        QVERIFY2(v.is_ok(), v.status().to_string().c_str());
        QCOMPARE((*v)->schema_version(), 13);
        auto check = (*v)->db().prepare("PRAGMA integrity_check");
        QVERIFY2(check.is_ok(), check.status().to_string().c_str());
        auto row = check->step();
        QVERIFY(row.is_ok() && *row);
        QCOMPARE(check->column_text(0), std::string("ok"));
        auto imported = (*v)->db().query_int(
            "SELECT count(*) FROM mem_tree_chunks WHERE source_ref LIKE 'race-%'");
        QVERIFY2(imported.is_ok(), imported.status().to_string().c_str());
        QCOMPARE(*imported, std::int64_t{kImports * kLines});
        for (const char* ref : {"race-0-0", "race-1-20", "race-2-39"}) {
            auto found = find_node_refs(**v, ref);
            QVERIFY2(found.is_ok() && found->size() == 1, ref);
            QCOMPARE(found->front().how, NodeMatchKind::SourceRef);
        }
    }

    // Item 2: a zero-byte vault.db was taken for a new vault and filled (exit 0, "0 of 0").
    void emptyVaultFileIsRefusedAndLeftAlone() {
        test::TempDir tmp;
        const fs::path dir = tmp.path() / "v";
        fs::create_directories(dir);
        tmp.write("v/vault.db", "");
        for (bool read_only : {true, false}) {
            auto v = Vault::open(dir, read_only);
            QCOMPARE(v.status().code(), StatusCode::Corruption);
            QVERIFY2(v.status().message().find("empty (0 bytes), not a memlens vault") !=
                         std::string::npos,
                     v.status().message().c_str());
        }
        QCOMPARE(Vault::open_or_create(dir).status().code(), StatusCode::Corruption);
        QCOMPARE(Vault::create(dir).status().code(), StatusCode::InvalidArgument);
        tmp.write("m.jsonl", kCorpus);
        for (const QStringList& args :
             {cmd({"query", "--vault", dir.string(), "x"}),
              cmd({"ingest", "--vault", dir.string(), tmp.file("m.jsonl").string()}),
              cmd({"init", "--vault", dir.string()})}) {
            auto r = test::run_cli(args);
            QVERIFY2(r.exit_code == 1, describe(args, r.err).constData());
        }
        QCOMPARE(fs::file_size(dir / "vault.db"), std::uintmax_t{0});
        QCOMPARE(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
    }

    // Whatever is at vault.db, create() and open_or_create() never make a vault over it.
    void createNeverReplacesWhatIsThere() {
        test::TempDir tmp;
        const fs::path dir = tmp.path() / "v";
        fs::create_directories(dir);
        fs::create_symlink(tmp.path() / "elsewhere.db", dir / "vault.db");
        QCOMPARE(Vault::create(dir).status().code(), StatusCode::InvalidArgument);
        QVERIFY(!Vault::open_or_create(dir).is_ok());
        QVERIFY(!fs::exists(tmp.path() / "elsewhere.db"));
        // A folder that holds nothing yet still becomes a vault.
        auto made = Vault::open_or_create(tmp.path() / "new");
        QVERIFY2(made.is_ok(), made.status().to_string().c_str());
        QCOMPARE((*made)->schema_version(), 13);
    }

    // Item 4: read-only commands created vault.db-wal and -shm and changed mtimes.
    void readOnlyCommandsLeaveNoTrace() {
        test::TempDir tmp;
        const fs::path dir = fresh_vault(tmp);
        age_tree(dir);
        const auto before = tree_state(dir);
        for (const auto& args : read_commands(dir.string())) {
            auto r = test::run_cli(args);
            QVERIFY2(r.exit_code == 0, describe(args, r.err).constData());
        }
        {
            auto v = Vault::open(dir, true);
            QVERIFY2(v.is_ok(), v.status().to_string().c_str());
            QVERIFY((*v)->db().is_snapshot());
            QVERIFY(vault_stats(**v).is_ok());
            auto other = (*v)->open_connection(true);
            QVERIFY(other.is_ok());
            QVERIFY(other->query_int("SELECT count(*) FROM mem_tree_chunks").is_ok());
        }
        const auto after = tree_state(dir);
        for (const auto& [name, state] : after)
            QVERIFY2(before.count(name) && before.at(name) == state, name.c_str());
        QCOMPARE(after.size(), before.size());
    }

    // While a writer has the vault open (even before its first commit, as a read-write
    // process's own read-only connections see it), a read-only open shares its -wal and -shm:
    // it sees each commit as it lands and adds no file.
    void readOnlySeesAWriterThatIsThere() {
        test::TempDir tmp;
        const fs::path dir = fresh_vault(tmp);
        auto writer = Vault::open(dir, false);
        QVERIFY(writer.is_ok());
        const auto files = tree_state(dir).size();
        auto reader = Vault::open(dir, true);
        QVERIFY2(reader.is_ok(), reader.status().to_string().c_str());
        QVERIFY(!(*reader)->db().is_snapshot());
        QVERIFY(!(*reader)->setting("probe"));
        QVERIFY((*writer)->set_setting("probe", "1").is_ok());
        QVERIFY(fs::file_size(dir / "vault.db-wal") > 0);
        QCOMPARE(QString::fromStdString((*reader)->setting("probe").value_or("")),
                 QStringLiteral("1"));
        QVERIFY((*writer)->set_setting("probe", "2").is_ok());
        QCOMPARE(QString::fromStdString((*reader)->setting("probe").value_or("")),
                 QStringLiteral("2"));
        QCOMPARE(tree_state(dir).size(), files);
    }

    // A read-only open of a quiet vault reads a snapshot; once a writer starts, it says so
    // instead of reading pages the writer may be moving, and a new open sees the new state.
    void snapshotNoticesAWriterThatStartsLater() {
        test::TempDir tmp;
        const fs::path dir = fresh_vault(tmp);
        auto reader = Vault::open(dir, true);
        QVERIFY2(reader.is_ok(), reader.status().to_string().c_str());
        QVERIFY((*reader)->db().is_snapshot());
        QVERIFY((*reader)->db().query_int("SELECT count(*) FROM ml_settings").is_ok());
        auto writer = Vault::open(dir, false);
        QVERIFY(writer.is_ok());
        QVERIFY((*writer)->set_setting("probe", "after").is_ok());
        auto stale = (*reader)->db().query_int("SELECT count(*) FROM ml_settings");
        QCOMPARE(stale.status().code(), StatusCode::Busy);
        QVERIFY2(stale.status().message().find("open it again") != std::string::npos,
                 stale.status().message().c_str());
        auto again = Vault::open(dir, true);
        QVERIFY(again.is_ok());
        QCOMPARE(QString::fromStdString((*again)->setting("probe").value_or("")),
                 QStringLiteral("after"));
    }

    // A writer that commits while a snapshot's statement is running voids that run: its end
    // reports Busy ("open it again") instead of returning what it read (a checkpoint may have
    // changed pages under it).
    void aSnapshotRunThatAWriterOverlapsFails() {
        test::TempDir tmp;
        const fs::path dir = fresh_vault(tmp);
        {
            auto w = Vault::open(dir, false);
            QVERIFY(w.is_ok());
            for (int i = 0; i < 5; ++i)
                QVERIFY((*w)->set_setting("probe." + std::to_string(i), "x").is_ok());
        }
        auto reader = Vault::open(dir, true);
        QVERIFY2(reader.is_ok(), reader.status().to_string().c_str());
        QVERIFY((*reader)->db().is_snapshot());
        auto st = (*reader)->db().prepare("SELECT key FROM ml_settings ORDER BY key");
        QVERIFY(st.is_ok());
        auto first = st->step();
        QVERIFY(first.is_ok() && *first);
        auto writer = Vault::open(dir, false);
        QVERIFY(writer.is_ok());
        QVERIFY((*writer)->set_setting("probe.late", "y").is_ok());
        Result<bool> row = true;
        while (row.is_ok() && *row)
            row = st->step();
        QCOMPARE(row.status().code(), StatusCode::Busy);
        QVERIFY2(row.status().message().find("open it again") != std::string::npos,
                 row.status().message().c_str());
    }

    // A damaged vault is never read as if it were sound nor written: stats says what SQLite
    // found and exits 1; an import refuses; a server says so, serves it for reading and
    // refuses to store; nothing in the file changes.
    void aDamagedVaultIsSaidAndNeverWritten() {
        test::TempDir tmp;
        const fs::path dir = fresh_vault(tmp);
        QVERIFY(test::damage_table_page(dir / "vault.db", "mem_tree_chunks_fts_idx") > 0);
        const auto before = fs::last_write_time(dir / "vault.db");
        const auto stats = test::run_cli(cmd({"stats", "--vault", dir.string()}));
        QCOMPARE(stats.exit_code, 1);
        QVERIFY2(stats.err.find("is damaged (SQLite's quick_check") != std::string::npos,
                 stats.err.c_str());
        QVERIFY2(stats.out.empty(), stats.out.c_str());
        tmp.write("more.jsonl", kCorpus);
        const auto ingest = test::run_cli(
            cmd({"ingest", "--vault", dir.string(), tmp.file("more.jsonl").string()}));
        QCOMPARE(ingest.exit_code, 1);
        QVERIFY2(ingest.err.find("writes nothing to a damaged vault") != std::string::npos,
                 ingest.err.c_str());

        QProcess serve;
        serve.start(QString::fromStdString(test::cli_path()),
                    {QStringLiteral("serve"), QStringLiteral("--vault"),
                     QString::fromStdString(dir.string())});
        QVERIFY(serve.waitForStarted());
        const std::string meta = R"("_meta":{"io.modelcontextprotocol/protocolVersion":)"
                                 R"("2026-07-28","io.modelcontextprotocol/clientCapabilities":{}})";
        const std::string in =
            R"({"jsonrpc":"2.0","id":1,"method":"server/discover","params":{)" + meta + "}}\n" +
            R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"memory_store",)" +
            R"("arguments":{"text":"remember this"},)" + meta + "}}\n";
        serve.write(in.data(), static_cast<qint64>(in.size()));
        serve.closeWriteChannel();
        QVERIFY(serve.waitForFinished(60000));
        const QString err = QString::fromUtf8(serve.readAllStandardError());
        QVERIFY2(err.contains(QStringLiteral("is damaged")), qPrintable(err));
        const QList<QByteArray> lines = serve.readAllStandardOutput().trimmed().split('\n');
        QCOMPARE(lines.size(), 2);
        QVERIFY2(lines[0].contains("failed its integrity check"), lines[0].constData());
        QVERIFY2(lines[1].contains("\"isError\":true") &&
                     lines[1].contains("writes nothing to a damaged vault"),
                 lines[1].constData());
        QCOMPARE(fs::last_write_time(dir / "vault.db"), before);
    }

    // Something at vault.db that is no file is named for what it is, not "no vault.db".
    void aVaultDbThatIsNoFileIsNamed() {
        test::TempDir tmp;
        const std::pair<const char*, const char*> cases[] = {
            {"fifo", "FIFO"}, {"folder", "a folder"}, {"dangling", "a link to nothing"}};
        for (const auto& [kind, said] : cases) {
            const fs::path dir = tmp.path() / kind;
            fs::create_directories(dir);
            const fs::path db = dir / "vault.db";
            if (std::string(kind) == "fifo")
                QCOMPARE(::mkfifo(db.c_str(), 0644), 0);
            else if (std::string(kind) == "folder")
                fs::create_directories(db);
            else
                fs::create_symlink(dir / "gone.db", db);
            for (bool read_only : {true, false}) {
                auto v = Vault::open(dir, read_only);
                QVERIFY(!v.is_ok());
                QVERIFY2(v.status().message().find(said) != std::string::npos,
                         v.status().to_string().c_str());
            }
            const auto r = test::run_cli(cmd({"stats", "--vault", dir.string()}));
            QCOMPARE(r.exit_code, 1);
            QVERIFY2(r.err.find(said) != std::string::npos, r.err.c_str());
        }
    }

    // Item 3: a vault in a folder this user cannot write failed every command with "attempt to
    // write a readonly database". It now opens read-only and nothing there changes.
    void readOnlyStorageOpensAndStaysUntouched() {
        test::TempDir tmp;
        const fs::path dir = fresh_vault(tmp);
        tmp.write("m.jsonl", kCorpus);
        fs::permissions(tmp.path(), fs::perms::owner_all | fs::perms::group_read |
                                        fs::perms::group_exec | fs::perms::others_read |
                                        fs::perms::others_exec);
        age_tree(dir);
        fs::permissions(dir,
                        fs::perms::owner_write | fs::perms::group_write | fs::perms::others_write,
                        fs::perm_options::remove);
        const auto before = tree_state(dir);
        const std::string v = dir.string();

        for (const auto& args :
             {cmd({"source", "--vault", v}), cmd({"audit", "--vault", v, "list"})}) {
            auto r = run_cli_unprivileged(args);
            QVERIFY2(r.exit_code != 97, "cannot drop privileges to nobody");
            QVERIFY2(r.exit_code == 0, describe(args, r.err).constData());
        }
        auto stats = run_cli_unprivileged(cmd({"stats", "--vault", v, "--json"}));
        QVERIFY2(stats.exit_code == 0, stats.err.c_str());
        QVERIFY2(stats.out.find("\"chunks\": 3") != std::string::npos, stats.out.c_str());
        auto query = run_cli_unprivileged(cmd({"query", "--vault", v, "phoenix"}));
        QVERIFY2(query.exit_code == 0, query.err.c_str());
        QVERIFY2(query.out.find("phoenix") != std::string::npos ||
                     query.out.find("Phoenix") != std::string::npos,
                 query.out.c_str());
        auto ingest =
            run_cli_unprivileged(cmd({"ingest", "--vault", v, tmp.file("m.jsonl").string()}));
        QCOMPARE(ingest.exit_code, 1);
        QVERIFY2(ingest.err.find("cannot be written") != std::string::npos &&
                     ingest.err.find("open the vault read-only") != std::string::npos,
                 ingest.err.c_str());

        const auto after = tree_state(dir);
        fs::permissions(dir, fs::perms::owner_write, fs::perm_options::add);
        for (const auto& [name, state] : after)
            QVERIFY2(before.count(name) && before.at(name) == state, name.c_str());
        QCOMPARE(after.size(), before.size());
    }

    // Item 5: a second writer failed with a bare "database is locked".
    void secondWriterIsToldAnotherProcessHoldsTheLock() {
        test::TempDir tmp;
        const fs::path dir = fresh_vault(tmp);
        auto holder = Database::open((dir / "vault.db").string(), OpenMode::ReadWrite);
        QVERIFY(holder.is_ok());
        auto held = Transaction::begin(*holder);
        QVERIFY(held.is_ok());

        auto v = Vault::open(dir, false);
        QVERIFY2(v.is_ok(), v.status().to_string().c_str());
        QVERIFY((*v)->db().exec("PRAGMA busy_timeout = 20").is_ok());
        auto embedder = make_embedder_for(**v);
        QVERIFY(embedder.is_ok());
        tmp.write("n.jsonl",
                  R"({"source": "slack:#ops", "ts": "2024-04-01T09:00:00Z", "text": "new"})"
                  "\n");
        auto sources = import_path(tmp.file("n.jsonl"), ImportFormat::Jsonl);
        QVERIFY(sources.is_ok());
        Ingestor ingestor(**v, **embedder);
        auto report = ingestor.ingest(*sources);
        QCOMPARE(report.status().code(), StatusCode::Busy);
        const std::string m = report.status().message();
        QVERIFY2(m.find((dir / "vault.db").string()) != std::string::npos, m.c_str());
        QVERIFY2(m.find("another process (an import or another writer) holds the vault's write "
                        "lock") != std::string::npos,
                 m.c_str());
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestVaultOpenSafety)
#include "tst_vault_open_safety.moc"
} // namespace tst_vault_open_safety
