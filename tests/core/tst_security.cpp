// Security properties a user relies on when opening someone else's vault or typing anything into
// a query box: entity ids never become paths outside the registry, LIKE and FTS5 input is data
// and never syntax, and a vault opened read-only is never written (bytes and mtimes unchanged).
// Markdown/HTML rendering without scripts or remote fetches is the GUI's and tested there.
#include "suite.h"
#include "testsupport.h"

// types.h names a field `signals`, which Qt's keyword macro would rewrite to `public`.
#undef signals

#include <memlens/db.h>
#include <memlens/embedder.h>
#include <memlens/entities.h>
#include <memlens/import.h>
#include <memlens/ingest.h>
#include <memlens/retrieval.h>
#include <memlens/search.h>
#include <memlens/text.h>
#include <memlens/vault.h>

#include <QtTest>

#include <chrono>
#include <fstream>
#include <map>

namespace tst_security {

using namespace memlens;
namespace fs = std::filesystem;

namespace {

// Every regular file under `root`, relative, with its bytes and modification time.
struct FileState {
    std::string bytes;
    fs::file_time_type mtime;
    bool operator==(const FileState&) const = default;
};

std::map<std::string, FileState> snapshot(const fs::path& root) {
    std::map<std::string, FileState> out;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
        if (!e.is_regular_file())
            continue;
        std::ifstream in(e.path(), std::ios::binary);
        std::string bytes((std::istreambuf_iterator<char>(in)), {});
        out[fs::relative(e.path(), root).string()] = {std::move(bytes), e.last_write_time()};
    }
    return out;
}

// A snapshot comparison that names the first file that changed. vault.db-shm is SQLite's
// shared-memory index of the log, rewritten by every reader by design and never vault data; a
// new empty vault.db-wal holds nothing either.
QString describe_change(const std::map<std::string, FileState>& before,
                        const std::map<std::string, FileState>& after) {
    for (const auto& [name, state] : before) {
        if (name == "vault.db-shm")
            continue;
        auto it = after.find(name);
        if (it == after.end())
            return QStringLiteral("removed: ") + QString::fromStdString(name);
        if (it->second.bytes != state.bytes)
            return QStringLiteral("bytes changed: ") + QString::fromStdString(name);
        if (it->second.mtime != state.mtime)
            return QStringLiteral("mtime changed: ") + QString::fromStdString(name);
    }
    for (const auto& [name, state] : after)
        if (!before.count(name) && !state.bytes.empty() && name != "vault.db-shm")
            return QStringLiteral("written: ") + QString::fromStdString(name);
    return {};
}

constexpr const char* kCorpus =
    R"({"source": "slack:#eng", "author": "alice", "ts": "2024-03-01T09:15:00Z", "text": "Phoenix launch moves to May 3, near the end of the sprint. cc @bob #launch"}
{"source": "slack:#eng", "author": "bob", "ts": "2024-03-01T09:20:00Z", "text": "I will tell carol@example.com about the phoenix launch"}
{"source": "gmail:ops", "author": "carol", "ts": "2024-03-02T10:00:00Z", "text": "Budget approved for the Qdrant collection migration"}
{"source": "gmail:ops", "author": "dave", "ts": "2024-03-03T11:00:00Z", "text": "Not now: the context column is unrelated to alice"}
)";

// A vault in `dir` with the small corpus above ingested (hash embedder, fixed "now").
void build_vault(const fs::path& dir) {
    auto sources = parse_jsonl(kCorpus, "security.jsonl");
    QVERIFY2(sources.is_ok(), sources.status().to_string().c_str());
    auto vault = Vault::create(dir);
    QVERIFY2(vault.is_ok(), vault.status().to_string().c_str());
    auto embedder = make_hash_embedder();
    IngestOptions opts;
    opts.now_ms = 1'710'000'000'000;
    Ingestor ingestor(**vault, *embedder, opts);
    auto report = ingestor.ingest(*sources);
    QVERIFY2(report.is_ok(), report.status().to_string().c_str());
}

bool is_reserved_windows_name(std::string stem) {
    for (char& c : stem)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    stem = stem.substr(0, stem.find('.'));
    for (const char* r : {"con", "prn", "aux", "nul"})
        if (stem == r)
            return true;
    return stem.size() == 4 && (stem.starts_with("com") || stem.starts_with("lpt")) &&
           std::isdigit(static_cast<unsigned char>(stem[3]));
}

} // namespace

