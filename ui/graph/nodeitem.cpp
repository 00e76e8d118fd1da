#include "graph/nodeitem.h"

#include "graph/graphstyle.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace memlens::ui {

namespace {
constexpr qreal kLabelGap = 3.0;
constexpr qreal kLabelMinPixels = 5.0; // a node this many pixels wide or more shows its name
} // namespace

NodeItem::NodeItem(int index, const QString& kind, const QString& label, qreal radius,
                   const GraphStyle* style)
    : index_(index)
    , radius_(radius)
    , brush_(&style->brushFor(kind))
    , style_(style)
    , label_(label) {
    label_.setPerformanceHint(QStaticText::AggressiveCaching);
    label_.prepare(QTransform(), style->labelFont);
    const QSizeF text = label_.size();
    bounds_ = QRectF(-radius_ - 3, -std::max(radius_, text.height() / 2) - 3,
                     2 * radius_ + kLabelGap + text.width() + 6,
                     2 * std::max(radius_, text.height() / 2) + 6);
    setCacheMode(DeviceCoordinateCache);
    setAcceptedMouseButtons(Qt::NoButton); // the view resolves clicks: items stay lean
    setToolTip(label);
}

void NodeItem::setStates(quint8 states) {
    if (states == states_)
        return;
    states_ = states;
    setZValue((states & (Selected | Lit | Match)) ? 2 : ((states & Dimmed) ? 0 : 1));
    update();
}

QRectF NodeItem::boundingRect() const {
    return bounds_;
}

QPainterPath NodeItem::shape() const {
    QPainterPath path;
    path.addEllipse(QPointF(0, 0), radius_ + 2, radius_ + 2);
    return path;
}

void NodeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const bool dimmed = (states_ & Dimmed) != 0;
    const QPen* outline = &style_->outline;
    if (states_ & Selected)
        outline = &style_->selectedOutline;
    else if (states_ & Lit)
        outline = &style_->litOutline;
    else if (states_ & Match)
        outline = &style_->matchOutline;
    painter->setPen(*outline);
    painter->setBrush(dimmed ? style_->dimmedBrush : *brush_);
    painter->drawEllipse(QPointF(0, 0), radius_, radius_);

    const bool emphasised = (states_ & (Selected | Lit | Match)) != 0;
    if (!emphasised && lod * radius_ * 2 < kLabelMinPixels * 2)
        return;
    if (dimmed && !emphasised && lod < 1.5)
        return;
    painter->setFont(style_->labelFont);
    painter->setPen(dimmed ? style_->dimmedLabelPen : style_->labelPen);
    painter->drawStaticText(QPointF(radius_ + kLabelGap, -label_.size().height() / 2), label_);
}

} // namespace memlens::ui
