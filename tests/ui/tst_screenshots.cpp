// Renders each main view of the demo vault with QWidget::grab() at 1280×800. With
// MEMLENS_SCREENSHOT_DIR set (scripts/screenshots.sh), the full 5,000-chunk demo vault is built
// and the pictures land in that folder for the README; otherwise a smaller vault is used and
// the pictures go to a temp folder. Either way each picture must show real content: not blank,
// and the views must hold the data they claim.
#include "core/language.h"
#include "dialogs/biographydialog.h"
#include "dialogs/calibrationdialog.h"
#include "dialogs/metricsdialog.h"
#include "dialogs/whynotdialog.h"
#include "graph/entitypanel.h"
#include "graph/graphscene.h"
#include "graph/graphview.h"
#include "lab/ablationpanel.h"
#include "lab/blastradiuspanel.h"
#include "lab/labsettingspanel.h"
#include "lab/whatifpanel.h"
#include "mainwindow.h"
#include "models/auditmodel.h"
#include "models/mmrmodel.h"
#include "models/replaydiffmodel.h"
#include "models/resultsmodel.h"
#include "models/resultsproxy.h"
#include "models/summarytreemodel.h"
#include "pages/aliaspanel.h"
#include "pages/auditpage.h"
#include "pages/graphpage.h"
#include "pages/hitdetailpanel.h"
#include "pages/labpage.h"
#include "pages/overviewpage.h"
#include "pages/queryform.h"
#include "pages/querypage.h"
#include "pages/queryworkbench.h"
#include "pages/scorebreakdownpanel.h"
#include "pages/treespage.h"
#include "query/querysession.h"
#include "suite.h"
#include "testsupport.h"
#include "uivault.h"
#include "vault/gradeflow.h"
#include "vault/ingestjobs.h"
#include "vault/vaultcontroller.h"

#include <memlens/embedder.h>
#include <memlens/eval.h>
#include <memlens/generate.h>
#include <memlens/import.h>
#include <memlens/ingest.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <QDir>
#include <QDockWidget>
#include <QImage>
#include <QListWidget>
#include <QPainter>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QTabWidget>
#include <QTableWidget>
#include <QTreeView>
#include <QTreeWidget>
#include <QtTest>

namespace tst_screenshots {

using namespace memlens;
using namespace memlens::ui;

namespace {

// Distinct colours in a coarse sample: a blank or single-colour picture has very few.
int colourVariety(const QImage& image) {
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7) {
        for (int x = 0; x < image.width(); x += 7)
            colours.insert(image.pixel(x, y) & 0xF0F0F0);
    }
    return static_cast<int>(colours.size());
}

} // namespace

class TestScreenshots : public QObject {
    Q_OBJECT
private:
    test::TempDir tmp_;
    QString outDir_;
    QString vaultDir_;
    std::unique_ptr<MainWindow> window_;

    void save(const QString& name) {
        QApplication::processEvents();
        saveImage(name, window_->grab().toImage());
    }
    void saveImage(const QString& name, const QImage& image) {
        QVERIFY(image.width() >= 1280 && image.height() >= 800);
        QVERIFY2(colourVariety(image) > 12, qPrintable(name));
        QVERIFY(image.save(QDir(outDir_).filePath(name + QStringLiteral(".png"))));
    }

