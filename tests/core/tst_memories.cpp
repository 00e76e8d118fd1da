// Memories in an agent's terms (memories.h): list newest first with a cursor that holds while
// another connection writes, get with what superseded what, update as a new version, and tags
// as a search scope seen by both legs, why-not and the audit row's rerun. On a real vault.
#include "suite.h"
#include "testsupport.h"

#undef signals

#include <memlens/audit.h>
#include <memlens/embedder.h>
#include <memlens/import.h>
#include <memlens/ingest.h>
#include <memlens/memories.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <set>

namespace tst_memories {

using namespace memlens;
using namespace Qt::Literals::StringLiterals;

namespace {

using test::must;

constexpr std::int64_t kT0 = 1'767'225'600'000; // 2026-01-01T00:00:00Z
constexpr std::int64_t kMinute = 60'000;

IngestSource agent_source(const std::string& source_id) {
    IngestSource s;
    s.source_id = source_id;
    s.source_kind = source_kind_for(source_id).value_or("chat");
    s.platform = platform_of(source_id);
    s.title = source_id;
    s.format = "mcp";
    return s;
}

IngestItem note(std::string text, std::int64_t ts, std::vector<std::string> tags = {},
                std::string author = "agent") {
    IngestItem it;
    it.text = std::move(text);
    it.ts_ms = ts;
    it.tags = std::move(tags);
    it.author = std::move(author);
    return it;
}

std::vector<std::string> store(Vault& v, Embedder& e, IngestSource s) {
    IngestOptions o;
    o.report_chunk_ids = true;
    Ingestor ing(v, e, o);
    return must(ing.ingest({std::move(s)}), "ingest").chunk_ids;
}

std::vector<std::string> ids_of(const std::vector<Memory>& ms) {
    std::vector<std::string> out;
    for (const auto& m : ms)
        out.push_back(m.id);
    return out;
}

} // namespace

class TestMemories : public QObject {
    Q_OBJECT

    test::TempDir dir_;
    std::unique_ptr<Vault> vault_;
    std::unique_ptr<Embedder> emb_;
    std::vector<std::string> ids_; // the ten notes, oldest first

private slots:
    void initTestCase() {
        vault_ = must(Vault::create(dir_.path() / "v"), "create");
        emb_ = must(make_embedder_for(*vault_), "embedder");
        IngestSource s = agent_source("chat:agent");
        for (int i = 0; i < 10; ++i)
            s.items.push_back(note("Note number " + std::to_string(i) + " about the garden shed",
                                   kT0 + i * kMinute,
                                   i % 3 == 0 ? std::vector<std::string>{"Garden", "todo"}
                                              : std::vector<std::string>{"work"},
                                   i % 2 == 0 ? "Priya" : "Sam"));
        ids_ = store(*vault_, *emb_, std::move(s));
        QCOMPARE(ids_.size(), std::size_t{10});
        IngestSource other = agent_source("slack:#eng");
        other.items.push_back(note("The release train leaves on Friday", kT0 + 30 * kMinute));
        QCOMPARE(store(*vault_, *emb_, std::move(other)).size(), std::size_t{1});
    }

    void listIsNewestFirstAndFilters() {
        MemoryListOptions o;
        auto page = must(list_memories(*vault_, o), "list");
        QCOMPARE(page.memories.size(), std::size_t{11});
        QVERIFY(!page.next_cursor);
        QCOMPARE(page.memories.front().source, std::string("slack:#eng"));
        QCOMPARE(page.memories[1].id, ids_[9]);
        QCOMPARE(page.memories.back().id, ids_[0]);

        o.source = "chat:agent";
        o.author = "priya"; // ASCII case ignored
        page = must(list_memories(*vault_, o), "list by author");
        QCOMPARE(ids_of(page.memories),
                 (std::vector<std::string>{ids_[8], ids_[6], ids_[4], ids_[2], ids_[0]}));
        QCOMPARE(page.memories.front().author, std::string("Priya"));
        QCOMPARE(page.memories.front().tags, (std::vector<std::string>{"work"}));

        MemoryListOptions t;
        t.tags = {"garden"}; // stored as "Garden"
        t.since_ms = kT0 + 3 * kMinute;
        t.until_ms = kT0 + 9 * kMinute;
        page = must(list_memories(*vault_, t), "list by tag and time");
        QCOMPARE(ids_of(page.memories), (std::vector<std::string>{ids_[9], ids_[6], ids_[3]}));
    }

