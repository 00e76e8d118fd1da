// The summary trees page on a real vault: the lazy tree expands through drill_down level by
// level, a query's hits are marked with their ancestry and can be revealed, fetch leaves reads
// the chunks of a level-1 summary, dragging on the timeline shows the minimal cover, and "Why
// Not Returned?" on a tree node answers as the engine's why_not does.
#include "dialogs/whynotdialog.h"
#include "graph/graphscene.h"
#include "mainwindow.h"
#include "models/resultsmodel.h"
#include "models/roles.h"
#include "models/summarytreemodel.h"
#include "pages/graphpage.h"
#include "pages/overviewpage.h"
#include "pages/queryform.h"
#include "pages/querypage.h"
#include "pages/queryworkbench.h"
#include "pages/treespage.h"
#include "query/querysession.h"
#include "query/settingspanel.h"
#include "suite.h"
#include "testsupport.h"
#include "uivault.h"
#include "vault/gradeflow.h"
#include "vault/vaultcontroller.h"
#include "widgets/timelineview.h"

#include <memlens/health.h>
#include <memlens/overview.h>
#include <memlens/search.h>
#include <memlens/thread_guard.h>

#include <QAbstractItemModelTester>
#include <QAction>
#include <QElapsedTimer>
#include <QIcon>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTreeView>
#include <QtTest>

namespace tst_treespage {

using namespace memlens;
using namespace memlens::ui;
using namespace Qt::Literals::StringLiterals;

class TestTreesPage : public QObject {
    Q_OBJECT
private:
    test::TempDir tmp_;
    std::unique_ptr<MainWindow> window_;
    TreesPage* page_ = nullptr;

    // Expands and waits until this node's children are in (other nodes may load meanwhile:
    // the model tester asks for them too).
    QModelIndex expandAndWait(const QModelIndex& index) {
        SummaryTreeModel* model = page_->model();
        page_->treeView()->expand(index);
        QElapsedTimer timer;
        timer.start();
        while (model->rowCount(index) == 0 &&
               (model->isLoading(index) || model->canFetchMore(index))) {
            if (timer.elapsed() > 20000)
                return {};
            QTest::qWait(20);
        }
        return index;
    }

    QString vaultDir_;

    // Opens the tree view's context menu on `index` as a right click does and returns its
    // "Why Not Returned?" action (the menu stays open until closed).
    QAction* whyNotActionAt(const QModelIndex& index) {
        QTreeView* view = page_->treeView();
        view->scrollTo(index);
        QApplication::processEvents();
        const QPoint pos = view->visualRect(index).center();
        Q_EMIT view->customContextMenuRequested(pos);
        auto* menu = view->findChild<QMenu*>(QStringLiteral("whyNotMenu"));
        return menu ? menu->findChild<QAction*>(QStringLiteral("whyNotAction")) : nullptr;
    }
    void closeWhyNotMenus() {
        const auto menus = page_->treeView()->findChildren<QMenu*>(QStringLiteral("whyNotMenu"));
        for (QMenu* menu : menus)
            delete menu; // a closed one only goes at the next event loop's deferred deletes
        QApplication::processEvents();
    }

    // What the engine answers for the query that ran last on the Query page, asked directly.
    WhyNotAnswer engineWhyNot(const QString& nodeId) {
        const QueryRequest request = window_->workbench()->session()->outcome().request;
        const std::string dir = vaultDir_.toStdString();
        auto answer = test::offUiThread([dir, request, nodeId]() -> Result<WhyNotAnswer> {
            auto vault = Vault::open(dir, true);
            if (!vault)
                return vault.status();
            auto engine = SearchEngine::open(**vault);
            if (!engine)
                return engine.status();
            QueryOptions options = request.search;
            options.mode = searchModeOf(request.kind);
            return (*engine)->why_not(request.text, nodeId.toStdString(), options);
        });
        if (!answer)
            qWarning("why_not: %s", answer.status().to_string().c_str());
        return answer ? *answer : WhyNotAnswer{};
    }

