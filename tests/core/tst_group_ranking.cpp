// The shared group-ranking policy: its arithmetic, its caps, count weighting,
// deterministic ties, results mapped back to their groups, and the same order through the
// session and the source adapters on real vaults.
#include "fixture.h" // first: memlens headers before any Qt header
#include "suite.h"
#include "testsupport.h"

#include <memlens/embedder.h>
#include <memlens/group_ranking.h>
#include <memlens/ingest.h>
#include <memlens/query_context.h>
#include <memlens/vault.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <algorithm>
#include <map>
#include <random>

namespace tst_group_ranking {

using namespace memlens;

namespace {

GroupRankingItem item(std::string group, std::string doc, double score,
                      std::vector<std::string> terms = {}, std::vector<std::string> entities = {},
                      double graph = 0.0, std::int64_t time = 0) {
    GroupRankingItem it;
    it.group_id = std::move(group);
    it.doc_id = std::move(doc);
    it.base_score = score;
    it.matched_terms = std::move(terms);
    it.matched_entities = std::move(entities);
    it.graph_support = graph;
    it.time_ms = time;
    return it;
}

std::vector<std::string> order(const GroupRankingResult& r) {
    std::vector<std::string> ids;
    for (const auto& g : r.groups)
        ids.push_back(g.group_id);
    return ids;
}

const RankedGroup& group(const GroupRankingResult& r, const std::string& id) {
    for (const auto& g : r.groups)
        if (g.group_id == id)
            return g;
    qFatal("no group %s", id.c_str());
}

bool near(double a, double b) {
    return std::abs(a - b) < 1e-12;
}

// One strong hit against a group with a decent hit and a supporting sibling: the count intent
// must prefer the group with more evidence, the plain intent the single best hit.
std::vector<GroupRankingItem> strong_versus_broad() {
    return {item("strong", "s1", 1.0), item("broad", "b1", 0.8), item("broad", "b2", 0.5)};
}

constexpr std::int64_t kT0 = 1'700'000'000'000;

// A vault whose chunks fall into three sessions of one source, or three sources of one
// session each: the two adapters must see the same groups.
struct GroupedVault {
    test::TempDir tmp;
    std::unique_ptr<Vault> vault;

    explicit GroupedVault(bool sessions_as_sources) {
        auto v = Vault::create(tmp.path() / "v");
        if (!v.is_ok())
            qFatal("%s", v.status().to_string().c_str());
        vault = std::move(v).value();
        std::vector<IngestSource> sources;
        const char* texts[3][2] = {{"alice planned the phoenix launch", "phoenix launch moved"},
                                   {"bob reviewed the budget", "budget approved by alice"},
                                   {"carol hiked the ridge trail", "ridge trail was muddy"}};
        for (int g = 0; g < 3; ++g) {
            const std::string session = "s" + std::to_string(g + 1);
            if (sessions_as_sources || sources.empty()) {
                IngestSource s;
                s.source_id = sessions_as_sources ? "chat:" + session : "chat:all";
                s.source_kind = "chat";
                s.platform = "chat";
                s.format = "jsonl";
                sources.push_back(s);
            }
            for (int k = 0; k < 2; ++k) {
                IngestItem it;
                it.text = texts[g][k];
                it.author = "alice";
                it.ts_ms = kT0 + (g * 2 + k) * 60'000;
                it.group_id = sessions_as_sources ? "thread" : session;
                it.source_ref = session + ":" + std::to_string(k);
                sources.back().items.push_back(it);
            }
        }
        auto embedder = make_hash_embedder();
        IngestOptions o;
        o.now_ms = kT0;
        Ingestor in(*vault, *embedder, o);
        auto r = in.ingest(sources);
        if (!r.is_ok())
            qFatal("%s", r.status().to_string().c_str());
    }