    // Pages of 3 give every memory once, newest first, while another connection stores
    // memories both newer than the first page and older than the cursor's place.
    void cursorHoldsWhileAnotherWriterStores() {
        MemoryListOptions o;
        o.source = "chat:agent";
        o.limit = 3;
        auto first = must(list_memories(*vault_, o), "page 1");
        QCOMPARE(ids_of(first.memories), (std::vector<std::string>{ids_[9], ids_[8], ids_[7]}));
        QVERIFY(first.next_cursor);

        auto other = must(Vault::open(dir_.path() / "v", false), "second writer");
        IngestSource s = agent_source("chat:agent");
        s.items.push_back(note("A late note, newest of all", kT0 + 99 * kMinute));
        s.items.push_back(note("A backdated note between five and six", kT0 + 5 * kMinute + 1));
        const auto late = store(*other, *emb_, std::move(s));
        QCOMPARE(late.size(), std::size_t{2});
        // The ingest writes a source's items in time order, whatever order they came in.
        const auto written = must(get_memories(*vault_, late), "late notes");
        const std::string backdated =
            written[0].time_ms < written[1].time_ms ? written[0].id : written[1].id;

        std::vector<std::string> seen = ids_of(first.memories);
        std::optional<std::string> cursor = first.next_cursor;
        while (cursor) {
            o.cursor = *cursor;
            auto page = must(list_memories(*vault_, o), "next page");
            QVERIFY(page.memories.size() <= 3);
            for (const auto& m : page.memories)
                seen.push_back(m.id);
            cursor = page.next_cursor;
        }
        // Nothing repeats, nothing of the first listing is skipped, and the backdated note
        // shows in its place; the newer one belongs before the first page.
        QCOMPARE(std::set<std::string>(seen.begin(), seen.end()).size(), seen.size());
        std::vector<std::string> want = {ids_[9], ids_[8], ids_[7], ids_[6], backdated, ids_[5],
                                         ids_[4], ids_[3], ids_[2], ids_[1], ids_[0]};
        QCOMPARE(seen, want);
    }

    void badArgumentsAreNamed() {
        MemoryListOptions o;
        o.cursor = "page-2";
        auto r = list_memories(*vault_, o);
        QVERIFY(!r.is_ok());
        QVERIFY2(r.status().message().rfind("cursor:", 0) == 0, r.status().message().c_str());
        o = {};
        o.limit = 0;
        QVERIFY(list_memories(*vault_, o).status().message().rfind("limit:", 0) == 0);
        o = {};
        o.tags = {"ok", "  "};
        QCOMPARE(list_memories(*vault_, o).status().message(),
                 std::string("tags[1]: blank: a tag needs a word"));
        auto g = get_memories(*vault_, {ids_[0], "chunk-that-is-not-there"});
        QCOMPARE(g.status().code(), StatusCode::NotFound);
        QVERIFY2(g.status().message().find("chunk-that-is-not-there") != std::string::npos,
                 g.status().message().c_str());
    }

