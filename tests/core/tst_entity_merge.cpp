// Entity clean-up on real vault files: merge_entities (the registry gains the alias, the index,
// edges and entity list re-point, a read-only vault refuses, a failure half-way changes
// nothing), propose_entity_merges with its evidence, the person/topic rule at ingest and at
// query resolution, and `memlens-cli entities proposals|merge`.
#include "fixture.h"
#include "suite.h"
#include "testsupport.h"
#include "vault_dump.h"

#include <memlens/embedder.h>
#include <memlens/entities.h>
#include <memlens/entity_merge.h>
#include <memlens/ingest.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>

namespace tst_entity_merge {

using namespace memlens;
using namespace Qt::StringLiterals;
using test::kT0;
namespace fs = std::filesystem;

namespace {

constexpr std::int64_t kMin = 60'000;

using test::must;

void set_author(test::VaultFixture& f, const std::string& chunk, const std::string& author) {
    auto st = f.db().prepare("UPDATE mem_tree_chunks SET author = ?2 WHERE id = ?1");
    QVERIFY(st.is_ok());
    st->bind(1, chunk).bind(2, author);
    QVERIFY(st->exec().is_ok());
}

// Two speakers, Caroline and Melanie; Caroline calls Melanie "Mel" and once "Mell"; a topic
// twin of Caroline; a second source where "Jon" is the speaker John. Edges are what ingest
// would count: one per pair of entities sharing a leaf.
void build(test::VaultFixture& f) {
    f.add_tree("t1", "locomo:conv-1");
    const std::vector<std::pair<std::string, std::string>> chunks = {
        {"c1", "Caroline"}, {"c2", "Melanie"}, {"c3", "Caroline"},
        {"c4", "Melanie"},  {"c5", "John"},    {"c6", "Gina"}};
    for (std::size_t i = 0; i < chunks.size(); ++i) {
        test::ChunkSpec c;
        c.id = chunks[i].first;
        c.source_id = i < 4 ? "locomo:conv-1" : "locomo:conv-2";
        c.start_ms = kT0 + static_cast<std::int64_t>(i) * kMin;
        f.add_chunk(c);
        set_author(f, c.id, chunks[i].second);
    }
    const std::map<std::string, std::vector<std::pair<std::string, std::string>>> mentions = {
        {"c1",
         {{"person:melanie", "Melanie"}, {"person:mel", "Mel"}, {"topic:painting", "painting"}}},
        {"c2",
         {{"person:melanie", "Melanie"},
          {"person:caroline", "Caroline"},
          {"topic:painting", "painting"},
          {"person:caro", "Caro"}}},
        {"c3", {{"person:mel", "Mel"}, {"person:caroline", "Caroline"}, {"person:mell", "Mell"}}},
        {"c4",
         {{"person:melanie", "Melanie"},
          {"topic:painting", "painting"},
          {"topic:caroline", "Caroline"}}},
        {"c5", {{"person:john", "John"}}},
        {"c6", {{"person:jon", "Jon"}, {"person:gina", "Gina"}, {"person:jo", "Jo"}}},
    };
    std::map<std::pair<std::string, std::string>, std::int64_t> edges;
    std::int64_t i = 0;
    for (const auto& [node, ents] : mentions) {
        for (const auto& [id, surface] : ents)
            f.add_mention(id, node, kT0 + i * kMin, "leaf", surface);
        for (std::size_t a = 0; a < ents.size(); ++a)
            for (std::size_t b = a + 1; b < ents.size(); ++b)
                ++edges[{std::min(ents[a].first, ents[b].first),
                         std::max(ents[a].first, ents[b].first)}];
        ++i;
    }
    for (const auto& [pair, w] : edges)
        f.add_edge(pair.first, pair.second, w);
    test::SummarySpec s;
    s.id = "s1";
    s.tree_id = "t1";
    s.child_ids = {"c1", "c3"};
    s.entities = {"person:mel", "person:melanie", "topic:painting"};
    f.add_summary(s);
    f.add_mention("person:mel", "s1", kT0, "summary", "Mel");
    f.add_mention("person:melanie", "s1", kT0, "summary", "Melanie");
}

std::map<std::pair<std::string, std::string>, std::int64_t> edges_of(const Database& db) {
    std::map<std::pair<std::string, std::string>, std::int64_t> out;
    auto st =
        must(db.prepare("SELECT entity_a, entity_b, weight FROM mem_tree_entity_edges"), "edges");
    while (*st.step())
        out[{st.column_text(0), st.column_text(1)}] = st.column_int64(2);
    return out;
}

std::int64_t weight(const std::map<std::pair<std::string, std::string>, std::int64_t>& edges,
                    const std::string& a, const std::string& b) {
    auto it = edges.find({a, b});
    return it == edges.end() ? 0 : it->second;
}

std::int64_t scalar(const Database& db, const std::string& sql) {
    auto st = must(db.prepare(sql), "scalar");
    return *st.step() ? st.column_int64(0) : -1;
}

std::string text_of(const Database& db, const std::string& sql) {
    auto st = must(db.prepare(sql), "text");
    return *st.step() ? st.column_text(0) : std::string("<none>");
}

// Every file under the vault's entities folder with its bytes.
std::map<std::string, std::string> registry_files(const fs::path& vault_dir) {
    std::map<std::string, std::string> out;
    const fs::path dir = vault_dir / "entities";
    if (!fs::exists(dir))
        return out;
    for (const auto& e : fs::recursive_directory_iterator(dir))
        out[fs::relative(e.path(), dir).string()] =
            e.is_regular_file() ? test::file_bytes(e.path()) : std::string("<dir>");
    return out;
}

IngestItem chat_item(const std::string& author, std::int64_t ts, const std::string& text) {
    IngestItem it;
    it.author = author;
    it.ts_ms = ts;
    it.text = text;
    it.source_ref = author + std::to_string(ts);
    return it;
}

// A two-speaker chat source as the LoCoMo importer makes it.
IngestSource chat_source(const std::string& id, std::vector<std::string> persons,
                         std::vector<IngestItem> items) {
    IngestSource a;
    a.source_id = id;
    a.source_kind = "chat";
    a.platform = "locomo";
    a.format = "jsonl";
    a.persons = std::move(persons);
    a.items = std::move(items);
    return a;
}

// The exit status of a merge child that reached the step it was to die at.
constexpr int kDiedAtStep = 42;

bool has(const std::vector<std::string>& v, const std::string& x) {
    return std::find(v.begin(), v.end(), x) != v.end();
}

// The list as one line, for a failure's message.
std::string joined(const std::vector<std::string>& v) {
    std::string out;
    for (const auto& x : v)
        out += x + " | ";
    return out;
}

} // namespace

class TestEntityMerge : public QObject {
    Q_OBJECT
public:
    static void initMain();

private slots:
    void mergeWritesAliasAndRepointsIndex() {
        test::VaultFixture f;
        build(f);
        const auto rev = f.vault().revision();
        auto r = merge_entities(f.vault(), "person:mel", "person:melanie");
        QVERIFY2(r.is_ok(), r.status().to_string().c_str());
        QCOMPARE(r->mentions_moved, 1);   // c3 (s1 and c1 already name Melanie)
        QCOMPARE(r->mentions_dropped, 2); // c1, s1
        QCOMPARE(r->aliases_added, std::vector<std::string>{"Mel"});

        // The registry file holds the alias, and a fresh load resolves it.
        const fs::path file = f.dir() / "entities" / "person" / "person%3Amelanie.md";
        QCOMPARE(r->registry_file, file);
        QVERIFY(test::file_bytes(file).find("\"Mel\"") != std::string::npos);
        auto reg = must(EntityRegistry::load(f.dir() / "entities"), "load");
        QCOMPARE(reg.lookup_alias("mel"), std::optional<std::string>("person:melanie"));
        QCOMPARE(reg.find("person:melanie")->display_name, std::string("Melanie"));

        // The index: no row names Mel; Melanie is on c1..c4 and s1, one row each.
        const Database& db = f.db();
        QCOMPARE(scalar(db, "SELECT count(*) FROM mem_tree_entity_index WHERE entity_id = "
                            "'person:mel'"),
                 0);
        QCOMPARE(scalar(db, "SELECT count(*) FROM mem_tree_entity_index WHERE entity_id = "
                            "'person:melanie'"),
                 5);
        // Edges: weights are the leaves naming both, Mel's edges gone, others untouched.
        auto edges = edges_of(db);
        QCOMPARE(edges.count({"person:mel", "person:melanie"}), std::size_t{0});
        QCOMPARE(edges.count({"person:caroline", "person:mel"}), std::size_t{0});
        QCOMPARE(edges.count({"person:mel", "topic:painting"}), std::size_t{0});
        QCOMPARE(weight(edges, "person:melanie", "topic:painting"), 3);  // c1, c2, c4
        QCOMPARE(weight(edges, "person:caroline", "person:melanie"), 2); // c2, c3
        QCOMPARE(weight(edges, "person:caro", "person:melanie"), 1);
        QCOMPARE(weight(edges, "person:caroline", "topic:painting"), 1);
        QCOMPARE(weight(edges, "person:gina", "person:jon"), 1);
        for (const auto& [pair, w] : edges) {
            const auto shared = scalar(
                db, "SELECT count(*) FROM mem_tree_entity_index a JOIN mem_tree_entity_index b "
                    "ON a.node_id = b.node_id WHERE a.node_kind = 'leaf' AND a.entity_id = '" +
                        pair.first + "' AND b.entity_id = '" + pair.second + "'");
            QCOMPARE(w, shared);
        }
        // The entity list and the summary follow.
        QCOMPARE(scalar(db, "SELECT count(*) FROM ml_entities WHERE entity_id = 'person:mel'"), 0);
        QCOMPARE(scalar(db, "SELECT mentions FROM ml_entities WHERE entity_id = "
                            "'person:melanie'"),
                 5);
        QVERIFY(("\n" +
                 text_of(db, "SELECT surfaces FROM ml_entities WHERE entity_id = "
                             "'person:melanie'") +
                 "\n")
                    .find("\nMel\n") != std::string::npos);
        QCOMPARE(text_of(db, "SELECT entities_json FROM mem_tree_summaries WHERE id = 's1'"),
                 std::string(R"(["person:melanie","topic:painting"])"));
        QCOMPARE(f.vault().revision(), rev + 1);

        // A second variant joins the same record, which keeps its first alias.
        QVERIFY(merge_entities(f.vault(), "person:caro", "person:caroline").is_ok());
        reg = must(EntityRegistry::load(f.dir() / "entities"), "reload");
        QCOMPARE(reg.lookup_alias("caro"), std::optional<std::string>("person:caroline"));
        QCOMPARE(reg.lookup_alias("mel"), std::optional<std::string>("person:melanie"));
    }