    static QStringList factsOf(const WhyNotDialog* dialog) {
        QStringList out;
        const QTableWidget* table = dialog->factsTable();
        for (int i = 0; i < table->rowCount(); ++i)
            out << table->item(i, 0)->text() + QStringLiteral(": ") + table->item(i, 1)->text();
        return out;
    }
    static QStringList factsOf(const WhyNotAnswer& answer) {
        QStringList out;
        for (const WhyNotFact& f : answer.facts)
            out << QString::fromStdString(f.name) + QStringLiteral(": ") +
                       QString::fromStdString(f.value);
        return out;
    }

private Q_SLOTS:
    void initTestCase() {
        test::setUpUiTest();
        const auto dir = tmp_.path() / "vault";
        const std::string error = test::buildGeneratedVault(dir, 1500);
        QVERIFY2(error.empty(), error.c_str());
        vaultDir_ = QString::fromStdString(dir.string());
        window_ = std::make_unique<MainWindow>();
        window_->resize(1280, 800);
        window_->show();
        QSignalSpy opened(window_->vault(), &VaultController::opened);
        window_->openVault(QString::fromStdString(dir.string()));
        QVERIFY(opened.wait(30000));
        page_ = window_->treesPage();
        window_->pages()->setCurrentWidget(page_);
    }

    void expandsLevelByLevelDownToLeaves() {
        SummaryTreeModel* model = page_->model();
        QAbstractItemModelTester tester(model);
        QVERIFY(model->rowCount() > 0);
        // The deepest tree: its top summaries, then drill_down to leaves.
        int best = 0;
        for (int i = 0; i < model->rowCount(); ++i)
            if (model->itemAt(model->index(i, 0))->level >
                model->itemAt(model->index(best, 0))->level)
                best = i;
        QModelIndex tree = model->index(best, 0);
        // Nothing below a tree is read before it is asked for (the tester may ask first).
        QVERIFY(model->canFetchMore(tree) || model->isLoading(tree) || model->rowCount(tree) > 0);
        QVERIFY(expandAndWait(tree).isValid());
        QVERIFY(model->rowCount(tree) > 0);
        QModelIndex node = model->index(0, 0, tree);
        const int topLevel = model->itemAt(node)->level;
        QVERIFY(topLevel >= 1);
        for (int level = topLevel; level >= 1; --level) {
            const auto* item = model->itemAt(node);
            QCOMPARE(item->level, level);
            QVERIFY(expandAndWait(node).isValid());
            QCOMPARE(static_cast<qint64>(model->rowCount(node)), item->childCount);
            node = model->index(0, 0, node);
        }
        QCOMPARE(model->itemAt(node)->type, SummaryTreeModel::NodeType::Leaf);
        QVERIFY(!model->hasChildren(node));
        // A leaf reads as who said it and where, then its words, at its own second.
        const auto* leaf = model->itemAt(node);
        QVERIFY(!leaf->sourceRef.isEmpty());
        QVERIFY(!leaf->author.isEmpty());
        const QString text = node.data().toString();
        QVERIFY2(text.startsWith(leaf->sourceRef + u" · "_s + leaf->author + u": "_s),
                 qPrintable(text));
        const QString time =
            model->index(node.row(), SummaryTreeModel::Time, node.parent()).data().toString();
        QVERIFY2(QRegularExpression(u"^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d$"_s)
                     .match(time)
                     .hasMatch(),
                 qPrintable(time));
        // Every expansion the tester asked for lands too.
        QTRY_COMPARE_WITH_TIMEOUT(model->pendingLoads(), 0, 60000);
    }

    void queryHitsAreMarkedAndRevealed() {
        QueryWorkbench* wb = window_->workbench();
        wb->form()->setKind(QueryKind::Hybrid);
        QSignalSpy marks(page_, &TreesPage::marksChanged);
        wb->page()->setQueryText(QStringLiteral("launch budget decision"));
        wb->page()->run();
        QVERIFY(marks.wait(30000));
        const auto& rows = wb->session()->outcome().rows;
        QVERIFY(!rows.empty());
        // A leaf hit that sits under a sealed summary.
        QString target;
        for (const HitRow& r : rows)
            if (r.hit.node_kind == NodeKind::Leaf && !r.hit.tree_id.empty()) {
                target = QString::fromStdString(r.hit.node_id);
                break;
            }
        QVERIFY(!target.isEmpty());

        QSignalSpy revealed(page_, &TreesPage::revealed);
        page_->revealNode(target);
        QVERIFY(revealed.count() == 1 || revealed.wait(30000));
        QCOMPARE(revealed.first().first().toString(), target);

        SummaryTreeModel* model = page_->model();
        const QModelIndex hit = model->indexOf(target);
        QVERIFY(hit.isValid());
        QCOMPARE(page_->treeView()->currentIndex().data(IdRole).toString(), target);
        QVERIFY(hit.data(Qt::FontRole).value<QFont>().bold());
        // Every level above it is marked, up to its tree.
        for (QModelIndex up = hit.parent(); up.isValid(); up = up.parent())
            QVERIFY2(up.data(Qt::BackgroundRole).isValid(), qPrintable(up.data(IdRole).toString()));
    }

