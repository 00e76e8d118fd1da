// Summary trees: the lazy tree of trees → summaries → leaves (expanding through drill_down),
// the current query's hits marked at every level of their ancestry, "fetch leaves" for the
// exact source text, and a cover_window timeline where dragging a window shows its minimal
// cover.
#pragma once

#include <QHash>
#include <QStringList>
#include <QWidget>

#include <memory>

namespace memlens {
struct HealthReport;
}

class QLabel;
class QPushButton;
class QTreeView;

namespace memlens::ui {

class JobRunner;
class QueryWorkbench;
class ResultsModel;
class SummaryTreeModel;
class TimeFilter;
class TimelineView;
class VaultController;

class TreesPage : public QWidget {
    Q_OBJECT
public:
    TreesPage(VaultController* vault, QueryWorkbench* workbench, QWidget* parent = nullptr);

    // Selects a tree and expands it.
    void focusTree(const QString& treeId);
    // Expands the tree down to a node of the current query and selects it.
    void revealNode(const QString& nodeId);
    // Runs cover_window for [since, until] and shows the cover.
    void showCover(qint64 sinceMs, qint64 untilMs);
    // The shared time filter (core/timefilter.h): its range marked on the timeline and covered,
    // unless that cover is the one shown; cleared, no window and no cover.
    void applyTimeFilter(const TimeFilter& filter);
    // The Overview's health reading (OverviewPage::healthRead): the Heat column's figures; null
    // blanks the column. `range`: the time filter's range the reading kept, or "".
    void setHealth(const std::shared_ptr<const HealthReport>& report, const QString& range);
    // Forgets the previous vault's trees, marks, selection, timeline window and cover.
    void resetVaultState();

    SummaryTreeModel* model() const { return model_; }
    QTreeView* treeView() const { return tree_; }
    ResultsModel* coverModel() const { return cover_; }
    TimelineView* timeline() const { return timeline_; }
    QLabel* coverLabel() const { return coverLabel_; }

Q_SIGNALS:
    void marksChanged();
    void coverShown();
    void revealed(const QString& nodeId);

private:
    static QString coverHint();
    // The constructor's parts (treespage.cpp).
    void setupTree();
    void setupCover();
    void layOut();
    void onVaultOpened();
    void onQueryFinished();
    void stepReveal();
    void updateButtons();
    QString selectedId() const;

    VaultController* vault_;
    QueryWorkbench* workbench_;
    SummaryTreeModel* model_;
    ResultsModel* cover_;
    JobRunner* marksJob_;
    JobRunner* coverJob_;
    // The window of the cover shown or being computed (both 0: none).
    qint64 coverSince_ = 0;
    qint64 coverUntil_ = 0;
    QHash<QString, QStringList> chains_; // hit id → ancestors, nearest first
    QHash<QString, QString> hitTrees_;   // hit id → tree id
    QStringList revealPath_;             // ids still to expand, top first, the target last

    QTreeView* tree_;
    QPushButton* reveal_;
    QPushButton* drill_;
    QPushButton* leaves_;
    TimelineView* timeline_;
    QTreeView* coverView_;
    QLabel* coverLabel_;
};

} // namespace memlens::ui
