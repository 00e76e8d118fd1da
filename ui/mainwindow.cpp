#include "mainwindow.h"

#include "core/format.h"
#include "core/logging.h"
#include "core/recentvaults.h"
#include "core/timefilter.h"
#include "dialogs/conceptsdialog.h"
#include "pages/auditpage.h"
#include "pages/graphpage.h"
#include "pages/hitdetailpanel.h"
#include "pages/labpage.h"
#include "pages/mmrpanel.h"
#include "pages/overviewpage.h"
#include "pages/queryform.h"
#include "pages/querypage.h"
#include "pages/queryworkbench.h"
#include "pages/scorebreakdownpanel.h"
#include "pages/treespage.h"
#include "pages/vaultpanel.h"
#include "pages/welcomepage.h"
#include "query/querysession.h"
#include "query/settingspanel.h"
#include "vault/forgetflow.h"
#include "vault/ingestflow.h"
#include "vault/vaultcontroller.h"
#include "widgets/auditstatus.h"
#include "widgets/indexbanner.h"
#include "widgets/languagemenu.h"
#include "widgets/scrollable.h"
#include "widgets/timefilterbadge.h"
#include "widgets/timelineview.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QScreen>
#include <QScrollBar>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace memlens::ui {

namespace {
const QString kGeometryKey = QStringLiteral("MainWindow/geometry");
const QString kStateKey = QStringLiteral("MainWindow/state");
// Bump when the set of docks changes, so an old saved layout is not applied to new docks.
constexpr int kStateVersion = 2;
} // namespace

MainWindow::MainWindow(QWidget* parent)
    : MainWindow(nullptr, parent) {}

MainWindow::MainWindow(VaultController* vault, QWidget* parent)
    : QMainWindow(parent)
    , vault_(vault != nullptr ? vault : new VaultController(this))
    , timeFilter_(new TimeFilter(this))
    , ingest_(new IngestFlow(this))
    , stack_(new QStackedWidget(this))
    , welcome_(new WelcomePage(this))
    , pages_(new QTabWidget(this))
    , overview_(new OverviewPage(vault_, timeFilter_, this))
    , workbench_(new QueryWorkbench(this))
    , trees_(new TreesPage(vault_, workbench_, this))
    , graph_(new GraphPage(vault_, workbench_, this))
    , audit_(new AuditPage(vault_, workbench_, this))
    , lab_(new LabPage(vault_, workbench_, this))
    , counts_(new QLabel(this))
    , readOnlyBadge_(new QLabel(this))
    , auditStatus_(new AuditStatus(this))
    , busy_(new QProgressBar(this))
    , timeFilterBadge_(new TimeFilterBadge(timeFilter_, this))
    , indexBanner_(new IndexBanner(vault_, this)) {
    vault_->setParent(this);
    setWindowTitle(tr("memlens"));
    setWindowIcon(QIcon(QStringLiteral(":/memlens/icons/memlens.svg")));
    setAcceptDrops(true);
    setDockOptions(AnimatedDocks | AllowTabbedDocks | AllowNestedDocks);

    pages_->setDocumentMode(true);
    pages_->addTab(overview_, tr("Overview"));
    pages_->addTab(workbench_->page(), tr("Query"));
    pages_->addTab(trees_, tr("Trees"));
    pages_->addTab(graph_, tr("Graph"));
    pages_->addTab(audit_, tr("Audit"));
    pages_->addTab(lab_, tr("Lab"));
    stack_->addWidget(welcome_);
    stack_->addWidget(pages_);
    // The topic index bar, when the open vault's index file needs rebuilding, above the pages.
    auto* central = new QWidget(this);
    auto* column = new QVBoxLayout(central);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(0);
    column->addWidget(indexBanner_);
    column->addWidget(stack_, 1);
    setCentralWidget(central);
    connect(indexBanner_, &IndexBanner::message, statusBar(), &QStatusBar::showMessage);

    createActions();
    createMenus();
    createDocks();
    createStatusBar();

    connectVault();
    connectPages();
    restoreLayout();
    updateActions();
}

