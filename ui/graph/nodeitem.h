// One entity of the graph: a mark filled with its community's colour, shaped by its kind
// (person: disc, organisation: square, topic and hashtag: diamond, anything else: triangle) and
// sized by the page's size measure. Names are drawn by the view (GraphView::labelPlacements),
// which places them without overlap. Cached in device coordinates, so panning blits.
#pragma once

#include <QGraphicsItem>

namespace memlens::ui {

struct GraphStyle;

class NodeItem : public QGraphicsItem {
public:
    enum StateFlag : quint8 { Dimmed = 1, Lit = 2, Selected = 4, Match = 8 };
    enum class Shape : quint8 { Disc, Square, Diamond, Triangle };

    NodeItem(int index, const QString& kind, const QBrush* fill, qreal radius,
             const GraphStyle* style);

    int index() const { return index_; }
    qreal radius() const { return radius_; }
    // The radius of the circle around the node's position that holds its mark as drawn, outline
    // included: a triangle's or a diamond's corners reach past `radius`. Marks are laid out so
    // that these circles never meet (GraphScene::markExtents, separate_marks in
    // core/src/graph/graph_analysis.cpp).
    static qreal extentFor(Shape shape, qreal radius);
    qreal extent() const { return extentFor(shape_, radius_); }
    Shape markShape() const { return shape_; }
    quint8 states() const { return states_; }
    void setStates(quint8 states);
    void setRadius(qreal radius);
    void setFill(const QBrush* fill);

    static Shape shapeFor(const QString& kind);

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    enum { Type = UserType + 1 };
    int type() const override { return Type; }

private:
    QPainterPath markPath(qreal r) const;

    int index_;
    qreal radius_;
    Shape shape_;
    const QBrush* fill_;
    const GraphStyle* style_;
    quint8 states_ = 0;
};

} // namespace memlens::ui
