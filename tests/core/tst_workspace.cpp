// Opening a TinyCortex / OpenHuman memory workspace: memory_tree/chunks.db with the columns of
// that workspace's schema (no memlens columns), 500-character previews in `content` and the
// whole bodies as Markdown files at content_path. memlens opens it read-only, every read path
// works, and afterwards not one byte (nor one mtime) of the workspace has changed.
#include "suite.h"
#include "testsupport.h"

// types.h names a field `signals`, which Qt's keyword macro would rewrite to `public`.
#undef signals

#include <memlens/db.h>
#include <memlens/ingest.h>
#include <memlens/retrieval.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <QCryptographicHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <fstream>
#include <map>

namespace tst_workspace {

using namespace memlens;
namespace fs = std::filesystem;

namespace {

// An OpenHuman workspace's schema, later-added columns included.
constexpr const char* kWorkspaceSchema = R"SQL(
PRAGMA journal_mode = TRUNCATE;
PRAGMA synchronous = FULL;
CREATE TABLE mem_tree_chunks (id TEXT PRIMARY KEY, source_kind TEXT NOT NULL, source_id TEXT NOT NULL,
    path_scope TEXT, source_ref TEXT, owner TEXT, timestamp_ms INTEGER NOT NULL,
    time_range_start_ms INTEGER NOT NULL, time_range_end_ms INTEGER NOT NULL,
    tags_json TEXT NOT NULL DEFAULT '[]', content TEXT NOT NULL, token_count INTEGER NOT NULL,
    seq_in_source INTEGER NOT NULL, created_at_ms INTEGER NOT NULL, embedding BLOB,
    parent_summary_id TEXT, lifecycle_status TEXT NOT NULL DEFAULT 'admitted', content_path TEXT,
    content_sha256 TEXT, raw_refs_json TEXT);
CREATE TABLE mem_tree_summaries (id TEXT PRIMARY KEY, tree_id TEXT NOT NULL, tree_kind TEXT NOT NULL,
    level INTEGER NOT NULL, parent_id TEXT, child_ids_json TEXT NOT NULL, content TEXT NOT NULL,
    token_count INTEGER NOT NULL, entities_json TEXT NOT NULL DEFAULT '[]',
    topics_json TEXT NOT NULL DEFAULT '[]', time_range_start_ms INTEGER NOT NULL,
    time_range_end_ms INTEGER NOT NULL, score REAL NOT NULL DEFAULT 0, sealed_at_ms INTEGER NOT NULL,
    deleted INTEGER NOT NULL DEFAULT 0, embedding BLOB, content_path TEXT, content_sha256 TEXT,
    doc_id TEXT, version_ms INTEGER);
CREATE TABLE mem_tree_trees (id TEXT PRIMARY KEY, kind TEXT NOT NULL, scope TEXT NOT NULL, root_id TEXT,
    max_level INTEGER NOT NULL DEFAULT 0, status TEXT NOT NULL DEFAULT 'active',
    created_at_ms INTEGER NOT NULL, last_sealed_at_ms INTEGER, ask TEXT, UNIQUE(kind, scope));
CREATE TABLE mem_tree_entity_index (entity_id TEXT NOT NULL, node_id TEXT NOT NULL,
    node_kind TEXT NOT NULL, entity_kind TEXT NOT NULL, surface TEXT NOT NULL, score REAL NOT NULL,
    timestamp_ms INTEGER NOT NULL, tree_id TEXT, is_user INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (entity_id, node_id));
CREATE TABLE mem_tree_entity_edges (entity_a TEXT NOT NULL, entity_b TEXT NOT NULL,
    weight INTEGER NOT NULL, updated_ms INTEGER NOT NULL, PRIMARY KEY (entity_a, entity_b));
CREATE TABLE mem_tree_score (chunk_id TEXT PRIMARY KEY, total REAL NOT NULL,
    token_count_signal REAL, unique_words_signal REAL, metadata_weight REAL, source_weight REAL,
    interaction_weight REAL, entity_density REAL, dropped INTEGER NOT NULL DEFAULT 0, reason TEXT,
    computed_at_ms INTEGER NOT NULL, llm_importance REAL, llm_importance_reason TEXT);
CREATE TABLE mem_tree_chunk_embeddings (chunk_id TEXT NOT NULL, model_signature TEXT NOT NULL,
    vector BLOB NOT NULL, dim INTEGER NOT NULL, created_at INTEGER NOT NULL,
    PRIMARY KEY (chunk_id, model_signature));
CREATE TABLE mem_tree_summary_embeddings (summary_id TEXT NOT NULL, model_signature TEXT NOT NULL,
    vector BLOB NOT NULL, dim INTEGER NOT NULL, created_at INTEGER NOT NULL,
    PRIMARY KEY (summary_id, model_signature));
CREATE TABLE mem_tree_buffers (tree_id TEXT NOT NULL, level INTEGER NOT NULL,
    item_ids_json TEXT NOT NULL DEFAULT '[]', token_sum INTEGER NOT NULL DEFAULT 0,
    oldest_at_ms INTEGER, updated_at_ms INTEGER NOT NULL, PRIMARY KEY (tree_id, level));
PRAGMA user_version = 7;
)SQL";

constexpr std::int64_t kDay = 86'400'000;
constexpr std::int64_t kT0 = 1'709'283'600'000; // 2024-03-01T09:00:00Z

// chunk id = first 32 hex chars of sha256(source_kind 0 source_id 0 seq(u32 BE) 0 content).
std::string chunk_id(const std::string& kind, const std::string& source, std::uint32_t seq,
                     const std::string& content) {
    QByteArray in;
    in.append(kind.data(), static_cast<qsizetype>(kind.size())).append('\0');
    in.append(source.data(), static_cast<qsizetype>(source.size())).append('\0');
    for (int shift : {24, 16, 8, 0})
        in.append(static_cast<char>((seq >> shift) & 0xff));
    in.append('\0').append(content.data(), static_cast<qsizetype>(content.size()));
    return QCryptographicHash::hash(in, QCryptographicHash::Sha256).toHex().left(32).toStdString();
}

struct FixtureChunk {
    std::string id;
    std::string body;    // the whole text
    std::string preview; // what the table holds: at most 500 characters
    std::optional<std::string> content_path;
};

struct Workspace {
    fs::path dir;
    std::vector<FixtureChunk> chunks;
    std::string long_id, missing_file_id, escaping_id;
};

void exec(const Database& db, const std::string& sql) {
    const Status s = db.exec(sql);
    if (!s.is_ok())
        qFatal("%s: %s", sql.c_str(), s.to_string().c_str());
}

// Two source trees (slack:#eng, gmail:ops), three chunks each, one sealed L1 summary per tree,
// an entity index with edges. One chunk's body is longer than its preview (file present), one
// names a file that is missing, one a path that leaves the content root.
Workspace make_workspace(const fs::path& dir) {
    Workspace ws;
    ws.dir = dir;
    const fs::path content_root = dir / "memory_tree" / "content";
    fs::create_directories(content_root / "chunks");
    std::ofstream(dir / "outside.md") << "SECRET: this file is outside the content root\n";

    std::string long_body = "Phoenix launch plan, full text.";
    while (long_body.size() < 1400)
        long_body += " The phoenix launch moves to May 3 and alice owns the checklist.";
    const struct {
        const char* kind;
        const char* source;
        const char* owner;
        std::string body;
        int file; // 0 none, 1 written, 2 missing, 3 escaping
    } rows[] = {
        {"chat", "slack:#eng", "alice", long_body, 1},
        {"chat", "slack:#eng", "bob", "bob: ok, I will tell carol about the phoenix launch", 2},
        {"chat", "slack:#eng", "alice", "alice: retro on Friday, bring the metrics", 3},
        {"email", "gmail:ops", "carol", "Budget approved for the Qdrant collection migration", 0},
        {"email", "gmail:ops", "carol", "Correction: the budget is 45k, not 40k", 0},
        {"email", "gmail:ops", "dave", "Dave here: phoenix staging is green", 0},
    };

    auto db =
        Database::open((dir / "memory_tree" / "chunks.db").string(), OpenMode::ReadWriteCreate);
    if (!db.is_ok())
        qFatal("%s", db.status().to_string().c_str());
    exec(*db, kWorkspaceSchema);
    auto ins = db->prepare(
        "INSERT INTO mem_tree_chunks(id, source_kind, source_id, path_scope, source_ref, owner, "
        "timestamp_ms, time_range_start_ms, time_range_end_ms, tags_json, content, token_count, "
        "seq_in_source, created_at_ms, parent_summary_id, lifecycle_status, content_path, "
        "content_sha256) VALUES (?,?,?,?,?,?,?,?,?,'[]',?,?,?,?,?,'sealed',?,?)");
    std::map<std::string, std::vector<std::string>> by_source;
    std::uint32_t seq = 0;
    std::string last_source;
    for (std::size_t i = 0; i < std::size(rows); ++i) {
        const auto& r = rows[i];
        seq = last_source == r.source ? seq + 1 : 0;
        last_source = r.source;
        FixtureChunk c;
        c.body = r.body;
        c.preview = r.body.substr(0, 500);
        c.id = chunk_id(r.kind, r.source, seq, r.body);
        if (r.file == 1) {
            c.content_path = "chunks/" + c.id + ".md";
            std::ofstream(content_root / *c.content_path, std::ios::binary) << r.body;
            ws.long_id = c.id;
        } else if (r.file == 2) {
            c.content_path = "chunks/" + c.id + ".md"; // never written
            ws.missing_file_id = c.id;
        } else if (r.file == 3) {
            c.content_path = "../../outside.md";
            ws.escaping_id = c.id;
        }
        const std::int64_t ts = kT0 + static_cast<std::int64_t>(i) * kDay;
        const std::string summary =
            std::string("summary:") + std::to_string(kT0 + 10 * kDay) + ":L1-" +
            (std::string(r.source) == "slack:#eng" ? "0a1b2c3d" : "4e5f6a7b");
        ins->bind(1, c.id).bind(2, r.kind).bind(3, r.source).bind(4, r.source);
        ins->bind(5, "msg-" + std::to_string(i)).bind(6, r.owner).bind(7, ts).bind(8, ts);
        ins->bind(9, ts).bind(10, c.preview);
        ins->bind(11, static_cast<std::int64_t>((r.body.size() + 3) / 4));
        ins->bind(12, static_cast<std::int64_t>(seq)).bind(13, ts).bind(14, summary);
        ins->bind(15, c.content_path).bind(16, std::nullopt);
        if (!ins->exec().is_ok())
            qFatal("insert chunk");
        ins->reset();
        by_source[r.source].push_back(c.id);
        ws.chunks.push_back(std::move(c));
    }
    exec(*db, R"SQL(
INSERT INTO mem_tree_trees(id, kind, scope, root_id, max_level, status, created_at_ms, last_sealed_at_ms)
VALUES ('source:7b0f6c1e-1111-4a5b-9c3d-000000000001', 'source', 'slack:#eng',
        'summary:)SQL" +
                  std::to_string(kT0 + 10 * kDay) +
                  R"SQL(:L1-0a1b2c3d', 1, 'active', 1709283600000, 1710147600000),
       ('source:7b0f6c1e-2222-4a5b-9c3d-000000000002', 'source', 'gmail:ops',
        'summary:)SQL" +
                  std::to_string(kT0 + 10 * kDay) +
                  R"SQL(:L1-4e5f6a7b', 1, 'active', 1709283600000, 1710147600000);
)SQL");
    auto sum = db->prepare(
        "INSERT INTO mem_tree_summaries(id, tree_id, tree_kind, level, parent_id, child_ids_json, "
        "content, token_count, entities_json, topics_json, time_range_start_ms, "
        "time_range_end_ms, score, sealed_at_ms) VALUES (?, ?, 'source', 1, NULL, ?, ?, 20, ?, "
        "'[\"phoenix\"]', ?, ?, 0.5, ?)");
    int t = 0;
    for (const auto& [source, ids] : by_source) {
        const bool eng = source == "slack:#eng";
        std::string children = "[";
        for (const auto& id : ids)
            children += (children.size() > 1 ? ",\"" : "\"") + id + "\"";
        children += "]";
        const std::int64_t first = kT0 + (eng ? 0 : 3) * kDay;
        sum->bind(1, std::string("summary:") + std::to_string(kT0 + 10 * kDay) + ":L1-" +
                         (eng ? "0a1b2c3d" : "4e5f6a7b"));
        sum->bind(2, eng ? "source:7b0f6c1e-1111-4a5b-9c3d-000000000001"
                         : "source:7b0f6c1e-2222-4a5b-9c3d-000000000002");
        sum->bind(3, children);
        sum->bind(4, eng ? "— The phoenix launch moves to May 3; alice owns the checklist."
                         : "— Budget approved, then corrected to 45k; phoenix staging green.");
        sum->bind(5, eng ? "[\"person:alice\",\"topic:phoenix\"]" : "[\"person:carol\"]");
        sum->bind(6, first).bind(7, first + 2 * kDay).bind(8, kT0 + 10 * kDay);
        if (!sum->exec().is_ok())
            qFatal("insert summary %d", t);
        sum->reset();
        ++t;
    }
    auto ent = db->prepare(
        "INSERT INTO mem_tree_entity_index(entity_id, node_id, node_kind, entity_kind, surface, "
        "score, timestamp_ms, tree_id, is_user) VALUES (?, ?, 'leaf', ?, ?, 1.0, ?, NULL, 0)");
    const struct {
        int chunk;
        const char* id;
        const char* kind;
        const char* surface;
    } mentions[] = {
        {0, "person:alice", "person", "alice"},   {0, "topic:phoenix", "topic", "phoenix"},
        {1, "person:bob", "person", "bob"},       {1, "person:carol", "person", "carol"},
        {1, "topic:phoenix", "topic", "phoenix"}, {2, "person:alice", "person", "alice"},
        {3, "person:carol", "person", "carol"},   {5, "topic:phoenix", "topic", "phoenix"}};
    for (const auto& m : mentions) {
        ent->bind(1, m.id).bind(2, ws.chunks[static_cast<std::size_t>(m.chunk)].id);
        ent->bind(3, m.kind).bind(4, m.surface).bind(5, kT0 + m.chunk * kDay);
        if (!ent->exec().is_ok())
            qFatal("insert entity");
        ent->reset();
    }
    exec(*db, "INSERT INTO mem_tree_entity_edges VALUES "
              "('person:alice', 'topic:phoenix', 1, 1709283600000), "
              "('person:bob', 'person:carol', 1, 1709370000000), "
              "('person:bob', 'topic:phoenix', 1, 1709370000000), "
              "('person:carol', 'topic:phoenix', 1, 1709370000000)");
    return ws;
}

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

const FixtureChunk& chunk(const Workspace& ws, const std::string& id) {
    for (const auto& c : ws.chunks)
        if (c.id == id)
            return c;
    qFatal("no fixture chunk %s", id.c_str());
}

} // namespace

class TestWorkspace : public QObject {
    Q_OBJECT

    test::TempDir tmp_;
    Workspace ws_;
    std::map<std::string, FileState> before_;

private slots:
    void initTestCase() {
        ws_ = make_workspace(tmp_.path() / "workspace");
        before_ = snapshot(ws_.dir);
        QVERIFY(before_.count("memory_tree/chunks.db"));
    }

    void opensReadOnlyAsAWorkspace() {
        // Asked for read-write, it still opens read-only: the workspace belongs to its agent.
        auto v = Vault::open(ws_.dir, false);
        QVERIFY2(v.is_ok(), v.status().to_string().c_str());
        QCOMPARE((*v)->format(), VaultFormat::OpenHumanWorkspace);
        QVERIFY((*v)->read_only());
        QCOMPARE((*v)->check_writable().code(), StatusCode::Unsupported);
        QCOMPARE((*v)->db_path(), ws_.dir / "memory_tree" / "chunks.db");
        QCOMPARE((*v)->content_root(), ws_.dir / "memory_tree" / "content");
    }

    void statsCountTheWorkspace() {
        auto v = Vault::open(ws_.dir, true);
        QVERIFY(v.is_ok());
        auto s = vault_stats(**v);
        QVERIFY2(s.is_ok(), s.status().to_string().c_str());
        QCOMPARE(s->sources, 2);
        QCOMPARE(s->chunks, 6);
        QCOMPARE(s->summaries, 2);
        QCOMPARE(s->trees, 2);
        QCOMPARE(s->entities, 4);
        QCOMPARE(s->edges, 4);
        QCOMPARE(s->earliest_ms, kT0);
        QCOMPARE(s->latest_ms, kT0 + 5 * kDay);
    }

    void keywordIndexIsBuiltBesideTheWorkspace() {
        auto v = Vault::open(ws_.dir, true);
        QVERIFY(v.is_ok());
        auto n = (*v)->db().query_int("SELECT count(*) FROM mem_tree_chunks_fts "
                                      "WHERE mem_tree_chunks_fts MATCH '\"phoenix\"'");
        QVERIFY2(n.is_ok(), n.status().to_string().c_str());
        QCOMPARE(*n, std::int64_t{3}); // chunks 0, 1 and 5 (the preview is what is indexed)
    }

    void fetchLeavesReadsWholeBodiesInsideTheContentRootOnly() {
        auto v = Vault::open(ws_.dir, true);
        QVERIFY(v.is_ok());
        auto hits = fetch_leaves(**v, {ws_.long_id, "ghost", ws_.missing_file_id, ws_.escaping_id});
        QVERIFY2(hits.is_ok(), hits.status().to_string().c_str());
        QCOMPARE(hits->size(), std::size_t{3});
        QCOMPARE((*hits)[0].node_id, ws_.long_id);
        QCOMPARE((*hits)[0].content, chunk(ws_, ws_.long_id).body); // whole, not the preview
        QVERIFY((*hits)[0].content.size() > 500);
        // A missing file falls back to the preview.
        QCOMPARE((*hits)[1].content, chunk(ws_, ws_.missing_file_id).preview);
        // A content_path that leaves the content root is never followed.
        QCOMPARE((*hits)[2].content, chunk(ws_, ws_.escaping_id).preview);
        QVERIFY((*hits)[2].content.find("SECRET") == std::string::npos);
    }

    void primitivesAnswerOnTheWorkspace() {
        auto v = Vault::open(ws_.dir, true);
        QVERIFY(v.is_ok());
        SearchEntitiesOptions se;
        se.query = "alice";
        auto ents = search_entities(**v, se);
        QVERIFY2(ents.is_ok(), ents.status().to_string().c_str());
        QCOMPARE(ents->size(), std::size_t{1});
        QCOMPARE(ents->front().canonical_id, std::string("person:alice"));
        QCOMPARE(ents->front().mention_count, std::uint64_t{2});

        QuerySourceOptions qs;
        qs.source_id = "slack:#eng";
        auto src = query_source(**v, qs);
        QVERIFY2(src.is_ok(), src.status().to_string().c_str());
        QCOMPARE(src->hits.size(), std::size_t{1});
        QCOMPARE(src->hits[0].level, 1u);

        CoverWindowOptions cw;
        cw.since_ms = kT0;
        cw.until_ms = kT0 + 30 * kDay;
        auto cover = cover_window(**v, cw);
        QVERIFY2(cover.is_ok(), cover.status().to_string().c_str());
        QCOMPARE(cover->hits.size(), std::size_t{2}); // each tree's summary covers its chunks

        DrillDownOptions dd;
        dd.node_id = src->hits[0].node_id;
        auto children = drill_down(**v, dd);
        QVERIFY2(children.is_ok(), children.status().to_string().c_str());
        QCOMPARE(children->size(), std::size_t{3});
    }

    void hybridSearchAnswersWithoutAnAuditRow() {
        auto v = Vault::open(ws_.dir, true);
        QVERIFY(v.is_ok());
        auto engine = SearchEngine::open(**v);
        QVERIFY2(engine.is_ok(), engine.status().to_string().c_str());
        SearchRequest req;
        req.query = "phoenix launch";
        auto r = (*engine)->search(req);
        QVERIFY2(r.is_ok(), r.status().to_string().c_str());
        QVERIFY(!r->result.hits.empty());
        QVERIFY(!r->audit.enabled);
    }

    void cliReadsTheWorkspace() {
        const QString dir = QString::fromStdString(ws_.dir.string());
        auto stats = test::run_cli(
            {QStringLiteral("stats"), QStringLiteral("--vault"), dir, QStringLiteral("--json")});
        QVERIFY2(stats.exit_code == 0, stats.err.c_str());
        const auto j = QJsonDocument::fromJson(QByteArray::fromStdString(stats.out)).object();
        QCOMPARE(j.value(QStringLiteral("chunks")).toInt(), 6);
        QCOMPARE(j.value(QStringLiteral("read_only_format")).toBool(), true);
        auto query = test::run_cli({QStringLiteral("query"), QStringLiteral("--vault"), dir,
                                    QStringLiteral("--json"), QStringLiteral("budget")});
        QVERIFY2(query.exit_code == 0, query.err.c_str());
        // Writing to it is refused with a message, and changes nothing.
        test::TempDir in;
        in.write("more.jsonl", R"({"source": "slack:#eng", "ts": 0, "text": "intruder"})"
                               "\n");
        auto ingest = test::run_cli({QStringLiteral("ingest"), QStringLiteral("--vault"), dir,
                                     QString::fromStdString(in.file("more.jsonl").string())});
        QVERIFY(ingest.exit_code != 0);
        QVERIFY(!ingest.err.empty());
    }

    // Runs last: everything above opened the workspace; none of it may have written a byte.
    void workspaceBytesAreUnchanged() {
        const auto after = snapshot(ws_.dir);
        for (const auto& [name, state] : after)
            QVERIFY2(before_.count(name), ("a file appeared: " + name).c_str());
        for (const auto& [name, state] : before_) {
            QVERIFY2(after.count(name), ("a file disappeared: " + name).c_str());
            QVERIFY2(after.at(name).bytes == state.bytes, ("bytes changed: " + name).c_str());
            QVERIFY2(after.at(name).mtime == state.mtime, ("mtime changed: " + name).c_str());
        }
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestWorkspace)
#include "tst_workspace.moc"
} // namespace tst_workspace
