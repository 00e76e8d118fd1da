// The inspector's listings (overview.h) on a real generated vault: counts agree with the
// vault's own, orders and filters hold, bad arguments are errors and unknown ids are empty.
#include "fixture.h"
#include "suite.h"
#include "testsupport.h"

#include <memlens/embedder.h>
#include <memlens/generate.h>
#include <memlens/ingest.h>
#include <memlens/overview.h>
#include <memlens/vault.h>

#include <QtTest>

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

namespace tst_overview {

using namespace memlens;

class TestOverview : public QObject {
    Q_OBJECT
private:
    test::TempDir tmp_;
    std::unique_ptr<Vault> vault_;
    VaultStats stats_;

private Q_SLOTS:
    void initTestCase() {
        auto v = Vault::create(tmp_.path() / "v");
        QVERIFY2(v.is_ok(), v.status().to_string().c_str());
        vault_ = std::move(v).value();
        GenerateOptions opts;
        opts.chunks = 1000;
        opts.seed = 11;
        opts.days = 180;
        auto sources = generate_sources(opts);
        QVERIFY(sources.is_ok());
        auto embedder = make_embedder_for(*vault_);
        QVERIFY(embedder.is_ok());
        Ingestor ingestor(*vault_, **embedder);
        auto report = ingestor.ingest(*sources);
        QVERIFY2(report.is_ok(), report.status().to_string().c_str());
        auto stats = vault_stats(*vault_);
        QVERIFY(stats.is_ok());
        stats_ = *stats;
        QVERIFY(stats_.trees > 0 && stats_.summaries > 0 && stats_.edges > 0);
    }

    void sourcesCountEveryChunkOnce() {
        auto sources = list_sources(*vault_);
        QVERIFY2(sources.is_ok(), sources.status().to_string().c_str());
        QCOMPARE(static_cast<std::int64_t>(sources->size()), stats_.sources);
        std::int64_t total = 0;
        for (const auto& s : *sources) {
            total += s.chunk_count;
            QVERIFY(s.unsealed_chunks >= 0 && s.unsealed_chunks <= s.chunk_count);
            QVERIFY(s.earliest_ms <= s.latest_ms);
            QVERIFY(!s.platform.empty()); // a native vault records where each source came from
        }
        QCOMPARE(total, stats_.chunks);
        // The sources' earliest start and latest end are the vault's span, which the GUI takes
        // from them instead of asking vault_stats for it (without it, the span stays 0).
        const auto first =
            std::min_element(sources->begin(), sources->end(), [](const auto& a, const auto& b) {
                return a.earliest_ms < b.earliest_ms;
            });
        QCOMPARE(first->earliest_ms, stats_.earliest_ms);
        std::int64_t latest = 0;
        for (const auto& s : *sources)
            latest = std::max(latest, s.latest_ms);
        QCOMPARE(latest, stats_.latest_ms);
        auto spanless = vault_stats(*vault_, false);
        QVERIFY(spanless.is_ok());
        QCOMPARE(spanless->earliest_ms, std::int64_t{0});
        QCOMPARE(spanless->latest_ms, std::int64_t{0});
        QCOMPARE(spanless->chunks, stats_.chunks);
        QVERIFY(std::is_sorted(sources->begin(), sources->end(), [](const auto& a, const auto& b) {
            return a.source_id < b.source_id;
        }));
        // Each source tree is found from its source.
        const auto withTree = std::count_if(sources->begin(), sources->end(),
                                            [](const auto& s) { return !s.tree_id.empty(); });
        QVERIFY(withTree > 0);
    }

    void treesCountTheirLiveSummariesPerLevel() {
        auto trees = list_trees(*vault_);
        QVERIFY(trees.is_ok());
        QCOMPARE(static_cast<std::int64_t>(trees->size()), stats_.trees);
        std::int64_t summaries = 0;
        for (const auto& t : *trees) {
            QCOMPARE(static_cast<int>(t.summaries_per_level.size()), std::max(0, t.max_level) + 1);
            QCOMPARE(t.summaries_per_level[0], std::int64_t{0});
            QCOMPARE(std::accumulate(t.summaries_per_level.begin(), t.summaries_per_level.end(),
                                     std::int64_t{0}),
                     t.summary_count);
            if (t.summary_count > 0)
                QVERIFY(t.start_ms <= t.end_ms);
            summaries += t.summary_count;
        }
        QCOMPARE(summaries, stats_.summaries);
    }