    void mergeFoldsTheVariantsOwnRecord() {
        test::VaultFixture f;
        build(f);
        auto reg = must(EntityRegistry::load(f.dir() / "entities"), "load");
        EntityRecord mel{"person:mel", "person", "Mel", {"Melly"}, {"mel@example.com"}, {}, ""};
        QVERIFY(reg.upsert(mel).is_ok());
        QVERIFY(merge_entities(f.vault(), "person:mel", "person:melanie").is_ok());
        reg = must(EntityRegistry::load(f.dir() / "entities"), "reload");
        QVERIFY(reg.find("person:mel") == nullptr);
        QCOMPARE(reg.lookup_alias("melly"), std::optional<std::string>("person:melanie"));
        QCOMPARE(reg.lookup_alias("mel@example.com"), std::optional<std::string>("person:melanie"));
        QCOMPARE(registry_files(f.dir()).size(), std::size_t{2}); // person/ and melanie's file
    }

    void readOnlyVaultRefuses() {
        test::VaultFixture f;
        build(f);
        const fs::path dir = f.dir();
        const auto before = test::fingerprint(dir);
        auto ro = must(Vault::open(dir, true), "open read-only");
        auto r = merge_entities(*ro, "person:mel", "person:melanie");
        QVERIFY(!r.is_ok());
        QCOMPARE(r.status().code(), StatusCode::Unsupported);
        QVERIFY2(r.status().message().find("read-only") != std::string::npos,
                 r.status().message().c_str());
        QVERIFY(test::fingerprint(dir) == before);
        QVERIFY(registry_files(dir).empty());
    }

