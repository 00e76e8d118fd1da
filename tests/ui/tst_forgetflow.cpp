// Forget… in the GUI (ui/vault/forgetflow.h) on a real generated vault: Hit Detail's button on
// a leaf asks the core what the forget touches, off the GUI thread, and confirms it in words
// (memories and summaries); Cancel forgets nothing; Yes forgets the memory, says so and reloads
// the vault; the hit list's and the trees page's menus offer it on leaves; a read-only vault
// offers it disabled, saying why.
#include "core/format.h"
#include "core/language.h"
#include "mainwindow.h"
#include "pages/hitdetailpanel.h"
#include "pages/querypage.h"
#include "pages/queryworkbench.h"
#include "suite.h"
#include "testsupport.h"
#include "uivault.h"
#include "vault/forgetflow.h"
#include "vault/vaultcontroller.h"

#include <memlens/db.h>
#include <memlens/vault.h>

#include <QAction>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTreeView>
#include <QtTest>

namespace tst_forgetflow {

using namespace memlens;
using namespace memlens::ui;

namespace {

// A leaf of the vault with a summary above it: its id.
std::string sealedLeaf(const std::filesystem::path& dir) {
    return test::offUiThread([dir]() -> std::string {
        auto vault = Vault::open(dir, true);
        if (!vault)
            return {};
        auto st = (*vault)->db().prepare("SELECT id FROM mem_tree_chunks WHERE parent_summary_id "
                                         "IS NOT NULL ORDER BY id LIMIT 1");
        if (!st || !*st->step())
            return {};
        return st->column_text(0);
    });
}

std::int64_t chunksWithId(const std::filesystem::path& dir, const std::string& id) {
    return test::offUiThread([dir, id]() -> std::int64_t {
        auto vault = Vault::open(dir, true);
        if (!vault)
            return -1;
        auto st = (*vault)->db().prepare("SELECT count(*) FROM mem_tree_chunks WHERE id = ?");
        if (!st)
            return -1;
        st->bind(1, id);
        auto row = st->step();
        return row && *row ? st->column_int64(0) : -1;
    });
}

} // namespace

class TestForgetFlow : public QObject {
    Q_OBJECT
private:
    test::TempDir tmp_;
    std::filesystem::path dir_;
    std::unique_ptr<MainWindow> window_;

    void open(bool readOnly) {
        QSignalSpy opened(window_->vault(), &VaultController::opened);
        window_->openVault(QString::fromStdString(dir_.string()), readOnly);
        QVERIFY(opened.wait(30000));
    }
    // Shows the leaf in Hit Detail and waits until it is there.
    QPushButton* showLeaf(const QString& id) {
        window_->workbench()->showNode(id);
        HitDetailPanel* detail = window_->workbench()->detail();
        auto* button = detail->findChild<QPushButton*>(QStringLiteral("forgetButton"));
        if (!button)
            return nullptr;
        const bool shown = QTest::qWaitFor([&] { return qs(detail->hit().node_id) == id; }, 30000);
        return shown ? button : nullptr;
    }
    QMessageBox* confirmation() {
        QMessageBox* box = nullptr;
        (void)QTest::qWaitFor(
            [&] {
                box = window_->findChild<QMessageBox*>(QStringLiteral("forgetConfirm"));
                return box != nullptr;
            },
            30000);
        return box;
    }

private Q_SLOTS:
    void initTestCase() {
        test::setUpUiTest();
        QVERIFY(installTranslators(QStringLiteral("en"))); // English plurals, as the app counts
        dir_ = tmp_.path() / "vault";
        const std::string error = test::buildGeneratedVault(dir_, 300);
        QVERIFY2(error.empty(), error.c_str());
        window_ = std::make_unique<MainWindow>();
        window_->resize(1280, 800);
        window_->show();
        open(false);
    }