// Opening a vault: the welcome page's choices, and what an open, a failure or damage does.
void MainWindow::connectVault() {
    connect(welcome_, &WelcomePage::openRequested, this, [this] { chooseVault(false); });
    connect(welcome_, &WelcomePage::demoRequested, this, &MainWindow::openDemoVault);
    connect(welcome_, &WelcomePage::recentRequested, this,
            [this](const QString& dir) { openVault(dir); });
    connect(vault_, &VaultController::opening, this, [this](const QString& dir) {
        statusBar()->showMessage(tr("Opening %1…").arg(QDir::toNativeSeparators(dir)));
    });
    // One reset path: every per-vault view clears itself on vaultChanged (the pages connect
    // their own resetVaultState); the workbench and the status bar are placed here.
    connect(vault_, &VaultController::vaultChanged, this, [this] {
        timeFilter_->clear();
        workbench_->resetVaultState();
        counts_->clear();
        auditStatus_->reset();
    });
    connect(vault_, &VaultController::opened, this, &MainWindow::onVaultOpened);
    // The lab wrote the vault's settings: every view reads them again (same vault: nothing
    // resets).
    connect(lab_, &LabPage::settingsSaved, vault_, &VaultController::reload);
    // So did Query › Calibration… (the no-match threshold).
    connect(workbench_, &QueryWorkbench::settingsSaved, vault_, &VaultController::reload);
    connect(audit_, &AuditPage::openInLabRequested, this, [this](qint64 id) {
        pages_->setCurrentWidget(lab_);
        lab_->openRow(id);
    });
    // One time filter for every view (core/timefilter.h): a window dragged on the Trees
    // timeline (or on the Overview's chart, which connects itself) sets it; each page applies it
    // to its own time.
    connect(trees_->timeline(), &TimelineView::windowSelected, timeFilter_, &TimeFilter::set);
    connect(timeFilter_, &TimeFilter::changed, this, &MainWindow::applyTimeFilter);
    connect(vault_, &VaultController::openFailed, this, &MainWindow::onOpenFailed);
    connect(
        vault_, &VaultController::damaged, this, [this](const QString& dir, const QString& why) {
            showError(tr("Damaged vault"),
                      tr("%1 failed SQLite's integrity check, so memlens shows it read-only and "
                         "writes nothing to it (no import, no audit row).\n\n%2")
                          .arg(QDir::toNativeSeparators(dir), why));
            damagedDir_ = dir;
            damage_ = why;
            if (!vault_->ref().readOnly)
                vault_->open(dir, true);
            else
                onVaultOpened(); // already read-only: the badge says why now
        });
}

