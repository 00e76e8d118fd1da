// The first window: opening a vault off the GUI thread shows its
// sources, trees and counts; read-only mode, recent vaults, drag and drop, restorable docks.
#include "core/format.h"
#include "core/recentvaults.h"
#include "core/timefilter.h"
#include "graph/entitypanel.h"
#include "graph/graphcontrolspanel.h"
#include "graph/graphscene.h"
#include "graph/graphtimebar.h"
#include "mainwindow.h"
#include "models/auditmodel.h"
#include "models/replaydiffmodel.h"
#include "models/resultsmodel.h"
#include "models/sourcesmodel.h"
#include "models/treesmodel.h"
#include "pages/auditpage.h"
#include "pages/graphpage.h"
#include "pages/hitdetailpanel.h"
#include "pages/labpage.h"
#include "pages/overviewpage.h"
#include "pages/queryform.h"
#include "pages/querypage.h"
#include "pages/queryworkbench.h"
#include "pages/treespage.h"
#include "pages/vaultpanel.h"
#include "query/querysession.h"
#include "query/settingspanel.h"
#include "suite.h"
#include "testsupport.h"
#include "uivault.h"
#include "vault/auditnotices.h"
#include "vault/vaultcontroller.h"
#include "widgets/auditstatus.h"
#include "widgets/filteredview.h"
#include "widgets/indexbanner.h"
#include "widgets/timeboundedit.h"
#include "widgets/timefilterbadge.h"
#include "widgets/timelineview.h"

#include <memlens/audit.h>
#include <memlens/db.h>
#include <memlens/ingest.h>
#include <memlens/thread_guard.h>
#include <memlens/topic_tree.h>
#include <memlens/vault.h>

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QToolButton>
#include <QTreeView>
#include <QWheelEvent>
#include <QtTest>

#include <fstream>
#include <future>
#include <thread>

namespace tst_mainwindow {

using namespace memlens;
using namespace memlens::ui;

class TestMainWindow : public QObject {
    Q_OBJECT
private:
    test::TempDir tmp_;
    QString vaultDir_;
    VaultStats stats_;

private Q_SLOTS:
    void initTestCase() {
        test::setUpUiTest();
        QSettings().clear();
        const auto dir = tmp_.path() / "vault";
        const std::string error = test::buildGeneratedVault(dir, 400);
        QVERIFY2(error.empty(), error.c_str());
        vaultDir_ = QString::fromStdString(dir.string());
        stats_ = test::offUiThread([dir] {
            auto v = Vault::open(dir, true);
            return v ? vault_stats(**v).value() : VaultStats{};
        });
        QVERIFY(stats_.chunks == 400);
        QVERIFY(stats_.trees > 0);
    }

    void opensVaultAndShowsSourcesTreesAndCounts() {
        MainWindow w;
        w.show();
        QAbstractItemModelTester sourcesTester(w.vault()->sourcesModel());
        QAbstractItemModelTester treesTester(w.vault()->treesModel());
        QAbstractItemModelTester proxyTester(w.vaultPanel()->sourcesView()->proxy());
        QAbstractItemModelTester treesProxyTester(w.vaultPanel()->treesView()->proxy());
        QSignalSpy opened(w.vault(), &VaultController::opened);
        w.openVault(vaultDir_);
        QVERIFY(opened.wait(20000));

        QCOMPARE(w.vault()->sourcesModel()->rowCount(), static_cast<int>(stats_.sources));
        QCOMPARE(w.vault()->treesModel()->rowCount(), static_cast<int>(stats_.trees));
        qint64 chunks = 0;
        for (int i = 0; i < w.vault()->sourcesModel()->rowCount(); ++i)
            chunks += w.vault()->sourcesModel()->sourceAt(i)->chunk_count;
        QCOMPARE(chunks, stats_.chunks);
        // The vault's time span, which the overview takes from its sources, is the one
        // vault_stats reads from the chunks.
        QCOMPARE(w.vault()->overview().stats.earliest_ms, stats_.earliest_ms);
        QCOMPARE(w.vault()->overview().stats.latest_ms, stats_.latest_ms);
        QVERIFY(stats_.latest_ms > stats_.earliest_ms);

        QVERIFY(w.countsLabel()->text().contains(formatCount(stats_.chunks)));
        QCOMPARE(w.overviewPage()->tileValue(QStringLiteral("Chunks")), formatCount(stats_.chunks));
        QCOMPARE(w.overviewPage()->tileValue(QStringLiteral("Trees")), formatCount(stats_.trees));
        QVERIFY(w.windowTitle().contains(QStringLiteral("vault")));
        QVERIFY(!w.readOnlyBadge()->isVisible());
        QCOMPARE(RecentVaults::list().value(0), QDir::cleanPath(vaultDir_));

        // The sources filter narrows the table through the proxy.
        FilteredView* sources = w.vaultPanel()->sourcesView();
        const QString first =
            QString::fromStdString(w.vault()->sourcesModel()->sourceAt(0)->source_id);
        sources->filterEdit()->setText(first);
        QVERIFY(sources->proxy()->rowCount() >= 1);
        QVERIFY(sources->proxy()->rowCount() < w.vault()->sourcesModel()->rowCount());
    }

