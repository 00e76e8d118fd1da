// Every edge of the graph in one item: the edges are bucketed by their shown weight into a few
// line lists built once per layout or time window (never per frame; lines, not one painter path,
// because the raster engine strokes a path of thousands of segments as one shape, hundreds of
// times slower); zoomed far out, the
// lightest buckets are skipped. A selection, a focus, a community or a lit hit draws its edges
// on top in an accent pen. (The edge under the mouse is GraphScene's own line item, so hovering
// never invalidates this layer's cache.)
#pragma once

#include "graph/graphdata.h"

#include <QGraphicsItem>
#include <QLineF>
#include <QVector>

#include <array>
#include <vector>

namespace memlens::ui {

struct GraphStyle;

class EdgeLayer : public QGraphicsItem {
public:
    explicit EdgeLayer(const GraphStyle* style);

    // Draws edge i with shownWeight[i]; edges of weight 0 are not drawn.
    void setEdges(const std::vector<LayoutPoint>& positions, const std::vector<LayoutEdge>& edges,
                  const std::vector<double>& shownWeight);
    // Edge i is drawn in the accent pen when highlighted[i] (and drawn at all); the rest dimmed
    // when `dimOthers`.
    void setHighlight(const std::vector<LayoutPoint>& positions,
                      const std::vector<LayoutEdge>& edges, const std::vector<double>& shownWeight,
                      const std::vector<bool>& highlighted, bool dimOthers);
    int edgeCount() const { return edgeCount_; }
    // The edges drawn in the accent pen, ascending, and whether the others are dimmed.
    const std::vector<int>& highlightedEdges() const { return highlighted_; }
    bool dimsOthers() const { return dimOthers_; }

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    const GraphStyle* style_;
    std::array<QVector<QLineF>, 4> buckets_;
    QVector<QLineF> highlight_;
    std::vector<int> highlighted_;
    bool dimOthers_ = false;
    QRectF bounds_;
    int edgeCount_ = 0;
};

} // namespace memlens::ui