    // The hit revealed above, graded: its row carries the grade's mark. The Overview's health
    // reading (the searches logged) gives each loaded node its heat: the hit as many questions as
    // returned it, a memory no search returned "never"; and the graph gets each entity's recall.
    void gradesAndTheLogsHeatMarkTheTreesAndTheGraph() {
        QueryWorkbench* wb = window_->workbench();
        SummaryTreeModel* model = page_->model();
        const QString query = wb->gradedQuery();
        QVERIFY(!query.isEmpty());
        const QString target = page_->treeView()->currentIndex().data(IdRole).toString();
        QVERIFY(!target.isEmpty());
        QSignalSpy graded(wb->grades(), &GradeFlow::graded);
        wb->grades()->grade(query, target, 3);
        QVERIFY(graded.wait(20000));
        const QModelIndex hit = model->indexOf(target);
        QCOMPARE(hit.data(GradeRole).toInt(), 3);
        QVERIFY(hit.data(Qt::DecorationRole).canConvert<QIcon>());
        const QString tip = hit.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(u"Graded 3"_s) && tip.contains(query), qPrintable(tip));
        // A leaf beside it (not graded) has no mark.
        const QModelIndex sibling = model->index(hit.row() == 0 ? 1 : 0, 0, hit.parent());
        QVERIFY(sibling.isValid());
        QVERIFY(!sibling.data(GradeRole).isValid());

        OverviewPage* overview = window_->overviewPage();
        QSignalSpy read(overview, &OverviewPage::healthRead);
        // The audit writer has the row on disk once the session reports it logged.
        QTRY_VERIFY_WITH_TIMEOUT(
            (overview->refreshHealth(), read.wait(20000),
             model->index(hit.row(), SummaryTreeModel::Heat, hit.parent()).data(HeatRole).toInt() >
                 0),
            20000);
        const std::string dir = vaultDir_.toStdString();
        const auto report = test::offUiThread([dir]() -> Result<HealthReport> {
            auto vault = Vault::open(dir, true);
            if (!vault)
                return vault.status();
            HealthOptions o;
            o.per_node = true;
            return vault_health(**vault, o);
        });
        QVERIFY(report.is_ok());
        const QModelIndex heat = model->index(hit.row(), SummaryTreeModel::Heat, hit.parent());
        const int expected = static_cast<int>(report->node_queries.at(target.toStdString()));
        QCOMPARE(heat.data(HeatRole).toInt(), expected);
        QVERIFY2(heat.data().toString().startsWith(QString::number(expected) + u" question"_s),
                 qPrintable(heat.data().toString()));
        QVERIFY(heat.data(Qt::BackgroundRole).isValid());
        QVERIFY(heat.data(Qt::ToolTipRole).toString().contains(u"Returned by"_s));
        // A leaf under the same summary that no logged search returned.
        QModelIndex never;
        for (int r = 0; r < model->rowCount(hit.parent()) && !never.isValid(); ++r) {
            const QModelIndex i = model->index(r, SummaryTreeModel::Heat, hit.parent());
            if (!report->node_queries.count(i.data(IdRole).toString().toStdString()))
                never = i;
        }
        QVERIFY(never.isValid());
        QCOMPARE(never.data().toString(), u"never"_s);
        QCOMPARE(never.data(HeatRole).toInt(), 0);
        QVERIFY(!never.data(Qt::BackgroundRole).isValid());
        // The graph has every entity's recall from the same reading.
        const GraphRecall& recall = window_->graphPage()->scene()->recall();
        QVERIFY(recall.known);
        QCOMPARE(recall.distinctQueries, static_cast<int>(report->distinct_queries));
        QCOMPARE(static_cast<std::size_t>(recall.entities.size()), report->entity_recall.size());
        QVERIFY(!report->entity_recall.empty());
        for (const auto& [id, r] : report->entity_recall)
            QCOMPARE(recall.entities.value(QString::fromStdString(id)).queries,
                     static_cast<qint64>(r.queries));
    }