    void cancelForgetsNothingYesForgets() {
        const std::string leaf = sealedLeaf(dir_);
        QVERIFY(!leaf.empty());
        const QString id = QString::fromStdString(leaf);
        QPushButton* button = showLeaf(id);
        QVERIFY(button);
        QVERIFY(button->isEnabled());

        button->click();
        QMessageBox* box = confirmation();
        QVERIFY(box);
        QVERIFY2(box->text().contains(QStringLiteral("Forget 1 memory?")), qPrintable(box->text()));
        QVERIFY2(box->informativeText().contains(QStringLiteral("re-sealed without it")),
                 qPrintable(box->informativeText()));
        box->button(QMessageBox::Cancel)->click();
        QTest::qWait(200);
        QCOMPARE(chunksWithId(dir_, leaf), std::int64_t{1});

        ForgetFlow* flow = ForgetFlow::instance();
        QVERIFY(flow);
        QSignalSpy forgotten(flow, &ForgetFlow::forgotten);
        QSignalSpy said(flow, &ForgetFlow::message);
        QSignalSpy reloaded(window_->vault(), &VaultController::opened);
        button->click();
        box = confirmation();
        QVERIFY(box);
        box->button(QMessageBox::Yes)->click();
        QVERIFY(forgotten.wait(30000));
        QCOMPARE(forgotten.front().front().toStringList(), QStringList{id});
        QCOMPARE(chunksWithId(dir_, leaf), std::int64_t{0});
        QVERIFY(!said.isEmpty());
        QVERIFY2(said.back().front().toString().startsWith(QStringLiteral("Forgot 1 memory;")),
                 qPrintable(said.back().front().toString()));
        QVERIFY(reloaded.count() > 0 || reloaded.wait(30000)); // every view reads it again
        // It never comes back: shown by id, the vault no longer has it.
        QSignalSpy notShown(window_->workbench(), &QueryWorkbench::message);
        window_->workbench()->showNode(id);
        QVERIFY(notShown.wait(30000));
        QVERIFY2(
            notShown.front().front().toString().startsWith(QStringLiteral("Cannot show ") + id),
            qPrintable(notShown.front().front().toString()));
    }

    void menusOfferItOnLeavesOnly() {
        ForgetFlow* flow = ForgetFlow::instance();
        QMenu menu;
        QAction* action = flow->addAction(&menu, QStringLiteral("some-leaf"));
        QCOMPARE(action->objectName(), QStringLiteral("forgetAction"));
        QVERIFY(action->isEnabled());
        // The hit list's menu holds it on a leaf.
        const std::string leaf = sealedLeaf(dir_);
        window_->workbench()->runFetchLeaves({QString::fromStdString(leaf)});
        QTreeView* results = window_->workbench()->page()->resultsView();
        QTRY_VERIFY_WITH_TIMEOUT(results->model()->rowCount() == 1, 30000);
        const QRect row = results->visualRect(results->model()->index(0, 0));
        Q_EMIT results->customContextMenuRequested(row.center());
        auto* shown = results->findChild<QMenu*>(QStringLiteral("whyNotMenu"));
        QVERIFY(shown);
        auto* forget = shown->findChild<QAction*>(QStringLiteral("forgetAction"));
        QVERIFY(forget);
        QCOMPARE(forget->data().toString(), QString::fromStdString(leaf));
        shown->close();
        // A summary shown in Hit Detail cannot be forgotten itself.
        const std::string summary = test::offUiThread([this]() -> std::string {
            auto vault = Vault::open(dir_, true);
            auto st = (*vault)->db().prepare("SELECT id FROM mem_tree_summaries LIMIT 1");
            return st && *st->step() ? st->column_text(0) : std::string();
        });
        QVERIFY(!summary.empty());
        QPushButton* button = showLeaf(QString::fromStdString(summary));
        QVERIFY(button);
        QVERIFY(!button->isEnabled());
    }

    void aReadOnlyVaultCannotForget() {
        open(true);
        QMenu menu;
        QAction* action = ForgetFlow::instance()->addAction(&menu, QStringLiteral("x"));
        QVERIFY(!action->isEnabled());
        QVERIFY(action->toolTip().contains(QStringLiteral("read-only")));
    }

    void cleanupTestCase() { window_.reset(); }
};

MEMLENS_TEST_MAIN(TestForgetFlow)
#include "tst_forgetflow.moc"
} // namespace tst_forgetflow