// The pages and docks among themselves: the workbench, Forget…, the vault panel, Ctrl+L.
void MainWindow::connectPages() {
    connect(vault_, &VaultController::busyChanged, busy_, &QWidget::setVisible);
    connect(ingest_, &IngestFlow::finished, this, &MainWindow::onIngestFinished);
    connect(workbench_, &QueryWorkbench::pageRequested, this,
            [this] { pages_->setCurrentWidget(workbench_->page()); });
    connect(workbench_, &QueryWorkbench::message, this,
            [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    // A magnet on the Overview: the memory in Hit Detail.
    connect(overview_, &OverviewPage::nodeRequested, workbench_, &QueryWorkbench::showNode);
    // The Overview's health reading, per node and entity: the trees' heat, the graph's recall.
    connect(overview_, &OverviewPage::healthRead, trees_, &TreesPage::setHealth);
    connect(overview_, &OverviewPage::healthRead, graph_, &GraphPage::setHealth);
    // Forget… on a memory (hit list, hit detail, trees page): one flow for the window.
    auto* forget = new ForgetFlow(vault_, this);
    ForgetFlow::setInstance(forget);
    connect(forget, &ForgetFlow::message, this,
            [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    connect(vaultPanel_, &VaultPanel::sourceActivated, workbench_, &QueryWorkbench::runSource);
    connect(vaultPanel_, &VaultPanel::treeActivated, this, [this](const QString& treeId) {
        pages_->setCurrentWidget(trees_);
        trees_->focusTree(treeId);
    });
    connect(ingest_, &IngestFlow::finished, this, [this] {
        if (rebuildPending_)
            QTimer::singleShot(0, this, &MainWindow::rebuildInLanguage);
    });
    auto* focusQuery = new QAction(tr("Focus &Query"), this);
    focusQuery->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    connect(focusQuery, &QAction::triggered, this, [this] {
        pages_->setCurrentWidget(workbench_->page());
        workbench_->page()->focusQuery();
    });
    addAction(focusQuery);
}

MainWindow::~MainWindow() = default;

MainWindow* MainWindow::rebuildInLanguage() {
    if (ingest_->isRunning()) {
        rebuildPending_ = true;
        statusBar()->showMessage(tr("The new language applies once the import has finished."));
        return nullptr;
    }
    rebuildPending_ = false;
    // What the user sees, to show again: the page, the layout, the query and its answer.
    const bool open = vault_->isOpen();
    const int page = pages_->currentIndex();
    const bool onPages = stack_->currentWidget() == pages_;
    QueryPage* queryPage = workbench_->page();
    const QString queryText = queryPage->queryText();
    const QueryKind kind = workbench_->form()->kind();
    SettingsPanel* settings = workbench_->form()->settingsPanel();
    std::vector<std::pair<std::string, QString>> changed;
    for (const std::string& key : settings->changedKeys())
        changed.emplace_back(key, settings->value(key));
    QueryOutcome outcome = workbench_->session()->outcome();
    const bool hasOutcome = outcome.search.has_value() || outcome.walk.has_value() ||
                            !outcome.rows.empty() || !outcome.entities.empty() ||
                            !outcome.error.isEmpty();

    auto* next = new MainWindow(vault_, parentWidget());
    next->setAttribute(Qt::WA_DeleteOnClose, testAttribute(Qt::WA_DeleteOnClose));
    next->damagedDir_ = damagedDir_;
    next->damage_ = damage_;
    next->restoreGeometry(saveGeometry());
    next->restoreState(saveState(kStateVersion), kStateVersion);
    next->workbench_->form()->setKind(kind);
    next->workbench_->page()->setQueryText(queryText);
    if (open) {
        // The pages fill themselves on opened(), which a reload of the same vault sends again
        // (no vaultChanged: nothing resets); the form's parameters and the answer follow it.
        connect(
            vault_, &VaultController::opened, next,
            [next, page, changed, outcome = std::move(outcome), hasOutcome]() mutable {
                SettingsPanel* panel = next->workbench_->form()->settingsPanel();
                for (const auto& [key, value] : changed)
                    panel->setValue(key, value);
                if (hasOutcome)
                    next->workbench_->session()->show(std::move(outcome));
                next->pages_->setCurrentIndex(page);
            },
            Qt::SingleShotConnection);
        vault_->reload();
    }
    if (onPages)
        next->stack_->setCurrentWidget(next->pages_);
    next->pages_->setCurrentIndex(page);
    if (isVisible())
        next->show();
    Q_EMIT replacedBy(next);
    hide();
    deleteLater();
    return next;
}

void MainWindow::createActions() {
    openAction_ = new QAction(tr("&Open Vault…"), this);
    openAction_->setShortcut(QKeySequence::Open);
    openAction_->setStatusTip(tr("Open a vault folder or an OpenHuman workspace"));
    connect(openAction_, &QAction::triggered, this, [this] { chooseVault(false); });

    openReadOnlyAction_ = new QAction(tr("Open Vault &Read-Only…"), this);
    openReadOnlyAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    connect(openReadOnlyAction_, &QAction::triggered, this, [this] { chooseVault(true); });

    demoAction_ = new QAction(tr("Open &Demo Vault"), this);
    demoAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    demoAction_->setStatusTip(tr("Build (once) and open a generated workspace of ~5,000 chunks"));
    connect(demoAction_, &QAction::triggered, this, &MainWindow::openDemoVault);

    importAction_ = new QAction(tr("&Import Files…"), this);
    importAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    importAction_->setStatusTip(
        tr("Import JSONL messages, Markdown or LoCoMo JSON into this vault"));
    connect(importAction_, &QAction::triggered, this, &MainWindow::importFiles);
    importFolderAction_ = new QAction(tr("Import Markdown &Folder…"), this);
    importFolderAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
    connect(importFolderAction_, &QAction::triggered, this, &MainWindow::importFolder);

    reloadAction_ = new QAction(tr("Re&load"), this);
    reloadAction_->setShortcut(QKeySequence::Refresh);
    connect(reloadAction_, &QAction::triggered, vault_, &VaultController::reload);

    closeAction_ = new QAction(tr("&Close Vault"), this);
    closeAction_->setShortcut(QKeySequence::Close);
    connect(closeAction_, &QAction::triggered, this, [this] {
        vault_->close();
        stack_->setCurrentWidget(welcome_);
        setWindowTitle(tr("memlens"));
        updateActions();
    });

    quitAction_ = new QAction(tr("&Quit"), this);
    quitAction_->setShortcut(QKeySequence::Quit);
    quitAction_->setMenuRole(QAction::QuitRole);
    connect(quitAction_, &QAction::triggered, this, &QWidget::close);
}

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(openAction_);
    file->addAction(openReadOnlyAction_);
    recentMenu_ = file->addMenu(tr("Open &Recent"));
    file->addAction(demoAction_);
    file->addSeparator();
    file->addAction(importAction_);
    file->addAction(importFolderAction_);
    file->addAction(reloadAction_);
    file->addAction(closeAction_);
    file->addSeparator();
    file->addAction(quitAction_);
    updateRecentMenu();

    viewMenu_ = menuBar()->addMenu(tr("&View"));

    // Questions about the query that ran last on the Query page.
    QMenu* query = menuBar()->addMenu(tr("&Query"));
    whyNotAction_ = query->addAction(tr("Why &Not…"), workbench_, &QueryWorkbench::openWhyNot);
    whyNotAction_->setObjectName(QStringLiteral("whyNotMenuAction"));
    QAction* metrics = query->addAction(tr("&Metrics…"), workbench_, &QueryWorkbench::openMetrics);
    metrics->setObjectName(QStringLiteral("metricsAction"));
    metrics->setStatusTip(tr("NDCG, recall, precision and MRR of the ranking over the vault's "
                             "judged queries, with their intervals"));
    QAction* calibration =
        query->addAction(tr("&Calibration…"), workbench_, &QueryWorkbench::openCalibration);
    calibration->setObjectName(QStringLiteral("calibrationAction"));
    calibration->setStatusTip(tr("How the scores of relevant and other hits spread over the "
                                 "judged queries, and the vault's no-match threshold"));
    whyNotAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    whyNotAction_->setStatusTip(tr("Ask why the current query did not return a memory (its turn "
                                   "or message id, a file and line, some words, or its id)"));
    goToNodeAction_ = query->addAction(tr("&Go to Memory…"), this, [this] {
        auto* ask = new QInputDialog(this);
        ask->setAttribute(Qt::WA_DeleteOnClose);
        ask->setObjectName(QStringLiteral("goToNodeDialog"));
        ask->setWindowTitle(tr("Go to Memory"));
        ask->setLabelText(tr("A turn or message id (D1:4, or 'conv-26 D1:4' when several "
                             "conversations have it), a file and line, or an id:"));
        connect(ask, &QInputDialog::textValueSelected, workbench_, &QueryWorkbench::showNode);
        ask->open();
    });
    goToNodeAction_->setObjectName(QStringLiteral("goToNodeAction"));
    goToNodeAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));
    goToNodeAction_->setStatusTip(tr("Show a memory in Hit Detail by the name you know it by"));

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* concepts = help->addAction(tr("&Concepts"), this, &MainWindow::showConcepts);
    concepts->setShortcut(QKeySequence::HelpContents);
    help->addSeparator();
    help->addAction(tr("&About memlens"), this, &MainWindow::showAbout);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::createDocks() {
    auto addDock = [this](QWidget* content, const QString& title, const QString& name,
                          Qt::DockWidgetArea area, const QKeySequence& shortcut) {
        auto* dock = new QDockWidget(title, this);
        dock->setObjectName(name); // saveState() keys docks by object name
        dock->setWidget(content);
        addDockWidget(area, dock);
        QAction* toggle = dock->toggleViewAction();
        toggle->setShortcut(shortcut);
        viewMenu_->addAction(toggle);
        docks_.append(dock);
        return dock;
    };
    vaultPanel_ = new VaultPanel(vault_, this);
    QDockWidget* vaultDock = addDock(vaultPanel_, tr("Vault"), QStringLiteral("vaultDock"),
                                     Qt::LeftDockWidgetArea, QKeySequence(Qt::ALT | Qt::Key_1));
    QDockWidget* params =
        addDock(workbench_->form(), tr("Query Parameters"), QStringLiteral("queryParamsDock"),
                Qt::LeftDockWidgetArea, QKeySequence(Qt::ALT | Qt::Key_2));
    tabifyDockWidget(vaultDock, params);
    vaultDock->raise();
    // Hit Detail scrolls down when the dock is shorter than its facts, chips and texts
    // together; it is never narrower than they need.
    QScrollArea* detailScroll = scrollable(workbench_->detail(), this);
    detailScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    detailScroll->setMinimumWidth(workbench_->detail()->minimumSizeHint().width() +
                                  detailScroll->verticalScrollBar()->sizeHint().width());
    QDockWidget* detail = addDock(detailScroll, tr("Hit Detail"), QStringLiteral("detailDock"),
                                  Qt::BottomDockWidgetArea, QKeySequence(Qt::ALT | Qt::Key_3));
    QDockWidget* breakdown =
        addDock(workbench_->breakdown(), tr("Score Breakdown"), QStringLiteral("breakdownDock"),
                Qt::BottomDockWidgetArea, QKeySequence(Qt::ALT | Qt::Key_4));
    QDockWidget* mmr = addDock(workbench_->mmr(), tr("MMR Choices"), QStringLiteral("mmrDock"),
                               Qt::BottomDockWidgetArea, QKeySequence(Qt::ALT | Qt::Key_5));
    splitDockWidget(detail, breakdown, Qt::Horizontal);
    splitDockWidget(breakdown, mmr, Qt::Horizontal);
    // These docks explain the Query page's hits (Hit Detail the Trees page's nodes too). On any
    // other page their titles say so: beside the Lab's or the Graph's own view, an unlabelled
    // breakdown reads as the explanation of what that page shows.
    auto titleDocks = [this, detail, breakdown, mmr] {
        QWidget* page = pages_->currentWidget();
        const bool query = page == workbench_->page();
        const bool trees = page == trees_;
        detail->setWindowTitle(query || trees ? tr("Hit Detail")
                                              : tr("Hit Detail · from the Query and Trees pages"));
        breakdown->setWindowTitle(query ? tr("Score Breakdown")
                                        : tr("Score Breakdown · of the Query page's hit"));
        mmr->setWindowTitle(query ? tr("MMR Choices")
                                  : tr("MMR Choices · of the Query page's query"));
    };
    connect(pages_, &QTabWidget::currentChanged, this, titleDocks);
    titleDocks();
    resizeDocks({vaultDock}, {290}, Qt::Horizontal);
    resizeDocks({detail, breakdown, mmr}, {400, 460, 420}, Qt::Horizontal);

    viewMenu_->addSeparator();
    for (int i = 0; i < pages_->count(); ++i) {
        QAction* page = viewMenu_->addAction(pages_->tabText(i));
        page->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + i)));
        connect(page, &QAction::triggered, this, [this, i] { pages_->setCurrentIndex(i); });
    }
    viewMenu_->addSeparator();
    viewMenu_->addAction(tr("&Reset Layout"), this, &MainWindow::resetLayout);
    viewMenu_->addSeparator();
    auto* language = new LanguageMenu(this);
    // Queued: the menu that emits is deleted with this window.
    connect(language, &LanguageMenu::languageChosen, this, &MainWindow::rebuildInLanguage,
            Qt::QueuedConnection);
    viewMenu_->addMenu(language);
}