    // The window with `dialog` drawn over it. The window manager's frame is not in either
    // picture: a plain title bar stands in.
    QImage withDialog(QWidget* dialog) {
        QImage image = window_->grab().toImage();
        const QImage shot = dialog->grab().toImage();
        QPainter painter(&image);
        const int titleHeight = 26;
        const QRect body(QPoint(image.width() - shot.width() - 40,
                                (image.height() - shot.height() + titleHeight) / 2),
                         shot.size());
        const QRect title(body.left(), body.top() - titleHeight, body.width(), titleHeight);
        const QRect frame = body.united(title);
        painter.fillRect(frame.translated(6, 6), QColor(0, 0, 0, 60));
        painter.fillRect(title, QColor(0xd8, 0xdb, 0xe0));
        QFont font = painter.font();
        font.setBold(true);
        painter.setFont(font);
        painter.setPen(Qt::black);
        painter.drawText(title, Qt::AlignCenter, dialog->windowTitle());
        painter.drawImage(body.topLeft(), shot);
        painter.setPen(QColor(0x80, 0x80, 0x80));
        painter.drawRect(frame.adjusted(-1, -1, 0, 0));
        return image;
    }

private Q_SLOTS:
    void initTestCase() {
        test::setUpUiTest();
        QSettings().clear(); // the default layout, not one a previous suite saved
        installTranslators(QStringLiteral("en")); // English plurals, as the application counts

        const QByteArray requested = qgetenv("MEMLENS_SCREENSHOT_DIR");
        outDir_ = requested.isEmpty() ? QString::fromStdString((tmp_.path() / "shots").string())
                                      : QString::fromLocal8Bit(requested);
        QVERIFY(QDir().mkpath(outDir_));
        // MEMLENS_SCREENSHOT_VAULT points the same tour at a vault of one's own (a LoCoMo vault,
        // say) to look at it; the README's pictures come from the demo vault.
        const QByteArray own = qgetenv("MEMLENS_SCREENSHOT_VAULT");
        if (!own.isEmpty()) {
            vaultDir_ = QString::fromLocal8Bit(own);
        } else {
            vaultDir_ = QString::fromStdString((tmp_.path() / "demo-vault").string());
            const std::size_t chunks = requested.isEmpty() ? 1500 : kDemoChunks;
            const auto result = test::offUiThread([this, chunks] {
                ProgressState progress;
                std::atomic_bool cancel{false};
                return buildDemoVault(vaultDir_, chunks, progress, cancel);
            });
            QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        }

        window_ = std::make_unique<MainWindow>();
        window_->resize(1280, 800);
        window_->show();
        QSignalSpy opened(window_->vault(), &VaultController::opened);
        window_->openVault(vaultDir_);
        QVERIFY(opened.wait(30000));
    }

    void queryWorkbench() {
        QueryWorkbench* wb = window_->workbench();
        window_->pages()->setCurrentWidget(wb->page());
        QSignalSpy finished(wb->session(), &QuerySession::finished);
        wb->page()->setQueryText(QStringLiteral("phoenix launch budget decision"));
        wb->page()->run();
        QVERIFY(finished.wait(30000));
        QVERIFY(wb->session()->results()->rowCount() > 3);
        wb->page()->resultsView()->setCurrentIndex(wb->page()->resultsView()->model()->index(1, 0));
        save(QStringLiteral("query"));
    }

    // Two hits side by side: ctrl-click a second result. The pair is one whose legs disagree,
    // so the line on top has a decision to explain.
    void compareView() {
        QueryWorkbench* wb = window_->workbench();
        window_->pages()->setCurrentWidget(wb->page());
        const auto& rows = wb->session()->results()->rows();
        int up = 0, low = 1;
        for (int i = 0; i < int(rows.size()); ++i)
            for (int j = int(rows.size()) - 1; j > i; --j) {
                const Explanation& a = *rows[std::size_t(i)].hit.explanation;
                const Explanation& b = *rows[std::size_t(j)].hit.explanation;
                if (up == 0 && low == 1 && a.vector.rank && b.vector.rank &&
                    a.keyword.rrf_term > b.keyword.rrf_term &&
                    a.vector.rrf_term < b.vector.rrf_term)
                    std::tie(up, low) = std::pair(i, j);
            }
        QTreeView* view = wb->page()->resultsView();
        auto click = [&](int row, Qt::KeyboardModifiers modifiers) {
            const QModelIndex index = wb->page()->resultsProxy()->mapFromSource(
                wb->session()->results()->index(row, ResultsModel::Snippet));
            QTest::mouseClick(view->viewport(), Qt::LeftButton, modifiers,
                              view->visualRect(index).center());
        };
        click(up, Qt::NoModifier);
        click(low, Qt::ControlModifier);
        QVERIFY(wb->breakdown()->comparing());
        // The compare view wants the width of two columns: the breakdown dock takes the room.
        auto* detail = window_->findChild<QDockWidget*>(QStringLiteral("detailDock"));
        auto* breakdown = window_->findChild<QDockWidget*>(QStringLiteral("breakdownDock"));
        auto* mmr = window_->findChild<QDockWidget*>(QStringLiteral("mmrDock"));
        QVERIFY(detail && breakdown && mmr);
        window_->resizeDocks({detail, breakdown, mmr}, {300, 640, 340}, Qt::Horizontal);
        const int height = breakdown->height();
        window_->resizeDocks({breakdown}, {500}, Qt::Vertical);
        save(QStringLiteral("compare"));
        window_->resizeDocks({detail, breakdown, mmr}, {400, 460, 420}, Qt::Horizontal);
        window_->resizeDocks({breakdown}, {height}, Qt::Vertical);
        click(up, Qt::NoModifier);
    }

