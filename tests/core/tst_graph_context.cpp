// Graph context per hit: superseded_by from explicit `supersedes` links and from
// newer document versions, with mark / demote / hide; conflicts and supported_by by the rule
// in docs/explanations.md; and the graph signal of the profile fold.
#include "suite.h"
#include "testsupport.h"

// types.h names a field `signals`, which Qt's keyword macro would rewrite to `public`.
#undef signals

#include <memlens/embedder.h>
#include <memlens/ingest.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <algorithm>
#include <map>

namespace tst_graph_context {

using namespace memlens;

namespace {

// Explanation::signals read through a function outside any QObject class: moc treats the
// word `signals` in a class body as Qt's keyword.
const SignalSet& signals_of(const Explanation& e) {
    return e.signal_values;
}

constexpr std::int64_t kDay = 86'400'000;
constexpr std::int64_t kT0 = 1'704'067'200'000;

using test::must;

IngestItem item(const std::string& author, std::int64_t ts, const std::string& text,
                std::optional<std::string> id = std::nullopt,
                std::optional<std::string> supersedes = std::nullopt) {
    IngestItem it;
    it.author = author;
    it.ts_ms = ts;
    it.text = text;
    it.message_id = std::move(id);
    it.supersedes = std::move(supersedes);
    it.source_ref = it.message_id.value_or(author);
    return it;
}

IngestSource chat(const std::string& id, std::vector<IngestItem> items) {
    IngestSource s;
    s.source_id = id;
    s.source_kind = "chat";
    s.platform = "slack";
    s.format = "jsonl";
    s.persons = {"Alice", "Bob", "Ann"};
    s.items = std::move(items);
    return s;
}

IngestSource document(const std::string& id, std::int64_t version, const std::string& text) {
    IngestSource s;
    s.source_id = id;
    s.source_kind = "document";
    s.platform = "markdown";
    s.format = "markdown";
    s.is_document = true;
    s.version_ms = version;
    IngestItem it;
    it.text = text;
    it.ts_ms = version;
    it.source_ref = id + "#1";
    s.items = {it};
    return s;
}

const RetrievalHit* find_hit(const SearchResponse& r, const std::string& needle) {
    for (const auto& h : r.result.hits)
        if (h.content.find(needle) != std::string::npos)
            return &h;
    return nullptr;
}

} // namespace

class TestGraphContext : public QObject {
    Q_OBJECT

    test::TempDir tmp_;
    std::unique_ptr<Vault> vault_;
    std::unique_ptr<SearchEngine> engine_;

    SearchResponse run(const std::string& q, std::optional<FusionKind> fusion = std::nullopt) {
        SearchRequest req;
        req.query = q;
        req.audit = false;
        req.fusion = fusion;
        req.now_ms = kT0 + 60 * kDay;
        return must(engine_->search(req), "search");
    }

    std::string chunk_id(const std::string& needle) {
        auto st = must(
            vault_->db().prepare("SELECT id FROM mem_tree_chunks WHERE content LIKE ? ESCAPE '\\' "
                                 "ORDER BY version_ms DESC"),
            "prepare");
        st.bind(1, "%" + escape_like(needle) + "%");
        if (!*st.step())
            qFatal("no chunk with %s", needle.c_str());
        return st.column_text(0);
    }

private slots:
    void initTestCase() {
        vault_ = must(Vault::create(tmp_.path() / "v"), "create");
        auto emb = must(make_embedder_for(*vault_), "embedder");
        {
            Ingestor ing(*vault_, *emb);
            must(ing.ingest(
                     {chat("slack:#eng",
                           {item("ann", kT0, "Zephyr rollout owner is Ann", "m1"),
                            item("bob", kT0 + 3 * kDay, "Update: Zephyr rollout owner is Bob now",
                                 "m2", "m1"),
                            item("cat", kT0 + 4 * kDay,
                                 "Alice and Bob set the Phoenix budget to 40000 dollars"),
                            item("dan", kT0 + 9 * kDay,
                                 "Alice and Bob set the Phoenix budget to 55000 dollars"),
                            item("eve", kT0 + 10 * kDay,
                                 "Alice and Bob confirmed the Phoenix budget is 55000 "
                                 "dollars")}),
                      document("handbook.md", kT0, "Onboarding checklist: laptop and badge")}),
                 "ingest v1");
        }
        {
            Ingestor ing(*vault_, *emb);
            must(ing.ingest({document("handbook.md", kT0 + 30 * kDay,
                                      "Onboarding checklist: laptop, badge and VPN token")}),
                 "ingest v2");
        }
        SearchEngineOptions o;
        o.audit = false;
        engine_ = must(SearchEngine::open(*vault_, o), "engine");
    }

