// Forgetting memories (memlens/forget.h) in real vaults built by real ingests: the forgotten
// text is in no file of the vault folder afterwards, and nothing memlens answers returns it.
#include "suite.h"
#include "testsupport.h"

#include <memlens/audit.h>
#include <memlens/embedder.h>
#include <memlens/forget.h>
#include <memlens/ingest.h>
#include <memlens/retrieval.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <iterator>

namespace tst_forget {

using namespace memlens;
namespace fs = std::filesystem;

namespace {

constexpr std::int64_t kT0 = 1'700'000'000'000; // 2023-11-14
// A name of the forgotten memory alone (an entity with edges, lower-cased in entity ids,
// stemmed in FTS5). The files are searched for its middle, whatever its case: FTS5 stores a
// term after the prefix it shares with the term before it, and the stemmer may cut its end.
const std::string kSecret =
    "Yesterday Alice met Priya Zxqvorthianz at the harbour to plan the phoenix launch.";
constexpr const char* kToken = "qvorthian";

// Twelve messages of one thread; the fifth is the secret. Small budgets seal L1 and L2.
IngestSource chat_thread() {
    IngestSource s;
    s.source_id = "slack:#eng";
    s.source_kind = "chat";
    s.platform = "slack";
    s.format = "jsonl";
    for (int i = 0; i < 12; ++i) {
        IngestItem it;
        it.text = i == 4 ? kSecret
                         : "Message " + std::to_string(i) +
                               ": Alice and Bob discussed the phoenix launch and the harbour "
                               "budget with Carol.";
        it.author = i % 2 ? "Alice" : "Bob";
        it.ts_ms = kT0 + i * 60'000;
        it.group_id = "thread-1";
        it.message_id = "m" + std::to_string(i);
        s.items.push_back(std::move(it));
    }
    return s;
}

IngestOptions small_budget() {
    IngestOptions o;
    o.seal.l0_token_budget = 60;
    o.seal.summary_fanout = 2;
    o.now_ms = kT0 + 86'400'000;
    return o;
}

// Every file under `dir` whose bytes hold `token`, case-insensitively.
QStringList files_holding(const fs::path& dir, std::string token) {
    std::transform(token.begin(), token.end(), token.begin(), ::tolower);
    QStringList out;
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
        if (!e.is_regular_file())
            continue;
        std::ifstream in(e.path(), std::ios::binary);
        std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        std::transform(bytes.begin(), bytes.end(), bytes.begin(), ::tolower);
        if (bytes.find(token) != std::string::npos)
            out << QString::fromStdString(e.path().filename().string());
    }
    return out;
}

bool has_id(const std::vector<RetrievalHit>& hits, const std::string& id) {
    return std::any_of(hits.begin(), hits.end(),
                       [&](const RetrievalHit& h) { return h.node_id == id; });
}

struct Fixture {
    test::TempDir tmp;
    std::unique_ptr<Vault> vault;
    std::unique_ptr<Embedder> embedder = make_hash_embedder();
    IngestReport report;
    std::string secret_id;

    Fixture() {
        auto v = Vault::create(tmp.path() / "v");
        if (!v.is_ok())
            qFatal("%s", v.status().to_string().c_str());
        vault = std::move(v).value();
        IngestOptions o = small_budget();
        o.report_chunk_ids = true;
        Ingestor in(*vault, *embedder, o);
        auto r = in.ingest({chat_thread()});
        if (!r.is_ok())
            qFatal("%s", r.status().to_string().c_str());
        report = *r;
        auto id = vault->db().prepare("SELECT id FROM mem_tree_chunks WHERE message_id = 'm4'");
        if (!id.is_ok() || !id->step().is_ok())
            qFatal("no secret chunk");
        secret_id = id->column_text(0);
    }
    long long count(const std::string& sql) {
        auto v = vault->db().query_int(sql);
        return v.is_ok() ? *v : -1;
    }
    fs::path dir() const { return vault->dir(); }
};

AuditRecord store_row(const std::string& id) {
    AuditCaller caller;
    caller.client = "test-agent 1.0";
    caller.session = "stdio pid 1";
    caller.tool = "memory_store";
    caller.arguments = nlohmann::json{{"text", kSecret}, {"source", "slack:#eng"}}.dump();
    return make_tool_audit_record(caller, kSecret, {id}, 1.0, 1);
}

} // namespace