    void overview() {
        window_->pages()->setCurrentIndex(0);
        // The health section read again: the tour's own searches count too.
        QSignalSpy health(window_->overviewPage(), &OverviewPage::healthShown);
        window_->overviewPage()->refreshHealth();
        QVERIFY(health.wait(30000));
        save(QStringLiteral("overview"));
    }

    void summaryTrees() {
        TreesPage* trees = window_->treesPage();
        window_->pages()->setCurrentWidget(trees);
        QueryWorkbench* wb = window_->workbench();
        if (!trees->model()->indexOf(QString()).isValid()) {
            // Marks come from the query run above; reveal the selected hit through them.
            QSignalSpy revealed(trees, &TreesPage::revealed);
            QTRY_VERIFY_WITH_TIMEOUT(wb->detail()->hasHit(), 10000);
            QTest::qWait(200);
            trees->revealNode(QString::fromStdString(wb->detail()->hit().node_id));
            QVERIFY(revealed.count() == 1 || revealed.wait(30000));
            // The revealed hit graded, as a person does with the key 3: its mark in the tree.
            QSignalSpy graded(wb->grades(), &GradeFlow::graded);
            wb->grades()->grade(wb->gradedQuery(),
                                QString::fromStdString(wb->detail()->hit().node_id), 3);
            QVERIFY(graded.wait(20000));
        }
        const VaultStats& stats = window_->vault()->overview().stats;
        const qint64 mid = stats.earliest_ms + (stats.latest_ms - stats.earliest_ms) / 2;
        QSignalSpy shown(trees, &TreesPage::coverShown);
        trees->showCover(mid, mid + 21 * 86'400'000LL);
        QVERIFY(shown.wait(30000));
        QVERIFY(trees->coverModel()->rowCount() > 0);
        save(QStringLiteral("trees"));
    }

    // Why Not Returned? on a candidate the query above left out, over the Trees page where
    // the question is usually asked: the dialog is a window of its own, so it is drawn onto the
    // main window's picture where it would stand.
    void whyNot() {
        QueryWorkbench* wb = window_->workbench();
        QCOMPARE(wb->session()->outcome().request.text,
                 std::string("phoenix launch budget decision"));
        const MmrModel* mmr = wb->session()->mmr();
        QString id;
        for (int i = 0; i < mmr->rowCount() && id.isEmpty(); ++i)
            if (!mmr->entryAt(i)->picked && mmr->entryAt(i)->excludedBy == Exclusion::Mmr)
                id = mmr->entryAt(i)->nodeId;
        for (int i = 0; i < mmr->rowCount() && id.isEmpty(); ++i)
            if (!mmr->entryAt(i)->picked)
                id = mmr->entryAt(i)->nodeId;
        QVERIFY(!id.isEmpty());
        window_->pages()->setCurrentWidget(window_->treesPage());
        WhyNotDialog* dialog = wb->whyNot();
        QSignalSpy answered(dialog, &WhyNotDialog::answered);
        wb->askWhyNot(id);
        QVERIFY(answered.count() > 0 || answered.wait(30000));
        QVERIFY2(dialog->outcome() && dialog->outcome()->answer, qPrintable(dialog->verdictText()));
        QVERIFY(dialog->factsTable()->rowCount() > 0);
        dialog->resize(700, 440);
        QApplication::processEvents();
        const QImage image = withDialog(dialog);
        saveImage(QStringLiteral("why-not"), image);
        dialog->close();
    }

    // A hit's biography: the demo's logged questions that returned it, its rank each time.
    void biography() {
        QueryWorkbench* wb = window_->workbench();
        window_->pages()->setCurrentWidget(wb->page());
        const auto& rows = wb->session()->results()->rows();
        QVERIFY(!rows.empty());
        BiographyDialog* dialog = wb->biography();
        QSignalSpy shown(dialog, &BiographyDialog::shown);
        dialog->showNode(window_->vault()->ref(), QString::fromStdString(rows.front().hit.node_id));
        dialog->resize(860, 600);
        dialog->show();
        QVERIFY(shown.wait(30000));
        QVERIFY(dialog->appearances()->topLevelItemCount() > 0);
        QApplication::processEvents();
        saveImage(QStringLiteral("biography"), withDialog(dialog));
        dialog->hide();
    }