    void failureHalfWayChangesNothing_data() {
        QTest::addColumn<QString>("step");
        QTest::newRow("after the index") << u"index"_s;
        QTest::newRow("after the registry write") << u"registry"_s;
        QTest::newRow("at the commit") << u"commit"_s;
        QTest::newRow("registry folder blocked") << u"blocked"_s;
    }

    void failureHalfWayChangesNothing() {
        QFETCH(QString, step);
        test::VaultFixture f;
        build(f);
        const fs::path dir = f.dir();
        // Hand-written records: Melanie's with a comment (restored byte for byte) and one for
        // the variant (moved aside during the merge, put back on failure).
        const std::string hand = "---\n# kept as written\nid: person:melanie\nkind: person\n"
                                 "display_name: Melanie\naliases: [Melly]\n---\nNotes.\n";
        if (step == u"blocked"_s) {
            // A file where the person folder belongs: the registry write cannot happen.
            fs::create_directories(dir / "entities");
            std::ofstream(dir / "entities" / "person") << "not a folder";
        } else {
            fs::create_directories(dir / "entities" / "person");
            std::ofstream(dir / "entities" / "person" / "melanie.md", std::ios::binary) << hand;
            std::ofstream(dir / "entities" / "person" / "mel.md", std::ios::binary)
                << "---\nid: person:mel\ndisplay_name: Mel\n---\n";
        }
        const auto files_before = registry_files(dir);
        const auto db_before = test::fingerprint(dir);
        EntityMergeOptions o;
        const std::string want = step.toStdString();
        o.fail_point = [&](std::string_view at) {
            return at == want ? Status::io("injected failure at " + want) : Status::ok();
        };
        auto r = merge_entities(f.vault(), "person:mel", "person:melanie", o);
        QVERIFY(!r.is_ok());
        if (step != u"blocked"_s)
            QCOMPARE(QString::fromStdString(r.status().message()),
                     u"injected failure at "_s + step);
        QVERIFY(test::fingerprint(dir) == db_before);
        QCOMPARE(registry_files(dir), files_before);
        // And the same merge then succeeds in full.
        if (step != u"blocked"_s) {
            QVERIFY(merge_entities(f.vault(), "person:mel", "person:melanie").is_ok());
            auto reg = must(EntityRegistry::load(dir / "entities"), "load");
            QCOMPARE(reg.lookup_alias("mel"), std::optional<std::string>("person:melanie"));
            QVERIFY(test::file_bytes(dir / "entities" / "person" / "melanie.md").find("Melly") !=
                    std::string::npos);
        }
    }

