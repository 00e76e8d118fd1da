// The entity co-occurrence graph. It opens on the neighbourhood of the most mentioned entities
// (or, on request, of the entities of the hit shown in the detail docks), laid out by igraph off
// the GUI thread with separate pieces packed side by side; nodes are coloured by community,
// shaped by kind and sized by mentions, degree or PageRank; names are placed without overlap,
// more of them as one zooms in. Click selects (the panel lists its neighbours by shared nodes,
// and the nodes two entities share one click away), double-click adds the neighbours, and
// query_topic, focus, hide and "why are these two linked?" are explicit actions in the panel
// and the context menu. A time window shows the graph as it stood between two dates. Counts in
// the status line are the vault's. The Aliases tab (aliaspanel.h) lists names that look like
// another form of a person's name and merges the one accepted.
#pragma once

#include "graph/graphdata.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSlider;
class QSpinBox;
class QTabWidget;
class QTreeWidget;

namespace memlens::ui {

class AliasPanel;
class GraphScene;
class GraphView;
class JobRunner;
class QueryWorkbench;
class VaultController;

class GraphPage : public QWidget {
    Q_OBJECT
public:
    GraphPage(VaultController* vault, QueryWorkbench* workbench, QWidget* parent = nullptr);

    void reload();
    // Draws the neighbourhood of the entities of the hit shown in the detail docks.
    void showAroundHit();
    // Selects a node (the status line and the panel name it); runs no query.
    void selectNode(int index);
    // Runs query_topic on the selected node in the workbench (the explicit action).
    void queryTopicOfSelected();
    // Forgets the previous vault's graph, selection, focus, search and lit entities.
    void resetVaultState();
    void focusSelected();
    void expand(int index);
    void hideSelected();
    // Lists in the panel the nodes that mention both entities (the reason they are linked).
    void explainLink(int a, int b);
    void selectCommunity(int community);
    // Selects and centres the best match of `text`; false when nothing matches.
    bool find(const QString& text);
    void setTimeWindowEnabled(bool on);
    // Shows the graph as it stood in [sinceMs, untilMs], the window dragged on the Trees page's
    // timeline: applied as soon as the edges' times are read (now, or when they arrive).
    void showTimeWindow(qint64 sinceMs, qint64 untilMs);

    GraphScene* scene() const { return scene_; }
    GraphView* view() const { return view_; }
    QSlider* hopsSlider() const { return hops_; }
    QSpinBox* weightBox() const { return minWeight_; }
    QComboBox* scopeBox() const { return scopeBox_; }
    QComboBox* sizeMeasureBox() const { return sizeBox_; }
    QLabel* statusLabel() const { return status_; }
    QPushButton* queryTopicButton() const { return queryTopic_; }
    QLineEdit* searchEdit() const { return search_; }
    QTreeWidget* neighbourList() const { return neighbours_; }
    QListWidget* sharedList() const { return shared_; }
    QTreeWidget* communityList() const { return communities_; }
    QCheckBox* timeBox() const { return timeBox_; }
    QSlider* timeFrom() const { return timeFrom_; }
    QSlider* timeUntil() const { return timeUntil_; }
    QString sharedTitleText() const;
    AliasPanel* aliasPanel() const { return aliases_; }

Q_SIGNALS:
    void graphLoaded();
    void expanded(int added);
    void neighboursLoaded();
    void sharedLoaded();
    void edgeTimesLoaded();
    // The tooltip text shown for a hovered node or edge.
    void hoverShown(const QString& text);

protected:
    void showEvent(QShowEvent* event) override;

private:
    // The constructor's parts (graphpage.cpp).
    void setupControls();
    void setupPanel();
    void connectControls();
    QTabWidget* buildSidePanel();
    void layOut();
    void load(GraphRequest request);
    void applyGraph(GraphData data, bool grown);
    void updateStatus();
    void updatePanel();
    void fillCommunities();
    void loadNeighbours();
    void loadEdgeTimes();
    void applyTimeWindow();
    void applySharedWindow();
    void showHover(int node, int edge, const QPoint& globalPos);
    void showContextMenu(int node, int edge, const QPoint& globalPos);
    void showCommunityChunks();
    void explainIds(const QString& a, const QString& b);
    QString nodeLabel(int index) const;

    VaultController* vault_;
    QueryWorkbench* workbench_;
    GraphScene* scene_;
    GraphView* view_;
    JobRunner* loadJob_;
    JobRunner* expandJob_;
    JobRunner* neighbourJob_;
    JobRunner* sharedJob_;
    JobRunner* timesJob_;
    JobRunner* communityJob_;
    bool needsLoad_ = false;
    QStringList litIds_; // entities of the hit in the detail docks
    QString neighbourSubject_;
    QString sharedPeer_;

    QLineEdit* search_;
    QComboBox* scopeBox_;
    QSpinBox* minWeight_;
    QComboBox* sizeBox_;
    QPushButton* aroundHit_;
    QSlider* hops_;
    QLabel* hopsLabel_;
    QPushButton* focus_;
    QPushButton* clearFocus_;
    QPushButton* queryTopic_;
    QPushButton* expand_;
    QPushButton* hide_;
    QLabel* selectedTitle_;
    QLabel* selectedFacts_;
    QTreeWidget* neighbours_;
    QLabel* sharedTitle_;
    QListWidget* shared_;
    QPushButton* sharedToQuery_;
    QTreeWidget* communities_;
    QPushButton* communityChunks_;
    QCheckBox* timeBox_;
    // A window from the Trees timeline, kept until the edges' times are read.
    std::optional<std::pair<qint64, qint64>> sharedWindow_;
    QSlider* timeFrom_;
    QSlider* timeUntil_;
    QLabel* timeLabel_;
    QLabel* status_;
    AliasPanel* aliases_;
};

} // namespace memlens::ui