    void entityGraph() {
        GraphPage* graph = window_->graphPage();
        QSignalSpy loaded(graph, &GraphPage::graphLoaded);
        window_->pages()->setCurrentWidget(graph);
        QVERIFY(loaded.wait(60000));
        QVERIFY(graph->scene()->nodeCount() > 5);
        // The graph wants height: the detail docks give it theirs while it is shown.
        auto* breakdown = window_->findChild<QDockWidget*>(QStringLiteral("breakdownDock"));
        QVERIFY(breakdown);
        const int height = breakdown->height();
        window_->resizeDocks({breakdown}, {110}, Qt::Vertical);
        QApplication::processEvents();
        graph->view()->fitAll();
        QVERIFY(graph->view()->labelPlacements().size() >= 8);
        save(QStringLiteral("graph"));
        // A person's neighbourhood: focus one hop, the panel's neighbours, and the chunks the
        // person shares with the first of them.
        int person = -1;
        for (int i = 0; i < static_cast<int>(graph->scene()->data().nodes.size()); ++i) {
            const GraphNode& n = graph->scene()->data().nodes[static_cast<std::size_t>(i)];
            if (n.kind == QLatin1String("person") &&
                (person < 0 ||
                 n.mentions >
                     graph->scene()->data().nodes[static_cast<std::size_t>(person)].mentions))
                person = i;
        }
        QVERIFY(person >= 0);
        QSignalSpy listed(graph, &GraphPage::neighboursLoaded);
        graph->selectNode(person);
        QVERIFY(listed.count() > 0 || listed.wait(30000));
        graph->focusSelected();
        QVERIFY(graph->scene()->focusSize() > 1);
        QSignalSpy shared(graph, &GraphPage::sharedLoaded);
        graph->entityPanel()->neighbourList()->setCurrentItem(
            graph->entityPanel()->neighbourList()->topLevelItem(0));
        QVERIFY(shared.wait(30000));
        QVERIFY(graph->entityPanel()->sharedList()->count() > 0);
        save(QStringLiteral("graph-focus"));
        window_->resizeDocks({breakdown}, {height}, Qt::Vertical);
    }

    // The ranking lab on the demo's logged questions: what if the vector leg weighed as much as
    // the keyword leg? One query side by side, then the blast radius over the whole log, then
    // the ablation of that query.
    void labWhatIf() {
        LabPage* lab = window_->labPage();
        // The lab compares two columns of hits: a larger window, as one would give it.
        window_->resize(1600, 1000);
        QSignalSpy shown(lab, &LabPage::whatIfShown);
        window_->pages()->setCurrentWidget(lab);
        QVERIFY(shown.wait(30000));
        QVERIFY(lab->settingsPanel()->setSetting("search.weight.vector_lexical",
                                                 QStringLiteral("0.5")));
        QVERIFY(shown.wait(30000));
        // The newest row the change moves at the top: a comparison worth reading.
        for (qint64 id = lab->rowId(); id > 1 && !(lab->whatIfPanel()->comparison() &&
                                                   lab->whatIfPanel()->comparison()->lost_first);
             --id) {
            lab->openRow(id - 1);
            QVERIFY(shown.wait(30000));
            QTRY_VERIFY_WITH_TIMEOUT(!lab->isReranking(), 30000);
        }
        QVERIFY(lab->whatIfPanel()->comparison() && lab->whatIfPanel()->comparison()->changed);
        lab->whatIfPanel()->movesTable()->selectRow(0);
        save(QStringLiteral("lab-whatif"));
    }

    void labBlast() {
        LabPage* lab = window_->labPage();
        lab->tabs()->setCurrentIndex(1);
        QSignalSpy blasted(lab, &LabPage::blastShown);
        lab->blastRadiusPanel()->runBlast();
        QVERIFY(blasted.wait(120000));
        QVERIFY(lab->blastRadiusPanel()->blastReport() &&
                lab->blastRadiusPanel()->blastReport()->changed > 0);
        save(QStringLiteral("lab-blast"));
    }

    void labAblation() {
        LabPage* lab = window_->labPage();
        QSignalSpy shown(lab, &LabPage::ablationShown);
        lab->tabs()->setCurrentIndex(2);
        QVERIFY(shown.wait(30000));
        QSignalSpy logShown(lab, &LabPage::ablationLogShown);
        lab->ablationPanel()->runAblationOverLog();
        QVERIFY(logShown.wait(60000));
        save(QStringLiteral("lab-ablation"));
        lab->tabs()->setCurrentIndex(0);
        lab->settingsPanel()->resetSettings();
        window_->resize(1280, 800);
    }

