#include "graph/graphview.h"

#include "graph/graphscene.h"
#include "graph/nodeitem.h"

#include <QContextMenuEvent>
#include <QFontMetrics>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QTimer>
#include <QWheelEvent>

#include <array>
#include <cmath>

namespace memlens::ui {

namespace {
constexpr qreal kMinZoom = 0.02;
constexpr qreal kMaxZoom = 8.0;
constexpr qreal kMaxFitZoom = 2.0;
constexpr int kClickSlop = 4;            // pixels a press may move and still count as a click
constexpr int kEdgeSlop = 4;             // pixels from an edge that still hover it
constexpr int kMaxLabels = 400;          // names placed per frame at most
constexpr std::size_t kAlwaysNamed = 12; // names placed before the other marks are claimed
constexpr int kLabelPad = 2;             // pixels of background around a name
} // namespace

GraphView::GraphView(GraphScene* scene, QWidget* parent)
    : QGraphicsView(scene, parent) {
    setRenderHint(QPainter::Antialiasing, true);
    setRenderHint(QPainter::TextAntialiasing, true);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    // Panned by dragging, the wheel and the keys: scroll bars that come and go with the zoom
    // would resize the drawing and shift it under the user's hand.
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // A pan blits what stays on screen and paints the uncovered strip; names there are placed
    // for the new position, so the whole view is repainted once the pan pauses (relabel_).
    setViewportUpdateMode(QGraphicsView::MinimalViewportUpdate);
    relabel_ = new QTimer(this);
    relabel_->setSingleShot(true);
    relabel_->setInterval(120);
    connect(relabel_, &QTimer::timeout, viewport(), qOverload<>(&QWidget::update));
    setOptimizationFlags(QGraphicsView::DontSavePainterState |
                         QGraphicsView::DontAdjustForAntialiasing);
    setBackgroundBrush(palette().base());
    setMouseTracking(true);
}

GraphScene* GraphView::graph() const {
    return static_cast<GraphScene*>(scene());
}

void GraphView::zoomBy(qreal factor) {
    const qreal target = zoom() * factor;
    if (target < kMinZoom || target > kMaxZoom)
        return;
    scale(factor, factor);
}

void GraphView::fitAll() {
    if (graph() != nullptr)
        fitRect(graph()->shownBounds());
    touched_ = false;
}

void GraphView::fitRect(const QRectF& rect) {
    if (rect.isEmpty() && rect.isNull())
        return;
    touched_ = true; // a part framed: the focus, a community, a search's matches
    fitInView(rect.adjusted(-40, -40, 40, 40), Qt::KeepAspectRatio);
    if (zoom() > kMaxFitZoom) {
        const qreal f = kMaxFitZoom / zoom();
        scale(f, f);
        centerOn(rect.center());
    }
}

int GraphView::nodeAt(const QPoint& viewportPos) const {
    const QList<QGraphicsItem*> hits = items(viewportPos);
    for (QGraphicsItem* item : hits) {
        if (item->type() == NodeItem::Type && item->isVisible())
            return static_cast<NodeItem*>(item)->index();
    }
    return -1;
}

int GraphView::edgeAt(const QPoint& viewportPos) const {
    if (graph() == nullptr || nodeAt(viewportPos) >= 0)
        return -1;
    return graph()->edgeAt(mapToScene(viewportPos), kEdgeSlop / std::max(zoom(), 1e-6));
}

int GraphView::labelPixelSize() const {
    return graph() != nullptr ? graph()->style().labelFont.pixelSize() : 0;
}

namespace {

// Names and marks already placed, bucketed on a coarse grid so each test looks at a few
// neighbours only.
class PlacedLabels {
public:
    bool collides(const QRect& r) const {
        bool hit = false;
        cellsOf(r, [&](quint64 key) {
            if (hit)
                return;
            auto it = grid_.constFind(key);
            if (it == grid_.constEnd())
                return;
            for (const QRect& other : *it)
                if (other.intersects(r)) {
                    hit = true;
                    return;
                }
        });
        return hit;
    }
    void claim(const QRect& r) {
        cellsOf(r, [&](quint64 key) { grid_[key].push_back(r); });
    }
    void claimMark(const QPoint& at, int radius) {
        claim(QRect(at.x() - radius, at.y() - radius, 2 * radius + 1, 2 * radius + 1));
    }

private:
    static constexpr int kCell = 96;
    template <typename Fn> static void cellsOf(const QRect& r, Fn&& fn) {
        for (int cx = r.left() / kCell - 1; cx <= r.right() / kCell + 1; ++cx)
            for (int cy = r.top() / kCell - 1; cy <= r.bottom() / kCell + 1; ++cy)
                fn((static_cast<quint64>(static_cast<quint32>(cx)) << 32U) |
                   static_cast<quint32>(cy));
    }

