// The entity graph page on a real vault: it opens on the neighbourhood of the most mentioned
// entities, laid out off the GUI thread, the same every time (positions and community colours);
// Fit frames the shown nodes with names at a legible size that never overlap, more of them as
// one zooms in; the weight threshold, search, focus with hop depth, hiding and neighbour
// expansion behave, and the edge count never exceeds the vault's; a click selects (the panel
// lists the neighbours by shared chunks and the chunks two entities share) and runs no query, a
// double-click only expands, and "Query This Topic" runs query_topic without taking the typed
// query's mode; hovering an edge names its weight and times; a time window keeps only the
// edges with co-occurrences inside it; a selected hit's entities light up. A benchmark renders
// a 5,000-node graph while panning (a figure, not an assertion).
#include "core/format.h"
#include "core/timefilter.h"
#include "graph/communitypanel.h"
#include "graph/edgelayer.h"
#include "graph/entitypanel.h"
#include "graph/graphcontrolspanel.h"
#include "graph/graphscene.h"
#include "graph/graphtext.h"
#include "graph/graphtimebar.h"
#include "graph/graphview.h"
#include "graph/nodeitem.h"
#include "mainwindow.h"
#include "pages/graphpage.h"
#include "pages/overviewpage.h"
#include "pages/queryform.h"
#include "pages/querypage.h"
#include "pages/queryworkbench.h"
#include "pages/treespage.h"
#include "query/querysession.h"
#include "suite.h"
#include "testsupport.h"
#include "uivault.h"
#include "vault/vaultcontroller.h"
#include "widgets/timelineview.h"

#include <memlens/db.h>
#include <memlens/graph.h>
#include <memlens/overview.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>
#include <QTreeWidget>
#include <QWheelEvent>
#include <QtTest>

#include <cmath>
#include <numeric>
#include <set>

namespace tst_graphpage {

using namespace memlens;
using namespace memlens::ui;

class TestGraphPage : public QObject {
    Q_OBJECT
private:
    test::TempDir tmp_;
    std::unique_ptr<MainWindow> window_;
    GraphPage* page_ = nullptr;
    std::unique_ptr<GraphScene> bigScene_;
    std::filesystem::path dir_;

    // A synthetic graph of 5,000 nodes and 15,000 edges, shaped as co-occurrence graphs are
    // (50 groups of 100; nine edges in ten inside a group): what "fluid" is measured on.
    void buildBigScene() {
        GraphData data;
        const std::uint32_t n = 5000;
        std::uint64_t seed = 1;
        auto next = [&seed] {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            return static_cast<std::uint32_t>(seed >> 33);
        };
        for (std::uint32_t i = 0; i < n; ++i)
            data.nodes.push_back({QStringLiteral("person:p%1").arg(i), QStringLiteral("person"),
                                  QStringLiteral("Person %1").arg(i),
                                  static_cast<qint64>(1 + next() % 200)});
        for (std::uint32_t i = 0; i < 3 * n; ++i) {
            const std::uint32_t a = next() % n;
            const std::uint32_t b = next() % 10 == 0 ? next() % n : (a / 100) * 100 + next() % 100;
            data.edges.push_back({a, b, static_cast<double>(1 + next() % 9)});
        }
        QElapsedTimer timer;
        timer.start();
        // The generator repeats pairs and draws self-pairs: the page never holds either.
        std::set<std::pair<std::uint32_t, std::uint32_t>> seen;
        std::vector<LayoutEdge> unique;
        for (const LayoutEdge& e : data.edges)
            if (e.a != e.b && seen.insert({std::min(e.a, e.b), std::max(e.a, e.b)}).second)
                unique.push_back(e);
        data.edges = std::move(unique);
        data = test::offUiThread([data = std::move(data)]() mutable {
            std::atomic_bool cancel{false};
            const QString error = analyse(data, true, cancel);
            Q_ASSERT(error.isEmpty());
            return data;
        });
        qInfo("layout of 5,000 nodes / 15,000 edges: %lld ms",
              static_cast<long long>(timer.elapsed()));
        bigScene_ = std::make_unique<GraphScene>();
        bigScene_->setGraph(std::move(data));
    }

    bool reloadAndWait() {
        QSignalSpy loaded(page_, &GraphPage::graphLoaded);
        page_->reload();
        return loaded.wait(60000);
    }

private Q_SLOTS:
    void initTestCase() {
        test::setUpUiTest();
        const auto dir = tmp_.path() / "vault";
        dir_ = dir;
        const std::string error = test::buildGeneratedVault(dir, 1500);
        QVERIFY2(error.empty(), error.c_str());
        window_ = std::make_unique<MainWindow>();
        window_->resize(1280, 800);
        window_->show();
        QSignalSpy opened(window_->vault(), &VaultController::opened);
        // The Overview passes its health reading to this page when it has read the log: the
        // panel's facts gain its part then ("no search logged yet"), so the tests start after.
        QSignalSpy health(window_->overviewPage(), &OverviewPage::healthShown);
        window_->openVault(QString::fromStdString(dir.string()));
        QVERIFY(opened.wait(30000));
        page_ = window_->graphPage();
        QSignalSpy loaded(page_, &GraphPage::graphLoaded);
        window_->pages()->setCurrentWidget(page_); // the graph loads when first shown
        QVERIFY(loaded.wait(60000));
        QVERIFY(!health.isEmpty() || health.wait(60000));
    }

    // The vault's own count of edges (every weight): what no drawing may exceed.
    qint64 vaultEdgeCount() {
        return test::offUiThread([dir = dir_] {
            auto vault = Vault::open(dir, true);
            if (!vault)
                return qint64{-1};
            auto st = (*vault)->db().prepare(
                "SELECT COUNT(*) FROM mem_tree_entity_edges WHERE weight > 0");
            if (!st)
                return qint64{-1};
            auto row = st->step();
            if (!row || !*row)
                return qint64{-1};
            return static_cast<qint64>(st->column_int64(0));
        });
    }

