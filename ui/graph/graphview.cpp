#include "graph/graphview.h"

#include "graph/graphscene.h"
#include "graph/nodeitem.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QWheelEvent>

#include <cmath>

namespace memlens::ui {

namespace {
constexpr qreal kMinZoom = 0.02;
constexpr qreal kMaxZoom = 8.0;
constexpr int kClickSlop = 4; // pixels a press may move and still count as a click
} // namespace

GraphView::GraphView(GraphScene* scene, QWidget* parent)
    : QGraphicsView(scene, parent) {
    setRenderHint(QPainter::Antialiasing, true);
    setRenderHint(QPainter::TextAntialiasing, true);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setViewportUpdateMode(QGraphicsView::MinimalViewportUpdate);
    setOptimizationFlags(QGraphicsView::DontSavePainterState |
                         QGraphicsView::DontAdjustForAntialiasing);
    setCacheMode(QGraphicsView::CacheBackground);
    setBackgroundBrush(palette().base());
}

void GraphView::zoomBy(qreal factor) {
    const qreal target = zoom() * factor;
    if (target < kMinZoom || target > kMaxZoom)
        return;
    scale(factor, factor);
}

void GraphView::fitAll() {
    if (scene())
        fitRect(scene()->itemsBoundingRect());
}

void GraphView::fitRect(const QRectF& rect) {
    if (rect.isEmpty())
        return;
    fitInView(rect.adjusted(-40, -40, 40, 40), Qt::KeepAspectRatio);
}

int GraphView::nodeAt(const QPoint& viewportPos) const {
    const QList<QGraphicsItem*> hits = items(viewportPos);
    for (QGraphicsItem* item : hits) {
        if (item->type() == NodeItem::Type)
            return static_cast<NodeItem*>(item)->index();
    }
    return -1;
}

void GraphView::wheelEvent(QWheelEvent* event) {
    const qreal steps = event->angleDelta().y() / 120.0;
    zoomBy(std::pow(1.2, steps));
    event->accept();
}

void GraphView::mousePressEvent(QMouseEvent* event) {
    pressPos_ = event->position().toPoint();
    QGraphicsView::mousePressEvent(event);
}

void GraphView::mouseReleaseEvent(QMouseEvent* event) {
    QGraphicsView::mouseReleaseEvent(event);
    if (event->button() != Qt::LeftButton)
        return;
    const QPoint pos = event->position().toPoint();
    if ((pos - pressPos_).manhattanLength() > kClickSlop)
        return; // it was a pan
    const int node = nodeAt(pos);
    if (node >= 0)
        Q_EMIT nodeClicked(node);
    else
        Q_EMIT backgroundClicked();
}

void GraphView::mouseDoubleClickEvent(QMouseEvent* event) {
    const int node = nodeAt(event->position().toPoint());
    if (node >= 0) {
        Q_EMIT nodeDoubleClicked(node);
        event->accept();
        return;
    }
    QGraphicsView::mouseDoubleClickEvent(event);
}

void GraphView::keyPressEvent(QKeyEvent* event) {
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomBy(1.25);
        return;
    case Qt::Key_Minus:
        zoomBy(0.8);
        return;
    case Qt::Key_0:
        fitAll();
        return;
    default:
        QGraphicsView::keyPressEvent(event);
    }
}

} // namespace memlens::ui