class TestForget : public QObject {
    Q_OBJECT
private slots:
    // Forgetting leaves no copy (docs/agents.md, "Forget"): a vault with summaries, entities, edges
    // and audit rows holding a token; after the forget no file of the folder holds it, and no
    // search, primitive or rerun returns the memory.
    void forgottenTextIsInNoFileAndNoAnswer() {
        Fixture f;
        QVERIFY(f.count("SELECT count(*) FROM mem_tree_summaries WHERE level >= 2") > 0);
        QVERIFY(f.count("SELECT count(*) FROM mem_tree_entity_index WHERE entity_id LIKE "
                        "'%zxqvorthianz%'") > 0);
        // Its neighbours' FTS5 rows hold its text (near / far), as its summaries do.
        QVERIFY(f.count("SELECT count(*) FROM mem_tree_chunks_fts WHERE near LIKE "
                        "'%zxqvorthianz%' OR far LIKE '%zxqvorthianz%'") >= 2);
        QVERIFY(f.count("SELECT count(*) FROM mem_tree_summaries WHERE content LIKE "
                        "'%zxqvorthianz%'") >= 2);
        QVERIFY(f.count("SELECT count(*) FROM mem_tree_entity_edges WHERE entity_a LIKE "
                        "'%zxqvorthianz%' OR entity_b LIKE '%zxqvorthianz%'") > 0);

        auto engine = SearchEngine::open(*f.vault, *f.embedder);
        QVERIFY2(engine.is_ok(), engine.status().to_string().c_str());
        // A search that returns it (its row names the id), a store's row holding the text, and
        // a row waiting in audit-pending.jsonl.
        auto found = (*engine)->query("harbour meeting with Priya");
        QVERIFY2(found.is_ok(), found.status().to_string().c_str());
        QVERIFY(has_id(found->response.result.hits, f.secret_id));
        (*engine)->audit_writer()->submit(store_row(f.secret_id));
        // A primitive's call that returned it: its query is the agent's, not the memory's.
        AuditCaller primitive;
        primitive.client = "test-agent 1.0";
        primitive.tool = "query_source";
        primitive.arguments = R"({"source_id":"slack:#eng","query":"harbour"})";
        (*engine)->audit_writer()->submit(
            make_tool_audit_record(primitive, "harbour", {f.secret_id}, 1.0, 1));
        QVERIFY((*engine)->audit_writer()->flush().is_ok());
        const std::int64_t search_row = (*engine)->audit_writer()->last_written_id() - 2;
        QVERIFY(append_pending_audit(pending_audit_path(*f.vault), store_row(f.secret_id)));
        QVERIFY(!files_holding(f.dir(), kToken).isEmpty());

        const auto leaf_parent = f.count("SELECT rid FROM mem_tree_summaries s WHERE EXISTS "
                                         "(SELECT 1 FROM json_each(s.child_ids_json) j WHERE "
                                         "j.value = '" +
                                         f.secret_id + "')");
        QVERIFY(leaf_parent > 0);
        const auto revision = f.vault->revision();

        ForgetRequest req;
        req.ids = {f.secret_id};
        auto plan = plan_forget(*f.vault, req);
        QVERIFY2(plan.is_ok(), plan.status().to_string().c_str());
        QCOMPARE(plan->memories, std::vector<std::string>{f.secret_id});
        QVERIFY(plan->summaries_resealed.size() >= 2); // its L1 and every level above

        auto r = forget_memories(*f.vault, *f.embedder, req);
        QVERIFY2(r.is_ok(), r.status().to_string().c_str());
        QCOMPARE(r->memories, std::vector<std::string>{f.secret_id});
        QCOMPARE(r->summaries_resealed, plan->summaries_resealed);
        QVERIFY(r->summaries_removed.empty());
        QVERIFY(
            std::any_of(r->entities_removed.begin(), r->entities_removed.end(),
                        [](const std::string& e) { return e.find(kToken) != std::string::npos; }));
        QVERIFY(r->edges_changed > 0);
        QCOMPARE(r->audit_rows, std::size_t{3});
        QCOMPARE(r->pending_audit_rows, std::size_t{1});
        QVERIFY(r->wal_truncated);
        QCOMPARE(r->revision, revision + 1);

        const QStringList holding = files_holding(f.dir(), kToken);
        QVERIFY2(holding.isEmpty(), qPrintable(holding.join(QStringLiteral(", "))));
        auto check = f.vault->db().prepare("PRAGMA integrity_check");
        QVERIFY(check.is_ok() && *check->step());
        QCOMPARE(check->column_text(0), std::string("ok"));
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_chunks_fts WHERE near LIKE "
                         "'%zxqvorthianz%' OR far LIKE '%zxqvorthianz%'"),
                 0LL);
        // The entity list agrees with the index it is counted from.
        QCOMPARE(f.count("SELECT count(*) FROM ml_entities e WHERE mentions != (SELECT count(*) "
                         "FROM mem_tree_entity_index i WHERE i.entity_id = e.entity_id AND "
                         "i.entity_kind = e.entity_kind)"),
                 0LL);
        QCOMPARE(f.count("SELECT count(*) FROM (SELECT DISTINCT entity_id, entity_kind FROM "
                         "mem_tree_entity_index)"),
                 f.count("SELECT count(*) FROM ml_entities"));

        // Search (both legs), the primitives and a rerun of the old row.
        for (const char* q : {"Zxqvorthianz", "harbour meeting with Priya", "phoenix launch"}) {
            auto again = (*engine)->query(q);
            QVERIFY2(again.is_ok(), again.status().to_string().c_str());
            QVERIFY2(!has_id(again->response.result.hits, f.secret_id), q);
            for (const auto& h : again->response.result.hits)
                QVERIFY(h.content.find("Zxqvorthianz") == std::string::npos);
        }
        auto leaves = fetch_leaves(*f.vault, {f.secret_id});
        QVERIFY(leaves.is_ok());
        QVERIFY(leaves->empty());
        auto roots = f.vault->db().prepare("SELECT id FROM mem_tree_summaries");
        QVERIFY(roots.is_ok());
        while (*roots->step()) {
            DrillDownOptions o;
            o.node_id = roots->column_text(0);
            o.max_depth = 8;
            auto down = drill_down(*f.vault, o);
            QVERIFY(down.is_ok());
            QVERIFY(!has_id(*down, f.secret_id));
            for (const auto& h : *down)
                QVERIFY(h.content.find("Zxqvorthianz") == std::string::npos);
        }
        SearchEntitiesOptions so;
        so.query = kToken;
        auto ents = search_entities(*f.vault, so);
        QVERIFY(ents.is_ok());
        QVERIFY(ents->empty());
        QueryTopicOptions to;
        to.entity_id = "person:priya zxqvorthianz";
        auto topic = query_topic(*f.vault, to);
        QVERIFY(topic.is_ok());
        QVERIFY(!has_id(topic->hits, f.secret_id));

        auto rerun = rerun_audit(**engine, search_row);
        QVERIFY2(rerun.is_ok(), rerun.status().to_string().c_str());
        QCOMPARE(rerun->forgotten, std::vector<std::string>{f.secret_id});
        QVERIFY(!has_id(rerun->rerun.result.hits, f.secret_id));
        // The rows keep ids and scores; the text is the marker.
        auto logged = get_audit(f.vault->db(), search_row + 1);
        QVERIFY(logged.is_ok());
        QCOMPARE(logged->query, std::string(kForgottenMarker));
        QVERIFY(logged->sources.find(f.secret_id) != std::string::npos);
        QVERIFY(logged->caller.arguments.find(kForgottenMarker) != std::string::npos);
        auto asked = get_audit(f.vault->db(), search_row + 2);
        QVERIFY(asked.is_ok());
        QCOMPARE(asked->query, std::string("harbour"));
        QCOMPARE(asked->caller.arguments, primitive.arguments);
        QVERIFY(asked->query_profile.find(f.secret_id) != std::string::npos); // "forgotten"
    }

    // A summary all of whose memories are forgotten goes; its tree's root and buffers follow;
    // the others are re-sealed without them.
    void aSummaryWithNothingLeftGoes() {
        Fixture f;
        auto l1 = f.vault->db().prepare(
            "SELECT id, child_ids_json FROM mem_tree_summaries WHERE level = 1 ORDER BY id "
            "LIMIT 1");
        QVERIFY(l1.is_ok() && *l1->step());
        const std::string summary = l1->column_text(0);
        const auto children = nlohmann::json::parse(l1->column_text(1));
        ForgetRequest req;
        for (const auto& c : children)
            req.ids.push_back(c.get<std::string>());
        auto r = forget_memories(*f.vault, *f.embedder, req);
        QVERIFY2(r.is_ok(), r.status().to_string().c_str());
        QCOMPARE(r->summaries_removed, std::vector<std::string>{summary});
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_summaries WHERE id = '" + summary + "'"),
                 0LL);
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_summaries s, json_each(s.child_ids_json) "
                         "j WHERE j.value = '" +
                         summary + "'"),
                 0LL);
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_trees t WHERE root_id IS NOT NULL AND "
                         "root_id NOT IN (SELECT id FROM mem_tree_summaries)"),
                 0LL);
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_summaries_fts"),
                 f.count("SELECT count(*) FROM mem_tree_summaries"));
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_summary_embeddings"),
                 f.count("SELECT count(*) FROM mem_tree_summaries"));
    }

    // By source and by time; what a request may not say.
    void bySourceAndBefore() {
        Fixture f;
        ForgetRequest before;
        before.before_ms = kT0 + 3 * 60'000; // m0, m1, m2
        auto r = forget_memories(*f.vault, *f.embedder, before);
        QVERIFY2(r.is_ok(), r.status().to_string().c_str());
        QCOMPARE(r->memories.size(), std::size_t{3});
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_chunks"), 9LL);
        QCOMPARE(f.count("SELECT chunk_count FROM ml_sources"), 9LL);

        ForgetRequest source;
        source.source = "slack:#eng";
        r = forget_memories(*f.vault, *f.embedder, source);
        QVERIFY2(r.is_ok(), r.status().to_string().c_str());
        QCOMPARE(r->memories.size(), std::size_t{9});
        for (const char* table : {"mem_tree_chunks", "mem_tree_summaries", "mem_tree_chunks_fts",
                                  "mem_tree_entity_index", "mem_tree_entity_edges", "ml_entities",
                                  "ml_sources", "mem_tree_trees", "mem_tree_chunk_embeddings"})
            QCOMPARE(f.count(std::string("SELECT count(*) FROM ") + table), 0LL);

        auto unknown = forget_memories(*f.vault, *f.embedder, source);
        QCOMPARE(unknown.status().code(), StatusCode::NotFound);
        QVERIFY(unknown.status().message().find("slack:#eng") != std::string::npos);
    }

    // A reader in another connection keeps the checkpoint from emptying the WAL: the forget
    // commits all the same and says that the WAL was not truncated.
    void aLiveReaderKeepsTheWalAndItIsSaid() {
        Fixture f;
        auto reader = f.vault->open_connection(true);
        QVERIFY(reader.is_ok());
        auto snapshot = ReadSnapshot::begin(*reader);
        QVERIFY(snapshot.is_ok());
        QCOMPARE(*reader->query_int("SELECT count(*) FROM mem_tree_chunks"), 12LL);
        ForgetRequest req;
        req.ids = {f.secret_id};
        auto r = forget_memories(*f.vault, *f.embedder, req);
        QVERIFY2(r.is_ok(), r.status().to_string().c_str());
        QVERIFY(!r->wal_truncated);
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_chunks"), 11LL);
        // The reader still sees its snapshot; the next one does not see the memory.
        QCOMPARE(*reader->query_int("SELECT count(*) FROM mem_tree_chunks"), 12LL);
    }

    // A correction that is forgotten no longer hides the message it corrected.
    void aForgottenCorrectionNoLongerSupersedes() {
        Fixture f;
        IngestSource fix = chat_thread();
        fix.items.resize(1);
        fix.items[0].text = "Correction: the harbour meeting moved to Friday.";
        fix.items[0].message_id = "m-fix";
        fix.items[0].supersedes = "m4";
        fix.items[0].ts_ms = kT0 + 3'600'000;
        IngestOptions o = small_budget();
        o.report_chunk_ids = true;
        Ingestor in(*f.vault, *f.embedder, o);
        auto r = in.ingest({fix});
        QVERIFY2(r.is_ok(), r.status().to_string().c_str());
        QCOMPARE(r->chunk_ids.size(), std::size_t{1});
        const std::string superseded =
            "SELECT superseded FROM mem_tree_chunks WHERE id = '" + f.secret_id + "'";
        QCOMPARE(f.count(superseded), 1LL);
        ForgetRequest req;
        req.ids = r->chunk_ids;
        auto forgot = forget_memories(*f.vault, *f.embedder, req);
        QVERIFY2(forgot.is_ok(), forgot.status().to_string().c_str());
        QCOMPARE(f.count(superseded), 0LL);
    }

    void refusesWhatItCannotDo() {
        Fixture f;
        ForgetRequest none;
        QCOMPARE(plan_forget(*f.vault, none).status().code(), StatusCode::InvalidArgument);
        ForgetRequest both;
        both.ids = {f.secret_id};
        both.source = "slack:#eng";
        QCOMPARE(plan_forget(*f.vault, both).status().code(), StatusCode::InvalidArgument);
        ForgetRequest unknown;
        unknown.ids = {"no-such-id"};
        auto u = forget_memories(*f.vault, *f.embedder, unknown);
        QCOMPARE(u.status().code(), StatusCode::NotFound);
        QVERIFY(u.status().message().find("no-such-id") != std::string::npos);
        auto s = f.vault->db().prepare("SELECT id FROM mem_tree_summaries LIMIT 1");
        QVERIFY(s.is_ok() && *s->step());
        ForgetRequest summary;
        summary.ids = {s->column_text(0)};
        QCOMPARE(plan_forget(*f.vault, summary).status().code(), StatusCode::InvalidArgument);
        // Nothing changed; a read-only vault is refused.
        QCOMPARE(f.count("SELECT count(*) FROM mem_tree_chunks"), 12LL);
        auto ro = Vault::open(f.dir(), true);
        QVERIFY(ro.is_ok());
        ForgetRequest ok;
        ok.ids = {f.secret_id};
        QCOMPARE(forget_memories(**ro, *f.embedder, ok).status().code(), StatusCode::Unsupported);
    }

    // memlens-cli forget: --dry-run says and changes nothing; --json is forget_report_json;
    // argument mistakes and unknown ids fail naming them.
    void cli() {
        Fixture f;
        const fs::path vault_dir = f.dir();
        const QString dir = QString::fromStdString(vault_dir.string());
        const QString id = QString::fromStdString(f.secret_id);
        std::int64_t search_row = 0;
        {
            auto engine = SearchEngine::open(*f.vault, *f.embedder);
            QVERIFY(engine.is_ok());
            auto found = (*engine)->query("harbour meeting with Priya");
            QVERIFY(found.is_ok() && has_id(found->response.result.hits, f.secret_id));
            QVERIFY((*engine)->audit_writer()->flush().is_ok());
            search_row = (*engine)->audit_writer()->last_written_id();
        }
        f.vault.reset(); // the CLI opens it on its own

        auto dry = test::run_cli({QStringLiteral("forget"), QStringLiteral("--vault"), dir, id,
                                  QStringLiteral("--dry-run"), QStringLiteral("--json")});
        QCOMPARE(dry.exit_code, 0);
        auto j = nlohmann::json::parse(dry.out);
        QCOMPARE(j["forgotten"], nlohmann::json::array({f.secret_id}));
        QVERIFY(j["dry_run"].get<bool>());
        QVERIFY(!j["summaries_resealed"].empty());

        auto done = test::run_cli({QStringLiteral("forget"), QStringLiteral("--vault"), dir, id,
                                   QStringLiteral("--json")});
        QVERIFY2(done.exit_code == 0, done.err.c_str());
        j = nlohmann::json::parse(done.out);
        QCOMPARE(j["forgotten"], nlohmann::json::array({f.secret_id}));
        QVERIFY(!j["dry_run"].get<bool>());
        QVERIFY(j["wal_truncated"].get<bool>());
        QVERIFY(files_holding(vault_dir, kToken).isEmpty());

        auto rerun = test::run_cli({QStringLiteral("audit"), QStringLiteral("--vault"), dir,
                                    QStringLiteral("rerun"), QString::number(search_row)});
        QVERIFY2(rerun.exit_code == 0, rerun.err.c_str());
        QVERIFY2(rerun.out.find(f.secret_id + " was forgotten") != std::string::npos,
                 rerun.out.c_str());

        auto again = test::run_cli({QStringLiteral("forget"), QStringLiteral("--vault"), dir, id});
        QVERIFY(again.exit_code != 0);
        QVERIFY2(again.err.find(f.secret_id) != std::string::npos, again.err.c_str());
        auto both = test::run_cli({QStringLiteral("forget"), QStringLiteral("--vault"), dir, id,
                                   QStringLiteral("--source"), QStringLiteral("slack:#eng")});
        QVERIFY(both.exit_code != 0);
        QVERIFY2(both.err.find("ids cannot be combined") != std::string::npos, both.err.c_str());
        auto none = test::run_cli({QStringLiteral("forget"), QStringLiteral("--vault"), dir});
        QVERIFY(none.exit_code != 0);
        auto bad_time = test::run_cli({QStringLiteral("forget"), QStringLiteral("--vault"), dir,
                                       QStringLiteral("--before"), QStringLiteral("yesterday")});
        QVERIFY(bad_time.exit_code != 0);
        QVERIFY2(bad_time.err.find("--before") != std::string::npos, bad_time.err.c_str());

        auto text =
            test::run_cli({QStringLiteral("forget"), QStringLiteral("--vault"), dir,
                           QStringLiteral("--before"), QStringLiteral("2023-11-14T22:15:00Z")});
        QVERIFY2(text.exit_code == 0, text.err.c_str());
        QVERIFY2(text.out.find("forgot 2 memories") != std::string::npos, text.out.c_str());
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestForget)
#include "tst_forget.moc"
} // namespace tst_forget