class TestSecurity : public QObject {
    Q_OBJECT
private slots:
    // ---- entity ids never escape the registry folder ------------------------------------------

    void hostileEntityIdsStayInsideTheRegistry_data() {
        QTest::addColumn<QByteArray>("kind");
        QTest::addColumn<QByteArray>("id");
        QTest::newRow("parent") << QByteArray("person") << QByteArray("../x");
        QTest::newRow("deep parent")
            << QByteArray("person") << QByteArray("../../../../etc/passwd");
        QTest::newRow("dot") << QByteArray("person") << QByteArray(".");
        QTest::newRow("dotdot") << QByteArray("person") << QByteArray("..");
        QTest::newRow("absolute") << QByteArray("person") << QByteArray("/abs/olute");
        QTest::newRow("backslash") << QByteArray("person") << QByteArray("..\\..\\win");
        QTest::newRow("nul") << QByteArray("person") << QByteArray("person:a\0b", 10);
        QTest::newRow("con") << QByteArray("person") << QByteArray("con");
        QTest::newRow("CON.txt") << QByteArray("person") << QByteArray("CON.txt");
        QTest::newRow("com1") << QByteArray("person") << QByteArray("com1");
        QTest::newRow("lpt9.md") << QByteArray("person") << QByteArray("lpt9.md");
        QTest::newRow("very long") << QByteArray("topic") << QByteArray(5000, 'a');
        QTest::newRow("long multibyte")
            << QByteArray("topic") << QByteArray("topic:") + QString(3000, QChar(0x00e9)).toUtf8();
        QTest::newRow("hostile kind") << QByteArray("../../kind") << QByteArray("x");
        QTest::newRow("absolute kind") << QByteArray("/tmp") << QByteArray("x");
        QTest::newRow("yaml injection")
            << QByteArray("person") << QByteArray("person:x\nkind: admin\n---\nnotes");
        QTest::newRow("hidden") << QByteArray("person") << QByteArray(".bashrc");
    }

    void hostileEntityIdsStayInsideTheRegistry() {
        QFETCH(QByteArray, kind);
        QFETCH(QByteArray, id);
        test::TempDir tmp;
        const fs::path reg_dir = tmp.path() / "entities";
        fs::create_directories(reg_dir);
        auto reg = EntityRegistry::load(reg_dir);
        QVERIFY2(reg.is_ok(), reg.status().to_string().c_str());

        EntityRecord rec;
        rec.id = id.toStdString();
        rec.kind = kind.toStdString();
        rec.display_name = "Hostile";
        const Status s = reg->upsert(rec);

        // Nothing may appear beside the registry folder, whatever upsert answered.
        for (const auto& e : fs::recursive_directory_iterator(tmp.path())) {
            const fs::path rel = fs::relative(e.path(), reg_dir);
            QVERIFY2(!rel.empty() && *rel.begin() != "..",
                     qPrintable(QStringLiteral("outside the registry: ") +
                                QString::fromStdString(e.path().string())));
        }
        const fs::path file = reg->file_for(rec.kind, rec.id);
        const fs::path rel = file.lexically_normal().lexically_relative(reg_dir);
        QVERIFY2(!rel.empty() && *rel.begin() != "..", file.c_str());
        QCOMPARE(std::distance(rel.begin(), rel.end()), 2); // <kind>/<stem>.md, no deeper
        for (const auto& part : rel) {
            const std::string name = part.string();
            QVERIFY(name != "." && name != "..");
            QVERIFY(name.find('\0') == std::string::npos);
            QVERIFY(name.find('/') == std::string::npos && name.find('\\') == std::string::npos);
            QVERIFY2(name.size() <= 255, "a file name longer than any file system allows");
            QVERIFY2(!is_reserved_windows_name(name), name.c_str());
        }
        if (!s.is_ok())
            return; // refused with a reason: fine, as long as nothing escaped
        QVERIFY(fs::is_regular_file(file));

        // The id survives the round trip through the file exactly, newlines and all: the
        // front matter cannot be injected into.
        auto again = EntityRegistry::load(reg_dir);
        QVERIFY2(again.is_ok(), again.status().to_string().c_str());
        QCOMPARE(again->records().size(), std::size_t{1});
        const EntityRecord* back = again->find(rec.id);
        QVERIFY(back != nullptr);
        QCOMPARE(back->id, rec.id);
        QCOMPARE(back->kind, rec.kind);
    }