    void treeSummariesFilterByLevelAndTop() {
        auto trees = list_trees(*vault_);
        QVERIFY(trees.is_ok());
        auto deepest =
            std::max_element(trees->begin(), trees->end(), [](const auto& a, const auto& b) {
                return a.summary_count < b.summary_count;
            });
        QVERIFY(deepest != trees->end() && deepest->summary_count > 0);

        auto all = tree_summaries(*vault_, deepest->id);
        QVERIFY(all.is_ok());
        QCOMPARE(static_cast<std::int64_t>(all->size()), deepest->summary_count);
        QVERIFY(std::is_sorted(all->begin(), all->end(),
                               [](const auto& a, const auto& b) { return a.level > b.level; }));
        std::set<std::string> ids;
        for (const auto& s : *all) {
            ids.insert(s.id);
            QVERIFY(s.child_count > 0);
            QVERIFY(s.preview.size() <= 240 * 4);
        }

        SummaryListOptions top;
        top.top_only = true;
        auto tops = tree_summaries(*vault_, deepest->id, top);
        QVERIFY(tops.is_ok());
        QVERIFY(!tops->empty());
        for (const auto& s : *tops)
            QVERIFY(!s.parent_id || ids.count(*s.parent_id) == 0);
        // The root is a top; summaries still waiting in a buffer above level 1 are tops too.
        if (!deepest->root_id.empty()) {
            QVERIFY(std::any_of(tops->begin(), tops->end(),
                                [&](const auto& s) { return s.id == deepest->root_id; }));
            QCOMPARE(tops->front().level, deepest->max_level);
        }

        SummaryListOptions level1;
        level1.level = 1;
        level1.preview_chars = 10;
        auto l1 = tree_summaries(*vault_, deepest->id, level1);
        QVERIFY(l1.is_ok());
        QCOMPARE(static_cast<std::int64_t>(l1->size()), deepest->summaries_per_level[1]);
        for (const auto& s : *l1) {
            QCOMPARE(s.level, 1);
            QVERIFY(utf8_chars(s.preview) <= 10);
        }

        auto none = tree_summaries(*vault_, "source:no-such-tree");
        QVERIFY(none.is_ok());
        QVERIFY(none->empty());
    }

    void histogramCoversEveryChunk() {
        auto h = chunk_histogram(*vault_, 0, 0, 30);
        QVERIFY(h.is_ok());
        QCOMPARE(h->counts.size(), std::size_t{30});
        QCOMPARE(std::accumulate(h->counts.begin(), h->counts.end(), std::int64_t{0}),
                 stats_.chunks);
        QVERIFY(h->bucket_ms > 0);

        QCOMPARE(chunk_histogram(*vault_, 10, 5, 3).status().code(), StatusCode::InvalidArgument);
        QCOMPARE(chunk_histogram(*vault_, 0, 0, 0).status().code(), StatusCode::InvalidArgument);

        // A window after the last chunk holds nothing.
        auto empty = chunk_histogram(*vault_, stats_.latest_ms + 1, stats_.latest_ms + 1000, 4);
        QVERIFY(empty.is_ok());
        QCOMPARE(std::accumulate(empty->counts.begin(), empty->counts.end(), std::int64_t{0}),
                 std::int64_t{0});
    }

    void entityGraphListsTopNodesAndTheirEdges() {
        EntityGraphOptions opts;
        opts.max_nodes = 40;
        opts.min_weight = 2;
        auto g = entity_graph(*vault_, opts);
        QVERIFY2(g.is_ok(), g.status().to_string().c_str());
        QCOMPARE(g->total_entities, stats_.entities);
        QVERIFY(g->nodes.size() <= 40 && !g->nodes.empty());
        QVERIFY(std::is_sorted(g->nodes.begin(), g->nodes.end(), [](const auto& a, const auto& b) {
            return a.mention_count > b.mention_count;
        }));
        QVERIFY(!g->edges.empty());
        for (const auto& e : g->edges) {
            QVERIFY(e.a < g->nodes.size() && e.b < g->nodes.size() && e.a != e.b);
            QVERIFY(e.weight >= 2);
        }
        QVERIFY(g->total_edges >= static_cast<std::int64_t>(g->edges.size()));

        // Restricting to two ids lists exactly those, with only the edge between them.
        EntityGraphOptions only;
        only.only_ids = std::vector<std::string>{g->nodes[0].id, g->nodes[1].id, "person:nobody"};
        auto pair = entity_graph(*vault_, only);
        QVERIFY(pair.is_ok());
        QCOMPARE(pair->nodes.size(), std::size_t{2});
        QVERIFY(pair->edges.size() <= 1);

        EntityGraphOptions kinds;
        kinds.kinds = {"person"};
        auto people = entity_graph(*vault_, kinds);
        QVERIFY(people.is_ok());
        QVERIFY(!people->nodes.empty());
        for (const auto& n : people->nodes)
            QCOMPARE(QString::fromStdString(n.kind), QStringLiteral("person"));
    }