    // The Overview's health section reads the audit log off the GUI thread: with no search
    // logged it says so; after searches, how many memories none of them returned, and Refresh
    // reads the log again.
    void theOverviewSaysWhatTheLoggedSearchesNeverReached() {
        test::TempDir tmp;
        const auto dir = tmp.path() / "health-vault";
        QVERIFY(test::buildGeneratedVault(dir, 120).empty());
        MainWindow w;
        w.show();
        QSignalSpy opened(w.vault(), &VaultController::opened);
        QSignalSpy shown(w.overviewPage(), &OverviewPage::healthShown);
        w.openVault(QString::fromStdString(dir.string()));
        QVERIFY(opened.wait(20000));
        QVERIFY(shown.wait(20000));
        QVERIFY2(w.overviewPage()->healthSummary()->text().contains(
                     QStringLiteral("No search has been logged")),
                 qPrintable(w.overviewPage()->healthSummary()->text()));
        QSignalSpy finished(w.workbench()->session(), &QuerySession::finished);
        for (const char* q : {"launch budget", "phoenix"}) {
            w.workbench()->page()->setQueryText(QString::fromLatin1(q));
            w.workbench()->page()->run();
            QVERIFY(finished.wait(30000));
        }
        // The audit writer has the rows on disk once the session reports them logged.
        QTRY_VERIFY_WITH_TIMEOUT(
            (w.overviewPage()->refreshHealth(), shown.wait(20000),
             w.overviewPage()->healthSummary()->text().contains(QStringLiteral("of the 2 logged"))),
            20000);
        const QString text = w.overviewPage()->healthSummary()->text();
        QVERIFY2(text.contains(QStringLiteral("memories (")) &&
                     text.contains(QStringLiteral("Never returned, by age")),
                 qPrintable(text));
    }

    // The explanation docks belong to the Query page (Hit Detail to the Trees page too): on any
    // other page their titles say whose hits they explain.
    void explanationDocksSayWhoseHitsTheyExplain() {
        MainWindow w;
        w.show();
        auto title = [&](const char* name) {
            auto* dock = w.findChild<QDockWidget*>(QString::fromLatin1(name));
            return dock ? dock->windowTitle() : QString();
        };
        w.pages()->setCurrentWidget(w.labPage());
        QVERIFY(title("detailDock").contains(QStringLiteral("from the Query and Trees pages")));
        QVERIFY(title("breakdownDock").contains(QStringLiteral("of the Query page's hit")));
        QVERIFY(title("mmrDock").contains(QStringLiteral("of the Query page's query")));
        w.pages()->setCurrentWidget(w.treesPage());
        QCOMPARE(title("detailDock"), QStringLiteral("Hit Detail"));
        QVERIFY(title("mmrDock").contains(QStringLiteral("of the Query page's query")));
        w.pages()->setCurrentWidget(w.workbench()->page());
        QCOMPARE(title("detailDock"), QStringLiteral("Hit Detail"));
        QCOMPARE(title("breakdownDock"), QStringLiteral("Score Breakdown"));
        QCOMPARE(title("mmrDock"), QStringLiteral("MMR Choices"));
    }