void MainWindow::createStatusBar() {
    // Rich text lets the lock icon and its word sit in one label the status bar lays out.
    readOnlyBadge_->setText(
        QStringLiteral("<img src=\":/memlens/icons/readonly.svg\" width=\"14\" height=\"14\"> ") +
        tr("Read-only"));
    readOnlyBadge_->setToolTip(tr("This vault is open read-only: imports are disabled."));
    readOnlyBadge_->setVisible(false);
    busy_->setRange(0, 0);
    busy_->setMaximumWidth(120);
    busy_->setMaximumHeight(14);
    busy_->setVisible(false);
    busy_->setToolTip(tr("Working in the background…"));
    statusBar()->addPermanentWidget(timeFilterBadge_);
    statusBar()->addPermanentWidget(busy_);
    statusBar()->addPermanentWidget(readOnlyBadge_);
    statusBar()->addPermanentWidget(auditStatus_);
    connect(auditStatus_, &AuditStatus::message, statusBar(), &QStatusBar::showMessage);
    statusBar()->addPermanentWidget(counts_);
}

void MainWindow::restoreLayout() {
    // The default size, within the screen (less a title bar); the explanation docks take 45% of
    // its height, so that on a short screen (1280 × 720) the breakdown's tables are not all
    // below the fold while the results list keeps a page of hits.
    const QRect screenArea = screen() != nullptr ? screen()->availableGeometry() : QRect();
    const int width = screenArea.isValid() ? std::min(1280, screenArea.width()) : 1280;
    const int height = screenArea.isValid() ? std::min(800, screenArea.height() - 40) : 800;
    resize(width, height);
    if (auto* detail = findChild<QDockWidget*>(QStringLiteral("detailDock")))
        resizeDocks({detail}, {height * 45 / 100}, Qt::Vertical);
    defaultState_ = saveState(kStateVersion);
    QSettings settings;
    restoreGeometry(settings.value(kGeometryKey).toByteArray());
    restoreState(settings.value(kStateKey).toByteArray(), kStateVersion);
}