    void fetchLeavesReadsTheChunksOfALevelOneSummary() {
        SummaryTreeModel* model = page_->model();
        QModelIndex l1;
        const QModelIndex hit = page_->treeView()->currentIndex();
        for (QModelIndex up = hit.parent(); up.isValid(); up = up.parent())
            if (model->itemAt(up)->type == SummaryTreeModel::NodeType::Summary &&
                model->itemAt(up)->level == 1)
                l1 = up;
        QVERIFY(l1.isValid());
        page_->treeView()->setCurrentIndex(l1);
        auto* button = page_->findChild<QPushButton*>();
        const auto buttons = page_->findChildren<QPushButton*>();
        for (QPushButton* b : buttons)
            if (b->text().contains(QStringLiteral("Fetch")))
                button = b;
        QVERIFY(button && button->isEnabled());
        QSignalSpy finished(window_->workbench()->session(), &QuerySession::finished);
        button->click();
        QVERIFY(finished.wait(30000));
        const QueryOutcome& outcome = window_->workbench()->session()->outcome();
        QCOMPARE(outcome.request.kind, QueryKind::FetchLeaves);
        QCOMPARE(static_cast<int>(outcome.rows.size()), std::min(20, model->rowCount(l1)));
        QCOMPARE(QString::fromStdString(outcome.rows.front().hit.node_id),
                 model->index(0, 0, l1).data(IdRole).toString());
        window_->pages()->setCurrentWidget(page_);
    }

    // After a primitive (the fetch_leaves just above) there is no query to ask
    // about: the action is there but disabled, and says why.
    void whyNotIsDisabledWithoutACurrentQuery() {
        QueryWorkbench* wb = window_->workbench();
        QCOMPARE(wb->session()->outcome().request.kind, QueryKind::FetchLeaves);
        const QModelIndex node = page_->treeView()->currentIndex();
        QVERIFY(node.isValid());
        QAction* action = whyNotActionAt(node);
        QVERIFY(action != nullptr);
        QVERIFY(!action->isEnabled());
        QVERIFY2(action->toolTip().contains(QStringLiteral("not a search")),
                 qPrintable(action->toolTip()));
        closeWhyNotMenus();
        // Asked anyway (Query › Why Not…, an id pasted), the dialog says so in words.
        WhyNotDialog* dialog = wb->whyNot();
        QSignalSpy answered(dialog, &WhyNotDialog::answered);
        dialog->prepare(node.data(IdRole).toString());
        dialog->askButton()->click();
        QVERIFY(answered.count() == 1 || answered.wait(10000));
        QVERIFY(!dialog->outcome().has_value());
        QVERIFY2(dialog->verdictText().contains(QStringLiteral("fetch_leaves")),
                 qPrintable(dialog->verdictText()));
        dialog->close();
    }

    // "Why Not Returned?" on a tree node asks the engine's why_not with the query
    // that ran last, its mode and the Retrieval Settings values on screen it ran with; on a hit
    // the action says that it was returned. A changed setting, run, changes the answer.
    void whyNotReturnedOnATreeNodeAnswersAsTheEngine() {
        QueryWorkbench* wb = window_->workbench();
        SettingsPanel* panel = wb->form()->settingsPanel();
        panel->revert();
        wb->form()->setKind(QueryKind::Hybrid);
        auto runQuery = [wb] {
            QSignalSpy finished(wb->session(), &QuerySession::finished);
            wb->page()->setQueryText(QStringLiteral("launch budget decision"));
            wb->page()->run();
            return finished.wait(30000);
        };
        QVERIFY(runQuery());
        window_->pages()->setCurrentWidget(page_);
        SummaryTreeModel* model = page_->model();
        // The leaves revealed above: one hit and, beside it, nodes that are not hits.
        QModelIndex hit;
        QModelIndex other;
        const QModelIndex parent = page_->treeView()->currentIndex();
        QVERIFY(parent.isValid());
        for (int i = 0; i < model->rowCount(parent); ++i) {
            const QModelIndex child = model->index(i, 0, parent);
            const QString id = child.data(IdRole).toString();
            const int rank = WhyNotDialog::hitRank(wb->session(), id);
            if (rank > 0 && !hit.isValid())
                hit = child;
            if (rank == 0 && !other.isValid())
                other = child;
        }
        QVERIFY(other.isValid());
        if (hit.isValid()) {
            QAction* action = whyNotActionAt(hit);
            QVERIFY(action && action->isEnabled());
            QVERIFY2(action->text().startsWith(QStringLiteral("Returned as Hit #")),
                     qPrintable(action->text()));
            closeWhyNotMenus();
        }

        const QString id = other.data(IdRole).toString();
        WhyNotDialog* dialog = wb->whyNot();
        QSignalSpy answered(dialog, &WhyNotDialog::answered);
        QAction* action = whyNotActionAt(other);
        QVERIFY(action != nullptr);
        QVERIFY(action->isEnabled());
        QCOMPARE(action->text(), QStringLiteral("Why Not Returned?"));
        action->trigger();
        closeWhyNotMenus();
        QVERIFY(dialog->isVisible());
        QVERIFY(answered.count() > 0 || answered.wait(30000));
        QVERIFY2(dialog->outcome().has_value(), qPrintable(dialog->verdictText()));
        QVERIFY(dialog->outcome()->answer.has_value());
        const WhyNotAnswer expected = engineWhyNot(id);
        QCOMPARE(dialog->stageText().toStdString(), std::string(to_string(expected.stage)));
        QCOMPARE(dialog->verdictText().toStdString(), expected.verdict);
        QCOMPARE(factsOf(dialog), factsOf(expected));
        QCOMPARE(dialog->outcome()->nodeId, id);
        QVERIFY(expected.stage != WhyNotStage::Returned &&
                expected.stage != WhyNotStage::UnknownNode);
        const QStringList before = factsOf(dialog);

        // Each leg brings 3 candidates: the node falls out earlier, or with other numbers.
        QVERIFY(panel->setValue("search.leg_limit", QStringLiteral("3")));
        QVERIFY(runQuery());
        QVERIFY(wb->session()->outcome().search.has_value());
        QCOMPARE(wb->session()->outcome().search->settings.leg_limit, 3);
        // Fewer candidates cannot make it a hit.
        QCOMPARE(WhyNotDialog::hitRank(wb->session(), id), 0);
        answered.clear();
        wb->askWhyNot(id);
        QVERIFY(answered.wait(30000));
        QVERIFY2(dialog->outcome().has_value(), qPrintable(dialog->verdictText()));
        QVERIFY(dialog->outcome()->answer.has_value());
        QCOMPARE(dialog->outcome()->request.search.settings->leg_limit, 3);
        const WhyNotAnswer limited = engineWhyNot(id);
        QCOMPARE(dialog->stageText().toStdString(), std::string(to_string(limited.stage)));
        QCOMPARE(dialog->verdictText().toStdString(), limited.verdict);
        QCOMPARE(factsOf(dialog), factsOf(limited));
        QVERIFY2(factsOf(dialog) != before, qPrintable(factsOf(dialog).join(u'|')));
        // The facts name the leg limit the panel set.
        QVERIFY2(factsOf(dialog).join(u'|').contains(QStringLiteral("limit 3")),
                 qPrintable(factsOf(dialog).join(u'|')));
        panel->revert();
        dialog->close();
    }