    void updateSupersedesAndGetSaysBothWays() {
        MemoryUpdate u;
        u.id = ids_[4];
        u.text = "Note number 4, corrected: the shed is blue";
        u.time_ms = kT0 + 50 * kMinute;
        const std::int64_t revision = vault_->revision();
        auto r = must(update_memory(*vault_, *emb_, u), "update");
        QCOMPARE(r.old_id, ids_[4]);
        QCOMPARE(r.new_ids.size(), std::size_t{1});
        QCOMPARE(vault_->revision(), revision + 1);

        auto got = must(get_memories(*vault_, {ids_[4], r.new_ids[0]}), "get");
        QCOMPARE(got.size(), std::size_t{2});
        QVERIFY(got[0].superseded);
        QCOMPARE(got[0].superseded_by, std::vector<std::string>{r.new_ids[0]});
        QVERIFY(!got[1].superseded);
        QCOMPARE(got[1].supersedes, std::optional<std::string>(ids_[4]));
        // What was not given is the old memory's own.
        QCOMPARE(got[1].author, std::string("Priya"));
        QCOMPARE(got[1].tags, (std::vector<std::string>{"work"}));
        QCOMPARE(got[1].source, std::string("chat:agent"));
        QCOMPARE(got[1].time_ms, kT0 + 50 * kMinute);

        // The list shows the new version, not the old one; with superseded ones, both.
        MemoryListOptions o;
        o.source = "chat:agent";
        auto ids = ids_of(must(list_memories(*vault_, o), "list").memories);
        QVERIFY(std::find(ids.begin(), ids.end(), ids_[4]) == ids.end());
        QVERIFY(std::find(ids.begin(), ids.end(), r.new_ids[0]) != ids.end());
        o.include_superseded = true;
        ids = ids_of(must(list_memories(*vault_, o), "list all").memories);
        QVERIFY(std::find(ids.begin(), ids.end(), ids_[4]) != ids.end());

        // A superseded memory is not updated again: the error names its newer version.
        auto again = update_memory(*vault_, *emb_, u);
        QVERIFY(!again.is_ok());
        QVERIFY2(again.status().message().find(r.new_ids[0]) != std::string::npos,
                 again.status().message().c_str());
        // An unknown id is NotFound naming it, and nothing is written.
        const std::int64_t before = vault_->revision();
        u.id = "no-such-memory";
        auto unknown = update_memory(*vault_, *emb_, u);
        QCOMPARE(unknown.status().code(), StatusCode::NotFound);
        QVERIFY(unknown.status().message().find("no-such-memory") != std::string::npos);
        QCOMPARE(vault_->revision(), before);
    }

    // The ingest checks the superseded memory again inside its transaction: a version of a
    // memory another writer replaced meanwhile is refused and writes nothing.
    void ingestRefusesAVersionOfAReplacedMemory() {
        IngestSource s = agent_source("chat:agent");
        IngestItem it = note("Replacing note 1", kT0 + 70 * kMinute);
        it.supersedes = ids_[1];
        s.items.push_back(it);
        QCOMPARE(store(*vault_, *emb_, s).size(), std::size_t{1}); // plain supersedes
        const std::int64_t revision = vault_->revision();
        s.items.front().text = "Replacing note 1 once more";
        s.items.front().supersedes_current = true;
        IngestOptions o;
        Ingestor ing(*vault_, *emb_, o);
        auto r = ing.ingest({s});
        QVERIFY(!r.is_ok());
        QVERIFY2(r.status().message().find("superseded already") != std::string::npos,
                 r.status().message().c_str());
        QCOMPARE(vault_->revision(), revision);
    }