    static void checkUniquePairs(const GraphData& d) {
        std::set<std::pair<std::uint32_t, std::uint32_t>> pairs;
        for (const LayoutEdge& e : d.edges) {
            QVERIFY(e.a != e.b);
            QVERIFY2(pairs.insert({std::min(e.a, e.b), std::max(e.a, e.b)}).second,
                     "an edge drawn twice");
        }
    }

    void opensOnTheNeighbourhoodOfTheMostMentioned() {
        GraphScene* scene = page_->scene();
        const GraphData& d = scene->data();
        QCOMPARE(d.scope, GraphScope::Neighbourhood);
        QCOMPARE(d.seeds.size(), 8);
        // The seeds are the vault's most mentioned entities, each drawn; the rest are their
        // neighbours: at most 8 + 8 × 12 nodes, not the whole vault.
        QVERIFY(scene->nodeCount() > 10);
        QVERIFY(scene->nodeCount() <= 8 + 8 * 12);
        QVERIFY(d.totalEntities > scene->nodeCount());
        for (const QString& seed : d.seeds)
            QVERIFY(scene->indexOf(seed) >= 0);
        // The seeds are the most mentioned: no entity of the vault outside them has more
        // mentions than the least mentioned seed (entity_graph orders by mentions).
        const auto top = test::offUiThread([dir = dir_] {
            auto vault = Vault::open(dir, true);
            EntityGraphOptions o;
            o.max_nodes = 8;
            o.max_edges = 0;
            return *entity_graph(**vault, o);
        });
        QStringList topIds;
        for (const auto& n : top.nodes)
            topIds << QString::fromStdString(n.id);
        QCOMPARE(d.seeds, topIds);
        QVERIFY(scene->edgeCount() > 0);
        checkUniquePairs(d);
        std::vector<int> degree(d.nodes.size(), 0);
        for (const LayoutEdge& e : d.edges) {
            QVERIFY(e.weight >= page_->controlsPanel()->weightBox()->value());
            ++degree[e.a];
            ++degree[e.b];
        }
        for (std::size_t i = 0; i < degree.size(); ++i)
            QVERIFY(degree[i] > 0 || d.seeds.contains(d.nodes[i].id)); // only seeds may stand alone
        for (const LayoutPoint& p : d.positions)
            QVERIFY(std::isfinite(p.x) && std::isfinite(p.y));
        QVERIFY(scene->edgeCount() <= vaultEdgeCount());
        QVERIFY2(page_->statusLabel()->text().contains(
                     QStringLiteral("of %1 entit").arg(formatCount(d.totalEntities))),
                 qPrintable(page_->statusLabel()->text()));
    }

    // Pairs of shown nodes whose marks, as drawn (NodeItem::shape: the circle holding the mark
    // and its outline), meet, named for the failure message.
    static QStringList overlappingMarks(const GraphScene& scene) {
        QStringList pairs;
        const int n = static_cast<int>(scene.data().nodes.size());
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j < n; ++j)
                if (scene.isShown(i) && scene.isShown(j) &&
                    scene.nodeItem(i)->collidesWithItem(scene.nodeItem(j)))
                    pairs << QStringLiteral("%1 × %2 (%3 apart, marks %4 + %5)")
                                 .arg(scene.labelOf(i), scene.labelOf(j))
                                 .arg(QLineF(scene.positionOf(i), scene.positionOf(j)).length())
                                 .arg(scene.nodeItem(i)->extent())
                                 .arg(scene.nodeItem(j)->extent());
        return pairs;
    }

    // At the view the page opens on, every mark can be seen and clicked: none covers another,
    // under whichever size measure is chosen (the marks grow, the layout made room for that).
    void noMarkCoversAnotherAtTheDefaultView() {
        GraphScene* scene = page_->scene();
        QCOMPARE(scene->sizeMeasure(), NodeSizeMeasure::Mentions);
        QVERIFY(scene->nodeCount() > 10);
        QStringList overlaps = overlappingMarks(*scene);
        QVERIFY2(overlaps.isEmpty(),
                 qPrintable(QStringLiteral("%1 overlapping pairs: %2")
                                .arg(overlaps.size())
                                .arg(overlaps.mid(0, 5).join(QStringLiteral("; ")))));
        for (int measure : {1, 2}) { // degree, PageRank
            page_->controlsPanel()->sizeMeasureBox()->setCurrentIndex(measure);
            overlaps = overlappingMarks(*scene);
            QVERIFY2(overlaps.isEmpty(), qPrintable(overlaps.mid(0, 5).join(QStringLiteral("; "))));
        }
        page_->controlsPanel()->sizeMeasureBox()->setCurrentIndex(0);
    }

    // Once the user has zoomed and clicked, nothing the program does later moves the view:
    // not the weight box losing the focus unchanged, not the vault read again (the Lab's Save,
    // an import or a merge reload it; the graph's request and so its layout stay the same), not
    // the edge times arriving after it. The selection comes back with the graph. Fit (the 0 key)
    // frames the graph again.
    void aUserActionIsNotUndoneByALaterFit() {
        GraphScene* scene = page_->scene();
        GraphView* view = page_->view();
        if (!scene->hasEdgeTimes())
            QVERIFY(QSignalSpy(page_, &GraphPage::edgeTimesLoaded).wait(30000));
        view->fitAll();
        QApplication::processEvents();
        const QTransform framed = view->transform();
        const int index = 0;
        view->centerOn(scene->positionOf(index));
        QPoint at = view->mapFromScene(scene->positionOf(index));
        QWheelEvent wheel(at, view->viewport()->mapToGlobal(at), {}, {0, 240}, Qt::NoButton, {},
                          Qt::NoScrollPhase, false);
        QApplication::sendEvent(view->viewport(), &wheel);
        QVERIFY(view->transform() != framed);
        at = view->mapFromScene(scene->positionOf(index));
        QCOMPARE(view->nodeAt(at), index);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(scene->selectedNode(), index);
        const QTransform zoomed = view->transform();
        const QPoint middle = view->viewport()->rect().center();
        const QPointF centre = view->mapToScene(middle);

        QSignalSpy loaded(page_, &GraphPage::graphLoaded);
        QSignalSpy times(page_, &GraphPage::edgeTimesLoaded);
        Q_EMIT page_->controlsPanel()->weightBox()->editingFinished(); // a click elsewhere
        QVERIFY(!loaded.wait(1000)); // the weight did not change: nothing is read again
        window_->vault()->reload();
        QVERIFY(loaded.wait(60000));
        QVERIFY(times.count() > 0 || times.wait(30000));
        QTest::qWait(200);
        QCOMPARE(view->transform(), zoomed);
        QVERIFY2(QLineF(view->mapToScene(middle), centre).length() < 1e-6,
                 qPrintable(QStringLiteral("the view moved by %1 scene units")
                                .arg(QLineF(view->mapToScene(middle), centre).length())));
        QCOMPARE(scene->selectedNode(), index);
        QCOMPARE(view->nodeAt(at), index); // a second click lands on the same node

        QTest::keyClick(view, Qt::Key_0);
        QCOMPARE(view->zoom(), framed.m11());
        page_->selectNode(-1);
    }