void MainWindow::resetLayout() {
    restoreState(defaultState_, kStateVersion);
    for (QDockWidget* dock : std::as_const(docks_))
        dock->setVisible(true);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    QSettings settings;
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kStateKey, saveState(kStateVersion));
    QMainWindow::closeEvent(event);
}

void MainWindow::updateRecentMenu() {
    recentMenu_->clear();
    const QStringList dirs = RecentVaults::list();
    for (const QString& dir : dirs) {
        recentMenu_->addAction(QDir::toNativeSeparators(dir), this,
                               [this, dir] { openVault(dir); });
    }
    if (!dirs.isEmpty()) {
        recentMenu_->addSeparator();
        recentMenu_->addAction(tr("Clear Recent"), this, [this] {
            RecentVaults::clear();
            updateRecentMenu();
            welcome_->refreshRecent();
        });
    }
    recentMenu_->setEnabled(!dirs.isEmpty());
}

void MainWindow::updateActions() {
    const bool open = vault_->isOpen();
    const bool writable = open && !vault_->isReadOnly() && !ingest_->isRunning();
    importAction_->setEnabled(writable);
    importFolderAction_->setEnabled(writable);
    demoAction_->setEnabled(!ingest_->isRunning());
    reloadAction_->setEnabled(open);
    closeAction_->setEnabled(open);
    whyNotAction_->setEnabled(open);
    goToNodeAction_->setEnabled(open);
}

