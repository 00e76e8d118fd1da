// Pan (drag), zoom (wheel, + and −, anchored under the mouse), clicks, hovering and the context
// menu on the nodes and edges of a GraphScene, and the nodes' names. Names are drawn at a fixed
// pixel size over the scene, most important first (GraphScene::labelOrder), each only where it
// overlaps no name already placed: zoomed out the heaviest entities are named, and zooming in
// makes room for more (level of detail). Tuned for thousands of items: no painter-state saving
// per item, edges in one layer; a pan repaints only the strip it uncovers, and the names are
// placed afresh over the whole view once the pan pauses.
#pragma once

#include <QGraphicsView>

class QTimer;

#include <vector>

namespace memlens::ui {

class GraphScene;

class GraphView : public QGraphicsView {
    Q_OBJECT
public:
    explicit GraphView(GraphScene* scene, QWidget* parent = nullptr);

    void zoomBy(qreal factor);
    // Frames the shown nodes (never zooming in past 2×, where a small graph would turn into a
    // few huge marks).
    void fitAll();
    void fitRect(const QRectF& rect);
    // Whether the view shows something else than the whole graph framed by fitAll: the user
    // moved it (wheel, keys, a drag) or clicked in it since, a part was framed (fitRect: the
    // focus, a community, a search), or the user acted on the drawing elsewhere (markTouched:
    // a selection from the panel). The page frames a graph read again for the same request
    // only while this is false, so no automatic fit moves the nodes from under the user's hand.
    bool touched() const { return touched_; }
    void markTouched() { touched_ = true; }
    qreal zoom() const { return transform().m11(); }
    // The node under a viewport position, or -1.
    int nodeAt(const QPoint& viewportPos) const;
    // The shown edge within a few pixels of a viewport position (and no node there), or -1.
    int edgeAt(const QPoint& viewportPos) const;

    struct LabelPlacement {
        int node = -1;
        QRect rect; // viewport pixels
    };
    // The names drawn for the current transform and viewport, in the order they were placed.
    std::vector<LabelPlacement> labelPlacements() const;
    int labelPixelSize() const;

Q_SIGNALS:
    void nodeClicked(int index);
    void nodeDoubleClicked(int index);
    void backgroundClicked();
    // node or edge is -1 when none is under the mouse.
    void hovered(int node, int edge, const QPoint& globalPos);
    void contextMenuRequested(int node, int edge, const QPoint& globalPos);

protected:
    void drawForeground(QPainter* painter, const QRectF& rect) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    GraphScene* graph() const;
    struct NodeMark {
        int node;
        QPoint at; // viewport pixels
        int radius;
    };
    std::vector<NodeMark> marksOnScreen(const GraphScene& g, const QRect& area) const;

    QPoint pressPos_;
    QTimer* relabel_;
    int hoverNode_ = -1;
    int hoverEdge_ = -1;
    bool touched_ = false;
};

} // namespace memlens::ui
