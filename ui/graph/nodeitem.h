// One entity of the graph: a disc sized by mentions, coloured by kind, with its name drawn only
// when zoomed in far enough to read it (level of detail). Cached in device coordinates, so
// panning blits and only a zoom re-renders the visible nodes.
#pragma once

#include <QGraphicsItem>
#include <QStaticText>

namespace memlens::ui {

struct GraphStyle;

class NodeItem : public QGraphicsItem {
public:
    enum StateFlag : quint8 { Dimmed = 1, Lit = 2, Selected = 4, Match = 8 };

    NodeItem(int index, const QString& kind, const QString& label, qreal radius,
             const GraphStyle* style);

    int index() const { return index_; }
    qreal radius() const { return radius_; }
    quint8 states() const { return states_; }
    void setStates(quint8 states);

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    enum { Type = UserType + 1 };
    int type() const override { return Type; }

private:
    int index_;
    qreal radius_;
    const QBrush* brush_;
    const GraphStyle* style_;
    QStaticText label_;
    QRectF bounds_;
    quint8 states_ = 0;
};

} // namespace memlens::ui