    void auditReplay() {
        QueryWorkbench* wb = window_->workbench();
        wb->form()->setKind(QueryKind::Hybrid);
        for (const QString& q :
             {QStringLiteral("who owns the payments API migration"),
              QStringLiteral("incident review action items"), QStringLiteral("kestrel budget")}) {
            QSignalSpy finished(wb->session(), &QuerySession::finished);
            wb->page()->setQueryText(q);
            wb->page()->run();
            QVERIFY(finished.wait(30000));
        }
        // A settings change since the queries were logged: the diff shows what it moved.
        const std::string error = test::offUiThread([this]() -> std::string {
            auto vault = Vault::open(vaultDir_.toStdString(), false);
            if (!vault)
                return vault.status().to_string();
            Status s = (*vault)->set_setting("search.mmr_lambda", "0.3");
            return s ? std::string() : s.to_string();
        });
        QVERIFY2(error.empty(), error.c_str());
        AuditPage* audit = window_->auditPage();
        window_->pages()->setCurrentWidget(audit);
        // Each refresh waits for its own reading: a refresh restarts the one before, and on a
        // loaded machine a reading can take longer than a fixed pause.
        QSignalSpy loaded(audit->model(), &AuditModel::rangeLoaded);
        QTRY_VERIFY_WITH_TIMEOUT(
            (audit->refresh(), loaded.wait(10000), audit->model()->total() >= 4), 30000);
        // The first logged query of the workbench run above.
        int row = -1;
        for (int i = 0; i < audit->model()->rowCount(); ++i)
            if (audit->model()->rowAt(i)->query.startsWith(QStringLiteral("phoenix launch")))
                row = i;
        QVERIFY(row >= 0);
        audit->logView()->setCurrentIndex(audit->model()->index(row, 0));
        QSignalSpy replayed(audit, &AuditPage::replayed);
        audit->replaySelected(false);
        QVERIFY(replayed.wait(30000));
        QVERIFY(audit->diffModel()->rowCount() > 0);
        save(QStringLiteral("audit"));
    }

    // A long personal chat: a conversation memlens generates in LoCoMo's shape
    // (generate_conversation_file). The two friends' communities, and the short and misspelt
    // names each uses for the other ("Nat", "Natt") beside the speakers they stand for.
    void conversationGraph() {
        const std::string dir = (tmp_.path() / "chat-vault").string();
        const std::string error = test::offUiThread([this, dir]() -> std::string {
            ConversationOptions opts;
            opts.sessions = 24;
            const auto file = tmp_.path() / "chat.json";
            if (auto r = generate_conversation_file(file, opts); !r)
                return r.status().to_string();
            auto sources = import_locomo(file);
            if (!sources)
                return sources.status().to_string();
            auto vault = Vault::create(dir);
            if (!vault)
                return vault.status().to_string();
            return test::ingestWithVaultEmbedder(**vault, *sources);
        });
        QVERIFY2(error.empty(), error.c_str());
        GraphPage* graph = window_->graphPage();
        window_->pages()->setCurrentWidget(graph);
        QSignalSpy loaded(graph, &GraphPage::graphLoaded);
        QSignalSpy opened(window_->vault(), &VaultController::opened);
        window_->openVault(QString::fromStdString(dir));
        QVERIFY(opened.wait(30000));
        QVERIFY(loaded.count() > 0 || loaded.wait(60000));
        auto* breakdown = window_->findChild<QDockWidget*>(QStringLiteral("breakdownDock"));
        QVERIFY(breakdown);
        window_->resizeDocks({breakdown}, {110}, Qt::Vertical);
        QApplication::processEvents();
        graph->view()->fitAll();
        int natalia = -1;
        for (int i = 0; i < static_cast<int>(graph->scene()->data().nodes.size()); ++i)
            if (graph->scene()->data().nodes[static_cast<std::size_t>(i)].id ==
                QLatin1String("person:natalia"))
                natalia = i;
        QVERIFY(natalia >= 0);
        QSignalSpy listed(graph, &GraphPage::neighboursLoaded);
        graph->selectNode(natalia);
        QVERIFY(listed.count() > 0 || listed.wait(30000));
        QVERIFY(graph->entityPanel()->neighbourList()->topLevelItemCount() > 3);
        save(QStringLiteral("graph-conversation"));

        // The same chat's alias proposals, with their evidence, one selected.
        AliasPanel* aliases = graph->aliasPanel();
        auto* tabs = qobject_cast<QTabWidget*>(aliases->parentWidget()->parentWidget());
        QVERIFY(tabs);
        QSignalSpy proposals(aliases, &AliasPanel::proposalsLoaded);
        tabs->setCurrentWidget(aliases);
        QVERIFY(proposals.count() > 0 || proposals.wait(30000));
        QVERIFY(aliases->list()->topLevelItemCount() > 0);
        aliases->list()->setCurrentItem(aliases->list()->topLevelItem(0));
        QApplication::processEvents();
        save(QStringLiteral("graph-aliases"));
        tabs->setCurrentIndex(0);
    }