void MainWindow::chooseVault(bool readOnly) {
    const QString start = RecentVaults::list().value(0, QDir::homePath());
    const QString dir = QFileDialog::getExistingDirectory(
        this, readOnly ? tr("Open Vault Read-Only") : tr("Open Vault"), start);
    if (!dir.isEmpty())
        openVault(dir, readOnly);
}

void MainWindow::openVault(const QString& dir, bool readOnly) {
    vault_->open(dir, readOnly);
}

void MainWindow::openDemoVault() {
    const QString dir = demoVaultDir();
    if (demoVaultReady(dir)) {
        openVault(dir);
        return;
    }
    if (ingest_->isRunning())
        return;
    ingestIsDemo_ = true;
    ingest_->startDemo(dir);
    updateActions();
}

void MainWindow::importFiles() {
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Import into %1").arg(QDir(vault_->ref().dir).dirName()), QDir::homePath(),
        tr("Memory files (*.jsonl *.ndjson *.json *.md);;All files (*)"));
    if (files.isEmpty())
        return;
    ingestIsDemo_ = false;
    ingest_->startImport(vault_->ref(), files);
    updateActions();
}

void MainWindow::importFolder() {
    const QString dir =
        QFileDialog::getExistingDirectory(this, tr("Import a Markdown folder"), QDir::homePath());
    if (dir.isEmpty())
        return;
    ingestIsDemo_ = false;
    ingest_->startImport(vault_->ref(), {dir}, ImportFormat::Markdown);
    updateActions();
}

