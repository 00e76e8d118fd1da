#include "graph/nodeitem.h"

#include "graph/graphstyle.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <cmath>
#include <numbers>

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

namespace {
// Scene units around a mark for its outline (the widest pen is 3 pixels, cosmetic).
constexpr qreal kOutlineRoom = 2.0;
// How far each mark's corners reach, in radii (markPath).
constexpr qreal kSquareHalfSide = 0.89; // the same area as the disc
constexpr qreal kDiamondReach = 1.25;
constexpr qreal kTriangleReach = 1.35;
} // namespace

qreal NodeItem::extentFor(Shape shape, qreal radius) {
    switch (shape) {
    case Shape::Disc:
        break;
    case Shape::Square:
        return radius * kSquareHalfSide * std::numbers::sqrt2 + kOutlineRoom;
    case Shape::Diamond:
        return radius * kDiamondReach + kOutlineRoom;
    case Shape::Triangle:
        return radius * kTriangleReach + kOutlineRoom;
    }
    return radius + kOutlineRoom;
}

QRectF NodeItem::boundingRect() const {
    const qreal r = extent() + kOutlineRoom; // and the antialiased edge of a wide outline
    return {-r, -r, 2 * r, 2 * r};
}

QPainterPath NodeItem::markPath(qreal r) const {
    QPainterPath path;
    switch (shape_) {
    case Shape::Disc:
        path.addEllipse(QPointF(0, 0), r, r);
        break;
    case Shape::Square: {
        const qreal s = r * kSquareHalfSide;
        path.addRect(-s, -s, 2 * s, 2 * s);
        break;
    }
    case Shape::Diamond: {
        const qreal s = r * kDiamondReach;
        path.moveTo(0, -s);
        path.lineTo(s, 0);
        path.lineTo(0, s);
        path.lineTo(-s, 0);
        path.closeSubpath();
        break;
    }
    case Shape::Triangle: {
        const qreal s = r * kTriangleReach;
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
    // The circle that holds the mark: a click on a corner or just beside a small mark hits it.
    QPainterPath path;
    path.addEllipse(QPointF(0, 0), extent(), extent());
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
