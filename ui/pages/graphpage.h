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
//
// The page wires its parts: the controls above the drawing (graph/graphcontrolspanel.h), the
// drawing (graph/graphview.h over the scene, graph/graphscene.h, read by graph/graphloader.h),
// the time window under it (graph/graphtimebar.h) and, beside it, the selected entity
// (graph/entitypanel.h), the communities (graph/communitypanel.h) and the aliases.
#pragma once

#include "graph/graphdata.h"

#include <QWidget>

#include <memory>
#include <optional>

namespace memlens {
struct HealthReport;
}

class QLabel;

namespace memlens::ui {

class AliasPanel;
class CommunityPanel;
class EntityPanel;
class GraphControlsPanel;
class GraphLoader;
class GraphScene;
class GraphTimeBar;
class GraphView;
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
    // Shows the graph as it stood in [sinceMs, untilMs], the window dragged on the Trees page's
    // timeline: applied as soon as the edges' times are read (now, or when they arrive).
    void showTimeWindow(qint64 sinceMs, qint64 untilMs);
    // No time window: the whole graph again (the shared time filter cleared).
    void clearTimeWindow();
    // The Overview's health reading (OverviewPage::healthRead): what the logged searches reached
    // of each entity, for the size measure "questions that reached it", the hover and the panel.
    void setHealth(const std::shared_ptr<const HealthReport>& report, const QString& range);

    GraphScene* scene() const { return scene_; }
    GraphView* view() const { return view_; }
    GraphControlsPanel* controlsPanel() const { return controls_; }
    EntityPanel* entityPanel() const { return entity_; }
    CommunityPanel* communityPanel() const { return communities_; }
    GraphTimeBar* timeBar() const { return timeBar_; }
    AliasPanel* aliasPanel() const { return aliases_; }
    QLabel* statusLabel() const { return status_; }

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
    // The constructor's parts.
    void connectControls();
    void connectPanels();
    void connectVault();
    void layOut();
    void load(const GraphRequest& request);
    // The scene holds a new graph (grown: the one before, with neighbours added).
    void applyGraph(bool grown);
    // A loaded graph arrived: framed when it is a new one, or when the user has not touched
    // the view since it was framed; the same graph read again keeps the view and the selection.
    void graphArrived();
    void clearFocus();
    void redraw(); // the view and the status line
    void updateStatus();
    void showHover(int node, int edge, const QPoint& globalPos);
    void showContextMenu(int node, int edge, const QPoint& globalPos);

    VaultController* vault_;
    QueryWorkbench* workbench_;
    GraphScene* scene_;
    GraphView* view_;
    GraphLoader* loader_;
    GraphControlsPanel* controls_;
    EntityPanel* entity_;
    CommunityPanel* communities_;
    GraphTimeBar* timeBar_;
    AliasPanel* aliases_;
    QLabel* status_;
    bool needsLoad_ = false;
    std::optional<GraphRequest> requested_; // what the last load asked for
    std::optional<GraphRequest> shown_;     // what the graph in the scene was read for
    QString selectedId_;                    // the selected entity, kept across a reread
};

} // namespace memlens::ui