    // The vault's chunks as hits, scored by a fixed table keyed by source_ref, in a fixed order.
    std::vector<RetrievalHit> hits(const std::map<std::string, double>& scores) const {
        auto st = vault->db().prepare("SELECT id, source_id, source_ref, content, timestamp_ms "
                                      "FROM mem_tree_chunks ORDER BY source_ref");
        if (!st.is_ok())
            qFatal("%s", st.status().to_string().c_str());
        std::vector<RetrievalHit> out;
        while (*st->step()) {
            RetrievalHit h;
            h.node_id = st->column_text(0);
            h.tree_scope = st->column_text(1);
            h.source_ref = st->column_text(2);
            h.content = st->column_text(3);
            h.time_range_start_ms = h.time_range_end_ms = st->column_int64(4);
            h.score = scores.at(*h.source_ref);
            out.push_back(h);
        }
        return out;
    }
};

// The group ids the source adapter sees are source ids: "chat:s1" → "s1".
std::vector<std::string> without_platform(std::vector<std::string> ids) {
    for (auto& id : ids)
        if (auto colon = id.find(':'); colon != std::string::npos)
            id = id.substr(colon + 1);
    return ids;
}

} // namespace

class TestGroupRanking : public QObject {
    Q_OBJECT
private slots:
    void arithmeticFollowsTheConstants() {
        const GroupRankingConstants& c = kGroupRanking;
        // Scores 1.0, 0.6, 0.5, 0.2 (floor = max(0.35, 0.15) = 0.35: the 0.2 item does not
        // support), two matched terms, one entity, graph 0.5 on the top item.
        const auto r =
            aggregate_groups({item("g", "d1", 1.0, {"phoenix", "launch"}, {"person:alice"}, 0.5),
                              item("g", "d2", 0.6, {"phoenix"}), item("g", "d3", 0.5),
                              item("g", "d4", 0.2, {"budget", "ridge"}, {"person:bob"}, 1.0)},
                             QueryIntent::None);
        QCOMPARE(r.groups.size(), std::size_t{1});
        const auto& p = r.groups[0].parts;
        QVERIFY(near(p.best, 1.0 * c.best_weight));
        QVERIFY(near(p.support, c.support_weights[0] * 0.6 + c.support_weights[1] * 0.5));
        QVERIFY(near(p.coverage, 3 * c.doc_bonus));
        QVERIFY(near(p.entities, 1 * c.entity_bonus));
        QVERIFY(near(p.terms, 2 * c.term_bonus));
        QVERIFY(near(p.graph, 0.5 * c.graph_weight));
        QVERIFY(near(r.groups[0].score,
                     p.best + p.support + p.coverage + p.entities + p.terms + p.graph));
        QCOMPARE(p.total, r.groups[0].score);
        std::vector<bool> supporting;
        for (const auto& m : r.groups[0].members)
            supporting.push_back(m.supporting);
        QCOMPARE(supporting, (std::vector<bool>{true, true, true, false}));
    }

    void countIntentWeighsSiblingsMore() {
        const GroupRankingConstants& c = kGroupRanking;
        const auto plain = aggregate_groups(strong_versus_broad(), QueryIntent::None);
        const auto count = aggregate_groups(strong_versus_broad(), QueryIntent::Count);
        QCOMPARE(order(plain), (std::vector<std::string>{"strong", "broad"}));
        QCOMPARE(order(count), (std::vector<std::string>{"broad", "strong"}));
        const auto& b = group(count, "broad").parts;
        QVERIFY(near(b.best, 0.8 * c.aggregate_best_weight));
        QVERIFY(near(b.support, c.aggregate_support_weights[0] * 0.5));
        QVERIFY(near(b.coverage, 2 * c.aggregate_doc_bonus));
        // Sum is an aggregation intent too; sequence ranks like a plain query.
        QCOMPARE(order(aggregate_groups(strong_versus_broad(), QueryIntent::Sum)), order(count));
        QCOMPARE(order(aggregate_groups(strong_versus_broad(), QueryIntent::Sequence)),
                 order(plain));
    }

