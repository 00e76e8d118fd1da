// Nodes by the names people know them by (memlens/node_ref.h): a LoCoMo turn id that every
// conversation repeats, the same with its source, a message id, an id and its start, a summary,
// some words; the one resolution why-not, the CLI and MCP share, and its refusal of a name that
// several memories share.
#include "suite.h"
#include "testsupport.h"

#include <memlens/embedder.h>
#include <memlens/import.h>
#include <memlens/ingest.h>
#include <memlens/memories.h>
#include <memlens/node_ref.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

#include <algorithm>

namespace tst_node_ref {

using namespace memlens;

namespace {

using test::must;

// Two conversations, each with the turns D1:1 to D1:3 (moc cannot parse raw string literals:
// ' stands for ").
std::string locomo_json() {
    std::string s =
        "[{'sample_id':'conv-7','conversation':{'speaker_a':'Ana','speaker_b':'Ben',"
        "'session_1_date_time':'1:00 pm on 8 May, 2023','session_1':["
        "{'speaker':'Ana','dia_id':'D1:1','text':'I adopted a greyhound called Biscuit.'},"
        "{'speaker':'Ben','dia_id':'D1:2','text':'Lovely! Does Biscuit like the beach?'},"
        "{'speaker':'Ana','dia_id':'D1:3','text':'Biscuit hates sand, loves the park.'}]}},"
        "{'sample_id':'conv-8','conversation':{'speaker_a':'Cy','speaker_b':'Di',"
        "'session_1_date_time':'9:00 am on 2 June, 2023','session_1':["
        "{'speaker':'Cy','dia_id':'D1:1','text':'My violin recital is on Friday.'},"
        "{'speaker':'Di','dia_id':'D1:2','text':'Which piece are you playing at the recital?'},"
        "{'speaker':'Cy','dia_id':'D1:3','text':'A sonata AND a short NEAR piece.'}]}}]";
    std::replace(s.begin(), s.end(), '\'', '"');
    return s;
}

} // namespace

class TestNodeRef : public QObject {
    Q_OBJECT

    test::TempDir dir_;
    std::unique_ptr<Vault> vault_;
    std::unique_ptr<Embedder> emb_;

    std::string only(const std::string& ref) {
        auto found = must(find_node_refs(*vault_, ref), "find_node_refs");
        if (found.size() != 1)
            return "(" + std::to_string(found.size()) + " matches)";
        return found.front().id;
    }

private slots:
    void initTestCase() {
        vault_ = must(Vault::create(dir_.path() / "v"), "create");
        emb_ = must(make_embedder_for(*vault_), "embedder");
        auto sources = must(parse_locomo(locomo_json(), "chat.json"), "parse");
        IngestOptions o;
        Ingestor ing(*vault_, *emb_, o);
        must(ing.ingest(std::move(sources)), "ingest");
    }

    void aTurnIdEveryConversationRepeatsNamesThemAll() {
        auto found = must(find_node_refs(*vault_, "D1:2"), "find");
        QCOMPARE(found.size(), std::size_t{2});
        for (const NodeMatch& m : found) {
            QCOMPARE(m.how, NodeMatchKind::SourceRef);
            QCOMPARE(m.source_ref.value_or(""), std::string("D1:2"));
            QVERIFY(!m.summary);
        }
        // Newest first: conv-8 (June) before conv-7 (May), each named as people know it.
        QCOMPARE(found[0].source_id, std::string("locomo:conv-8"));
        QCOMPARE(found[0].author, std::string("Di"));
        QCOMPARE(node_label(found[0]), std::string("turn D1:2 · Di · 2023-06-02 · locomo:conv-8"));
        QVERIFY(found[0].snippet.starts_with("Which piece are you playing"));

        // The id of each, resolved to nothing else; a shared name is refused with the list.
        auto refused = resolve_node_ref(*vault_, "D1:2");
        QCOMPARE(refused.status().code(), StatusCode::InvalidArgument);
        const std::string msg = refused.status().message();
        QVERIFY2(msg.find("'D1:2' names several memories: turn D1:2 · Di · 2023-06-02 · "
                          "locomo:conv-8 (id ") != std::string::npos,
                 msg.c_str());
        QVERIFY2(msg.find("as in 'conv-8 D1:2'") != std::string::npos, msg.c_str());
    }

    void theSourceBeforeTheReferencePicksOne() {
        const std::string in7 = only("conv-7 D1:2");
        const std::string whole = only("locomo:conv-7   D1:2");
        QCOMPARE(in7, whole);
        auto m = must(get_memories(*vault_, {in7}), "get");
        QVERIFY(m.front().text.starts_with("Lovely! Does Biscuit"));
        QCOMPARE(must(resolve_node_ref(*vault_, " conv-7 D1:2 "), "resolve"), in7);
        // A source that is not one, or a wildcard where a source belongs, names nothing.
        QCOMPARE(only("conv-9 D1:2"), std::string("(0 matches)"));
        QCOMPARE(only("% D1:2"), std::string("(0 matches)"));
        QCOMPARE(only("conv-_ D1:2"), std::string("(0 matches)"));
    }