    // A merge killed part-way (the process ends at once, as with SIGKILL: a child process of
    // this test exits at the step) is finished or undone at the next writable open, so the
    // registry and the index never disagree and no hidden file is left: before the commit the
    // registry comes back byte for byte; after it the merge stands and the parked record goes.
    void killedMergeIsFinishedOrUndoneAtTheNextOpen_data() {
        QTest::addColumn<QString>("step");
        QTest::addColumn<bool>("committed");
        QTest::newRow("after the registry write") << u"registry"_s << false;
        QTest::newRow("just before the commit") << u"commit"_s << false;
        QTest::newRow("just after the commit") << u"committed"_s << true;
    }
    void killedMergeIsFinishedOrUndoneAtTheNextOpen() {
        QFETCH(QString, step);
        QFETCH(bool, committed);
        test::VaultFixture f;
        build(f);
        const fs::path dir = f.dir();
        const std::string hand = "---\n# kept as written\nid: person:melanie\nkind: person\n"
                                 "display_name: Melanie\naliases: [Melly]\n---\nNotes.\n";
        fs::create_directories(dir / "entities" / "person");
        std::ofstream(dir / "entities" / "person" / "melanie.md", std::ios::binary) << hand;
        std::ofstream(dir / "entities" / "person" / "mel.md", std::ios::binary)
            << "---\nid: person:mel\ndisplay_name: Mel\n---\n";
        const auto files_before = registry_files(dir);
        const auto db_before = test::fingerprint(dir);

        QProcess child;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"MEMLENS_MERGE_DIES_AT"_s, step);
        env.insert(u"MEMLENS_MERGE_VAULT"_s, QString::fromStdString(dir.string()));
        child.setProcessEnvironment(env);
        child.start(test::suite_program(), test::suite_arguments());
        QVERIFY(child.waitForFinished(60000));
        QCOMPARE(child.exitCode(), kDiedAtStep);
        // What the kill left: the journal, and (after the registry write) a changed record.
        QVERIFY(fs::exists(dir / "entities" / ".merge-journal.json"));

        auto reopened = Vault::open(dir, false);
        QVERIFY2(reopened.is_ok(), reopened.status().to_string().c_str());
        const auto files = registry_files(dir);
        for (const auto& [name, bytes] : files)
            QVERIFY2(fs::path(name).filename().string().front() != '.', name.c_str());
        if (!committed) {
            QCOMPARE(files, files_before);
            QVERIFY(test::fingerprint(dir) == db_before);
            QVERIFY(scalar((*reopened)->db(), "SELECT count(*) FROM mem_tree_entity_index "
                                              "WHERE entity_id = 'person:mel'") > 0);
        } else {
            QVERIFY(!fs::exists(dir / "entities" / "person" / "mel.md"));
            QCOMPARE(scalar((*reopened)->db(), "SELECT count(*) FROM mem_tree_entity_index "
                                               "WHERE entity_id = 'person:mel'"),
                     std::int64_t{0});
            auto reg = must(EntityRegistry::load(dir / "entities"), "load");
            QCOMPARE(reg.lookup_alias("mel"), std::optional<std::string>("person:melanie"));
        }
        // And a merge from there succeeds or has nothing left to do.
        auto again = merge_entities(**reopened, "person:mel", "person:melanie");
        QVERIFY2(again.is_ok() || committed, again.status().to_string().c_str());
    }