    void nodeSizeFollowsTheChosenMeasure() {
        GraphScene* scene = page_->scene();
        const GraphData& d = scene->data();
        auto extremes = [&](auto measure) {
            int most = 0, least = 0;
            for (int i = 0; i < static_cast<int>(d.nodes.size()); ++i) {
                if (measure(d.nodes[static_cast<std::size_t>(i)]) >
                    measure(d.nodes[static_cast<std::size_t>(most)]))
                    most = i;
                if (measure(d.nodes[static_cast<std::size_t>(i)]) <
                    measure(d.nodes[static_cast<std::size_t>(least)]))
                    least = i;
            }
            return std::make_pair(most, least);
        };
        auto [m1, l1] =
            extremes([](const GraphNode& n) { return static_cast<double>(n.mentions); });
        QVERIFY(scene->nodeItem(m1)->radius() > scene->nodeItem(l1)->radius());
        page_->controlsPanel()->sizeMeasureBox()->setCurrentIndex(2); // PageRank
        QCOMPARE(scene->sizeMeasure(), NodeSizeMeasure::PageRank);
        auto [m2, l2] = extremes([](const GraphNode& n) { return n.pagerank; });
        QVERIFY(scene->nodeItem(m2)->radius() > scene->nodeItem(l2)->radius());
        page_->controlsPanel()->sizeMeasureBox()->setCurrentIndex(1); // degree
        auto [m3, l3] = extremes([](const GraphNode& n) { return static_cast<double>(n.degree); });
        QVERIFY(scene->nodeItem(m3)->radius() > scene->nodeItem(l3)->radius());
        page_->controlsPanel()->sizeMeasureBox()->setCurrentIndex(0);
        // A node's kind is its shape.
        for (int i = 0; i < static_cast<int>(d.nodes.size()); ++i)
            QCOMPARE(scene->nodeItem(i)->markShape(),
                     NodeItem::shapeFor(d.nodes[static_cast<std::size_t>(i)].kind));
    }

    // The health reading's recall (GraphPage::setHealth from the Overview): "questions that
    // reached it" sizes a node by the distinct logged questions that returned one of its
    // memories, and the words say it; no reading, no figures.
    void theRecallMeasureSizesByTheQuestionsThatReachedAnEntity() {
        GraphScene* scene = page_->scene();
        const GraphData& d = scene->data();
        QVERIFY(d.nodes.size() >= 3);
        GraphRecall recall;
        recall.known = true;
        recall.distinctQueries = 40;
        recall.entities.insert(d.nodes[2].id, {5, 30});
        recall.entities.insert(d.nodes[1].id, {1, 2});
        scene->setRecall(recall);
        QComboBox* box = page_->controlsPanel()->sizeMeasureBox();
        box->setCurrentIndex(box->findData(static_cast<int>(NodeSizeMeasure::Recall)));
        QCOMPARE(scene->sizeMeasure(), NodeSizeMeasure::Recall);
        QVERIFY(scene->nodeItem(2)->radius() > scene->nodeItem(1)->radius());
        QVERIFY(scene->nodeItem(1)->radius() > scene->nodeItem(0)->radius());
        QCOMPARE(d.nodes[0].recallQueries, qint64{0});
        QVERIFY(GraphText::recall(*scene, d.nodes[0])
                    .startsWith(QStringLiteral("none of its memories")));
        const QString reached = GraphText::recall(*scene, d.nodes[2]);
        // (The test runs without the English plural forms the application loads.)
        QVERIFY2(reached.startsWith(QStringLiteral("5 of its memories returned, by 30 question")) &&
                     reached.endsWith(QStringLiteral(" of the 40 logged")),
                 qPrintable(reached));
        page_->selectNode(2);
        QVERIFY2(page_->entityPanel()->factsText().contains(reached),
                 qPrintable(page_->entityPanel()->factsText()));
        page_->setHealth(nullptr, {});
        QVERIFY(!scene->recall().known);
        QCOMPARE(d.nodes[2].recallQueries, qint64{-1});
        QVERIFY(GraphText::recall(*scene, d.nodes[2]).isEmpty());
        box->setCurrentIndex(0);
        page_->selectNode(-1);
    }

    void fitFramesTheShownNodesWithLegibleNames() {
        GraphScene* scene = page_->scene();
        GraphView* view = page_->view();
        view->fitAll();
        QApplication::processEvents();
        const QRect area = view->viewport()->rect();
        for (int i = 0; i < static_cast<int>(scene->data().nodes.size()); ++i)
            if (scene->isShown(i))
                QVERIFY(area.contains(view->mapFromScene(scene->positionOf(i))));
        QVERIFY(view->labelPixelSize() >= 11);
        const auto labels = view->labelPlacements();
        QVERIFY(!labels.empty());
        // The most mentioned entity is named, and no two names overlap or leave the view.
        int most = 0;
        for (int i = 0; i < static_cast<int>(scene->data().nodes.size()); ++i)
            if (scene->data().nodes[static_cast<std::size_t>(i)].mentions >
                scene->data().nodes[static_cast<std::size_t>(most)].mentions)
                most = i;
        QVERIFY(std::any_of(labels.begin(), labels.end(),
                            [most](const auto& l) { return l.node == most; }));
        for (std::size_t i = 0; i < labels.size(); ++i) {
            QVERIFY(labels[i].rect.height() >= view->labelPixelSize());
            QVERIFY(area.intersects(labels[i].rect));
            for (std::size_t j = i + 1; j < labels.size(); ++j)
                QVERIFY(!labels[i].rect.intersects(labels[j].rect));
        }
    }