    // The CLI's verbs are the same calls: list, get and update with --json, query --tag, and
    // errors that name the argument or the id. Runs after the in-process tests (the vault is
    // closed by no one: the CLI opens it beside this process, as a second process would).
    void cliVerbsAndTheirErrors() {
        const QString v = QString::fromStdString((dir_.path() / "v").string());
        auto list = test::run_cli({u"list"_s, u"--vault"_s, v, u"--tag"_s, u"GARDEN"_s,
                                   u"--limit"_s, u"2"_s, u"--json"_s});
        QVERIFY2(list.exit_code == 0, list.err.c_str());
        auto page = QJsonDocument::fromJson(QByteArray::fromStdString(list.out)).object();
        QCOMPARE(page[u"memories"_s].toArray().size(), 2);
        QVERIFY(page[u"next_cursor"_s].isString());
        auto next =
            test::run_cli({u"list"_s, u"--vault"_s, v, u"--tag"_s, u"GARDEN"_s, u"--limit"_s,
                           u"2"_s, u"--cursor"_s, page[u"next_cursor"_s].toString(), u"--json"_s});
        QVERIFY2(next.exit_code == 0, next.err.c_str());
        const auto second = QJsonDocument::fromJson(QByteArray::fromStdString(next.out)).object();
        QVERIFY(second[u"memories"_s].toArray()[0].toObject()[u"id"_s] !=
                page[u"memories"_s].toArray()[0].toObject()[u"id"_s]);

        // A short id (memories.h) names the memory to the command line too.
        const QString id = QString::fromStdString(ids_[8]);
        const QString short_id = id.left(static_cast<qsizetype>(kShortIdChars));
        auto updated = test::run_cli({u"update"_s, u"--vault"_s, v, short_id, u"--text"_s,
                                      u"Note 8 rewritten from the command line"_s, u"--tag"_s,
                                      u"cli"_s, u"--json"_s});
        QVERIFY2(updated.exit_code == 0, updated.err.c_str());
        const auto upd = QJsonDocument::fromJson(QByteArray::fromStdString(updated.out)).object();
        QCOMPARE(upd[u"old_id"_s].toString(), id);
        const QString newer = upd[u"new_ids"_s].toArray()[0].toString();

        auto got = test::run_cli({u"get"_s, u"--vault"_s, v, id, newer, u"--json"_s});
        QVERIFY2(got.exit_code == 0, got.err.c_str());
        const auto ms = QJsonDocument::fromJson(QByteArray::fromStdString(got.out)).array();
        QCOMPARE(ms.size(), 2);
        QCOMPARE(ms[0].toObject()[u"superseded_by"_s].toArray()[0].toString(), newer);
        QCOMPARE(ms[1].toObject()[u"supersedes"_s].toString(), id);
        QCOMPARE(ms[1].toObject()[u"tags"_s].toArray()[0].toString(), u"cli"_s);
        auto text = test::run_cli({u"get"_s, u"--vault"_s, v, newer});
        QVERIFY(text.out.find("supersedes:    " + ids_[8]) != std::string::npos);

        auto query = test::run_cli({u"query"_s, u"--vault"_s, v, u"--tag"_s, u"cli"_s,
                                    u"--no-audit"_s, u"--json"_s, u"rewritten command line"_s});
        QVERIFY2(query.exit_code == 0, query.err.c_str());
        const auto hits = QJsonDocument::fromJson(QByteArray::fromStdString(query.out))
                              .object()[u"hits"_s]
                              .toArray();
        QCOMPARE(hits.size(), 1);
        QCOMPARE(hits[0].toObject()[u"node_id"_s].toString(), newer);

        auto unknown = test::run_cli({u"get"_s, u"--vault"_s, v, u"nope-not-an-id"_s});
        QVERIFY(unknown.exit_code != 0);
        QVERIFY2(unknown.err.find("nope-not-an-id") != std::string::npos, unknown.err.c_str());
        auto blank = test::run_cli({u"query"_s, u"--vault"_s, v, u"--tag"_s, u" "_s, u"garden"_s});
        QVERIFY(blank.exit_code != 0);
        QVERIFY2(blank.err.find("--tag[0]") != std::string::npos, blank.err.c_str());
        auto badLimit = test::run_cli({u"list"_s, u"--vault"_s, v, u"--limit"_s, u"0"_s});
        QVERIFY(badLimit.exit_code != 0);
        QVERIFY2(badLimit.err.find("--limit") != std::string::npos, badLimit.err.c_str());
        auto badCursor = test::run_cli({u"list"_s, u"--vault"_s, v, u"--cursor"_s, u"xyz"_s});
        QVERIFY2(badCursor.err.find("cursor") != std::string::npos, badCursor.err.c_str());
        auto noText = test::run_cli({u"update"_s, u"--vault"_s, v, id});
        QVERIFY2(noText.err.find("--text") != std::string::npos, noText.err.c_str());
    }