    void mergeRefusesUnknownOrSelf() {
        test::VaultFixture f;
        build(f);
        QCOMPARE(merge_entities(f.vault(), "person:nobody", "person:melanie").status().code(),
                 StatusCode::NotFound);
        QCOMPARE(merge_entities(f.vault(), "person:mel", "person:mel").status().code(),
                 StatusCode::InvalidArgument);
        QCOMPARE(merge_entities(f.vault(), "mel", "person:melanie").status().code(),
                 StatusCode::InvalidArgument);
    }

    void proposalsCarryEvidence() {
        test::VaultFixture f;
        build(f);
        auto props = must(propose_entity_merges(f.vault()), "proposals");
        auto find = [&](const std::string& from, const std::string& into) {
            auto it = std::find_if(props.begin(), props.end(),
                                   [&](const auto& p) { return p.from == from && p.into == into; });
            return it == props.end() ? nullptr : &*it;
        };
        const auto* mel = find("person:mel", "person:melanie");
        QVERIFY(mel != nullptr);
        QCOMPARE(mel->reason, std::string("prefix"));
        QCOMPARE(mel->shared_chunks, 1);
        QVERIFY(mel->into_speaks_there);
        QCOMPARE(mel->from_mentions, 3);
        const auto* caro = find("person:caro", "person:caroline");
        QVERIFY(caro != nullptr);
        QCOMPARE(caro->reason, std::string("prefix"));
        const auto* mell = find("person:mell", "person:melanie");
        QVERIFY(mell != nullptr);
        QCOMPARE(mell->reason, std::string("prefix_spelling"));
        const auto* jo = find("person:jo", "person:john"); // two letters: John speaks there
        QVERIFY(jo != nullptr);
        QVERIFY(find("person:jo", "person:jon") == nullptr); // Jon speaks nowhere
        const auto* twin = find("topic:caroline", "person:caroline");
        QVERIFY(twin != nullptr);
        QCOMPARE(twin->reason, std::string("same_name"));
        const auto* jon = find("person:jon", "person:john");
        QVERIFY(jon != nullptr);
        QCOMPARE(jon->reason, std::string("spelling"));
        QCOMPARE(jon->edit_distance, 1);
        QVERIFY(jon->into_speaks_there); // John speaks in conv-2, where Jon is mentioned
        // A speaker is never the variant of someone else.
        for (const auto& p : props)
            for (const char* speaker : {"person:melanie", "person:caroline", "person:john"})
                QVERIFY2(p.from != speaker, p.from.c_str());
        // Painting is no person's name.
        QVERIFY(std::none_of(props.begin(), props.end(),
                             [](const auto& p) { return p.from == "topic:painting"; }));
    }

    void editDistance() {
        QCOMPARE(name_edit_distance("jon", "john"), 1);
        QCOMPARE(name_edit_distance("mohammed", "muhammad"), 2);
        QCOMPARE(name_edit_distance("mell", "mel"), 1);
        QCOMPARE(name_edit_distance("caorline", "caroline"), 1); // a transposition
        QCOMPARE(name_edit_distance("zoë", "zoe"), 1);
    }