    void draggingOnTheTimelineShowsTheMinimalCover() {
        TimelineView* timeline = page_->timeline();
        QApplication::processEvents();
        const QRect viewport = timeline->viewport()->rect();
        const int y = viewport.center().y();
        const int x0 = viewport.left() + viewport.width() * 2 / 5;
        const int x1 = viewport.left() + viewport.width() * 3 / 5;
        QSignalSpy selected(timeline, &TimelineView::windowSelected);
        QSignalSpy shown(page_, &TreesPage::coverShown);
        test::dragAcross(timeline->viewport(), x0, x1, y);
        QCOMPARE(selected.count(), 1);
        const qint64 since = selected.first().at(0).toLongLong();
        const qint64 until = selected.first().at(1).toLongLong();
        QVERIFY(since < until);
        QVERIFY(shown.wait(30000));

        ResultsModel* cover = page_->coverModel();
        QVERIFY(cover->rowCount() > 0);
        QCOMPARE(timeline->spanCount(), cover->rowCount());
        int summaries = 0;
        for (const HitRow& row : cover->rows()) {
            QVERIFY(row.hit.time_range_start_ms >= since);
            QVERIFY(row.hit.time_range_end_ms <= until);
            summaries += row.hit.node_kind == NodeKind::Summary ? 1 : 0;
        }
        // A window of weeks holds whole sealed subtrees: the cover uses summaries for them.
        QVERIFY(summaries > 0);
    }

    // Closing the vault (as opening another does) forgets the question and the answer.
    void whyNotForgetsTheVaultItAnsweredFor() {
        WhyNotDialog* dialog = window_->workbench()->whyNot();
        QVERIFY(dialog->outcome().has_value());
        QVERIFY(!dialog->nodeEdit()->text().isEmpty());
        window_->vault()->close();
        QVERIFY(!dialog->outcome().has_value());
        QVERIFY(dialog->nodeEdit()->text().isEmpty());
        QVERIFY(dialog->verdictText().isEmpty());
        QCOMPARE(dialog->factsTable()->rowCount(), 0);
        QVERIFY(!dialog->isRunning());
    }

    void cleanupTestCase() {
        window_.reset();
        QCOMPARE(memlens::ui_thread_violations(), 0);
    }
};

MEMLENS_TEST_MAIN(TestTreesPage)
#include "tst_treespage.moc"
} // namespace tst_treespage