    void supportStopsAtTheFifthItemAndCapsHold() {
        const GroupRankingConstants& c = kGroupRanking;
        std::vector<GroupRankingItem> items;
        for (int i = 0; i < 10; ++i)
            items.push_back(item("g", "d" + std::to_string(i), 0.9, {"t" + std::to_string(i)},
                                 {"e" + std::to_string(i)}, 1.0));
        for (QueryIntent intent : {QueryIntent::None, QueryIntent::Count}) {
            const bool agg = intent == QueryIntent::Count;
            const auto& w = agg ? c.aggregate_support_weights : c.support_weights;
            const auto r = aggregate_groups(items, intent);
            const auto& p = r.groups[0].parts;
            // All score 0.9: normalised by the best, each counts 1.0.
            QVERIFY(near(p.support, w[0] + w[1] + w[2] + w[3]));
            QVERIFY(near(p.coverage, c.doc_cap * (agg ? c.aggregate_doc_bonus : c.doc_bonus)));
            QVERIFY(near(p.entities, c.entity_cap * c.entity_bonus));
            QVERIFY(near(p.terms, c.term_cap * c.term_bonus));
            QVERIFY(near(p.graph, c.graph_cap * c.graph_weight));
        }
    }

    void supportFloorIsAbsoluteAndRelative() {
        // Top 0.3 → floor max(0.105, 0.15) = 0.15: a 0.14 sibling does not count, 0.16 does.
        auto r = aggregate_groups({item("g", "a", 1.0), item("h", "b", 0.3), item("h", "c", 0.14)},
                                  QueryIntent::None);
        QCOMPARE(group(r, "h").parts.support, 0.0);
        r = aggregate_groups({item("g", "a", 1.0), item("h", "b", 0.3), item("h", "c", 0.16)},
                             QueryIntent::None);
        QVERIFY(near(group(r, "h").parts.support, kGroupRanking.support_weights[0] * 0.16));
    }

    void scoresAreNormalisedSoTheScaleDoesNotMatter() {
        // RRF scores live near 0.03, cosines near 0.8: the same evidence ranks the same way.
        std::vector<GroupRankingItem> big = {item("a", "1", 0.9), item("a", "2", 0.5),
                                             item("b", "3", 0.95), item("c", "4", 0.2)};
        std::vector<GroupRankingItem> small = big;
        for (auto& it : small)
            it.base_score *= 0.0328 / 0.95;
        const auto rb = aggregate_groups(big, QueryIntent::None);
        const auto rs = aggregate_groups(small, QueryIntent::None);
        QCOMPARE(order(rb), order(rs));
        for (std::size_t i = 0; i < rb.groups.size(); ++i)
            QVERIFY(std::abs(rb.groups[i].score - rs.groups[i].score) < 1e-9);
    }

    void tiesAreDeterministicWhateverTheInputOrder() {
        std::vector<GroupRankingItem> items = {item("zeta", "z1", 0.7), item("alpha", "a1", 0.7),
                                               item("mid", "m1", 0.7), item("mid", "m0", 0.7),
                                               item("beta", "b1", 0.7)};
        const auto first = aggregate_groups(items, QueryIntent::None);
        // "mid" has two items; the rest tie and fall back to group id order.
        QCOMPARE(order(first), (std::vector<std::string>{"mid", "alpha", "beta", "zeta"}));
        // Within a group, equal scores order by doc id.
        QCOMPARE(items[group(first, "mid").members[0].index].doc_id, std::string("m0"));
        std::mt19937 rng(7);
        for (int round = 0; round < 20; ++round) {
            std::shuffle(items.begin(), items.end(), rng);
            const auto again = aggregate_groups(items, QueryIntent::None);
            QCOMPARE(order(again), order(first));
            QCOMPARE(items[group(again, "mid").members[0].index].doc_id, std::string("m0"));
        }
    }

    void everyItemMapsBackToItsGroup() {
        const std::vector<GroupRankingItem> items = {
            item("s2", "x", 0.4), item("s1", "y", 0.9), item("s2", "z", 0.8), item("s3", "w", 0.1),
            item("s2", "x", 0.2)}; // x repeated: a duplicate
        const auto r = aggregate_groups(items, QueryIntent::None);
        QCOMPARE(r.by_item.size(), items.size());
        for (std::size_t i = 0; i < items.size(); ++i) {
            const auto& m = r.by_item[i];
            QCOMPARE(m.group_id, items[i].group_id);
            const auto& g = group(r, m.group_id);
            QCOMPARE(m.group_rank, g.rank);
            QCOMPARE(m.group_score, g.score);
        }
        QVERIFY(r.by_item[4].duplicate);
        QVERIFY(!r.by_item[0].duplicate);
        // The duplicate is evidence once: s2 has members x and z only.
        QCOMPARE(group(r, "s2").members.size(), std::size_t{2});
        // Every kept member points back at an item of its own group.
        for (const auto& g : r.groups)
            for (const auto& m : g.members)
                QCOMPARE(items[m.index].group_id, g.group_id);
        for (std::size_t k = 0; k < r.groups.size(); ++k)
            QCOMPARE(r.groups[k].rank, static_cast<int>(k + 1));
    }

