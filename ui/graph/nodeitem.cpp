#include "graph/nodeitem.h"

#include "graph/graphstyle.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <cmath>

namespace memlens::ui {

NodeItem::NodeItem(int index, const QString& kind, const QBrush* fill, qreal radius,
                   const GraphStyle* style)
    : index_(index)
    , radius_(radius)
    , shape_(shapeFor(kind))
    , fill_(fill)
    , style_(style) {
    setCacheMode(DeviceCoordinateCache);
    setAcceptedMouseButtons(Qt::NoButton); // the view resolves clicks: items stay lean
}

NodeItem::Shape NodeItem::shapeFor(const QString& kind) {
    if (kind == QLatin1String("person"))
        return Shape::Disc;
    if (kind == QLatin1String("organization"))
        return Shape::Square;
    if (kind == QLatin1String("topic") || kind == QLatin1String("hashtag"))
        return Shape::Diamond;
    return Shape::Triangle;
}

void NodeItem::setStates(quint8 states) {
    if (states == states_)
        return;
    states_ = states;
    setZValue((states & (Selected | Lit | Match)) ? 2 : ((states & Dimmed) ? 0 : 1));
    update();
}

void NodeItem::setRadius(qreal radius) {
    if (radius == radius_)
        return;
    prepareGeometryChange();
    radius_ = radius;
    update();
}

void NodeItem::setFill(const QBrush* fill) {
    fill_ = fill;
    update();
}

QRectF NodeItem::boundingRect() const {
    const qreal r = radius_ + 4; // room for the widest outline
    return {-r, -r, 2 * r, 2 * r};
}

QPainterPath NodeItem::markPath(qreal r) const {
    QPainterPath path;
    switch (shape_) {
    case Shape::Disc:
        path.addEllipse(QPointF(0, 0), r, r);
        break;
    case Shape::Square: {
        const qreal s = r * 0.89; // the same area as the disc
        path.addRect(-s, -s, 2 * s, 2 * s);
        break;
    }
    case Shape::Diamond: {
        const qreal s = r * 1.25;
        path.moveTo(0, -s);
        path.lineTo(s, 0);
        path.lineTo(0, s);
        path.lineTo(-s, 0);
        path.closeSubpath();
        break;
    }
    case Shape::Triangle: {
        const qreal s = r * 1.35;
        path.moveTo(0, -s);
        path.lineTo(s * 0.866, s * 0.5);
        path.lineTo(-s * 0.866, s * 0.5);
        path.closeSubpath();
        break;
    }
    }
    return path;
}

QPainterPath NodeItem::shape() const {
    QPainterPath path;
    path.addEllipse(QPointF(0, 0), radius_ + 2, radius_ + 2);
    return path;
}

void NodeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    const bool dimmed = (states_ & Dimmed) != 0;
    const QPen* outline = &style_->outline;
    if (states_ & Selected)
        outline = &style_->selectedOutline;
    else if (states_ & Lit)
        outline = &style_->litOutline;
    else if (states_ & Match)
        outline = &style_->matchOutline;
    painter->setPen(*outline);
    painter->setBrush(dimmed ? style_->dimmedBrush : *fill_);
    painter->drawPath(markPath(radius_));
}

} // namespace memlens::ui
