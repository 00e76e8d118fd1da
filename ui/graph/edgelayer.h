// Every edge of the graph in one item: the edges are bucketed by weight into a few painter paths
// built once per layout (never per frame); zoomed far out, the lightest buckets are skipped.
// A focus or a lit hit draws its edges on top in an accent pen.
#pragma once

#include "graph/forcelayout.h"

#include <QGraphicsItem>
#include <QPainterPath>

#include <array>
#include <vector>

namespace memlens::ui {

struct GraphStyle;

class EdgeLayer : public QGraphicsItem {
public:
    explicit EdgeLayer(const GraphStyle* style);

    void setEdges(const std::vector<LayoutPoint>& positions, const std::vector<LayoutEdge>& edges);
    // Edges with both ends in `nodes` are drawn highlighted; the rest dimmed when `dimOthers`.
    void setHighlight(const std::vector<LayoutPoint>& positions,
                      const std::vector<LayoutEdge>& edges, const std::vector<bool>& nodes,
                      bool dimOthers);
    int edgeCount() const { return edgeCount_; }

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    const GraphStyle* style_;
    std::array<QPainterPath, 4> buckets_;
    QPainterPath highlight_;
    bool dimOthers_ = false;
    QRectF bounds_;
    int edgeCount_ = 0;
};

} // namespace memlens::ui