    // A speaker is a person everywhere: ingest folds a topic of the same name into the person,
    // and a query naming the speaker resolves to the person, never to a topic.
    void speakerNeverBecomesATopic() {
        test::TempDir tmp;
        auto vault = must(Vault::create(tmp.path() / "v"), "create");
        auto emb = must(make_embedder_for(*vault), "embedder");
        IngestSource a = chat_source(
            "locomo:conv-1", {"Caroline", "Melanie"},
            {chat_item("Caroline", kT0, "Went to the pride parade with Melanie today."),
             chat_item("Melanie", kT0 + kMin, "Great! Painting calms me down after work.")});
        // Another source where nobody knows Caroline: the heuristic alone would call her a
        // topic (an apposition, no person cue).
        IngestSource b;
        b.source_id = "notes:misc";
        b.source_kind = "chat";
        b.platform = "slack";
        b.format = "jsonl";
        b.items = {chat_item("Gina", kT0 + 2 * kMin, "the best painter here, Caroline.")};
        Ingestor ing(*vault, *emb);
        const IngestReport report = must(ing.ingest({a, b}), "ingest");
        const Database& db = vault->db();
        QCOMPARE(scalar(db, "SELECT count(*) FROM mem_tree_entity_index WHERE entity_id = "
                            "'topic:caroline'"),
                 0);
        // The import's report counts what it left in the vault: Caroline once, and Gina's edge
        // to the topic is her edge to the person.
        const VaultStats stats = must(vault_stats(*vault), "stats");
        QCOMPARE(static_cast<std::int64_t>(report.entities), stats.entities);
        QCOMPARE(static_cast<std::int64_t>(report.edges), stats.edges);
        QVERIFY(scalar(db, "SELECT count(*) FROM mem_tree_entity_edges WHERE "
                           "(entity_a = 'person:caroline' AND entity_b = 'person:gina') OR "
                           "(entity_a = 'person:gina' AND entity_b = 'person:caroline')") == 1);
        QCOMPARE(scalar(db, "SELECT count(*) FROM ml_entities WHERE entity_id = "
                            "'topic:caroline'"),
                 0);
        QVERIFY(scalar(db, "SELECT count(*) FROM mem_tree_entity_index WHERE entity_id = "
                           "'person:caroline'") >= 2);

        // An older vault may still hold the topic twin: the query keeps the person only.
        {
            auto st = must(db.prepare("INSERT INTO mem_tree_entity_index(entity_id, node_id, "
                                      "node_kind, entity_kind, surface, score, timestamp_ms) "
                                      "SELECT 'topic:caroline', node_id, node_kind, 'topic', "
                                      "surface, 0.5, timestamp_ms FROM mem_tree_entity_index "
                                      "WHERE entity_id = 'person:caroline' LIMIT 1"),
                           "insert twin");
            QVERIFY(st.exec().is_ok());
        }
        SearchEngineOptions o;
        o.audit = false;
        auto engine = must(SearchEngine::open(*vault, o), "engine");
        QueryOptions qo;
        qo.now_ms = kT0 + 10 * kMin;
        auto ans = must(engine->query("What did Caroline do at the parade?", qo), "query");
        const auto& qe = ans.response.query_entities;
        QVERIFY(std::find(qe.begin(), qe.end(), "person:caroline") != qe.end());
        QVERIFY(std::find(qe.begin(), qe.end(), "topic:caroline") == qe.end());
        const auto& notes = ans.response.query_entity_notes;
        QVERIFY(std::any_of(notes.begin(), notes.end(), [](const std::string& n) {
            return n.find("names a person, not topic:caroline") != std::string::npos;
        }));
    }

    // After a merge, a query naming the variant resolves to the person, and says so.
    void variantSpellingResolvesThroughTheAlias() {
        test::TempDir tmp;
        auto vault = must(Vault::create(tmp.path() / "v"), "create");
        auto emb = must(make_embedder_for(*vault), "embedder");
        IngestSource a = chat_source(
            "locomo:conv-2", {"John", "Gina"},
            {chat_item("Gina", kT0, "Thanks Jon, the dance studio looks amazing!"),
             chat_item("John", kT0 + kMin, "I lost my job at the bank last week."),
             chat_item("Gina", kT0 + 2 * kMin, "I think Muhammad said the studio opens in May.")});
        Ingestor ing(*vault, *emb);
        must(ing.ingest({a}), "ingest");
        QVERIFY(scalar(vault->db(), "SELECT count(*) FROM mem_tree_entity_index WHERE "
                                    "entity_id = 'person:jon'") > 0);
        auto props = must(propose_entity_merges(*vault), "proposals");
        QVERIFY(std::any_of(props.begin(), props.end(), [](const auto& p) {
            return p.from == "person:jon" && p.into == "person:john";
        }));
        QVERIFY(merge_entities(*vault, "person:jon", "person:john").is_ok());
        // An alias added by hand, as a person would for a spelling the vault never saw.
        auto reg = must(EntityRegistry::load(vault->entities_dir()), "load");
        EntityRecord m{"person:muhammad", "person", "Muhammad", {"Mohammed"}, {}, {}, ""};
        QVERIFY(reg.upsert(m).is_ok());

        SearchEngineOptions o;
        o.audit = false;
        auto engine = must(SearchEngine::open(*vault, o), "engine");
        QueryOptions qo;
        qo.now_ms = kT0 + 10 * kMin;
        auto ans = must(engine->query("What did Jon lose last week?", qo), "query");
        const auto& qe = ans.response.query_entities;
        QVERIFY(std::find(qe.begin(), qe.end(), "person:john") != qe.end());
        const auto& notes = ans.response.query_entity_notes;
        QVERIFY2(std::any_of(notes.begin(), notes.end(),
                             [](const std::string& n) {
                                 return n == "\"Jon\" is a registry alias of person:john (John)";
                             }),
                 notes.empty() ? "no notes" : notes.front().c_str());
        ans = must(engine->query("When does the studio of Mohammed open?", qo), "query");
        QVERIFY(std::find(ans.response.query_entities.begin(), ans.response.query_entities.end(),
                          "person:muhammad") != ans.response.query_entities.end());
    }