    void idsDifferingOnlyInCaseGetDistinctFiles() {
        // URLs keep their case; on a case-insensitive file system two such ids must
        // still land in two files.
        const auto a = safe_file_stem("url:https://example.com/A");
        const auto b = safe_file_stem("url:https://example.com/a");
        QVERIFY(QString::fromStdString(a).toLower() != QString::fromStdString(b).toLower());
        // Long ids that share a prefix keep distinct names after the length cap.
        const std::string base(4000, 'x');
        QVERIFY(safe_file_stem(base + "1") != safe_file_stem(base + "2"));
    }

    // ---- LIKE input is bound and escaped ------------------------------------------------------

    void likeMetacharactersMatchLiterally() {
        test::TempDir tmp;
        auto vault = Vault::create(tmp.path() / "v");
        QVERIFY(vault.is_ok());
        const char* ids[] = {"topic:100%_ready", "topic:100x_ready", "topic:100%xready",
                             "topic:100xxready", "topic:a\\b",       "topic:ab",
                             "topic:it's",       "topic:plain"};
        auto st = (*vault)->db().prepare(
            "INSERT INTO mem_tree_entity_index(entity_id, node_id, node_kind, entity_kind, "
            "surface, score, timestamp_ms) VALUES (?, ?, 'leaf', 'topic', ?, 1.0, 1)");
        QVERIFY(st.is_ok());
        int n = 0;
        for (const char* id : ids) {
            st->bind(1, id).bind(2, "c" + std::to_string(n++)).bind(3, id + 6);
            QVERIFY(st->exec().is_ok());
            st->reset();
        }
        auto matches = [&](const std::string& q) {
            SearchEntitiesOptions o;
            o.query = q;
            o.limit = 100;
            auto r = search_entities(**vault, o);
            if (!r.is_ok())
                qFatal("search_entities(%s): %s", q.c_str(), r.status().to_string().c_str());
            QStringList out;
            for (const auto& m : *r)
                out << QString::fromStdString(m.canonical_id);
            out.sort();
            return out;
        };
        QCOMPARE(matches("100%_ready"), QStringList{QStringLiteral("topic:100%_ready")});
        QCOMPARE(matches("%"), (QStringList{QStringLiteral("topic:100%_ready"),
                                            QStringLiteral("topic:100%xready")}));
        QCOMPARE(matches("_"), (QStringList{QStringLiteral("topic:100%_ready"),
                                            QStringLiteral("topic:100x_ready")}));
        QCOMPARE(matches("a\\b"), QStringList{QStringLiteral("topic:a\\b")});
        QCOMPARE(matches("\\"), QStringList{QStringLiteral("topic:a\\b")});
        QCOMPARE(matches("it's"), QStringList{QStringLiteral("topic:it's")});
        QVERIFY(matches("' OR 1=1 --").isEmpty());
        QVERIFY(matches("\") OR (\"").isEmpty());
    }

    // ---- FTS5 input is always terms, never syntax -----------------------------------------------

    void ftsOperatorsAndQuotesAreTerms_data() {
        QTest::addColumn<QString>("text");
        QTest::newRow("quote") << QStringLiteral("phoenix \" launch");
        QTest::newRow("doubled quotes") << QStringLiteral("\"\"phoenix\"\"");
        QTest::newRow("boolean") << QStringLiteral("phoenix AND NOT launch OR");
        QTest::newRow("near") << QStringLiteral("NEAR(phoenix launch, 2)");
        QTest::newRow("column filter") << QStringLiteral("context:alice content:phoenix");
        QTest::newRow("column set") << QStringLiteral("{content context}: budget");
        QTest::newRow("prefix and initial") << QStringLiteral("phoe* ^launch");
        QTest::newRow("sql") << QStringLiteral("'); DROP TABLE mem_tree_chunks; --");
        QTest::newRow("parens") << QStringLiteral("((phoenix) launch");
        QTest::newRow("plus minus") << QStringLiteral("+phoenix -launch");
        QTest::newRow("unicode") << QStringLiteral("Überprüfung 結果 naïve");
    }