void MainWindow::onIngestFinished(const IngestJobResult& result) {
    updateActions();
    if (result.cancelled) {
        statusBar()->showMessage(ingestIsDemo_ ? tr("Demo build cancelled.")
                                 : result.kept == 0
                                     ? tr("Import cancelled: the vault is unchanged.")
                                     : tr("Import cancelled after %n message(s): they are stored; "
                                          "importing again adds the rest.",
                                          nullptr, static_cast<int>(result.kept)),
                                 8000);
        return;
    }
    if (!result.error.isEmpty()) {
        showError(ingestIsDemo_ ? tr("Demo vault") : tr("Import failed"), result.error);
        return;
    }
    statusBar()->showMessage(
        tr("Ingested %1 from %2 in %3 s")
            .arg(tr("%Ln chunk(s)", nullptr, static_cast<int>(result.report.chunks)),
                 tr("%Ln source(s)", nullptr, static_cast<int>(result.report.sources)))
            .arg(result.report.seconds, 0, 'f', 1),
        8000);
    if (ingestIsDemo_)
        openVault(result.vaultDir);
    else
        vault_->reload();
}

void MainWindow::applyTimeFilter() {
    const TimeFilter& f = *timeFilter_;
    trees_->applyTimeFilter(f);
    if (f.isSet())
        graph_->showTimeWindow(f.sinceMs(), f.untilMs());
    else
        graph_->clearTimeWindow();
    audit_->setTimeWindow(f.isSet() ? std::optional(std::pair{f.sinceMs(), f.untilMs()})
                                    : std::nullopt);
    workbench_->applyTimeFilter(f);
    statusBar()->showMessage(f.isSet() ? tr("Every view now shows %1 only.").arg(f.rangeText())
                                       : tr("Time filter cleared: every view shows all of the "
                                            "vault."),
                             6000);
}