    void moreNamesAppearAsOneZoomsIn() {
        // 500 entities are too many to name at once when the whole graph is framed.
        page_->controlsPanel()->scopeBox()->setCurrentIndex(1);
        QSignalSpy loaded(page_, &GraphPage::graphLoaded);
        QVERIFY(loaded.wait(60000));
        GraphScene* scene = page_->scene();
        GraphView* view = page_->view();
        auto namedShare = [&] {
            int visible = 0;
            const QRect area = view->viewport()->rect();
            for (int i = 0; i < static_cast<int>(scene->data().nodes.size()); ++i)
                if (scene->isShown(i) && area.contains(view->mapFromScene(scene->positionOf(i))))
                    ++visible;
            return visible == 0 ? 0.0
                                : static_cast<double>(view->labelPlacements().size()) / visible;
        };
        view->fitAll();
        const double framed = namedShare();
        QVERIFY(framed < 1.0);
        view->scale(4, 4);
        const double zoomed = namedShare();
        QVERIFY2(zoomed > framed, qPrintable(QStringLiteral("%1 → %2").arg(framed).arg(zoomed)));
        page_->controlsPanel()->scopeBox()->setCurrentIndex(0);
        QVERIFY(loaded.wait(60000));
    }

    void aHigherWeightThresholdKeepsOnlyHeavierEdges() {
        page_->controlsPanel()->scopeBox()->setCurrentIndex(2); // 2,000 most mentioned
        QVERIFY(QSignalSpy(page_, &GraphPage::graphLoaded).wait(60000));
        const int before = page_->scene()->edgeCount();
        page_->controlsPanel()->weightBox()->setValue(4);
        QVERIFY(reloadAndWait());
        QVERIFY(page_->scene()->edgeCount() < before);
        for (const LayoutEdge& e : page_->scene()->data().edges)
            QVERIFY(e.weight >= 4);
        page_->controlsPanel()->weightBox()->setValue(2);
        QVERIFY(reloadAndWait());
        QCOMPARE(page_->scene()->edgeCount(), before);
        page_->controlsPanel()->scopeBox()->setCurrentIndex(0);
        QVERIFY(QSignalSpy(page_, &GraphPage::graphLoaded).wait(60000));
    }

    void layoutAndCommunityColoursAreTheSameEveryRun() {
        const GraphData first = page_->scene()->data();
        QVERIFY(first.communities.size() >= 2);
        QVERIFY(reloadAndWait());
        const GraphData& again = page_->scene()->data();
        QCOMPARE(again.nodes.size(), first.nodes.size());
        for (std::size_t i = 0; i < first.nodes.size(); ++i) {
            QCOMPARE(again.nodes[i].id, first.nodes[i].id);
            QCOMPARE(again.positions[i].x, first.positions[i].x);
            QCOMPARE(again.positions[i].y, first.positions[i].y);
            const auto& c1 = first.communities[static_cast<std::size_t>(first.nodes[i].community)];
            const auto& c2 = again.communities[static_cast<std::size_t>(again.nodes[i].community)];
            QCOMPARE(c2.colorSlot, c1.colorSlot);
            QCOMPARE(page_->scene()->nodeItem(static_cast<int>(i))->states() & NodeItem::Dimmed, 0);
        }
        // The legend lists the communities of two or more, heaviest first.
        QVERIFY(page_->communityPanel()->communityList()->topLevelItemCount() >= 1);
    }

    void choosingACommunityDimsTheRest() {
        GraphScene* scene = page_->scene();
        page_->selectCommunity(0);
        for (int i = 0; i < static_cast<int>(scene->data().nodes.size()); ++i) {
            const bool member = scene->data().nodes[static_cast<std::size_t>(i)].community == 0;
            QCOMPARE((scene->nodeItem(i)->states() & NodeItem::Dimmed) != 0, !member);
        }
        page_->selectCommunity(-1);
        for (int i = 0; i < static_cast<int>(scene->data().nodes.size()); ++i)
            QCOMPARE(scene->nodeItem(i)->states() & NodeItem::Dimmed, 0);
    }

    void focusGrowsWithHopDepth() {
        GraphScene* scene = page_->scene();
        // The most connected node.
        std::vector<int> degree(scene->data().nodes.size(), 0);
        for (const LayoutEdge& e : scene->data().edges) {
            ++degree[e.a];
            ++degree[e.b];
        }
        const int hub =
            static_cast<int>(std::max_element(degree.begin(), degree.end()) - degree.begin());
        page_->selectNode(hub);
        page_->entityPanel()->hopsSlider()->setValue(1);
        page_->focusSelected();
        QCOMPARE(scene->focusSize(), degree[static_cast<std::size_t>(hub)] + 1);
        const int oneHop = scene->focusSize();
        page_->entityPanel()->hopsSlider()->setValue(2);
        QVERIFY(scene->focusSize() >= oneHop);
        // Outside the focus, nodes are dimmed; inside, not.
        int dimmed = 0;
        for (int i = 0; i < scene->nodeCount(); ++i)
            dimmed += (scene->nodeItem(i)->states() & NodeItem::Dimmed) ? 1 : 0;
        QCOMPARE(dimmed, scene->nodeCount() - scene->focusSize());
        scene->setFocusNode(-1, 1);
    }

    // A click on an entity brings out its links: its edges in the accent pen over the others,
    // dimmed, its neighbours bright and every other entity dimmed. A click on the background
    // deselects and the drawing is as before.
    void aSelectionHighlightsItsEdgesAndDimsTheRest() {
        GraphScene* scene = page_->scene();
        GraphView* view = page_->view();
        page_->selectNode(-1);
        QCOMPARE(scene->focusNode(), -1);
        QCOMPARE(scene->communityFilter(), -1);
        const GraphData& d = scene->data();
        std::vector<int> degree(d.nodes.size(), 0);
        for (const LayoutEdge& e : d.edges) {
            ++degree[e.a];
            ++degree[e.b];
        }
        const int hub =
            static_cast<int>(std::max_element(degree.begin(), degree.end()) - degree.begin());
        view->fitAll();
        view->centerOn(scene->positionOf(hub));
        QApplication::processEvents();
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                          view->mapFromScene(scene->positionOf(hub)));
        QCOMPARE(scene->selectedNode(), hub);