    void ftsOperatorsAndQuotesAreTerms() {
        QFETCH(QString, text);
        test::TempDir tmp;
        build_vault(tmp.path() / "v");
        auto vault = Vault::open(tmp.path() / "v", true);
        QVERIFY2(vault.is_ok(), vault.status().to_string().c_str());
        auto q = build_fts_query(text.toStdString());
        if (!q)
            return; // nothing left after stopwords: the keyword leg sits out
        auto st = (*vault)->db().prepare(
            "SELECT count(*) FROM mem_tree_chunks_fts WHERE mem_tree_chunks_fts MATCH ?");
        QVERIFY(st.is_ok());
        st->bind(1, *q);
        auto row = st->step();
        QVERIFY2(row.is_ok(), (*q + " → " + row.status().to_string()).c_str());
        // Every built term is a quoted string: no bare operator survives.
        for (const auto& token : keyword_tokens(text.toStdString()))
            QVERIFY2(q->find("\"" + token + "\"") != std::string::npos, q->c_str());
    }

    void operatorWordsMatchAsWords() {
        test::TempDir tmp;
        build_vault(tmp.path() / "v");
        auto vault = Vault::open(tmp.path() / "v", true);
        QVERIFY(vault.is_ok());
        auto count = [&](const std::string& text) {
            auto q = build_fts_query(text);
            if (!q)
                return -1LL;
            auto st = (*vault)->db().prepare(
                "SELECT count(*) FROM mem_tree_chunks_fts WHERE mem_tree_chunks_fts MATCH ?");
            st->bind(1, *q);
            auto row = st->step();
            return row.is_ok() && *row ? static_cast<long long>(st->column_int64(0)) : -2LL;
        };
        // As syntax, NOT would drop every message that says "launch"; as text it is a stopword
        // and the query finds what "phoenix launch" finds. A bare NEAR would be a syntax error.
        QCOMPARE(count("phoenix NOT launch"), count("phoenix launch"));
        QVERIFY(count("phoenix launch") >= 2);
        QVERIFY(count("NEAR") >= 1);
        // A column filter would restrict "alice" to the context column; as terms, "context"
        // and "alice" both match the message that says them.
        QVERIFY(count("context:alice") >= 1);
        // The hybrid keyword leg runs the same text without error.
        auto engine = SearchEngine::open(**vault, SearchEngineOptions{false, {}});
        QVERIFY2(engine.is_ok(), engine.status().to_string().c_str());
        for (const char* text : {"NEAR(phoenix launch)", "\"unbalanced", "'); DROP TABLE x; --",
                                 "context:alice", "phoenix*", "{content}: budget"}) {
            SearchRequest req;
            req.query = text;
            req.mode = SearchMode::Keyword;
            req.audit = false;
            auto r = (*engine)->search(req);
            QVERIFY2(r.is_ok(), (std::string(text) + ": " + r.status().to_string()).c_str());
        }
    }

    // ---- fuzzer findings: hostile files give a Status, never an exception ---------------------

    // Found by fuzz_jsonl and fuzz_locomo: a number too large for a double made the JSON parser
    // throw out_of_range, which the importers did not catch (only parse_error), so the
    // exception left the core and terminated the process.
    void importersReportOverflowingNumbers_data() {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("jsonl bare number") << QStringLiteral("jsonl") << QByteArray("1e999\n");
        QTest::newRow("jsonl ts") << QStringLiteral("jsonl")
                                  << QByteArray(R"({"source": "a", "ts": 1e999, "text": "x"})"
                                                "\n");
        QTest::newRow("jsonl fuzz_jsonl crash input")
            << QStringLiteral("jsonl")
            << QByteArray("1111151111111111111111111111111111e1111111111111111111111.11111gs\"00Z"
                          "\",\"tee[00d983d\\ude00 x\"}\r\n{\"q2urce\":\"a\"}\n");
        QTest::newRow("locomo fuzz_locomo crash input")
            << QStringLiteral("locomo") << QByteArray(R"([11110E40401tc"x"])");
        QTest::newRow("locomo speaker")
            << QStringLiteral("locomo")
            << QByteArray(R"([{"sample_id": "c", "conversation": {"speaker_a": -1E400}}])");
    }

    void importersReportOverflowingNumbers() {
        QFETCH(QString, format);
        QFETCH(QByteArray, content);
        test::TempDir tmp;
        const std::string name = "hostile." + format.toStdString();
        tmp.write(name, content.toStdString());
        bool threw = false;
        Status status;
        try {
            auto r = format == QStringLiteral("jsonl") ? import_jsonl(tmp.file(name))
                                                       : import_locomo(tmp.file(name));
            status = r.status();
        } catch (const std::exception& e) {
            threw = true;
            qWarning("threw: %s", e.what());
        }
        QVERIFY2(!threw, "an importer let an exception out of the core");
        QCOMPARE(status.code(), StatusCode::InvalidArgument);
        QVERIFY2(status.message().find(name) != std::string::npos, status.message().c_str());
    }