    // tags in the search scope: both legs keep only tagged chunks (no summary), why-not names
    // the tag scope, and the audit row's rerun runs with it.
    void tagsScopeTheSearch() {
        auto engine = must(SearchEngine::open(*vault_), "engine");
        for (SearchMode mode : {SearchMode::Keyword, SearchMode::Semantic, SearchMode::Hybrid}) {
            QueryOptions o;
            o.mode = mode;
            o.include_summaries = true;
            o.scope.tags = {"TODO"};
            auto a = must(engine->query("note about the garden shed", o), "query");
            QVERIFY(!a.response.result.hits.empty());
            for (const auto& h : a.response.result.hits) {
                QCOMPARE(h.node_kind, NodeKind::Leaf);
                auto m = must(get_memories(*vault_, {h.node_id}), "hit");
                QVERIFY2(std::find(m[0].tags.begin(), m[0].tags.end(), "todo") != m[0].tags.end(),
                         h.node_id.c_str());
            }
        }
        QueryOptions o;
        o.scope.tags = {"todo"};
        auto why = must(engine->why_not("note about the garden shed", ids_[2], o), "why not");
        QCOMPARE(why.stage, WhyNotStage::Scope);
        QVERIFY2(why.verdict.find("tag") != std::string::npos, why.verdict.c_str());

        auto a = must(engine->query("garden shed", o), "logged query");
        QVERIFY(engine->audit_writer()->flush());
        const auto row = engine->audit_writer()->last_written_id();
        auto logged = must(get_audit(vault_->db(), row), "row");
        QCOMPARE(must(request_from_audit(logged), "request").scope.tags,
                 std::vector<std::string>{"todo"});
        auto rerun = must(rerun_audit(*engine, row), "rerun");
        QVERIFY(rerun.identical);
        QCOMPARE(rerun.rerun.result.hits.size(), a.response.result.hits.size());

        QueryOptions bad;
        bad.scope.tags = {""};
        auto refused = engine->query("garden", bad);
        QVERIFY(!refused.is_ok());
        QVERIFY2(refused.status().message().rfind("tag[0]:", 0) == 0,
                 refused.status().message().c_str());
    }

    // Short ids: a memory is named by the start of its id, long enough that no other id starts
    // so; a start two ids share is refused, naming both.
    void shortIdsNameOneMemoryOrAreRefused() {
        const auto shorts = must(short_chunk_ids(*vault_, ids_), "short ids");
        QCOMPARE(shorts.size(), ids_.size());
        for (std::size_t i = 0; i < ids_.size(); ++i) {
            QVERIFY2(shorts[i].size() >= kShortIdChars && ids_[i].starts_with(shorts[i]),
                     shorts[i].c_str());
            QCOMPARE(must(resolve_node_id(*vault_, shorts[i]), "resolve"), ids_[i]);
        }
        // Two rows whose ids share their first eleven digits (written here: an ingest names a
        // chunk by a hash, and two hashes that share eleven digits take a long search).
        const std::string twin = "fedcba98765";
        for (const char* tail : {"000000000000000000000", "100000000000000000000"})
            QVERIFY(vault_->db()
                        .exec("INSERT INTO mem_tree_chunks (id, source_kind, source_id, "
                              "timestamp_ms, time_range_start_ms, time_range_end_ms, content, "
                              "token_count, seq_in_source, created_at_ms, rid) SELECT '" +
                              twin + tail +
                              "', 'chat', 'chat:twins', 0, 0, 0, 'twin', 1, 0, 0, "
                              "max(rid) + 1 FROM mem_tree_chunks")
                        .is_ok());
        const auto twins =
            must(short_chunk_ids(*vault_, {twin + "000000000000000000000"}), "twins");
        QCOMPARE(twins[0], twin + "0"); // one digit past what they share
        QCOMPARE(must(resolve_node_id(*vault_, twin + "1"), "resolve"),
                 twin + "100000000000000000000");
        const auto both = resolve_node_id(*vault_, twin);
        QVERIFY(!both.is_ok());
        QVERIFY2(both.status().message().find("ambiguous") != std::string::npos &&
                     both.status().message().find(twin + "000000000000000000000") !=
                         std::string::npos,
                 both.status().message().c_str());
        // Too short to be a short id, not hexadecimal, or no one's: given back as it is, so
        // the caller's "unknown id" names it.
        for (const std::string& id :
             {std::string("fedcba"), std::string("summary:1:L1-ab"), std::string("0000000000")})
            QCOMPARE(must(resolve_node_id(*vault_, id), "resolve"), id);
        QVERIFY(vault_->db()
                    .exec("DELETE FROM mem_tree_chunks WHERE source_id = 'chat:twins'")
                    .is_ok());
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestMemories)
#include "tst_memories.moc"
} // namespace tst_memories
