// The main window: menus, docks, the status bar, and the pages of an open vault. It wires
// signals between the pages and the vault controller; the pages and models do the work.
#pragma once

#include <QMainWindow>

class QAction;
class QLabel;
class QMenu;
class QProgressBar;
class QStackedWidget;
class QTabWidget;

namespace memlens::ui {

class IngestFlow;
struct IngestJobResult;
class OverviewPage;
class QueryWorkbench;
class TreesPage;
class GraphPage;
class AuditPage;
class LabPage;
class AuditStatus;
class IndexBanner;
class TimeFilter;
class TimeFilterBadge;
class VaultController;
class VaultPanel;
class WelcomePage;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    // A window over a vault controller another window hands over (rebuildInLanguage), which
    // it takes as its child.
    MainWindow(VaultController* vault, QWidget* parent);
    ~MainWindow() override;

    // The interface language changed (the translators are installed): builds this window again,
    // every page, dock and menu reading tr() as it is built, over the same open vault, with
    // the same page, layout, query text, parameters and answer, then deletes this one. While an
    // import runs the rebuild waits for it. Returns the new window (null while waiting).
    MainWindow* rebuildInLanguage();

    void openVault(const QString& dir, bool readOnly = false);
    void openDemoVault();

    VaultController* vault() const { return vault_; }
    OverviewPage* overviewPage() const { return overview_; }
    QueryWorkbench* workbench() const { return workbench_; }
    TreesPage* treesPage() const { return trees_; }
    GraphPage* graphPage() const { return graph_; }
    AuditPage* auditPage() const { return audit_; }
    LabPage* labPage() const { return lab_; }
    VaultPanel* vaultPanel() const { return vaultPanel_; }
    IngestFlow* ingestFlow() const { return ingest_; }
    QTabWidget* pages() const { return pages_; }
    QLabel* countsLabel() const { return counts_; }
    QLabel* readOnlyBadge() const { return readOnlyBadge_; }
    AuditStatus* auditStatus() const { return auditStatus_; }
    IndexBanner* indexBanner() const { return indexBanner_; }
    TimeFilter* timeFilter() const { return timeFilter_; }
    TimeFilterBadge* timeFilterBadge() const { return timeFilterBadge_; }

    // A dropped folder (or a vault.db / chunks.db inside one) names this vault folder;
    // empty when the drop is not a vault.
    static QString vaultDirForDrop(const QString& localPath);

Q_SIGNALS:
    // This window was built again in another language: `next` replaces it.
    void replacedBy(memlens::ui::MainWindow* next);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    // The shared time filter changed: every page applies it (the Overview does itself).
    void applyTimeFilter();
    void connectVault();
    void connectPages();
    void createActions();
    void createMenus();
    void createDocks();
    void createStatusBar();
    void restoreLayout();
    void resetLayout();
    void updateRecentMenu();
    void updateActions();

    void chooseVault(bool readOnly);
    void onVaultOpened();
    void onOpenFailed(const QString& dir, const QString& message);
    void showError(const QString& title, const QString& text);
    void importFiles();
    void importFolder();
    void onIngestFinished(const IngestJobResult& result);
    void showConcepts();
    void showAbout();

    VaultController* vault_;
    // Before the pages: the Overview takes it when it is built.
    TimeFilter* timeFilter_;
    IngestFlow* ingest_;
    bool ingestIsDemo_ = false;
    bool rebuildPending_ = false; // a language switch waits for the import to finish
    QStackedWidget* stack_;
    WelcomePage* welcome_;
    QTabWidget* pages_;
    OverviewPage* overview_;
    QueryWorkbench* workbench_;
    TreesPage* trees_;
    GraphPage* graph_;
    AuditPage* audit_;
    LabPage* lab_;
    VaultPanel* vaultPanel_ = nullptr;
    QList<QDockWidget*> docks_;
    QByteArray defaultState_;

    QLabel* counts_;
    QLabel* readOnlyBadge_;
    QString damagedDir_; // the folder the integrity check found damaged, and what it found
    QString damage_;
    AuditStatus* auditStatus_;
    QProgressBar* busy_;
    TimeFilterBadge* timeFilterBadge_;
    IndexBanner* indexBanner_;

    QMenu* recentMenu_ = nullptr;
    QMenu* viewMenu_ = nullptr;
    QAction* openAction_ = nullptr;
    QAction* openReadOnlyAction_ = nullptr;
    QAction* demoAction_ = nullptr;
    QAction* importAction_ = nullptr;
    QAction* importFolderAction_ = nullptr;
    QAction* reloadAction_ = nullptr;
    QAction* closeAction_ = nullptr;
    QAction* quitAction_ = nullptr;
    QAction* whyNotAction_ = nullptr;
    QAction* goToNodeAction_ = nullptr;
};

} // namespace memlens::ui