void MainWindow::onVaultOpened() {
    const VaultOverviewData& data = vault_->overview();
    workbench_->setVault(data);
    RecentVaults::add(data.ref.dir);
    updateRecentMenu();
    welcome_->refreshRecent();
    stack_->setCurrentWidget(pages_);
    setWindowTitle(tr("%1 — memlens").arg(QDir(data.ref.dir).dirName()));
    readOnlyBadge_->setVisible(data.readOnly);
    // A vault shown read-only because it is damaged says so where read-only is said, and the
    // tooltip keeps what SQLite found after the box is closed.
    const bool damaged = !damagedDir_.isEmpty() && damagedDir_ == data.ref.dir;
    readOnlyBadge_->setText(
        QStringLiteral("<img src=\":/memlens/icons/readonly.svg\" width=\"14\" height=\"14\"> ") +
        (damaged ? tr("Read-only: damaged") : tr("Read-only")));
    readOnlyBadge_->setToolTip(damaged ? tr("This vault failed SQLite's integrity check, so "
                                            "nothing is written to it.\n\n%1")
                                             .arg(damage_)
                                       : tr("This vault is open read-only: imports are disabled."));
    auditStatus_->reset();
    const VaultStats& s = data.stats;
    // One numerus message per count: a single sentence can carry only one %n.
    counts_->setText(QStringList{tr("%Ln source(s)", nullptr, static_cast<int>(s.sources)),
                                 tr("%Ln chunk(s)", nullptr, static_cast<int>(s.chunks)),
                                 tr("%Ln summary(s)", nullptr, static_cast<int>(s.summaries)),
                                 tr("%Ln tree(s)", nullptr, static_cast<int>(s.trees)),
                                 tr("%Ln entity(s)", nullptr, static_cast<int>(s.entities)),
                                 tr("%Ln edge(s)", nullptr, static_cast<int>(s.edges))}
                         .join(QStringLiteral(" · ")));
    statusBar()->showMessage(tr("Opened %1 in %2 s")
                                 .arg(QDir::toNativeSeparators(data.ref.dir))
                                 .arg(data.seconds, 0, 'f', 2),
                             5000);
    updateActions();
    // The same vault read again (its settings saved): the pages start over, the filter holds.
    if (timeFilter_->isSet()) {
        trees_->applyTimeFilter(*timeFilter_);
        graph_->showTimeWindow(timeFilter_->sinceMs(), timeFilter_->untilMs());
    }
}

void MainWindow::onOpenFailed(const QString& dir, const QString& message) {
    statusBar()->showMessage(tr("Cannot open %1").arg(QDir::toNativeSeparators(dir)), 8000);
    showError(tr("Cannot open vault"),
              tr("memlens could not open %1.\n\n%2").arg(QDir::toNativeSeparators(dir), message));
}

void MainWindow::showError(const QString& title, const QString& text) {
    // Window-modal and non-blocking: background jobs keep delivering while it is up.
    auto* box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setObjectName(QStringLiteral("errorBox"));
    box->open();
}

QString MainWindow::vaultDirForDrop(const QString& localPath) {
    const QFileInfo info(localPath);
    if (info.isDir())
        return info.absoluteFilePath();
    if (info.fileName() == QLatin1String("vault.db"))
        return info.absolutePath();
    if (info.fileName() == QLatin1String("chunks.db") &&
        info.dir().dirName() == QLatin1String("memory_tree")) {
        QDir workspace = info.dir();
        workspace.cdUp();
        return workspace.absolutePath();
    }
    return {};
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.first().isLocalFile() &&
        !vaultDirForDrop(urls.first().toLocalFile()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty())
        return;
    const QString dir = vaultDirForDrop(urls.first().toLocalFile());
    if (dir.isEmpty())
        return;
    event->acceptProposedAction();
    openVault(dir);
}

void MainWindow::showConcepts() {
    ConceptsDialog dialog(this);
    dialog.exec();
}

void MainWindow::showAbout() {
    QMessageBox::about(
        this, tr("About memlens"),
        tr("<h3>memlens %1</h3><p>An inspector for an AI agent's long-term memory vault: "
           "summary trees, hybrid retrieval with explained scores, MMR choices, the entity "
           "graph and the audit log.</p>")
            .arg(QStringLiteral(MEMLENS_VERSION)));
}

} // namespace memlens::ui