        std::vector<int> incident;
        std::vector<bool> neighbour(d.nodes.size(), false);
        neighbour[static_cast<std::size_t>(hub)] = true;
        for (int i = 0; i < static_cast<int>(d.edges.size()); ++i) {
            const LayoutEdge& e = d.edges[static_cast<std::size_t>(i)];
            if (static_cast<int>(e.a) == hub || static_cast<int>(e.b) == hub) {
                incident.push_back(i);
                neighbour[e.a] = neighbour[e.b] = true;
            }
        }
        QVERIFY(incident.size() >= 2);
        QVERIFY(incident.size() < d.edges.size());
        QCOMPARE(scene->edgeLayer()->highlightedEdges(), incident);
        QVERIFY(scene->edgeLayer()->dimsOthers());
        for (int i = 0; i < static_cast<int>(d.nodes.size()); ++i)
            QCOMPARE((scene->nodeItem(i)->states() & NodeItem::Dimmed) != 0,
                     !neighbour[static_cast<std::size_t>(i)]);

        // A place in the view with no node: the background.
        QPoint empty(-1, -1);
        const QRect area = view->viewport()->rect();
        for (int y = area.top() + 5; y < area.bottom() && empty.x() < 0; y += 7)
            for (int x = area.left() + 5; x < area.right() && empty.x() < 0; x += 7)
                if (view->nodeAt(QPoint(x, y)) < 0)
                    empty = QPoint(x, y);
        QVERIFY(empty.x() >= 0);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, empty);
        QCOMPARE(scene->selectedNode(), -1);
        QVERIFY(scene->edgeLayer()->highlightedEdges().empty());
        QVERIFY(!scene->edgeLayer()->dimsOthers());
        for (int i = 0; i < static_cast<int>(d.nodes.size()); ++i)
            QCOMPARE(scene->nodeItem(i)->states() & NodeItem::Dimmed, 0);
    }

    void hidingTakesAnEntityAndItsEdgesOff() {
        GraphScene* scene = page_->scene();
        const int nodes = scene->nodeCount();
        const int edges = scene->edgeCount();
        page_->selectNode(0);
        int degree = 0;
        for (const LayoutEdge& e : scene->data().edges)
            degree += (e.a == 0 || e.b == 0) ? 1 : 0;
        page_->hideSelected();
        QVERIFY(!scene->isShown(0));
        QCOMPARE(scene->nodeCount(), nodes - 1);
        QCOMPARE(scene->edgeCount(), edges - degree);
        QCOMPARE(scene->selectedNode(), -1);
        QVERIFY(page_->statusLabel()->text().contains(QStringLiteral(" · 1 hidden")));
        scene->showAllNodes();
        QCOMPARE(scene->nodeCount(), nodes);
    }

    void searchSelectsTheBestMatch() {
        GraphScene* scene = page_->scene();
        const GraphNode target = scene->data().nodes.front();
        QVERIFY(page_->find(target.id));
        QCOMPARE(scene->data().nodes[static_cast<std::size_t>(scene->selectedNode())].id,
                 target.id);
        QVERIFY(!page_->find(QStringLiteral("no-such-entity-anywhere")));
        scene->search(QString());
    }

    // A click selects and runs no query; the panel lists the neighbours by shared chunks, and a
    // neighbour's row lists the chunks the two share, each one click from Hit Detail.
    void theSelectedEntitysNeighboursAndWhatTheyShare() {
        GraphScene* scene = page_->scene();
        GraphView* view = page_->view();
        QueryWorkbench* wb = window_->workbench();
        const int index = 0;
        page_->selectNode(-1); // the search before may have selected it already
        view->fitRect(scene->boundsOf({index}));
        QApplication::processEvents();
        QSignalSpy started(wb->session(), &QuerySession::started);
        QSignalSpy listed(page_, &GraphPage::neighboursLoaded);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                          view->mapFromScene(scene->positionOf(index)));
        QCOMPARE(scene->selectedNode(), index);
        QVERIFY(listed.wait(30000));
        QCOMPARE(started.count(), 0);
        QTreeWidget* rows = page_->entityPanel()->neighbourList();
        QVERIFY(rows->topLevelItemCount() > 0);
        const QString id = scene->data().nodes[index].id;
        const auto expected = test::offUiThread([dir = dir_, id] {
            auto vault = Vault::open(dir, true);
            return *co_occurring_entities(**vault, id.toStdString(), 50);
        });
        QCOMPARE(rows->topLevelItemCount(), static_cast<int>(expected.size()));
        qint64 previous = std::numeric_limits<qint64>::max();
        for (int r = 0; r < rows->topLevelItemCount(); ++r) {
            const qint64 shared =
                rows->topLevelItem(r)->text(1).remove(QLatin1Char(',')).toLongLong();
            QVERIFY(shared <= previous); // most shared first
            previous = shared;
            const QString peer = rows->topLevelItem(r)->data(0, Qt::UserRole).toString();
            const auto it = std::find_if(expected.begin(), expected.end(), [&](const GraphEdge& e) {
                return QString::fromStdString(e.object) == peer;
            });
            QVERIFY(it != expected.end());
            QCOMPARE(shared, it->weight); // the panel's count is the edge's weight
        }
        QSignalSpy shared(page_, &GraphPage::sharedLoaded);
        rows->setCurrentItem(rows->topLevelItem(0));
        QVERIFY(shared.wait(30000));
        const qint64 weight = rows->topLevelItem(0)->text(1).remove(QLatin1Char(',')).toLongLong();
        QCOMPARE(page_->entityPanel()->sharedList()->count(),
                 static_cast<int>(std::min<qint64>(weight, 200)));
        QVERIFY(page_->entityPanel()->sharedTitleText().contains(
            QStringLiteral("because %1 chunk").arg(weight)));
        QCOMPARE(started.count(), 0);
    }

    void hoveringAnEdgeNamesItsWeightAndTimes() {
        GraphScene* scene = page_->scene();
        GraphView* view = page_->view();
        if (!scene->hasEdgeTimes())
            QVERIFY(QSignalSpy(page_, &GraphPage::edgeTimesLoaded).wait(30000));
        view->fitAll();
        QApplication::processEvents();
        // The heaviest edge whose middle no node covers, hovered there.
        std::vector<int> order(scene->data().edges.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
            return scene->data().edges[static_cast<std::size_t>(x)].weight >
                   scene->data().edges[static_cast<std::size_t>(y)].weight;
        });
        int heaviest = -1;
        QPoint at;
        for (int i : order) {
            const LayoutEdge& e = scene->data().edges[static_cast<std::size_t>(i)];
            const QPointF mid((scene->data().positions[e.a].x + scene->data().positions[e.b].x) / 2,
                              (scene->data().positions[e.a].y + scene->data().positions[e.b].y) /
                                  2);
            at = view->mapFromScene(mid);
            if (view->nodeAt(at) < 0 && view->edgeAt(at) == i) {
                heaviest = i;
                break;
            }
        }
        QVERIFY(heaviest >= 0);
        const LayoutEdge e = scene->data().edges[static_cast<std::size_t>(heaviest)];
        QSignalSpy shown(page_, &GraphPage::hoverShown);
        QTest::mouseMove(view->viewport(), at);
        QTRY_VERIFY(shown.count() > 0);
        const QString text = shown.first().first().toString();
        const auto& times = scene->edgeTimes()[static_cast<std::size_t>(heaviest)];
        QCOMPARE(static_cast<double>(times.size()), e.weight); // one time per shared node
        QVERIFY2(text.contains(QStringLiteral("%1 chunk").arg(static_cast<int>(e.weight))),
                 qPrintable(text));
        QVERIFY(text.contains(formatTime(times.front())));
        QVERIFY(text.contains(formatTime(times.back())));
    }

    void aTimeWindowKeepsTheEdgesWithCoOccurrencesInIt() {
        GraphScene* scene = page_->scene();
        if (!scene->hasEdgeTimes())
            QVERIFY(QSignalSpy(page_, &GraphPage::edgeTimesLoaded).wait(30000));
        QVERIFY(page_->timeBar()->timeBox()->isEnabled());
        const int all = scene->edgeCount();
        page_->timeBar()->timeBox()->setChecked(true);
        page_->timeBar()->timeFrom()->setValue(0);
        page_->timeBar()->timeUntil()->setValue(300);
        const auto window = scene->timeWindow();
        QVERIFY(window.has_value());
        QVERIFY(scene->edgeCount() < all);
        for (int i = 0; i < static_cast<int>(scene->data().edges.size()); ++i) {
            const auto& t = scene->edgeTimes()[static_cast<std::size_t>(i)];
            const auto inside = std::count_if(t.begin(), t.end(), [&](qint64 ms) {
                return ms >= window->first && ms <= window->second;
            });
            QCOMPARE(scene->shownWeight(i), static_cast<double>(inside));
        }
        // Entities without an edge in the window are not drawn.
        for (int i = 0; i < static_cast<int>(scene->data().nodes.size()); ++i) {
            bool reached = false;
            for (int k = 0; k < static_cast<int>(scene->data().edges.size()); ++k) {
                const LayoutEdge& e = scene->data().edges[static_cast<std::size_t>(k)];
                reached |= (static_cast<int>(e.a) == i || static_cast<int>(e.b) == i) &&
                           scene->shownWeight(k) > 0;
            }
            QCOMPARE(scene->isShown(i), reached);
        }
        page_->timeBar()->timeBox()->setChecked(false);
        QVERIFY(!scene->timeWindow().has_value());
        QCOMPARE(scene->edgeCount(), all);
    }

    // One window for the vault: dragging across the Trees page's timeline shows the graph as it
    // stood then, exactly that window, with the sliders set where it lies.
    void aWindowDraggedOnTheTreesTimelineFiltersTheGraph() {
        GraphScene* scene = page_->scene();
        if (!scene->hasEdgeTimes())
            QVERIFY(QSignalSpy(page_, &GraphPage::edgeTimesLoaded).wait(30000));
        const int all = scene->edgeCount();
        TreesPage* trees = window_->treesPage();
        window_->pages()->setCurrentWidget(trees);
        TimelineView* timeline = trees->timeline();
        QTRY_VERIFY(timeline->isVisible());
        QApplication::processEvents();
        const QRect viewport = timeline->viewport()->rect();
        const int y = viewport.center().y();
        const int x0 = viewport.left() + viewport.width() / 5;
        const int x1 = viewport.left() + viewport.width() * 2 / 5;
        QSignalSpy selected(timeline, &TimelineView::windowSelected);
        test::dragAcross(timeline->viewport(), x0, x1, y);
        QCOMPARE(selected.count(), 1);
        const qint64 since = selected.first().at(0).toLongLong();
        const qint64 until = selected.first().at(1).toLongLong();

        window_->pages()->setCurrentWidget(page_);
        QVERIFY(page_->timeBar()->timeBox()->isChecked());
        const auto window = scene->timeWindow();
        QVERIFY(window.has_value());
        QCOMPARE(window->first, since);
        QCOMPARE(window->second, until);
        QVERIFY(page_->timeBar()->timeFrom()->value() < page_->timeBar()->timeUntil()->value());
        QVERIFY(scene->edgeCount() < all);
        for (int i = 0; i < static_cast<int>(scene->data().edges.size()); ++i) {
            const auto& t = scene->edgeTimes()[static_cast<std::size_t>(i)];
            const auto inside = std::count_if(
                t.begin(), t.end(), [&](qint64 ms) { return ms >= since && ms <= until; });
            QCOMPARE(scene->shownWeight(i), static_cast<double>(inside));
        }
        // The drag set the shared time filter; cleared, the graph shows all of its time again.
        QVERIFY(window_->timeFilter()->isSet());
        window_->timeFilter()->clear();
        QVERIFY(!scene->timeWindow().has_value());
        QCOMPARE(scene->edgeCount(), all);
    }

    // With the time window on, the panel counts inside it and says so: the selected entity's
    // chunks and drawn links, and per neighbour the chunks they share, each equal to the drawn
    // edge's weight in the window; the chunks two share are the window's. Off again, the counts
    // are all time's.
    void thePanelCountsInsideTheTimeWindow() {
        GraphScene* scene = page_->scene();
        EntityPanel* panel = page_->entityPanel();
        if (!scene->hasEdgeTimes())
            QVERIFY(QSignalSpy(page_, &GraphPage::edgeTimesLoaded).wait(30000));
        const GraphData& d = scene->data();
        std::vector<int> degree(d.nodes.size(), 0);
        for (const LayoutEdge& e : d.edges) {
            ++degree[e.a];
            ++degree[e.b];
        }
        const int hub =
            static_cast<int>(std::max_element(degree.begin(), degree.end()) - degree.begin());
        const QString id = d.nodes[static_cast<std::size_t>(hub)].id;
        page_->selectNode(-1);
        QSignalSpy listed(page_, &GraphPage::neighboursLoaded);
        page_->selectNode(hub);
        QVERIFY(listed.wait(30000));
        QTreeWidget* rows = panel->neighbourList();
        auto counts = [rows] {
            QMap<QString, qint64> out;
            for (int r = 0; r < rows->topLevelItemCount(); ++r)
                out.insert(rows->topLevelItem(r)->data(0, Qt::UserRole).toString(),
                           rows->topLevelItem(r)->text(1).remove(QLatin1Char(',')).toLongLong());
            return out;
        };
        const QMap<QString, qint64> allTime = counts();
        const QString allFacts = panel->factsText();
        QVERIFY(!allTime.isEmpty());
        QVERIFY(panel->windowText().isEmpty());

        page_->timeBar()->timeBox()->setChecked(true);
        page_->timeBar()->timeFrom()->setValue(0);
        page_->timeBar()->timeUntil()->setValue(300);
        const auto window = scene->timeWindow();
        QVERIFY(window.has_value());
        QVERIFY(scene->isShown(hub));
        QTRY_VERIFY_WITH_TIMEOUT(!panel->factsText().contains(QStringLiteral("counting")), 30000);
        QVERIFY(panel->windowText().contains(formatRange(window->first, window->second)));

        // The entity's chunks in the window, by plain SQL; its drawn links in the window.
        const qint64 mentions = test::offUiThread([dir = dir_, id, w = *window] {
            auto vault = Vault::open(dir, true);
            auto st = (*vault)->db().prepare(
                "SELECT COUNT(*) FROM mem_tree_entity_index WHERE entity_id = ?1 AND "
                "node_kind = 'leaf' AND timestamp_ms BETWEEN ?2 AND ?3");
            st->bind(1, id.toStdString())
                .bind(2, static_cast<std::int64_t>(w.first))
                .bind(3, static_cast<std::int64_t>(w.second));
            auto row = st->step();
            return row && *row ? static_cast<qint64>(st->column_int64(0)) : qint64{-1};
        });
        QVERIFY(mentions > 0);
        std::map<QString, double> drawnInWindow; // drawn neighbour → the edge's weight in it
        for (int i = 0; i < static_cast<int>(d.edges.size()); ++i) {
            const LayoutEdge& e = d.edges[static_cast<std::size_t>(i)];
            if ((static_cast<int>(e.a) == hub || static_cast<int>(e.b) == hub) &&
                scene->shownWeight(i) > 0)
                drawnInWindow[d.nodes[static_cast<int>(e.a) == hub ? e.b : e.a].id] =
                    scene->shownWeight(i);
        }
        QVERIFY(!drawnInWindow.empty());
        const QString facts = panel->factsText();
        QVERIFY2(facts.contains(
                     QStringLiteral("mentioned by %1 chunk").arg(QLocale().toString(mentions))) &&
                     facts.contains(
                         QStringLiteral("linked to %1 drawn entit").arg(drawnInWindow.size())),
                 qPrintable(facts));
        QVERIFY(facts != allFacts);

        const QMap<QString, qint64> inWindow = counts();
        bool fewer = false;
        for (auto it = inWindow.cbegin(); it != inWindow.cend(); ++it) {
            QVERIFY(it.value() > 0);
            fewer |= it.value() < allTime.value(it.key(), std::numeric_limits<qint64>::max());
        }
        QVERIFY(fewer); // the window's counts are not all time's
        for (const auto& [peer, weight] : drawnInWindow) {
            QVERIFY2(inWindow.contains(peer), qPrintable(peer));
            QCOMPARE(static_cast<double>(inWindow.value(peer)), weight);
        }

        // The chunks the hub shares with its first neighbour: the window's, all of them.
        QSignalSpy shared(page_, &GraphPage::sharedLoaded);
        rows->setCurrentItem(rows->topLevelItem(0));
        QVERIFY(shared.wait(30000));
        const QString peer = rows->topLevelItem(0)->data(0, Qt::UserRole).toString();
        QCOMPARE(panel->sharedList()->count(),
                 static_cast<int>(std::min<qint64>(inWindow.value(peer), 200)));
        QVERIFY2(panel->sharedTitleText().contains(QStringLiteral("In the time window")),
                 qPrintable(panel->sharedTitleText()));

        page_->timeBar()->timeBox()->setChecked(false);
        QTRY_COMPARE_WITH_TIMEOUT(counts(), allTime, 30000);
        QCOMPARE(panel->factsText(), allFacts);
        QVERIFY(panel->windowText().isEmpty());
        page_->selectNode(-1);
    }

    // A click selects; query_topic runs only from the explicit action and says so;
    // the next typed query runs in the mode shown beside the query box.
    void clickingAnEntitySelectsAndTheTypedQueryKeepsItsMode() {
        QueryWorkbench* wb = window_->workbench();
        wb->page()->modeBox()->setCurrentIndex(
            wb->page()->modeBox()->findData(static_cast<int>(QueryKind::Hybrid)));
        QCOMPARE(wb->form()->kind(), QueryKind::Hybrid);
        GraphScene* scene = page_->scene();
        GraphView* view = page_->view();
        const int index = 0;
        const QString id = scene->data().nodes[index].id;
        view->fitRect(scene->boundsOf({index}));
        QApplication::processEvents();
        const QPoint at = view->mapFromScene(scene->positionOf(index));
        QCOMPARE(view->nodeAt(at), index);
        QSignalSpy started(wb->session(), &QuerySession::started);
        QSignalSpy finished(wb->session(), &QuerySession::finished);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(scene->selectedNode(), index);
        QVERIFY(page_->statusLabel()->text().contains(id));
        QTest::qWait(200); // a query a click started would be under way by now
        QCOMPARE(started.count(), 0);

        // The explicit action runs query_topic, and the answer's header names it.
        QVERIFY(page_->entityPanel()->queryTopicButton()->isEnabled());
        QTest::mouseClick(page_->entityPanel()->queryTopicButton(), Qt::LeftButton);
        QVERIFY(finished.wait(30000));
        const QueryOutcome& topic = wb->session()->outcome();
        QCOMPARE(topic.request.kind, QueryKind::QueryTopic);
        QCOMPARE(QString::fromStdString(topic.request.topic.entity_id), id);
        QCOMPARE(wb->page()->headerLabel()->text(), QStringLiteral("query_topic on %1").arg(id));
        QCOMPARE(window_->pages()->currentWidget(), page_); // the graph stays in front
        QCOMPARE(wb->form()->kind(), QueryKind::Hybrid);    // the mode is still the user's
        // The first hit is shown in the detail docks: its entities light up here.
        QTRY_VERIFY_WITH_TIMEOUT(scene->litCount() > 0, 10000);
        QVERIFY(scene->nodeItem(index)->states() & NodeItem::Lit);

        // The next typed query runs in the mode shown beside the query box.
        wb->page()->setQueryText(QStringLiteral("launch budget"));
        wb->page()->run();
        QVERIFY(finished.wait(30000));
        const QueryOutcome& typed = wb->session()->outcome();
        QCOMPARE(typed.request.kind, QueryKind::Hybrid);
        QVERIFY(typed.search.has_value());
        QCOMPARE(QString::fromStdString(typed.request.text), QStringLiteral("launch budget"));
        QCOMPARE(wb->page()->headerLabel()->text(), QStringLiteral("hybrid “launch budget”"));
    }

    // Double-click expands and does nothing else: no query, and every pair drawn once, so the
    // edge count stays within the vault's.
    void doubleClickOnlyExpands() {
        GraphScene* scene = page_->scene();
        QueryWorkbench* wb = window_->workbench();
        const int index = scene->selectedNode() >= 0 ? scene->selectedNode() : 0;
        const int nodesBefore = scene->nodeCount();
        const QString id = scene->data().nodes[static_cast<std::size_t>(index)].id;
        GraphView* view = page_->view();
        view->fitRect(scene->boundsOf({index}));
        QApplication::processEvents();
        const QPoint at = view->mapFromScene(scene->positionOf(index));
        QSignalSpy started(wb->session(), &QuerySession::started);
        QSignalSpy expanded(page_, &GraphPage::expanded);
        QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, at);
        QVERIFY(expanded.wait(30000));
        QCOMPARE(scene->nodeCount(), nodesBefore + expanded.first().first().toInt());
        QCOMPARE(started.count(), 0);
        // The expanded entity is linked to every co-occurring entity (up to 30), each once.
        const auto expected = test::offUiThread([dir = dir_, id] {
            auto vault = Vault::open(dir, true);
            return *co_occurring_entities(**vault, id.toStdString(), 30);
        });
        int centreEdges = 0;
        const int centre = scene->indexOf(id);
        for (const LayoutEdge& e : scene->data().edges)
            centreEdges += (static_cast<int>(e.a) == centre || static_cast<int>(e.b) == centre);
        QVERIFY(centreEdges >= static_cast<int>(expected.size()));
        checkUniquePairs(scene->data());
        // Expanding again adds nothing and draws no edge twice (v1 counted 266 of 250).
        QSignalSpy again(page_, &GraphPage::expanded);
        page_->expand(centre);
        QVERIFY(again.wait(30000));
        QCOMPARE(again.first().first().toInt(), 0);
        checkUniquePairs(scene->data());
        QVERIFY(scene->edgeCount() <= vaultEdgeCount());
        // New nodes took a community; the colours of the nodes drawn before mostly stayed.
        for (const GraphNode& n : scene->data().nodes)
            QVERIFY(n.community >= 0);
    }

    void benchmarkPanning5000Nodes_data() {
        QTest::addColumn<double>("zoom");
        QTest::newRow("fit all") << 1.0;
        QTest::newRow("zoomed in x6") << 6.0;
    }

    void benchmarkPanning5000Nodes() {
        QFETCH(double, zoom);
        if (!bigScene_)
            buildBigScene();
        GraphView view(bigScene_.get());
        view.resize(1000, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.fitAll();
        view.scale(zoom, zoom);
        const QPointF centre = view.mapToScene(view.viewport()->rect().center());
        for (int i = 0; i < 3; ++i) // warm the item caches
            (void)view.viewport()->grab();
        {
            QElapsedTimer t;
            t.start();
            const auto placed = view.labelPlacements();
            qInfo("names placed: %zu in %.1f ms", placed.size(),
                  static_cast<double>(t.nsecsElapsed()) / 1e6);
        }
        int frame = 0;
        QBENCHMARK {
            // One frame of a pan: move the view by 20 pixels and render the whole viewport.
            const qreal step = 20.0 / view.transform().m11() * ((frame++ % 2) ? 1 : -1);
            view.centerOn(centre + QPointF(step, 0));
            (void)view.viewport()->grab();
        }
        QCOMPARE(bigScene_->nodeCount(), 5000);
    }

    void cleanupTestCase() {
        bigScene_.reset();
        window_.reset();
        QCOMPARE(memlens::ui_thread_violations(), 0);
    }
};

MEMLENS_TEST_MAIN(TestGraphPage)
#include "tst_graphpage.moc"
} // namespace tst_graphpage