    void explicitSupersedesLink() {
        QVERIFY(vault_->set_setting("search.superseded", "mark").is_ok());
        auto r = run("zephyr rollout owner");
        const auto* old_hit = find_hit(r, "owner is Ann");
        const auto* new_hit = find_hit(r, "owner is Bob");
        QVERIFY(old_hit && new_hit);
        QCOMPARE(old_hit->explanation->graph_context.superseded_by,
                 std::vector<std::string>{new_hit->node_id});
        QVERIFY(new_hit->explanation->graph_context.superseded_by.empty());
        QCOMPARE(old_hit->explanation->superseded_penalty, 1.0); // mark: listed, not demoted
    }

    void newerDocumentVersion() {
        QVERIFY(vault_->set_setting("search.superseded", "mark").is_ok());
        auto r = run("onboarding checklist laptop badge");
        const auto* v1 = find_hit(r, "laptop and badge");
        const auto* v2 = find_hit(r, "VPN token");
        QVERIFY(v1 && v2);
        QCOMPARE(v1->explanation->graph_context.superseded_by,
                 std::vector<std::string>{v2->node_id});
        QVERIFY(v2->explanation->graph_context.superseded_by.empty());
    }

    void demoteMultipliesTheScore() {
        QVERIFY(vault_->set_setting("search.superseded", "demote").is_ok());
        QVERIFY(vault_->set_setting("search.superseded.demote_factor", "0.25").is_ok());
        auto r = run("zephyr rollout owner");
        const auto* old_hit = find_hit(r, "owner is Ann");
        QVERIFY(old_hit);
        const auto& e = *old_hit->explanation;
        QCOMPARE(e.superseded_penalty, 0.25);
        QCOMPARE(e.final_score, e.rrf_score * (1.0 + e.recency.boost * e.recency.factor) * 0.25);
        // The newer version now comes first.
        QVERIFY(find_hit(r, "owner is Bob")->explanation->fused_rank < e.fused_rank);
    }

    // Where the penalty decides, it is said: in the verdict of the hit it let pass, in the
    // response's list of what it kept out, and in Why Not of the older version.
    void supersessionIsNamedWhereItDecides() {
        QVERIFY(vault_->set_setting("search.superseded", "demote").is_ok());
        QVERIFY(vault_->set_setting("search.superseded.demote_factor", "0.25").is_ok());
        SearchRequest req;
        req.query = "zephyr rollout owner ann"; // "ann": the older version is keyword rank 1
        req.audit = false;
        req.limit = 1;
        req.now_ms = kT0 + 60 * kDay;
        auto r = must(engine_->search(req), "search");
        const std::string old_id = chunk_id("owner is Ann");
        const std::string new_id = chunk_id("owner is Bob");
        QCOMPARE(r.result.hits.size(), std::size_t{1});
        const RetrievalHit& top = r.result.hits.front();
        QCOMPARE(top.node_id, new_id);

        // The older version ranked first in the keyword leg and scores above the hit without
        // the penalty: the hit's verdict says so.
        const std::string& verdict = top.explanation->verdict;
        QVERIFY2(verdict.find("keyword rank 1 is an older version superseded by a newer one "
                              "(score × 0.25)") != std::string::npos,
                 verdict.c_str());

        QCOMPARE(r.superseded_out.size(), std::size_t{1});
        const SupersededOut& out = r.superseded_out.front();
        QCOMPARE(out.node_id, old_id);
        QCOMPARE(out.superseded_by, std::vector<std::string>{new_id});
        QCOMPARE(out.keyword_rank, std::optional<int>(1));
        QCOMPARE(out.penalty, 0.25);
        QCOMPARE(out.unpenalized_score, out.score / 0.25);
        QVERIFY(out.unpenalized_score > top.score);
        QVERIFY(out.score < top.score);
        const auto wire =
            QJsonDocument::fromJson(QByteArray::fromStdString(search_response_json(r, -1)));
        const auto listed = wire.object().value(QStringLiteral("superseded_out")).toArray();
        QCOMPARE(listed.size(), 1);
        QCOMPARE(listed[0].toObject().value(QStringLiteral("node_id")).toString().toStdString(),
                 old_id);

        // The hit names what it supersedes, and the pair is neither support nor a conflict.
        const GraphContext& g = top.explanation->graph_context;
        QCOMPARE(g.supersedes, std::vector<std::string>{old_id});
        QVERIFY(std::find(g.supported_by.begin(), g.supported_by.end(), old_id) ==
                g.supported_by.end());
        QVERIFY(std::find(g.conflicts.begin(), g.conflicts.end(), old_id) == g.conflicts.end());
        const auto hit_context = wire.object()
                                     .value(QStringLiteral("hits"))
                                     .toArray()[0]
                                     .toObject()
                                     .value(QStringLiteral("explanation"))
                                     .toObject()
                                     .value(QStringLiteral("graph_context"))
                                     .toObject();
        QCOMPARE(hit_context.value(QStringLiteral("supersedes")).toArray().size(), 1);

        // The older version in full, for the inspector: its verdict says first what kept it out.
        QCOMPARE(r.superseded_hits.size(), std::size_t{1});
        const RetrievalHit& older = r.superseded_hits.front();
        QCOMPARE(older.node_id, old_id);
        QVERIFY(older.content.find("owner is Ann") != std::string::npos);
        const std::string lead = "not returned (fused #" +
                                 std::to_string(older.explanation->fused_rank) +
                                 "): kept out as an older version: a newer memory supersedes "
                                 "it (score × 0.25: ";
        QVERIFY2(older.explanation->verdict.rfind(lead, 0) == 0,
                 older.explanation->verdict.c_str());
        QVERIFY2(older.explanation->verdict.find("above the lowest hit's") != std::string::npos,
                 older.explanation->verdict.c_str());

        // Without a penalty nothing is kept out, and no verdict names one.
        QVERIFY(vault_->set_setting("search.superseded", "mark").is_ok());
        auto marked = must(engine_->search(req), "search, mark");
        QVERIFY(marked.superseded_out.empty());
        QCOMPARE(marked.result.hits.front().node_id, old_id);
        QVERIFY(marked.result.hits.front().explanation->verdict.find("older version") ==
                std::string::npos);

        // Why Not of the older version names the newer one and what the penalty did.
        QVERIFY(vault_->set_setting("search.superseded", "demote").is_ok());
        QueryOptions o;
        o.limit = 1;
        o.now_ms = req.now_ms;
        auto why = must(engine_->why_not(req.query, old_id, o), "why_not");
        std::map<std::string, std::string> facts;
        for (const auto& f : why.facts)
            facts[f.name] = f.value;
        QCOMPARE(facts["superseded by"], new_id);
        QVERIFY2(facts["supersession penalty"].rfind("× 0.25: score ", 0) == 0,
                 facts["supersession penalty"].c_str());
        QVERIFY2(facts["supersession penalty"].find("which would rank it fused #1") !=
                     std::string::npos,
                 facts["supersession penalty"].c_str());
    }