    void sequenceOrdersEvidenceByTime() {
        const std::vector<GroupRankingItem> items = {item("g", "late", 0.9, {}, {}, 0.0, 300),
                                                     item("g", "early", 0.5, {}, {}, 0.0, 100),
                                                     item("g", "middle", 0.7, {}, {}, 0.0, 200)};
        const auto seq = aggregate_groups(items, QueryIntent::Sequence);
        const auto plain = aggregate_groups(items, QueryIntent::None);
        std::vector<std::string> seq_docs, plain_docs;
        for (const auto& m : seq.groups[0].members)
            seq_docs.push_back(items[m.index].doc_id);
        for (const auto& m : plain.groups[0].members)
            plain_docs.push_back(items[m.index].doc_id);
        QCOMPARE(seq_docs, (std::vector<std::string>{"early", "middle", "late"}));
        QCOMPARE(plain_docs, (std::vector<std::string>{"late", "middle", "early"}));
        QCOMPARE(seq.groups[0].score, plain.groups[0].score);
    }

    void emptyInputGivesNothing() {
        const auto r = aggregate_groups({}, QueryIntent::Count);
        QVERIFY(r.groups.empty());
        QVERIFY(r.by_item.empty());
    }

    void groupByWireNames() {
        QCOMPARE(group_by_from_string("session"), std::optional<GroupBy>(GroupBy::Session));
        QCOMPARE(group_by_from_string("source"), std::optional<GroupBy>(GroupBy::Source));
        QVERIFY(!group_by_from_string("thread").has_value());
        QCOMPARE(std::string(to_string(GroupBy::Session)), std::string("session"));
    }

    void sessionAndSourceAdaptersAgree() {
        const std::map<std::string, double> scores = {{"s1:0", 0.031}, {"s1:1", 0.012},
                                                      {"s2:0", 0.029}, {"s2:1", 0.027},
                                                      {"s3:0", 0.033}, {"s3:1", 0.004}};
        GroupedVault sessions(false);
        GroupedVault sources(true);
        const QueryContext ctx = analyze_query("How many times did alice mention the phoenix "
                                               "launch or the budget?",
                                               kT0);
        QCOMPARE(ctx.intent, QueryIntent::Count);

        const auto hs = sessions.hits(scores);
        const auto hr = sources.hits(scores);
        auto by_session = rank_hit_groups(*sessions.vault, hs, GroupBy::Session, ctx);
        auto by_source = rank_hit_groups(*sources.vault, hr, GroupBy::Source, ctx);
        QVERIFY2(by_session.is_ok(), by_session.status().to_string().c_str());
        QVERIFY2(by_source.is_ok(), by_source.status().to_string().c_str());
        QCOMPARE(order(*by_session), (std::vector<std::string>{"s2", "s1", "s3"}));
        QCOMPARE(without_platform(order(*by_source)), order(*by_session));
        for (std::size_t i = 0; i < by_session->groups.size(); ++i)
            QCOMPARE(by_session->groups[i].score, by_source->groups[i].score);

        // Each hit maps back to the session its chunk was ingested in.
        for (std::size_t i = 0; i < hs.size(); ++i)
            QCOMPARE(by_session->by_item[i].group_id, hs[i].source_ref->substr(0, 2));

        // Grouping one vault by source puts everything in its one source.
        auto one = rank_hit_groups(*sessions.vault, hs, GroupBy::Source, ctx);
        QVERIFY(one.is_ok());
        QCOMPARE(order(*one), (std::vector<std::string>{"chat:all"}));
    }