    QHash<quint64, std::vector<QRect>> grid_;
};

// Where a name of `size` may go beside a mark of radius r at p: right of the mark, else left,
// above, below.
std::array<QRect, 4> labelSpots(const QPoint& p, int r, const QSize& size) {
    return {QRect(QPoint(p.x() + r + 3, p.y() - size.height() / 2), size),
            QRect(QPoint(p.x() - r - 3 - size.width(), p.y() - size.height() / 2), size),
            QRect(QPoint(p.x() - size.width() / 2, p.y() - r - 2 - size.height()), size),
            QRect(QPoint(p.x() - size.width() / 2, p.y() + r + 2), size)};
}

} // namespace

// The marks of the nodes on or near the screen, most important first.
std::vector<GraphView::NodeMark> GraphView::marksOnScreen(const GraphScene& g,
                                                          const QRect& area) const {
    const qreal z = zoom();
    std::vector<NodeMark> onScreen;
    for (int i : g.labelOrder()) {
        const NodeItem* item = g.nodeItem(i);
        const QPoint p = mapFromScene(item->pos());
        const int r = static_cast<int>(std::ceil(item->radius() * z));
        if (!area.adjusted(-r - 200, -r - 20, r + 20, r + 20).contains(p))
            continue;
        onScreen.push_back({i, p, r});
    }
    return onScreen;
}

std::vector<GraphView::LabelPlacement> GraphView::labelPlacements() const {
    std::vector<LabelPlacement> out;
    const GraphScene* g = graph();
    if (g == nullptr)
        return out;
    const QRect area = viewport()->rect();
    const int height = QFontMetrics(g->style().strongLabelFont).height();
    PlacedLabels placed;
    // The most important names (kAlwaysNamed) come first and may cover the marks of lesser
    // nodes, so a dense core still shows who is at its centre; every later name keeps clear of
    // every mark on screen. Names never cover each other.
    const std::vector<NodeMark> onScreen = marksOnScreen(*g, area);
    const std::size_t first = std::min<std::size_t>(onScreen.size(), kAlwaysNamed);
    std::size_t done = 0;
    for (const NodeMark& c : onScreen) {
        if (static_cast<int>(out.size()) >= kMaxLabels)
            break;
        // The first names keep clear of their own mark and those of more important nodes.
        if (done < first)
            placed.claimMark(c.at, c.radius);
        else if (done == first)
            for (std::size_t k = first; k < onScreen.size(); ++k)
                placed.claimMark(onScreen[k].at, onScreen[k].radius);
        ++done;
        const NodeItem* item = g->nodeItem(c.node);
        const bool emphasised =
            (item->states() & (NodeItem::Selected | NodeItem::Lit | NodeItem::Match)) != 0;
        const GraphScene::Label& label = g->drawnLabel(c.node);
        const QSize size((emphasised ? label.strongWidth : label.plainWidth) + 2 * kLabelPad,
                         height);
        for (const QRect& rect : labelSpots(c.at, c.radius, size)) {
            if (!area.contains(rect) || placed.collides(rect))
                continue;
            placed.claim(rect);
            out.push_back({c.node, rect});
            break;
        }
    }
    return out;
}

void GraphView::drawForeground(QPainter* painter, const QRectF&) {
    const GraphScene* g = graph();
    if (g == nullptr)
        return;
    const std::vector<LabelPlacement> labels = labelPlacements();
    painter->save();
    painter->resetTransform();
    painter->setRenderHint(QPainter::TextAntialiasing, true);
    for (const LabelPlacement& l : labels) {
        const NodeItem* item = g->nodeItem(l.node);
        const bool emphasised =
            (item->states() & (NodeItem::Selected | NodeItem::Lit | NodeItem::Match)) != 0;
        const bool dimmed = (item->states() & NodeItem::Dimmed) != 0 && !emphasised;
        painter->setFont(emphasised ? g->style().strongLabelFont : g->style().labelFont);
        const QString& text = g->drawnLabel(l.node).text;
        painter->setPen(Qt::NoPen);
        painter->setBrush(g->style().labelHalo);
        painter->drawRoundedRect(l.rect, 3, 3);
        painter->setPen(dimmed ? g->style().dimmedLabelColor : g->style().labelColor);
        painter->drawText(l.rect.adjusted(kLabelPad, 0, -kLabelPad, 0),
                          Qt::AlignVCenter | Qt::AlignLeft, text);
    }
    painter->restore();
}

void GraphView::scrollContentsBy(int dx, int dy) {
    QGraphicsView::scrollContentsBy(dx, dy);
    relabel_->start();
}

void GraphView::wheelEvent(QWheelEvent* event) {
    touched_ = true;
    const qreal steps = event->angleDelta().y() / 120.0;
    zoomBy(std::pow(1.2, steps));
    event->accept();
}

void GraphView::mousePressEvent(QMouseEvent* event) {
    touched_ = true; // a click or the start of a drag
    pressPos_ = event->position().toPoint();
    QGraphicsView::mousePressEvent(event);
}

void GraphView::mouseMoveEvent(QMouseEvent* event) {
    QGraphicsView::mouseMoveEvent(event);
    if (event->buttons() != Qt::NoButton || graph() == nullptr)
        return;
    const QPoint pos = event->position().toPoint();
    const int node = nodeAt(pos);
    const int edge = node >= 0 ? -1 : edgeAt(pos);
    graph()->setHoveredEdge(edge);
    if (node != hoverNode_ || edge != hoverEdge_) {
        hoverNode_ = node;
        hoverEdge_ = edge;
        Q_EMIT hovered(node, edge, event->globalPosition().toPoint());
    }
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

void GraphView::contextMenuEvent(QContextMenuEvent* event) {
    const int node = nodeAt(event->pos());
    const int edge = node >= 0 ? -1 : edgeAt(event->pos());
    Q_EMIT contextMenuRequested(node, edge, event->globalPos());
    event->accept();
}

void GraphView::keyPressEvent(QKeyEvent* event) {
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        touched_ = true;
        zoomBy(1.25);
        return;
    case Qt::Key_Minus:
        touched_ = true;
        zoomBy(0.8);
        return;
    case Qt::Key_0:
        fitAll();
        return;
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Up:
    case Qt::Key_Down:
    case Qt::Key_PageUp:
    case Qt::Key_PageDown:
    case Qt::Key_Home:
    case Qt::Key_End:
        touched_ = true; // they scroll the view
        QGraphicsView::keyPressEvent(event);
        return;
    default:
        QGraphicsView::keyPressEvent(event);
    }
}

} // namespace memlens::ui