    void readOnlyShowsTheBadgeAndDisablesImport() {
        MainWindow w;
        w.show();
        QSignalSpy opened(w.vault(), &VaultController::opened);
        w.openVault(vaultDir_, true);
        QVERIFY(opened.wait(20000));
        QVERIFY(w.vault()->isReadOnly());
        QVERIFY(w.readOnlyBadge()->isVisible());
        bool importEnabled = true;
        const auto actions = w.findChildren<QAction*>();
        for (QAction* a : actions) {
            if (a->text().startsWith(QStringLiteral("&Import")))
                importEnabled = importEnabled && a->isEnabled();
        }
        QVERIFY(!importEnabled);

        // Settings can still be tried here, but saving says why it cannot.
        SettingsPanel* panel = w.workbench()->form()->settingsPanel();
        QVERIFY(panel->setValue("search.rrf_k", QStringLiteral("30")));
        QVERIFY(panel->saveButton()->isEnabled());
        panel->saveButton()->click();
        auto* box = panel->findChild<QMessageBox*>(QStringLiteral("settingsMessage"));
        QVERIFY(box != nullptr);
        QVERIFY2(box->text().contains(QStringLiteral("read-only")), qPrintable(box->text()));
        box->close();
        const std::string dir = vaultDir_.toStdString();
        const std::string stored = test::offUiThread([dir] {
            auto vault = Vault::open(dir, true);
            return to_settings_map(load_retrieval_settings(**vault).value()).at("search.rrf_k");
        });
        QCOMPARE(stored, std::string("60"));
        QCOMPARE(panel->value("search.rrf_k"), QStringLiteral("30")); // still used here
    }

    // A vault whose file fails SQLite's quick_check (run off the GUI thread after the open)
    // is said to be damaged in a box that says what SQLite found, and shown read-only, so that
    // nothing writes to it; the file is left as it was.
    void aDamagedVaultIsSaidAndShownReadOnly() {
        const auto dir = tmp_.path() / "damaged";
        std::filesystem::copy(vaultDir_.toStdString(), dir,
                              std::filesystem::copy_options::recursive);
        const int page = test::offUiThread(
            [dir] { return test::damage_table_page(dir / "vault.db", "mem_tree_chunks_fts_idx"); });
        QVERIFY(page > 0);
        const auto before = std::filesystem::last_write_time(dir / "vault.db");
        MainWindow w;
        w.show();
        QSignalSpy damaged(w.vault(), &VaultController::damaged);
        w.openVault(QString::fromStdString(dir.string()));
        QVERIFY(damaged.wait(20000));
        QVERIFY(damaged.first().at(1).toString().contains(QStringLiteral("quick_check")));
        QTRY_VERIFY_WITH_TIMEOUT(w.vault()->isOpen() && w.vault()->isReadOnly(), 20000);
        QVERIFY(w.readOnlyBadge()->isVisible());
        QVERIFY2(w.readOnlyBadge()->text().contains(QStringLiteral("damaged")),
                 qPrintable(w.readOnlyBadge()->text()));
        QVERIFY(w.readOnlyBadge()->toolTip().contains(QStringLiteral("quick_check")));
        QMessageBox* box = nullptr;
        for (auto* b : w.findChildren<QMessageBox*>(QStringLiteral("errorBox")))
            if (b->text().contains(QStringLiteral("integrity check")))
                box = b;
        QVERIFY(box != nullptr);
        QVERIFY2(box->text().contains(QStringLiteral("read-only")), qPrintable(box->text()));
        box->close();
        // The read-only reopen checks again, and says nothing twice.
        QTest::qWait(300);
        QCOMPARE(damaged.size(), 1);
        QCOMPARE(std::filesystem::last_write_time(dir / "vault.db"), before);
    }

