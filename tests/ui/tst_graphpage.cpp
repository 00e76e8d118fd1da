// The entity graph page on a real vault: the layout runs off the GUI thread and is
// deterministic, the weight threshold, search, focus with hop depth and neighbour expansion
// behave, clicking an entity selects it and "Query This Topic" runs query_topic without taking
// the typed query's mode, and a selected hit's entities light up. A
// benchmark renders a 5,000-node graph while panning (a figure, not an assertion).
#include "graph/forcelayout.h"
#include "graph/graphscene.h"
#include "graph/graphview.h"
#include "graph/nodeitem.h"
#include "mainwindow.h"
#include "pages/graphpage.h"
#include "pages/queryform.h"
#include "pages/querypage.h"
#include "pages/queryworkbench.h"
#include "query/querysession.h"
#include "testsupport.h"
#include "uivault.h"
#include "vault/vaultcontroller.h"

#include <memlens/thread_guard.h>

#include <QComboBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>
#include <QtTest>

#include <cmath>
#include <set>

using namespace memlens;
using namespace memlens::ui;

class TestGraphPage : public QObject {
    Q_OBJECT
private:
    test::TempDir tmp_;
    std::unique_ptr<MainWindow> window_;
    GraphPage* page_ = nullptr;
    std::unique_ptr<GraphScene> bigScene_;

    // A synthetic graph of 5,000 nodes and 15,000 edges: what "fluid" is measured on.
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
        for (std::uint32_t i = 0; i < 3 * n; ++i)
            data.edges.push_back({next() % n, next() % n, static_cast<double>(1 + next() % 9)});
        QElapsedTimer timer;
        timer.start();
        data.positions = test::offUiThread([&data] {
            std::atomic_bool cancel{false};
            return forceLayout(data.nodes.size(), data.edges, LayoutOptions{}, cancel);
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
        const std::string error = test::buildGeneratedVault(dir, 1500);
        QVERIFY2(error.empty(), error.c_str());
        window_ = std::make_unique<MainWindow>();
        window_->resize(1280, 800);
        window_->show();
        QSignalSpy opened(window_->vault(), &VaultController::opened);
        window_->openVault(QString::fromStdString(dir.string()));
        QVERIFY(opened.wait(30000));
        page_ = window_->graphPage();
        QSignalSpy loaded(page_, &GraphPage::graphLoaded);
        window_->pages()->setCurrentWidget(page_); // the graph loads when first shown
        QVERIFY(loaded.wait(60000));
    }

    void drawsConnectedEntitiesWithTheirEdges() {
        GraphScene* scene = page_->scene();
        QVERIFY(scene->nodeCount() > 10);
        QVERIFY(scene->edgeCount() > 0);
        std::vector<int> degree(static_cast<std::size_t>(scene->nodeCount()), 0);
        for (const LayoutEdge& e : scene->data().edges) {
            QVERIFY(e.weight >= page_->weightBox()->value());
            ++degree[e.a];
            ++degree[e.b];
        }
        for (int d : degree)
            QVERIFY(d > 0); // entities without an edge are counted, not drawn
        for (const LayoutPoint& p : scene->data().positions)
            QVERIFY(std::isfinite(p.x) && std::isfinite(p.y));
        // Node size follows mentions.
        int most = 0;
        int least = 0;
        for (int i = 0; i < scene->nodeCount(); ++i) {
            if (scene->data().nodes[i].mentions > scene->data().nodes[most].mentions)
                most = i;
            if (scene->data().nodes[i].mentions < scene->data().nodes[least].mentions)
                least = i;
        }
        QVERIFY(scene->nodeItem(most)->radius() > scene->nodeItem(least)->radius());
    }

    void aHigherWeightThresholdKeepsOnlyHeavierEdges() {
        const int before = page_->scene()->edgeCount();
        page_->weightBox()->setValue(4);
        QVERIFY(reloadAndWait());
        QVERIFY(page_->scene()->edgeCount() < before);
        for (const LayoutEdge& e : page_->scene()->data().edges)
            QVERIFY(e.weight >= 4);
        page_->weightBox()->setValue(2);
        QVERIFY(reloadAndWait());
        QCOMPARE(page_->scene()->edgeCount(), before);
    }

    void layoutIsDeterministic() {
        const GraphData& d = page_->scene()->data();
        const std::vector<LayoutPoint> again = test::offUiThread([&d] {
            std::atomic_bool cancel{false};
            return forceLayout(d.nodes.size(), d.edges, LayoutOptions{}, cancel);
        });
        QCOMPARE(again.size(), d.positions.size());
        for (std::size_t i = 0; i < again.size(); ++i) {
            QCOMPARE(again[i].x, d.positions[i].x);
            QCOMPARE(again[i].y, d.positions[i].y);
        }
    }

    void focusGrowsWithHopDepth() {
        GraphScene* scene = page_->scene();
        // The most connected node.
        std::vector<int> degree(static_cast<std::size_t>(scene->nodeCount()), 0);
        for (const LayoutEdge& e : scene->data().edges) {
            ++degree[e.a];
            ++degree[e.b];
        }
        const int hub =
            static_cast<int>(std::max_element(degree.begin(), degree.end()) - degree.begin());
        page_->selectNode(hub);
        page_->hopsSlider()->setValue(1);
        page_->focusSelected();
        QCOMPARE(scene->focusSize(),
                 degree[static_cast<std::size_t>(hub)] + 1 -
                     0); // itself and its direct neighbours (edges are unique pairs)
        const int oneHop = scene->focusSize();
        page_->hopsSlider()->setValue(2);
        QVERIFY(scene->focusSize() >= oneHop);
        // Outside the focus, nodes are dimmed; inside, not.
        int dimmed = 0;
        for (int i = 0; i < scene->nodeCount(); ++i)
            dimmed += (scene->nodeItem(i)->states() & NodeItem::Dimmed) ? 1 : 0;
        QCOMPARE(dimmed, scene->nodeCount() - scene->focusSize());
        scene->setFocusNode(-1, 1);
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

    // Issue 17: a click selects; query_topic runs only from the explicit action and says so;
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
        QVERIFY(page_->queryTopicButton()->isEnabled());
        QTest::mouseClick(page_->queryTopicButton(), Qt::LeftButton);
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

    void doubleClickAddsNeighbours() {
        GraphScene* scene = page_->scene();
        // A weight threshold hides light edges; expansion brings in every co-occurring entity.
        const int index = scene->selectedNode() >= 0 ? scene->selectedNode() : 0;
        const int nodesBefore = scene->nodeCount();
        const std::size_t edgesBefore = scene->data().edges.size();
        GraphView* view = page_->view();
        const QPoint at = view->mapFromScene(scene->positionOf(index));
        QSignalSpy expanded(page_, &GraphPage::expanded);
        QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, at);
        QVERIFY(expanded.wait(30000));
        QCOMPARE(scene->nodeCount(), nodesBefore + expanded.first().first().toInt());
        QVERIFY(scene->data().edges.size() > edgesBefore);
        for (std::size_t i = edgesBefore; i < scene->data().edges.size(); ++i)
            QCOMPARE(static_cast<int>(scene->data().edges[i].a), index);
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

QTEST_MAIN(TestGraphPage)
#include "tst_graphpage.moc"
