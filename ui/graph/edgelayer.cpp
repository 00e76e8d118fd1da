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
    // Thousands of antialiased lines cost a few hundred milliseconds to rasterise; cached in
    // device coordinates, a pan blits them and only a zoom or a change of state redraws.
    setCacheMode(DeviceCoordinateCache);
}

void EdgeLayer::setEdges(const std::vector<LayoutPoint>& pos, const std::vector<LayoutEdge>& edges,
                         const std::vector<double>& shownWeight) {
    prepareGeometryChange();
    for (auto& lines : buckets_)
        lines.clear();
    highlight_.clear();
    highlighted_.clear();
    dimOthers_ = false;
    double maxWeight = 1.0;
    for (double w : shownWeight)
        maxWeight = std::max(maxWeight, w);
    edgeCount_ = 0;
    for (std::size_t i = 0; i < edges.size(); ++i) {
        const LayoutEdge& e = edges[i];
        if (e.a >= pos.size() || e.b >= pos.size() || i >= shownWeight.size() ||
            shownWeight[i] <= 0)
            continue;
        buckets_[static_cast<std::size_t>(bucketOf(shownWeight[i], maxWeight))].append(
            QLineF(pos[e.a].x, pos[e.a].y, pos[e.b].x, pos[e.b].y));
        ++edgeCount_;
    }
    bounds_ = QRectF();
    for (const auto& lines : buckets_)
        for (const QLineF& l : lines)
            bounds_ |= QRectF(l.p1(), l.p2()).normalized();
    bounds_.adjust(-4, -4, 4, 4);
    update();
}

void EdgeLayer::setHighlight(const std::vector<LayoutPoint>& pos,
                             const std::vector<LayoutEdge>& edges,
                             const std::vector<double>& shownWeight,
                             const std::vector<bool>& highlighted, bool dimOthers) {
    highlight_.clear();
    highlighted_.clear();
    dimOthers_ = dimOthers;
    for (std::size_t i = 0; i < edges.size() && i < highlighted.size(); ++i) {
        const LayoutEdge& e = edges[i];
        if (highlighted[i] && i < shownWeight.size() && shownWeight[i] > 0 && e.a < pos.size() &&
            e.b < pos.size()) {
            highlight_.append(QLineF(pos[e.a].x, pos[e.a].y, pos[e.b].x, pos[e.b].y));
            highlighted_.push_back(static_cast<int>(i));
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
    // Far out, every pen is at most one pixel wide: the raster engine draws such lines on its
    // fast path, where wider antialiased ones are stroked as shapes (1 s a frame for 15,000
    // long edges), and at that zoom weight shows through the lines' opacity anyway.
    const bool far = lod < kSparseLod;
    const auto& pens =
        dimOthers_ ? style_->dimmedEdgePens : (far ? style_->thinEdgePens : style_->edgePens);
    const bool sparse = lod < kSparseLod && edgeCount_ > kSparseEdges;
    for (std::size_t b = sparse ? 2 : 0; b < buckets_.size(); ++b) {
        painter->setPen(pens[b]);
        painter->drawLines(buckets_[b]);
    }
    if (!highlight_.isEmpty()) {
        painter->setPen(style_->highlightEdgePen);
        painter->drawLines(highlight_);
    }
}

} // namespace memlens::ui