    // A damaged topic-index.bin is said above the pages, with what it costs; Rebuild Index
    // writes it again off the GUI thread and the bar goes; opened read-only, the button is off.
    void aDamagedTopicIndexShowsABarWithRebuild() {
        const auto dir = tmp_.path() / "badindex";
        std::filesystem::copy(vaultDir_.toStdString(), dir,
                              std::filesystem::copy_options::recursive);
        const auto file = dir / "topic-index.bin";
        QVERIFY(std::filesystem::is_regular_file(file));
        {
            std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
            f.seekp(static_cast<std::streamoff>(std::filesystem::file_size(file) / 2));
            const std::string junk(64, '\xA5');
            f.write(junk.data(), static_cast<std::streamsize>(junk.size()));
        }
        auto fileProblem = [dir] {
            return test::offUiThread([dir]() -> std::string {
                auto v = Vault::open(dir, true);
                if (!v)
                    return v.status().to_string();
                auto st = TopicIndex::file_status((*v)->db());
                return st ? st->problem : st.status().to_string();
            });
        };
        const std::string before = fileProblem();
        QVERIFY2(before.find("damaged") != std::string::npos, before.c_str());

        {
            MainWindow w;
            w.show();
            w.openVault(QString::fromStdString(dir.string()), true);
            QTRY_VERIFY_WITH_TIMEOUT(w.indexBanner()->isVisible(), 20000);
            QVERIFY2(w.indexBanner()->text().contains(QStringLiteral("damaged")),
                     qPrintable(w.indexBanner()->text()));
            QVERIFY(!w.indexBanner()->rebuildButton()->isEnabled());
        }
        MainWindow w;
        w.show();
        w.openVault(QString::fromStdString(dir.string()));
        QTRY_VERIFY_WITH_TIMEOUT(w.indexBanner()->isVisible(), 20000);
        QVERIFY(w.indexBanner()->rebuildButton()->isEnabled());
        QSignalSpy rebuilt(w.vault(), &VaultController::topicIndexRebuilt);
        w.indexBanner()->rebuildButton()->click();
        QVERIFY(rebuilt.wait(30000));
        QVERIFY2(rebuilt.first().at(0).toString().isEmpty(),
                 qPrintable(rebuilt.first().at(0).toString()));
        QTRY_VERIFY_WITH_TIMEOUT(!w.indexBanner()->isVisible(), 20000);
        QCOMPARE(fileProblem(), std::string());
        // A search after the rebuild maps the new file and answers.
        QueryWorkbench* wb = w.workbench();
        QSignalSpy finished(wb->session(), &QuerySession::finished);
        wb->page()->setQueryText(QStringLiteral("launch budget"));
        wb->page()->run();
        QVERIFY(finished.wait(30000));
        QVERIFY(!wb->session()->outcome().rows.empty());
    }

    // On a 1280 × 720 screen the window fits (less a title bar) with a hit shown: the pages and
    // the breakdown scroll rather than set its height, and Hit Detail keeps every line of its
    // facts while the content view gives way.
    void theWindowFitsA1280By720Screen() {
        MainWindow w;
        w.show();
        QSignalSpy opened(w.vault(), &VaultController::opened);
        w.openVault(vaultDir_);
        QVERIFY(opened.wait(20000));
        QueryWorkbench* wb = w.workbench();
        QSignalSpy finished(wb->session(), &QuerySession::finished);
        wb->page()->setQueryText(QStringLiteral("who decided the launch budget"));
        wb->page()->run();
        QVERIFY(finished.wait(30000));
        QVERIFY(!wb->session()->outcome().rows.empty());
        wb->showHit(wb->session()->outcome().rows.front().hit);
        for (int i = 0; i < w.pages()->count(); ++i) {
            w.pages()->setCurrentIndex(i);
            QTest::qWait(50);
            QVERIFY2(
                w.minimumSizeHint().height() <= 680,
                qPrintable(QStringLiteral("page %1: %2").arg(i).arg(w.minimumSizeHint().height())));
            QVERIFY(w.minimumSizeHint().width() <= 1280);
        }
        w.pages()->setCurrentWidget(wb->page());
        w.resize(1280, 680);
        QTest::qWait(200);
        QCOMPARE(w.height(), 680);
        auto* facts = wb->detail()->findChild<QLabel*>(QStringLiteral("hitFacts"));
        QVERIFY(facts != nullptr && facts->isVisible());
        QVERIFY2(facts->height() >= facts->heightForWidth(facts->width()),
                 qPrintable(QStringLiteral("%1 < %2")
                                .arg(facts->height())
                                .arg(facts->heightForWidth(facts->width()))));
    }

    void unopenableFolderReportsAndKeepsWindow() {
        MainWindow w;
        w.show();
        QSignalSpy failed(w.vault(), &VaultController::openFailed);
        w.openVault(QString::fromStdString((tmp_.path() / "missing").string()));
        QVERIFY(failed.wait(20000));
        QVERIFY(failed.first().at(1).toString().contains(QStringLiteral("missing")));
        QVERIFY(!w.vault()->isOpen());
    }