    // Before anyone merges: a query naming a person by a short form the other speaker uses, or
    // by a spelling the vault never saw, still finds that person, and the answer says why; a
    // speaker's own name and a name two persons could own are left as they are written.
    void unmergedVariantsResolveAtQueryTime() {
        test::TempDir dir;
        auto vault = must(Vault::create(dir.path() / "v"), "create");
        auto emb = must(make_embedder_for(*vault), "embedder");
        IngestSource a = chat_source(
            "locomo:conv-1", {"Caroline", "Melanie"},
            {chat_item("Caroline", kT0, "Hey Mel, how was the pottery class yesterday?"),
             chat_item("Melanie", kT0 + kMin,
                       "It was great, I asked Muhammad how to throw a bowl."),
             chat_item("Caroline", kT0 + 2 * kMin, "Send me a photo of the bowl, Mel!"),
             chat_item("Melanie", kT0 + 3 * kMin, "Last week I met Jonas and Jonah, my cousins.")});
        Ingestor ing(*vault, *emb);
        must(ing.ingest({a}), "ingest");
        const Database& db = vault->db();
        QVERIFY(scalar(db, "SELECT count(*) FROM ml_entities WHERE entity_id = 'person:muhammad'") >
                0);
        QCOMPARE(scalar(db, "SELECT count(*) FROM ml_entities WHERE entity_id = 'person:mohammed'"),
                 0);

        SearchEngineOptions o;
        o.audit = false;
        auto engine = must(SearchEngine::open(*vault, o), "engine");
        QueryOptions qo;
        qo.now_ms = kT0 + 10 * kMin;

        // A spelling the vault never saw: two letters from Muhammad.
        auto ans = must(engine->query("What did Mohammed say about the bowl?", qo), "q1");
        QVERIFY2(has(ans.response.query_entities, "person:muhammad"),
                 joined(ans.response.query_entities).c_str());
        QVERIFY2(has(ans.response.query_entity_notes,
                     "\"Mohammed\" is read as Muhammad (person:muhammad): a spelling 2 letters "
                     "from the name"),
                 joined(ans.response.query_entity_notes).c_str());

        // The short form Caroline uses for Melanie, a speaker.
        ans = must(engine->query("What did Mel make at the pottery class?", qo), "q2");
        QVERIFY2(has(ans.response.query_entities, "person:melanie"),
                 joined(ans.response.query_entities).c_str());
        const auto& notes = ans.response.query_entity_notes;
        QVERIFY2(
            std::any_of(notes.begin(), notes.end(),
                        [](const std::string& n) {
                            return n.rfind("\"Mel\" is read as Melanie (person:melanie)", 0) == 0 &&
                                   n.find("a short form of a speaker's name") != std::string::npos;
                        }),
            joined(notes).c_str());

        // A speaker's own name resolves to that speaker only, with nothing to say.
        ans = must(engine->query("What did Caroline ask about the bowl?", qo), "q3");
        QVERIFY(has(ans.response.query_entities, "person:caroline"));
        QVERIFY(!has(ans.response.query_entities, "person:melanie"));
        QVERIFY2(ans.response.query_entity_notes.empty(),
                 joined(ans.response.query_entity_notes).c_str());

        // "Jona" is one letter from Jonas and from Jonah: neither is chosen, and the note says so.
        ans = must(engine->query("When did Jona visit?", qo), "q4");
        QVERIFY(!has(ans.response.query_entities, "person:jonas"));
        QVERIFY(!has(ans.response.query_entities, "person:jonah"));
        QVERIFY2(std::any_of(ans.response.query_entity_notes.begin(),
                             ans.response.query_entity_notes.end(),
                             [](const std::string& n) {
                                 return n.rfind("\"Jona\" could be Jona", 0) == 0 &&
                                        n.find("left as it is written") != std::string::npos;
                             }),
                 joined(ans.response.query_entity_notes).c_str());
    }

