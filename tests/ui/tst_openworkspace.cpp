// An OpenHuman / TinyCortex workspace in the GUI: it opens read-only (badge on, imports off),
// its sources and trees list from the workspace's own columns alone, a hybrid query answers without
// an audit row and says so, the audit page explains why it is empty, and its trees expand.
#include "fixture.h"
#include "mainwindow.h"
#include "models/auditmodel.h"
#include "models/sourcesmodel.h"
#include "models/summarytreemodel.h"
#include "models/treesmodel.h"
#include "pages/auditpage.h"
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

#include <memlens/thread_guard.h>

#include <QAction>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTreeView>
#include <QtTest>

namespace tst_openworkspace {

using namespace memlens;
using namespace memlens::ui;

class TestOpenWorkspace : public QObject {
    Q_OBJECT
private:
    test::TempDir tmp_;
    std::unique_ptr<MainWindow> window_;

private Q_SLOTS:
    void initTestCase() {
        test::setUpUiTest();
        const auto ws =
            test::offUiThread([this] { return test::make_workspace(tmp_.path() / "ws"); });
        window_ = std::make_unique<MainWindow>();
        window_->show();
        QSignalSpy opened(window_->vault(), &VaultController::opened);
        window_->openVault(QString::fromStdString(ws.string()));
        QVERIFY(opened.wait(30000));
    }

    void opensReadOnlyWithItsSourcesAndTrees() {
        QVERIFY(window_->vault()->overview().workspace);
        QVERIFY(window_->vault()->isReadOnly());
        QVERIFY(window_->readOnlyBadge()->isVisible());
        const auto actions = window_->findChildren<QAction*>();
        for (QAction* a : actions)
            if (a->text().startsWith(QStringLiteral("&Import")))
                QVERIFY(!a->isEnabled());
        QVERIFY(window_->vault()->sourcesModel()->rowCount() > 0);
        QCOMPARE(static_cast<qint64>(window_->vault()->treesModel()->rowCount()),
                 window_->vault()->overview().stats.trees);
    }

    void aQueryAnswersWithoutAnAuditRow() {
        QueryWorkbench* wb = window_->workbench();
        wb->form()->setKind(QueryKind::Hybrid);
        QSignalSpy finished(wb->session(), &QuerySession::finished);
        wb->page()->setQueryText(QStringLiteral("launch"));
        wb->page()->run();
        QVERIFY(finished.wait(30000));
        const QueryOutcome& outcome = wb->session()->outcome();
        QVERIFY2(outcome.error.isEmpty(), qPrintable(outcome.error));
        QVERIFY(outcome.search.has_value());
        QVERIFY(!outcome.search->audit.enabled);
        QVERIFY(wb->page()->infoLabel()->text().contains(QStringLiteral("read-only")));
    }

    void theAuditPageSaysWhyItIsEmpty() {
        AuditPage* audit = window_->auditPage();
        QSignalSpy loaded(audit->model(), &AuditModel::rangeLoaded);
        window_->pages()->setCurrentWidget(audit);
        QVERIFY(loaded.wait(20000));
        QCOMPARE(audit->model()->rowCount(), 0);
        QVERIFY(audit->model()->error().contains(QStringLiteral("workspace")));
    }

    void itsTreesExpand() {
        TreesPage* trees = window_->treesPage();
        window_->pages()->setCurrentWidget(trees);
        SummaryTreeModel* model = trees->model();
        QVERIFY(model->rowCount() > 0);
        QModelIndex withSummaries;
        for (int i = 0; i < model->rowCount(); ++i)
            if (model->itemAt(model->index(i, 0))->childCount > 0)
                withSummaries = model->index(i, 0);
        QVERIFY(withSummaries.isValid());
        QSignalSpy loaded(model, &SummaryTreeModel::childrenLoaded);
        trees->treeView()->expand(withSummaries);
        QVERIFY(loaded.wait(20000));
        QVERIFY2(loaded.first().at(1).toString().isEmpty(),
                 qPrintable(loaded.first().at(1).toString()));
        QVERIFY(model->rowCount(withSummaries) > 0);
    }

    void cleanupTestCase() {
        window_.reset();
        QCOMPARE(memlens::ui_thread_violations(), 0);
    }
};

MEMLENS_TEST_MAIN(TestOpenWorkspace)
#include "tst_openworkspace.moc"
} // namespace tst_openworkspace