    void dropOfAVaultFolderOpensIt() {
        QCOMPARE(MainWindow::vaultDirForDrop(vaultDir_), QDir(vaultDir_).absolutePath());
        QCOMPARE(MainWindow::vaultDirForDrop(vaultDir_ + QStringLiteral("/vault.db")),
                 QDir(vaultDir_).absolutePath());
        tmp_.write("notes.txt", "x");
        QVERIFY(MainWindow::vaultDirForDrop(
                    QString::fromStdString((tmp_.path() / "notes.txt").string()))
                    .isEmpty());

        MainWindow w;
        w.show();
        QSignalSpy opened(w.vault(), &VaultController::opened);
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(vaultDir_)});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton,
                              Qt::NoModifier);
        QApplication::sendEvent(&w, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &drop);
        QVERIFY(opened.wait(20000));
        QCOMPARE(w.vault()->ref().dir, QDir(vaultDir_).absolutePath());
    }

    void dockLayoutIsRestored() {
        {
            MainWindow w;
            w.show();
            auto* dock = w.findChild<QDockWidget*>(QStringLiteral("vaultDock"));
            QVERIFY(dock);
            dock->hide();
            w.close();
        }
        MainWindow again;
        again.show();
        auto* dock = again.findChild<QDockWidget*>(QStringLiteral("vaultDock"));
        QVERIFY(dock);
        QVERIFY(!dock->isVisible());
        dock->show();
        again.close();
    }

    // A query answered while an import holds the vault's write lock says, in the
    // status bar, that its audit row waits, and then that it is logged. The lock is held by a
    // real second connection on its own thread, as an import's transaction holds it.
    void auditRowWaitingForTheWriteLockIsShownThenLogged() {
        MainWindow w;
        w.show();
        QSignalSpy opened(w.vault(), &VaultController::opened);
        w.openVault(vaultDir_);
        QVERIFY(opened.wait(20000));
        std::promise<bool> held;
        std::promise<void> release;
        const std::string db = (tmp_.path() / "vault" / "vault.db").string();
        std::thread holder([&, db] {
            auto conn = Database::open(db, OpenMode::ReadWrite);
            const bool ok = conn && conn->exec("BEGIN IMMEDIATE").is_ok();
            held.set_value(ok);
            release.get_future().wait();
            if (ok)
                (void)conn->exec("COMMIT");
        });
        const bool locked = held.get_future().get();
        QSignalSpy finished(w.workbench()->session(), &QuerySession::finished);
        w.workbench()->page()->setQueryText(QStringLiteral("phoenix budget"));
        w.workbench()->page()->run();
        const bool answered = finished.wait(30000);
        const auto waiting = [&] {
            return w.statusBar()->currentMessage().contains(QStringLiteral("waits for the vault"));
        };
        QTRY_VERIFY_WITH_TIMEOUT(waiting(), 30000);
        release.set_value();
        holder.join();
        QVERIFY(locked);
        QVERIFY(answered);
        QTRY_VERIFY_WITH_TIMEOUT(
            w.statusBar()->currentMessage().contains(QStringLiteral("is logged")), 30000);
        QVERIFY(!w.auditStatus()->isVisible());
    }

    // A vault opened read-only while nobody wrote it is read as a snapshot; an import by another
    // process afterwards must not leave the window failing "open it again": the next query
    // reopens it and sees the import.
    void readOnlyWindowFollowsAnImportByAnotherProcess() {
        test::TempDir tmp;
        const auto dir = tmp.path() / "ro";
        const std::string built = test::buildGeneratedVault(dir, 120);
        QVERIFY2(built.empty(), built.c_str());
        MainWindow w;
        w.show();
        QSignalSpy opened(w.vault(), &VaultController::opened);
        w.openVault(QString::fromStdString(dir.string()), true);
        QVERIFY(opened.wait(20000));
        const auto run = [&](const QString& text) {
            QSignalSpy finished(w.workbench()->session(), &QuerySession::finished);
            w.workbench()->page()->setQueryText(text);
            w.workbench()->page()->run();
            return finished.wait(30000);
        };
        QVERIFY(run(QStringLiteral("phoenix")));
        QVERIFY2(!w.workbench()->page()->infoLabel()->text().startsWith(QStringLiteral("Error")),
                 qPrintable(w.workbench()->page()->infoLabel()->text()));
        const std::string imported = test::offUiThread([dir]() -> std::string {
            auto vault = Vault::open(dir, false);
            if (!vault)
                return vault.status().to_string();
            IngestSource s;
            s.source_id = "slack:#late";
            s.source_kind = "chat";
            s.platform = "slack";
            s.format = "jsonl";
            IngestItem it;
            it.author = "zoe";
            it.ts_ms = 1'717'200'000'000;
            it.text = "the quokka migration is signed off";
            it.source_ref = "late-1";
            s.items.push_back(it);
            return test::ingestWithVaultEmbedder(**vault, {s});
        });
        QVERIFY2(imported.empty(), imported.c_str());
        QVERIFY(run(QStringLiteral("quokka")));
        const QString info = w.workbench()->page()->infoLabel()->text();
        QVERIFY2(!info.startsWith(QStringLiteral("Error")), qPrintable(info));
        bool found = false;
        auto* results = w.workbench()->session()->results();
        for (int i = 0; i < results->rowCount(); ++i)
            found = found || results->rowAt(i)->hit.content.find("quokka") != std::string::npos;
        QVERIFY2(found, qPrintable(info));
    }

    // Rows kept in audit-pending.jsonl show a badge until a later write moves them into the
    // log; the notices come from another thread, as the audit writer's do.
    void keptAuditRowsShowABadgeUntilTheyAreLogged() {
        MainWindow w;
        w.show();
        const auto post = [](AuditRowState state, std::size_t merged) {
            std::thread([state, merged] {
                AuditNotice n;
                n.state = state;
                n.merged = merged;
                n.message = "audit row kept in V/audit-pending.jsonl";
                AuditRecord r;
                r.query = "phoenix";
                AuditNotices::instance()->post(n, r);
            }).join();
        };
        post(AuditRowState::Pending, 0);
        post(AuditRowState::Pending, 0);
        QTRY_COMPARE(w.auditStatus()->keptRows(), 2);
        QVERIFY(w.auditStatus()->isVisible());
        QVERIFY(w.auditStatus()->text().contains(QStringLiteral("2 audit row")));
        QVERIFY(w.auditStatus()->toolTip().contains(QStringLiteral("audit-pending.jsonl")));
        post(AuditRowState::Written, 2);
        QTRY_COMPARE(w.auditStatus()->keptRows(), 0);
        QVERIFY(!w.auditStatus()->isVisible());
    }

    // Opening another vault clears every view of the previous one (one reset path):
    // query text, answer and its header, status line, the form's dates and remembered node,
    // the cover, the graph's selection and lit entities, the replay header and diff.
    void openingAnotherVaultClearsEveryVaultView() {
        const auto otherDir = tmp_.path() / "other-vault";
        const std::string built = test::buildGeneratedVault(otherDir, 60, 11);
        QVERIFY2(built.empty(), built.c_str());
        MainWindow w;
        w.resize(1280, 800);
        w.show();
        QSignalSpy opened(w.vault(), &VaultController::opened);
        w.openVault(vaultDir_);
        QVERIFY(opened.wait(30000));
        QueryWorkbench* wb = w.workbench();

        // The first vault's state, everywhere.
        QSignalSpy finished(wb->session(), &QuerySession::finished);
        wb->form()->setKind(QueryKind::QuerySource);
        wb->page()->run();
        QVERIFY(finished.wait(30000));
        QVERIFY(!wb->session()->outcome().rows.empty());
        const QString summary =
            QString::fromStdString(wb->session()->outcome().rows.front().hit.node_id);
        wb->runDrillDown(summary); // remembers the node in the form
        QVERIFY(finished.wait(30000));
        wb->form()->setKind(QueryKind::Hybrid);
        wb->form()->scopeSinceEdit()->setValue(stats_.earliest_ms);
        wb->page()->setQueryText(QStringLiteral("launch budget"));
        wb->page()->run();
        QVERIFY(finished.wait(30000));
        QVERIFY(wb->session()->results()->rowCount() > 0);
        QVERIFY(wb->detail()->hasHit());

        QSignalSpy loaded(w.graphPage(), &GraphPage::graphLoaded);
        w.pages()->setCurrentWidget(w.graphPage());
        QVERIFY(loaded.wait(60000));
        QVERIFY(w.graphPage()->scene()->nodeCount() > 0);
        w.graphPage()->selectNode(0);
        w.graphPage()->controlsPanel()->searchEdit()->setText(QStringLiteral("alice"));
        wb->showNode(QString::fromStdString(wb->session()->outcome().rows.front().hit.node_id));
        QTRY_VERIFY_WITH_TIMEOUT(w.graphPage()->scene()->litCount() > 0, 10000);
        QVERIFY(w.graphPage()->statusLabel()->text().contains(QStringLiteral("lit by")));

        QSignalSpy covered(w.treesPage(), &TreesPage::coverShown);
        w.treesPage()->showCover(stats_.earliest_ms, stats_.latest_ms);
        QVERIFY(covered.wait(30000));
        const QString coverHint = QStringLiteral("Drag across the timeline");
        QVERIFY(!w.treesPage()->coverLabel()->text().startsWith(coverHint));
        QVERIFY(w.treesPage()->coverModel()->rowCount() > 0);

        AuditPage* audit = w.auditPage();
        w.pages()->setCurrentWidget(audit);
        QTRY_VERIFY_WITH_TIMEOUT(audit->model()->rowCount() > 0, 10000);
        audit->logView()->setCurrentIndex(audit->model()->index(0, 0));
        QSignalSpy replayed(audit, &AuditPage::replayed);
        audit->replaySelected(true);
        QVERIFY(replayed.wait(30000));
        QVERIFY(audit->replayLabel()->text().contains(QStringLiteral("Replay")));
        QVERIFY(audit->diffModel()->rowCount() > 0);

        // Another vault.
        w.openVault(QString::fromStdString(otherDir.string()));
        QVERIFY(opened.wait(30000));
        QCOMPARE(w.vault()->ref().dir,
                 QDir(QString::fromStdString(otherDir.string())).absolutePath());

        QCOMPARE(wb->page()->queryText(), QString());
        QCOMPARE(wb->page()->headerLabel()->text(), QString());
        QCOMPARE(wb->page()->infoLabel()->text(), QString());
        QCOMPARE(wb->session()->results()->rowCount(), 0);
        QVERIFY(!wb->detail()->hasHit());
        const QueryRequest request = wb->form()->request(QString());
        QVERIFY(!request.search.scope.since_ms.has_value());
        QVERIFY(request.drill.node_id.empty());
        QVERIFY(request.topic.entity_id.empty());

        QVERIFY(w.treesPage()->coverLabel()->text().startsWith(coverHint));
        QCOMPARE(w.treesPage()->coverModel()->rowCount(), 0);

        GraphPage* graph = w.graphPage();
        QCOMPARE(graph->controlsPanel()->searchEdit()->text(), QString());
        QCOMPARE(graph->scene()->litCount(), 0);
        QCOMPARE(graph->scene()->selectedNode(), -1);
        QVERIFY(!graph->statusLabel()->text().contains(QStringLiteral("lit by")));
        QVERIFY(!graph->entityPanel()->queryTopicButton()->isEnabled());

        QVERIFY(audit->replayLabel()->text().startsWith(QStringLiteral("Select a logged query")));
        QCOMPARE(audit->diffModel()->rowCount(), 0);
        QVERIFY(!audit->logView()->currentIndex().isValid());
    }

    // One time filter: a range dragged across the Overview's chart shows in the status bar and
    // reaches every view at once (the search's scope, which runs the shown search again inside
    // it; the trees' cover; the graph's window; the audit log's rows; the health figures); one
    // click on the badge clears it everywhere, and opening another vault clears it too.
    void oneTimeFilterReachesEveryView() {
        MainWindow w;
        w.resize(1280, 800);
        w.show();
        QSignalSpy opened(w.vault(), &VaultController::opened);
        w.openVault(vaultDir_);
        QVERIFY(opened.wait(30000));
        QueryWorkbench* wb = w.workbench();
        QSignalSpy finished(wb->session(), &QuerySession::finished);
        wb->form()->setKind(QueryKind::Hybrid);
        wb->page()->setQueryText(QStringLiteral("launch budget"));
        wb->page()->run();
        QVERIFY(finished.wait(30000));
        const int unfiltered = wb->session()->results()->rowCount();
        QVERIFY(unfiltered > 0);
        QVERIFY(!w.timeFilterBadge()->isVisible());

        OverviewPage* overview = w.overviewPage();
        w.pages()->setCurrentWidget(overview);
        QTRY_VERIFY(overview->timeline()->isVisible());
        QApplication::processEvents();
        const QRect viewport = overview->timeline()->viewport()->rect();
        QSignalSpy covered(w.treesPage(), &TreesPage::coverShown);
        QSignalSpy health(overview, &OverviewPage::healthShown);
        test::dragAcross(overview->timeline()->viewport(), viewport.left() + viewport.width() / 3,
                         viewport.left() + viewport.width() * 2 / 3, viewport.center().y());
        TimeFilter* filter = w.timeFilter();
        QVERIFY(filter->isSet());
        const qint64 since = filter->sinceMs();
        const qint64 until = filter->untilMs();
        QVERIFY(since > stats_.earliest_ms && until < stats_.latest_ms);
        QVERIFY(w.timeFilterBadge()->isVisible());
        QVERIFY(w.timeFilterBadge()->label()->text().contains(filter->rangeText()));

        // The search runs again within it.
        QVERIFY(finished.wait(30000));
        QVERIFY(wb->form()->scopeSinceEdit()->value() == std::optional<qint64>(since));
        QVERIFY(wb->form()->scopeUntilEdit()->value() == std::optional<qint64>(until));
        for (const HitRow& row : wb->session()->outcome().rows) {
            QVERIFY(row.hit.time_range_end_ms >= since);
            QVERIFY(row.hit.time_range_start_ms <= until);
        }
        // The trees' cover, the graph's window, the audit log, the health.
        QVERIFY(covered.count() > 0 || covered.wait(30000));
        QVERIFY(w.treesPage()->coverModel()->rowCount() > 0);
        QVERIFY(w.auditPage()->model()->filter().since_ms == std::optional<std::int64_t>(since));
        QVERIFY(w.auditPage()->model()->filter().until_ms == std::optional<std::int64_t>(until));
        QVERIFY(health.count() > 0 || health.wait(30000));
        QTRY_VERIFY_WITH_TIMEOUT(
            overview->healthSummary()->text().contains(QStringLiteral("time filter")), 10000);
        GraphPage* graph = w.graphPage();
        QSignalSpy times(graph, &GraphPage::edgeTimesLoaded);
        w.pages()->setCurrentWidget(graph);
        QVERIFY(times.wait(60000));
        QTRY_VERIFY_WITH_TIMEOUT(graph->scene()->timeWindow().has_value(), 10000);
        QCOMPARE(graph->scene()->timeWindow()->first, since);
        QCOMPARE(graph->scene()->timeWindow()->second, until);

        // One click clears it everywhere; the search runs again without it.
        w.timeFilterBadge()->clearButton()->click();
        QVERIFY(!filter->isSet());
        QVERIFY(!w.timeFilterBadge()->isVisible());
        QVERIFY(finished.wait(30000));
        QVERIFY(!wb->form()->scopeSinceEdit()->value().has_value());
        QCOMPARE(wb->session()->results()->rowCount(), unfiltered);
        QVERIFY(!graph->scene()->timeWindow().has_value());
        QVERIFY(!graph->timeBar()->timeBox()->isChecked());
        QVERIFY(!w.auditPage()->model()->filter().since_ms.has_value());
        QCOMPARE(w.treesPage()->coverModel()->rowCount(), 0);

        // Another vault starts without it.
        filter->set(since, until);
        QVERIFY(w.timeFilterBadge()->isVisible());
        const auto otherDir = tmp_.path() / "filter-other";
        QVERIFY(test::buildGeneratedVault(otherDir, 60, 12).empty());
        w.openVault(QString::fromStdString(otherDir.string()));
        QVERIFY(opened.wait(30000));
        QVERIFY(!filter->isSet());
        QVERIFY(!w.timeFilterBadge()->isVisible());
        QVERIFY(!graph->timeBar()->timeBox()->isChecked());
    }

    // Scrolling the Query Parameters past a spin box must not change the query's settings: the
    // wheel turns a spin box only once the user has put focus in it.
    void wheelOverAnUnfocusedSpinBoxLeavesItsValue() {
        QueryForm form;
        form.resize(360, 300);
        form.show();
        QVERIFY(QTest::qWaitForWindowExposed(&form));
        QDoubleSpinBox* lambda = form.mmrLambdaBox();
        QVERIFY(lambda->isVisible());
        lambda->setValue(0.5);
        auto wheel = [&] {
            const QPointF at(lambda->width() / 2.0, lambda->height() / 2.0);
            QWheelEvent up(at, lambda->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton,
                           Qt::NoModifier, Qt::NoScrollPhase, false);
            QApplication::sendEvent(lambda, &up);
        };
        QVERIFY(!lambda->hasFocus());
        wheel();
        QCOMPARE(lambda->value(), 0.5);
        QCOMPARE(lambda->focusPolicy(), Qt::StrongFocus);

        form.activateWindow();
        lambda->setFocus(Qt::MouseFocusReason);
        QTRY_VERIFY(lambda->hasFocus());
        wheel();
        QVERIFY(lambda->value() > 0.5);
    }

    void cleanupTestCase() { QCOMPARE(memlens::ui_thread_violations(), 0); }
};

MEMLENS_TEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
} // namespace tst_mainwindow
