// The drawn entity graph: a NodeItem per entity at its laid-out position and one EdgeLayer.
// Selection, focus (an entity's neighbourhood within h hops, the rest dimmed), lit entities
// (those of the hit shown in the detail docks) and search matches are node states, changed
// without rebuilding anything.
#pragma once

#include "graph/graphdata.h"
#include "graph/graphstyle.h"

#include <QGraphicsScene>
#include <QHash>

#include <vector>

namespace memlens::ui {

class EdgeLayer;
class NodeItem;

class GraphScene : public QGraphicsScene {
    Q_OBJECT
public:
    explicit GraphScene(QObject* parent = nullptr);

    void setGraph(GraphData data);
    // Adds the neighbours of an expansion around its centre (those not drawn yet) and the edges
    // to them. Returns how many nodes were added.
    int addExpansion(const GraphExpansion& expansion);

    const GraphData& data() const { return data_; }
    int nodeCount() const { return static_cast<int>(items_.size()); }
    int edgeCount() const;
    int indexOf(const QString& id) const { return index_.value(id, -1); }
    NodeItem* nodeItem(int index) const;
    QPointF positionOf(int index) const;

    void setSelectedNode(int index);
    int selectedNode() const { return selected_; }
    // index -1 clears the focus.
    void setFocusNode(int index, int hops);
    int focusNode() const { return focus_; }
    int focusSize() const;
    void setLit(const QStringList& entityIds);
    int litCount() const;
    // Marks nodes whose id or name contains `text`; returns them, most mentioned first.
    QList<int> search(const QString& text);
    // The bounding rect of a set of nodes (for fitting the view).
    QRectF boundsOf(const QList<int>& nodes) const;

private:
    void rebuildEdges();
    void refreshStates();
    NodeItem* makeItem(int index);
    static qreal radiusFor(qint64 mentions);

    GraphStyle style_;
    GraphData data_;
    std::vector<NodeItem*> items_;
    EdgeLayer* edges_;
    QHash<QString, int> index_;
    int selected_ = -1;
    int focus_ = -1;
    int focusHops_ = 1;
    std::vector<bool> inFocus_;
    std::vector<bool> lit_;
    std::vector<bool> match_;
};

} // namespace memlens::ui
