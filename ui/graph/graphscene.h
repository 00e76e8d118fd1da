// The drawn entity graph: a NodeItem per entity at its laid-out position and one EdgeLayer.
// Selection (its edges in the accent pen; unless a focus or a community is shown, the entities
// not linked to it dimmed), focus (an entity's neighbourhood within h hops, the rest dimmed), a
// chosen community (the rest dimmed), lit entities (those of the hit shown in the detail docks),
// search matches, hidden entities and a time window are states changed without rebuilding the
// layout. The view asks it which names to draw (labelOrder) and which edge is under the mouse.
#pragma once

#include "graph/graphdata.h"
#include "graph/graphstyle.h"

#include <QGraphicsScene>

class QGraphicsLineItem;
#include <QHash>

#include <optional>
#include <vector>

namespace memlens::ui {

class EdgeLayer;
class NodeItem;

enum class NodeSizeMeasure { Mentions, Degree, PageRank, Recall };

// What the logged searches reached of each entity (health.h, EntityRecall), by entity id.
struct EntityRecallView {
    qint64 memories = 0; // its memories some logged search returned
    qint64 queries = 0;  // distinct questions that returned one of them
};
struct GraphRecall {
    bool known = false;
    QHash<QString, EntityRecallView> entities; // an entity absent: none of its memories
    int distinctQueries = 0;
    QString range; // the time filter's range the reading kept, or ""
};

class GraphScene : public QGraphicsScene {
    Q_OBJECT
public:
    explicit GraphScene(QObject* parent = nullptr);

    void setGraph(GraphData data);
    // The graph grown by an expansion (expandGraph): positions of drawn nodes are kept.
    void setGrownGraph(GraphData data);

    const GraphData& data() const { return data_; }
    const GraphStyle& style() const { return style_; }
    // Nodes and edges on screen now (hidden entities and, inside a time window, entities and
    // edges without a co-occurrence in it are not).
    int nodeCount() const;
    int edgeCount() const;
    int indexOf(const QString& id) const { return index_.value(id, -1); }
    NodeItem* nodeItem(int index) const;
    const EdgeLayer* edgeLayer() const { return edges_; }
    QPointF positionOf(int index) const;
    bool isShown(int index) const;
    QString labelOf(int index) const;
    // The name as drawn (elided to a readable length) and its width in pixels in the plain and
    // the bold label font, measured once per graph.
    struct Label {
        QString text;
        int plainWidth = 0;
        int strongWidth = 0;
    };
    const Label& drawnLabel(int index) const { return labels_[static_cast<std::size_t>(index)]; }

    // The Overview's health reading per entity: sets each node's recall (kept for graphs read
    // later) and resizes the nodes when the size measure is Recall.
    void setRecall(GraphRecall recall);
    const GraphRecall& recall() const { return recall_; }

    void setSizeMeasure(NodeSizeMeasure measure);
    NodeSizeMeasure sizeMeasure() const { return measure_; }
    // A node's mark radius for its value of the size measure (the largest value among the
    // drawn nodes gets the largest mark).
    static qreal radiusFor(double value, double maxValue);
    // Per node, the largest extent (NodeItem::extent) its mark takes under any size measure:
    // how far apart the layout keeps the nodes (graphdata.cpp, analyse).
    static std::vector<double> markExtents(const std::vector<GraphNode>& nodes);

    void setSelectedNode(int index);
    int selectedNode() const { return selected_; }
    // index -1 clears the focus.
    void setFocusNode(int index, int hops);
    int focusNode() const { return focus_; }
    int focusSize() const;
    // community -1 clears it.
    void setCommunityFilter(int community);
    int communityFilter() const { return community_; }
    void setLit(const QStringList& entityIds);
    int litCount() const;
    // Marks shown nodes whose id or name contains `text`; returns them, most mentioned first.
    QList<int> search(const QString& text);
    void hideNode(int index);
    void showAllNodes();
    int hiddenCount() const;

    // The time of each shared chunk behind each edge (loadEdgeTimes), and the window of time to
    // show: an edge is drawn with the number of its shared chunks inside [from, until], and not
    // at all when that is zero. nullopt shows every edge with its whole weight.
    void setEdgeTimes(EdgeTimes times);
    bool hasEdgeTimes() const { return !times_.empty(); }
    const EdgeTimes& edgeTimes() const { return times_; }
    void setTimeWindow(std::optional<std::pair<qint64, qint64>> window);
    std::optional<std::pair<qint64, qint64>> timeWindow() const { return window_; }
    // The earliest and latest shared-node time of the drawn edges.
    std::optional<std::pair<qint64, qint64>> timeSpan() const;
    // The weight an edge is drawn with now (inside the window, if any); 0 = not drawn.
    double shownWeight(int edge) const;

    // The shown edge nearest to `scenePos` within `tolerance` scene units, or -1.
    int edgeAt(const QPointF& scenePos, qreal tolerance) const;
    void setHoveredEdge(int edge);
    int hoveredEdge() const { return hovered_; }

    // Shown nodes in the order their names claim space: selected, lit and matching nodes
    // first, then by the size measure, largest first.
    const std::vector<int>& labelOrder() const { return labelOrder_; }
    // The bounding rect of a set of nodes (for fitting the view).
    QRectF boundsOf(const QList<int>& nodes) const;
    QRectF shownBounds() const;

private:
    void rebuildItems();
    void applyRecall();
    void rebuildEdges();
    void refreshStates();
    void updateLabelOrder();
    qreal radiusOf(const GraphNode& node) const;

    GraphStyle style_;
    GraphData data_;
    GraphRecall recall_;
    EdgeTimes times_;
    std::optional<std::pair<qint64, qint64>> window_;
    std::vector<double> shownWeight_; // per edge
    std::vector<NodeItem*> items_;
    EdgeLayer* edges_;
    QGraphicsLineItem* hoverLine_;
    QHash<QString, int> index_;
    NodeSizeMeasure measure_ = NodeSizeMeasure::Mentions;
    double maxMeasure_ = 1.0;
    int selected_ = -1;
    int focus_ = -1;
    int focusHops_ = 1;
    int community_ = -1;
    int hovered_ = -1;
    std::vector<bool> inFocus_;
    std::vector<bool> lit_;
    std::vector<bool> match_;
    std::vector<bool> hidden_;
    std::vector<bool> shown_; // not hidden, and inside the time window
    std::vector<int> labelOrder_;
    std::vector<Label> labels_;
};

} // namespace memlens::ui