    // A node is named by its capitalised form when any mention had one, though the newest
    // mention wrote the word in lower case (the entity list keeps the newest surface).
    void entityGraphNamesANodeByItsCapitalisedForm() {
        test::VaultFixture f;
        f.add_mention("topic:phoenix", "n1", test::kT0, "leaf", "Phoenix");
        f.add_mention("topic:phoenix", "n2", test::kT0 + 1, "leaf", "phoenix");
        f.add_mention("person:ada", "n2", test::kT0 + 2, "leaf", "ada");
        auto g = entity_graph(f.vault(), EntityGraphOptions{});
        QVERIFY2(g.is_ok(), g.status().to_string().c_str());
        std::map<std::string, std::string> names;
        for (const auto& n : g->nodes)
            names[n.id] = n.surface;
        QCOMPARE(QString::fromStdString(names["topic:phoenix"]), QStringLiteral("Phoenix"));
        QCOMPARE(QString::fromStdString(names["person:ada"]), QStringLiteral("ada"));
        EntityGraphOptions only;
        only.only_ids = std::vector<std::string>{"topic:phoenix"};
        auto listed = entity_graph(f.vault(), only);
        QVERIFY(listed.is_ok() && listed->nodes.size() == 1);
        QCOMPARE(QString::fromStdString(listed->nodes[0].surface), QStringLiteral("Phoenix"));
    }

    void findNodeResolvesSummariesAndChunks() {
        auto trees = list_trees(*vault_);
        QVERIFY(trees.is_ok());
        SummaryListOptions level1;
        level1.level = 1;
        level1.limit = 1;
        std::optional<SummaryOverview> summary;
        for (const auto& t : *trees) {
            auto l1 = tree_summaries(*vault_, t.id, level1);
            QVERIFY(l1.is_ok());
            if (!l1->empty()) {
                summary = l1->front();
                break;
            }
        }
        QVERIFY(summary);
        auto node = find_node(*vault_, summary->id);
        QVERIFY(node.is_ok() && node->has_value());
        const RetrievalHit& hit = **node;
        QCOMPARE(hit.node_kind, NodeKind::Summary);
        QCOMPARE(hit.level, 1u);
        QCOMPARE(static_cast<std::int64_t>(hit.child_ids.size()), summary->child_count);
        QVERIFY(!hit.tree_scope.empty());

        auto leaf = find_node(*vault_, hit.child_ids.front());
        QVERIFY(leaf.is_ok() && leaf->has_value());
        QCOMPARE((*leaf)->node_kind, NodeKind::Leaf);
        QCOMPARE((*leaf)->node_id, hit.child_ids.front());
        QVERIFY(!(*leaf)->content.empty());

        auto missing = find_node(*vault_, "no-such-node");
        QVERIFY(missing.is_ok());
        QVERIFY(!missing->has_value());
    }

    void ancestryClimbsToTheTop() {
        auto trees = list_trees(*vault_);
        QVERIFY(trees.is_ok());
        auto deepest =
            std::max_element(trees->begin(), trees->end(), [](const auto& a, const auto& b) {
                return a.max_level < b.max_level;
            });
        QVERIFY(deepest->max_level >= 2);
        SummaryListOptions level1;
        level1.level = 1;
        auto l1 = tree_summaries(*vault_, deepest->id, level1);
        QVERIFY(l1.is_ok() && !l1->empty());
        // A level-1 summary with a parent: its first chunk climbs through it to a top summary.
        auto withParent = std::find_if(l1->begin(), l1->end(),
                                       [](const auto& s) { return s.parent_id.has_value(); });
        QVERIFY(withParent != l1->end());
        auto node = find_node(*vault_, withParent->id);
        QVERIFY(node.is_ok() && node->has_value());
        const std::string chunk = (*node)->child_ids.front();

        auto chains = node_ancestry(*vault_, {chunk, withParent->id, "ghost"});
        QVERIFY2(chains.is_ok(), chains.status().to_string().c_str());
        const auto& fromChunk = chains->at(chunk);
        QVERIFY(fromChunk.size() >= 2);
        QCOMPARE(fromChunk[0], withParent->id);
        QCOMPARE(fromChunk[1], *withParent->parent_id);
        // The chain of the summary is the chunk's chain without its first step.
        QCOMPARE(chains->at(withParent->id),
                 std::vector<std::string>(fromChunk.begin() + 1, fromChunk.end()));
        QVERIFY(chains->at("ghost").empty());
        // The last ancestor has no parent: it is one of the tree's tops.
        SummaryListOptions top;
        top.top_only = true;
        auto tops = tree_summaries(*vault_, deepest->id, top);
        QVERIFY(std::any_of(tops->begin(), tops->end(),
                            [&](const auto& s) { return s.id == fromChunk.back(); }));
    }

private:
    static std::size_t utf8_chars(const std::string& s) {
        return static_cast<std::size_t>(
            std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestOverview)
#include "tst_overview.moc"
} // namespace tst_overview