    // A name written with other letters: without its marks (Emile for Émile, whose first
    // letter differs), or with them written out (Juergen for Jürgen, two letters longer than a
    // spelling of five letters may be). Read as the person, the note saying how.
    void transliteratedNamesResolveAtQueryTime() {
        test::TempDir dir;
        auto vault = must(Vault::create(dir.path() / "v"), "create");
        auto emb = must(make_embedder_for(*vault), "embedder");
        IngestSource a = chat_source(
            "locomo:conv-2", {"Émile", "Sophie"},
            {chat_item("Émile", kT0, "I booked the ferry to Bergen for the whole family."),
             chat_item("Sophie", kT0 + kMin,
                       "I met Jürgen at the port, he is coming on the ferry too."),
             chat_item("Émile", kT0 + 2 * kMin,
                       "I met Jürgen last year, he always brings his accordion."),
             chat_item("Sophie", kT0 + 3 * kMin, "Then Jürgen can play on the deck.")});
        Ingestor ing(*vault, *emb);
        must(ing.ingest({a}), "ingest");
        QVERIFY(scalar(vault->db(),
                       "SELECT count(*) FROM ml_entities WHERE entity_id = 'person:jürgen'") > 0);

        SearchEngineOptions o;
        o.audit = false;
        auto engine = must(SearchEngine::open(*vault, o), "engine");
        QueryOptions qo;
        qo.now_ms = kT0 + 10 * kMin;
        auto ans = must(engine->query("Where did Emile book the ferry to?", qo), "q1");
        QVERIFY2(has(ans.response.query_entities, "person:émile"),
                 joined(ans.response.query_entities).c_str());
        QVERIFY2(has(ans.response.query_entity_notes,
                     "\"Emile\" is read as Émile (person:émile): a speaker's name written with "
                     "other letters"),
                 joined(ans.response.query_entity_notes).c_str());
        ans = must(engine->query("What does Juergen bring?", qo), "q2");
        QVERIFY2(has(ans.response.query_entities, "person:jürgen"),
                 joined(ans.response.query_entities).c_str());
        QVERIFY2(has(ans.response.query_entity_notes,
                     "\"Juergen\" is read as Jürgen (person:jürgen): the name written with other "
                     "letters"),
                 joined(ans.response.query_entity_notes).c_str());
    }

    void cliProposalsAndMerge() {
        test::VaultFixture f;
        build(f);
        const QString dir = QString::fromStdString(f.dir().string());
        auto p = test::run_cli({u"entities"_s, u"proposals"_s, u"--vault"_s, dir, u"--json"_s});
        QCOMPARE(p.exit_code, 0);
        const auto arr = QJsonDocument::fromJson(QByteArray::fromStdString(p.out)).array();
        QVERIFY(!arr.isEmpty());
        bool saw = false;
        for (const auto& v : arr) {
            const auto o = v.toObject();
            if (o["from"_L1].toString() == u"person:mel"_s &&
                o["into"_L1].toString() == u"person:melanie"_s) {
                saw = true;
                QCOMPARE(o["shared_chunks"_L1].toInt(), 1);
                QVERIFY(o["into_speaks_there"_L1].toBool());
            }
        }
        QVERIFY(saw);
        auto m = test::run_cli(
            {u"entities"_s, u"merge"_s, u"--vault"_s, dir, u"person:mel"_s, u"person:melanie"_s});
        QVERIFY2(m.exit_code == 0, m.err.c_str());
        QVERIFY(m.out.find("merged person:mel into person:melanie") != std::string::npos);
        auto reg = must(EntityRegistry::load(f.dir() / "entities"), "load");
        QCOMPARE(reg.lookup_alias("mel"), std::optional<std::string>("person:melanie"));
        auto bad = test::run_cli({u"entities"_s, u"merge"_s, u"--vault"_s, dir, u"person:mel"_s});
        QCOMPARE(bad.exit_code == 0, false);
        QVERIFY(bad.err.find("merge takes two entity ids") != std::string::npos);
    }
};

// The child of killedMergeIsFinishedOrUndoneAtTheNextOpen: merges person:mel into
// person:melanie in the vault it is given and ends the process at the step it is given, with
// no destructor, flush or undo run (as a kill would).
int merge_and_die(const char* step, const char* dir) {
    auto vault = Vault::open(dir, false);
    if (!vault)
        return 1;
    EntityMergeOptions o;
    const std::string at = step;
    o.fail_point = [&](std::string_view now) {
        if (now == at)
            ::_exit(kDiedAtStep);
        return Status::ok();
    };
    (void)merge_entities(**vault, "person:mel", "person:melanie", o);
    return 2; // the step never came
}

// Before the suite starts: the child a kill test starts merges and dies instead.
void TestEntityMerge::initMain() {
    if (const char* step = std::getenv("MEMLENS_MERGE_DIES_AT"))
        std::exit(merge_and_die(step, std::getenv("MEMLENS_MERGE_VAULT")));
}

MEMLENS_TEST_GUILESS_MAIN(TestEntityMerge)
#include "tst_entity_merge.moc"
} // namespace tst_entity_merge