    void idsAndTheirStartsStillWork() {
        const std::string id = only("conv-8 D1:1");
        auto by_id = must(find_node_refs(*vault_, id), "by id");
        QCOMPARE(by_id.size(), std::size_t{1});
        QCOMPARE(by_id.front().how, NodeMatchKind::Id);
        auto by_start = must(find_node_refs(*vault_, id.substr(0, 12)), "by start");
        QCOMPARE(by_start.size(), std::size_t{1});
        QCOMPARE(by_start.front().id, id);
        QCOMPARE(by_start.front().how, NodeMatchKind::ShortId);

        // A summary by its id.
        auto st = must(vault_->db().prepare("SELECT id FROM mem_tree_summaries LIMIT 1"), "sql");
        QVERIFY(must(st.step(), "step"));
        const std::string summary = st.column_text(0);
        auto s = must(find_node_refs(*vault_, summary), "summary");
        QCOMPARE(s.size(), std::size_t{1});
        QVERIFY(s.front().summary);
        QVERIFY(node_label(s.front()).starts_with("summary L"));
    }

    // A reference is looked up, not searched for: node_ref.cpp's lookups by source_ref (with and
    // without the source) are answered from schema 13's index, at any vault size, rather than
    // by reading every chunk (2.95 s at a million chunks).
    void aReferenceIsLookedUpThroughItsIndex() {
        for (const std::string& where :
             {std::string("c.source_ref = ?1"),
              std::string("c.source_ref = ?1 AND (c.source_id = ?2 OR c.source_id LIKE '%:' || "
                          "?3 ESCAPE '\\')")}) {
            auto plan =
                must(vault_->db().prepare("EXPLAIN QUERY PLAN SELECT c.id FROM "
                                          "mem_tree_chunks c WHERE " +
                                          where + " ORDER BY c.timestamp_ms DESC, c.id LIMIT ?9"),
                     "plan");
            std::string steps;
            while (must(plan.step(), "step"))
                steps += plan.column_text(3) + "\n";
            QVERIFY2(steps.find("USING INDEX ml_chunks_source_ref (source_ref=?)") !=
                         std::string::npos,
                     steps.c_str());
        }
    }

    void nothingNamedIsEmptyAndResolvesToItself() {
        QVERIFY(must(find_node_refs(*vault_, "D9:9"), "find").empty());
        QVERIFY(must(find_node_refs(*vault_, "   "), "blank").empty());
        QCOMPARE(must(resolve_node_ref(*vault_, "D9:9"), "resolve"), std::string("D9:9"));
        QCOMPARE(find_node_refs(*vault_, "D1:1", 0).status().code(), StatusCode::InvalidArgument);
    }

    void wordsFindTheMemoriesHoldingAllOfThem() {
        auto found = must(find_nodes_by_text(*vault_, "biscuit beach"), "text");
        QCOMPARE(found.size(), std::size_t{1});
        QCOMPARE(found.front().how, NodeMatchKind::Text);
        QCOMPARE(found.front().source_ref.value_or(""), std::string("D1:2"));
        QCOMPARE(must(find_nodes_by_text(*vault_, "Biscuit"), "one word").size(), std::size_t{3});
        // FTS5 operators are words, not syntax; punctuation alone is no search.
        auto ops = must(find_nodes_by_text(*vault_, "sonata AND NEAR"), "operators");
        QCOMPARE(ops.size(), std::size_t{1});
        QVERIFY(ops.front().snippet.starts_with("A sonata AND"));
        QVERIFY(must(find_nodes_by_text(*vault_, "\"unbalanced ( *"), "quotes").empty());
        QCOMPARE(find_nodes_by_text(*vault_, "?!").status().code(), StatusCode::InvalidArgument);

        const auto json = QJsonDocument::fromJson(QByteArray::fromStdString(to_json(found)));
        const auto row = json.array().at(0).toObject();
        QCOMPARE(row.value(QStringLiteral("how")).toString(), QStringLiteral("text"));
        QCOMPARE(row.value(QStringLiteral("source_ref")).toString(), QStringLiteral("D1:2"));
        QCOMPARE(row.value(QStringLiteral("author")).toString(), QStringLiteral("Ben"));
    }

    void whyNotFollowsTheNodeAReferenceNames() {
        SearchEngineOptions eo;
        eo.audit = false;
        auto engine = must(SearchEngine::open(*vault_, *emb_, eo), "engine");
        QueryOptions o;
        o.audit = false;
        auto a = must(engine->why_not("violin recital", "conv-7 D1:3", o), "why_not");
        QCOMPARE(a.node_id, only("conv-7 D1:3"));
        QVERIFY(a.stage != WhyNotStage::UnknownNode);
        auto refused = engine->why_not("violin recital", "D1:3", o);
        QCOMPARE(refused.status().code(), StatusCode::InvalidArgument);
        auto unknown = must(engine->why_not("violin recital", "D9:9", o), "unknown");
        QCOMPARE(unknown.stage, WhyNotStage::UnknownNode);
        QVERIFY2(unknown.verdict.find("id or source reference D9:9") != std::string::npos,
                 unknown.verdict.c_str());
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestNodeRef)
#include "tst_node_ref.moc"
} // namespace tst_node_ref