    void hideRemovesSupersededHits() {
        QVERIFY(vault_->set_setting("search.superseded", "hide").is_ok());
        auto r = run("zephyr rollout owner");
        QVERIFY(find_hit(r, "owner is Bob"));
        QVERIFY(!find_hit(r, "owner is Ann"));
        for (const auto& h : r.pushed_out)
            QVERIFY(h.content.find("owner is Ann") == std::string::npos);
        auto d = run("onboarding checklist laptop badge");
        QVERIFY(find_hit(d, "VPN token"));
        QVERIFY(!find_hit(d, "laptop and badge"));
        QVERIFY(vault_->set_setting("search.superseded", "demote").is_ok());
    }

    void conflictsAndSupport() {
        auto r = run("phoenix budget alice bob");
        const auto* low = find_hit(r, "40000");
        const auto* high = find_hit(r, "set the Phoenix budget to 55000");
        const auto* confirm = find_hit(r, "confirmed");
        QVERIFY(low && high && confirm);
        auto has = [](const std::vector<std::string>& v, const std::string& id) {
            return std::find(v.begin(), v.end(), id) != v.end();
        };
        // Same entities, same subject, different values: a conflict, listed on both sides.
        QVERIFY(has(low->explanation->graph_context.conflicts, high->node_id));
        QVERIFY(has(high->explanation->graph_context.conflicts, low->node_id));
        QVERIFY(has(confirm->explanation->graph_context.conflicts, low->node_id));
        // Same entities and the same value: support.
        QVERIFY(has(high->explanation->graph_context.supported_by, confirm->node_id));
        QVERIFY(has(confirm->explanation->graph_context.supported_by, high->node_id));
        QVERIFY(!has(low->explanation->graph_context.supported_by, high->node_id));
        // Unrelated hits stay out of each other's context.
        if (const auto* other = find_hit(r, "Zephyr"))
            QVERIFY(!has(low->explanation->graph_context.conflicts, other->node_id));
    }

    void graphSignalFollowsQueryEntities() {
        auto r = run("what did Alice decide", FusionKind::Profile);
        QVERIFY(std::find(r.query_entities.begin(), r.query_entities.end(), "person:alice") !=
                r.query_entities.end());
        bool saw_direct = false;
        for (const auto& h : r.result.hits) {
            const bool mentions = h.content.find("Alice") != std::string::npos;
            if (mentions) {
                QCOMPARE(signals_of(*h.explanation).graph, 1.0);
                saw_direct = true;
            } else {
                QVERIFY(signals_of(*h.explanation).graph < 1.0);
            }
            QCOMPARE(h.explanation->contributions.graph,
                     h.explanation->weights.graph * signals_of(*h.explanation).graph);
        }
        QVERIFY(saw_direct);
    }

    void entitiesAreOnTheHit() {
        auto r = run("phoenix budget");
        const auto* h = find_hit(r, "40000");
        QVERIFY(h);
        QVERIFY(std::find(h->entities.begin(), h->entities.end(), "person:alice") !=
                h->entities.end());
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestGraphContext)
#include "tst_graph_context.moc"
} // namespace tst_graph_context
