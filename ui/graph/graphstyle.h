// Pens, brushes and fonts of the graph, made once per scene so that painting a frame never
// allocates them. Fill colours belong to communities (a fixed palette by colour slot, so the
// same community keeps its colour); a node's kind is its shape (NodeItem::shapeFor).
#pragma once

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QPen>
#include <QString>

#include <array>

namespace memlens::ui {

struct GraphStyle {
    GraphStyle();

    static constexpr int kPaletteSize = 12;
    // A community's fill by colour slot; slots past the palette share one grey.
    const QBrush& brushForSlot(int slot) const;
    static QColor colorForSlot(int slot);

    std::array<QBrush, kPaletteSize> communityBrushes;
    QBrush otherBrush;
    QBrush dimmedBrush;
    QPen outline;
    QPen selectedOutline;
    QPen litOutline;
    QPen matchOutline;
    QColor labelColor;
    QColor dimmedLabelColor;
    QColor labelHalo;
    QFont labelFont;                  // pixel-sized: the same on screen at every zoom
    QFont strongLabelFont;            // selected, lit and matching nodes
    std::array<QPen, 4> edgePens;     // by weight bucket, light to heavy
    std::array<QPen, 4> thinEdgePens; // the same colours at most one pixel wide (zoomed far out)
    std::array<QPen, 4> dimmedEdgePens;
    QPen highlightEdgePen;
    QPen hoverEdgePen;
};

} // namespace memlens::ui