    // ---- a vault opened read-only is never written --------------------------------------------

    void readOnlyOpenLeavesEveryFileUnchanged() {
        test::TempDir tmp;
        const fs::path dir = tmp.path() / "v";
        build_vault(dir);
        const auto before = snapshot(dir);
        QVERIFY(before.count("vault.db"));

        {
            auto vault = Vault::open(dir, true);
            QVERIFY2(vault.is_ok(), vault.status().to_string().c_str());
            QVERIFY((*vault)->read_only());
            QVERIFY(vault_stats(**vault).is_ok());
            SearchEntitiesOptions se;
            se.query = "alice";
            QVERIFY(search_entities(**vault, se).is_ok());
            QueryGlobalOptions g;
            g.until_ms = 1'800'000'000'000;
            QVERIFY(query_global(**vault, g).is_ok());
            CoverWindowOptions cw;
            cw.until_ms = 1'800'000'000'000;
            QVERIFY(cover_window(**vault, cw).is_ok());
            // The engine must not write its audit row (nor anything else) into a read-only
            // vault; it says so instead.
            auto engine = SearchEngine::open(**vault);
            QVERIFY2(engine.is_ok(), engine.status().to_string().c_str());
            SearchRequest req;
            req.query = "phoenix launch";
            auto r = (*engine)->search(req);
            QVERIFY2(r.is_ok(), r.status().to_string().c_str());
            QVERIFY(!r->audit.enabled);
            QVERIFY(!(*vault)->set_setting("x", "y").is_ok());
        }
        // The CLI's read paths open read-only too.
        const QString vdir = QString::fromStdString(dir.string());
        for (const QStringList& args :
             {QStringList{QStringLiteral("stats"), QStringLiteral("--vault"), vdir,
                          QStringLiteral("--json")},
              QStringList{QStringLiteral("query"), QStringLiteral("--vault"), vdir,
                          QStringLiteral("--read-only"), QStringLiteral("--json"),
                          QStringLiteral("phoenix launch")},
              QStringList{QStringLiteral("entities"), QStringLiteral("--vault"), vdir,
                          QStringLiteral("--query"), QStringLiteral("alice"),
                          QStringLiteral("--json")}}) {
            auto run = test::run_cli(args);
            QVERIFY2(run.exit_code == 0,
                     (args.join(QLatin1Char(' ')).toStdString() + ": " + run.err).c_str());
        }
        const QString change = describe_change(before, snapshot(dir));
        QVERIFY2(change.isEmpty(), qPrintable(change));
    }

    void readOnlyOpenLeavesALiveWriteAheadLogUnchanged() {
        // A writer (the agent) holds the vault open with committed pages still in vault.db-wal.
        // Reading it read-only must neither checkpoint that log into vault.db nor touch it.
        test::TempDir tmp;
        const fs::path dir = tmp.path() / "v";
        build_vault(dir);
        auto writer = Database::open((dir / "vault.db").string(), OpenMode::ReadWrite);
        QVERIFY(writer.is_ok());
        QVERIFY(writer->exec("PRAGMA wal_autocheckpoint = 0").is_ok());
        QVERIFY(writer->exec("INSERT INTO ml_settings(key, value) VALUES ('agent.note', 'live')")
                    .is_ok());
        QVERIFY(fs::file_size(dir / "vault.db-wal") > 0);
        const auto before = snapshot(dir);
        {
            auto vault = Vault::open(dir, true);
            QVERIFY2(vault.is_ok(), vault.status().to_string().c_str());
            QCOMPARE((*vault)->setting("agent.note").value_or(""), std::string("live"));
            QVERIFY(vault_stats(**vault).is_ok());
            SearchEntitiesOptions se;
            se.query = "carol";
            QVERIFY(search_entities(**vault, se).is_ok());
        }
        const QString change = describe_change(before, snapshot(dir));
        QVERIFY2(change.isEmpty(), qPrintable(change));
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestSecurity)
#include "tst_security.moc"
} // namespace tst_security