    // `memlens-cli query --group-by`: the groups the CLI prints are the policy's over the very
    // hits it returned, each member mapped back to its hit and its session.
    void cliGroupsTheHitsItReturns() {
        GroupedVault v(false);
        const QString dir = QString::fromStdString((v.tmp.path() / "v").string());
        auto run =
            test::run_cli({u"query"_qs, u"--vault"_qs, dir, u"--no-audit"_qs, u"--group-by"_qs,
                           u"session"_qs, u"--json"_qs, u"phoenix launch budget"_qs});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(run.out)).object();
        const QJsonArray hits = o.value(u"hits"_qs).toArray();
        const QJsonObject grouping = o.value(u"grouping"_qs).toObject();
        QCOMPARE(grouping.value(u"by"_qs).toString(), u"session"_qs);
        const QJsonArray groups = grouping.value(u"groups"_qs).toArray();
        QVERIFY(!hits.isEmpty());
        // "carol hiked the ridge trail" (s3) matches no query word: its hits come from the
        // vector leg alone, far below the others, so its session ranks last.
        QCOMPARE(groups.size(), 3);
        QCOMPARE(groups.last().toObject().value(u"group_id"_qs).toString(), u"s3"_qs);
        int members = 0;
        double last = 1e9;
        for (int g = 0; g < groups.size(); ++g) {
            const QJsonObject grp = groups[g].toObject();
            QCOMPARE(grp.value(u"rank"_qs).toInt(), g + 1);
            const double score = grp.value(u"score"_qs).toDouble();
            QVERIFY(score <= last);
            last = score;
            const QJsonObject parts = grp.value(u"parts"_qs).toObject();
            double sum = 0.0;
            for (const auto& k : parts.keys())
                sum += parts.value(k).toDouble();
            QVERIFY(qFuzzyCompare(sum, score));
            for (const auto& m : grp.value(u"members"_qs).toArray()) {
                const QJsonObject mo = m.toObject();
                const int hit_rank = mo.value(u"hit_rank"_qs).toInt();
                QVERIFY(hit_rank >= 1 && hit_rank <= hits.size());
                const QJsonObject hit = hits[hit_rank - 1].toObject();
                QCOMPARE(mo.value(u"node_id"_qs), hit.value(u"node_id"_qs));
                QCOMPARE(hit.value(u"source_ref"_qs).toString().left(2),
                         grp.value(u"group_id"_qs).toString());
                ++members;
            }
        }
        QCOMPARE(members, hits.size());

        run = test::run_cli({u"query"_qs, u"--vault"_qs, dir, u"--no-audit"_qs, u"--group-by"_qs,
                             u"thread"_qs, u"phoenix"_qs});
        QVERIFY(run.exit_code != 0);
        QVERIFY(run.err.find("--group-by") != std::string::npos);
    }

    void itemsCarryTheQueryEvidence() {
        GroupedVault v(false);
        const QueryContext ctx = analyze_query("when did alice plan the phoenix launches", kT0,
                                               {{"alice"}, nullptr, std::nullopt});
        std::map<std::string, double> scores = {{"s1:0", 1}, {"s1:1", 1}, {"s2:0", 1},
                                                {"s2:1", 1}, {"s3:0", 1}, {"s3:1", 1}};
        const auto hits = v.hits(scores);
        auto groups = hit_group_ids(*v.vault, hits, GroupBy::Session);
        QVERIFY(groups.is_ok());
        const auto items = group_ranking_items(hits, *groups, ctx);
        QCOMPARE(items.size(), hits.size());
        // "alice planned the phoenix launch": plan/planned and launch/launches share stems.
        const auto& first = items[0];
        QCOMPARE(first.group_id, std::string("s1"));
        QCOMPARE(first.doc_id, hits[0].node_id);
        for (const char* t : {"plan", "phoenix", "launches"})
            QVERIFY2(std::count(first.matched_terms.begin(), first.matched_terms.end(), t) == 1, t);
        QCOMPARE(first.matched_entities, (std::vector<std::string>{"person:alice"}));
        // "carol hiked the ridge trail" shares nothing with the query.
        QVERIFY(items[4].matched_terms.empty());
        QVERIFY(items[4].matched_entities.empty());
        QCOMPARE(items[4].time_ms, hits[4].time_range_start_ms);
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestGroupRanking)
#include "tst_group_ranking.moc"
} // namespace tst_group_ranking
