#include "graph/edgelayer.h"

#include "graph/graphstyle.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>

namespace memlens::ui {

namespace {

// Zoomed out past this, a large graph draws only its two heaviest buckets: thousands of faint
// strokes would cost time and read as grey noise anyway.
constexpr qreal kSparseLod = 0.35;
constexpr int kSparseEdges = 4000;

int bucketOf(double weight, double maxWeight) {
    if (maxWeight <= 1.0)
        return 1;
    const double t = std::log(weight) / std::log(maxWeight);
    return std::clamp(static_cast<int>(t * 4.0), 0, 3);
}

} // namespace

EdgeLayer::EdgeLayer(const GraphStyle* style)
    : style_(style) {
    setZValue(-1);
    setAcceptedMouseButtons(Qt::NoButton);
}

void EdgeLayer::setEdges(const std::vector<LayoutPoint>& pos,
                         const std::vector<LayoutEdge>& edges) {
    prepareGeometryChange();
    for (auto& path : buckets_)
        path = QPainterPath();
    highlight_ = QPainterPath();
    dimOthers_ = false;
    double maxWeight = 1.0;
    for (const auto& e : edges)
        maxWeight = std::max(maxWeight, e.weight);
    edgeCount_ = 0;
    for (const auto& e : edges) {
        if (e.a >= pos.size() || e.b >= pos.size())
            continue;
        QPainterPath& path = buckets_[static_cast<std::size_t>(bucketOf(e.weight, maxWeight))];
        path.moveTo(pos[e.a].x, pos[e.a].y);
        path.lineTo(pos[e.b].x, pos[e.b].y);
        ++edgeCount_;
    }
    bounds_ = QRectF();
    for (const auto& path : buckets_)
        bounds_ = bounds_.united(path.boundingRect());
    bounds_.adjust(-4, -4, 4, 4);
    update();
}

void EdgeLayer::setHighlight(const std::vector<LayoutPoint>& pos,
                             const std::vector<LayoutEdge>& edges, const std::vector<bool>& nodes,
                             bool dimOthers) {
    highlight_ = QPainterPath();
    dimOthers_ = dimOthers;
    for (const auto& e : edges) {
        if (e.a < nodes.size() && e.b < nodes.size() && nodes[e.a] && nodes[e.b]) {
            highlight_.moveTo(pos[e.a].x, pos[e.a].y);
            highlight_.lineTo(pos[e.b].x, pos[e.b].y);
        }
    }
    update();
}

QRectF EdgeLayer::boundingRect() const {
    return bounds_;
}

void EdgeLayer::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    painter->setBrush(Qt::NoBrush);
    const auto& pens = dimOthers_ ? style_->dimmedEdgePens : style_->edgePens;
    const bool sparse = lod < kSparseLod && edgeCount_ > kSparseEdges;
    for (std::size_t b = sparse ? 2 : 0; b < buckets_.size(); ++b) {
        painter->setPen(pens[b]);
        painter->drawPath(buckets_[b]);
    }
    if (!highlight_.isEmpty()) {
        painter->setPen(style_->highlightEdgePen);
        painter->drawPath(highlight_);
    }
}

} // namespace memlens::ui