    // The query workbench in German, switched live (View › Language does the same): the
    // window is built again in German over the same vault, and the verdicts, the breakdown and
    // the status line read in German.
    // Metrics over a judged set: the generated conversation kept by eval locomo
    // --save-judgments, its questions graded by their evidence turns.
    void metricsOverAJudgedConversation() {
        const auto judged = tmp_.path() / "judged";
        const std::string error = test::offUiThread([this, judged]() -> std::string {
            LocomoEvalOptions o;
            o.data = tmp_.path() / "chat.json"; // written by conversationGraph
            o.ks = {10};
            o.save_judgments = judged;
            auto r = run_locomo_eval(o);
            return r ? std::string() : r.status().to_string();
        });
        QVERIFY2(error.empty(), error.c_str());
        QString dir;
        for (const auto& e : std::filesystem::directory_iterator(judged))
            dir = QString::fromStdString(e.path().string());
        QSignalSpy opened(window_->vault(), &VaultController::opened);
        window_->openVault(dir);
        QVERIFY(opened.wait(30000));
        QueryWorkbench* wb = window_->workbench();
        window_->pages()->setCurrentWidget(wb->page());
        MetricsDialog* dialog = wb->metrics();
        dialog->resize(860, 560);
        QSignalSpy measured(dialog, &MetricsDialog::measured);
        wb->openMetrics();
        QVERIFY(measured.wait(60000));
        QCOMPARE(dialog->figures()->topLevelItemCount(), 4);
        QApplication::processEvents();
        saveImage(QStringLiteral("metrics"), withDialog(dialog));
        dialog->hide();

        // The calibration of the same judged set, a threshold on the slider (not saved).
        CalibrationDialog* calibration = wb->calibration();
        calibration->resize(980, 760);
        QSignalSpy calibrated(calibration, &CalibrationDialog::measured);
        wb->openCalibration();
        QVERIFY(calibrated.wait(60000));
        calibration->slider()->setValue(calibration->slider()->maximum() * 2 / 5);
        QVERIFY(calibration->threshold() > 0.0);
        QApplication::processEvents();
        saveImage(QStringLiteral("calibration"), withDialog(calibration));
        calibration->hide();
    }

    void germanQueryWorkbench() {
        QVERIFY(installTranslators(QStringLiteral("de")));
        MainWindow* next = window_.release()->rebuildInLanguage(); // the old one deletes itself
        QVERIFY(next != nullptr);
        window_.reset(next);
        window_->resize(1280, 800);
        QueryWorkbench* wb = window_->workbench();
        // The new window's pages have the vault once its reload has arrived; then the demo
        // vault again (the tour ended on a conversation's).
        QTRY_VERIFY_WITH_TIMEOUT(wb->session()->vault().isValid(), 30000);
        window_->openVault(vaultDir_);
        QTRY_VERIFY_WITH_TIMEOUT(wb->session()->vault().dir == QDir(vaultDir_).absolutePath(),
                                 30000);
        window_->pages()->setCurrentWidget(wb->page());
        wb->form()->setKind(QueryKind::Hybrid);
        wb->page()->setQueryText(QStringLiteral("phoenix launch budget decision"));
        wb->page()->run();
        QTRY_VERIFY_WITH_TIMEOUT(!wb->session()->isRunning() &&
                                     wb->session()->outcome().request.text ==
                                         "phoenix launch budget decision",
                                 30000);
        QVERIFY(wb->session()->results()->rowCount() > 3);
        wb->page()->resultsView()->setCurrentIndex(wb->page()->resultsView()->model()->index(1, 0));
        QVERIFY2(wb->breakdown()->headingText().startsWith(QStringLiteral("#2")),
                 qPrintable(wb->breakdown()->headingText()));
        save(QStringLiteral("query-de"));
        QVERIFY(installTranslators(QStringLiteral("en")));
    }

    void cleanupTestCase() {
        window_.reset();
        QCOMPARE(memlens::ui_thread_violations(), 0);
    }
};

MEMLENS_TEST_MAIN(TestScreenshots)
#include "tst_screenshots.moc"
} // namespace tst_screenshots
