#include "graph/graphstyle.h"

#include <algorithm>

namespace memlens::ui {

namespace {

QPen cosmetic(const QColor& color, qreal width) {
    QPen pen(color, width);
    pen.setCosmetic(true); // the same width at every zoom
    return pen;
}

} // namespace

QColor GraphStyle::colorForSlot(int slot) {
    // Tableau's ten, then two more that stay apart from them.
    static const std::array<QColor, kPaletteSize> palette = {
        QColor(0x4e, 0x79, 0xa7), QColor(0xf2, 0x8e, 0x2b), QColor(0xe1, 0x57, 0x59),
        QColor(0x76, 0xb7, 0xb2), QColor(0x59, 0xa1, 0x4f), QColor(0xed, 0xc9, 0x48),
        QColor(0xb0, 0x7a, 0xa1), QColor(0xff, 0x9d, 0xa7), QColor(0x9c, 0x75, 0x5f),
        QColor(0xba, 0xb0, 0xac), QColor(0x1f, 0x9e, 0x89), QColor(0x6a, 0x3d, 0x9a)};
    if (slot < 0 || slot >= kPaletteSize)
        return {0xc8, 0xc8, 0xc8};
    return palette[static_cast<std::size_t>(slot)];
}

GraphStyle::GraphStyle() {
    for (int i = 0; i < kPaletteSize; ++i)
        communityBrushes[static_cast<std::size_t>(i)] = QBrush(colorForSlot(i));
    otherBrush = QBrush(colorForSlot(-1));
    dimmedBrush = QBrush(QColor(200, 200, 200, 70));
    outline = cosmetic(QColor(255, 255, 255, 220), 1.0);
    selectedOutline = cosmetic(QColor(20, 20, 20), 2.5);
    litOutline = cosmetic(QColor(230, 150, 0), 3.0);
    matchOutline = cosmetic(QColor(200, 30, 30), 2.5);
    labelColor = QColor(25, 25, 25);
    dimmedLabelColor = QColor(150, 150, 150);
    labelHalo = QColor(255, 255, 255, 210);
    labelFont.setPixelSize(12);
    strongLabelFont = labelFont;
    strongLabelFont.setBold(true);
    const qreal widths[] = {0.6, 1.0, 1.8, 3.2};
    const int alphas[] = {70, 100, 140, 190};
    for (std::size_t i = 0; i < edgePens.size(); ++i) {
        edgePens[i] = cosmetic(QColor(90, 100, 120, alphas[i]), widths[i]);
        thinEdgePens[i] = cosmetic(QColor(90, 100, 120, alphas[i]), std::min(widths[i], 1.0));
        dimmedEdgePens[i] = cosmetic(QColor(160, 160, 160, 25), std::min(widths[i], 1.0));
    }
    highlightEdgePen = cosmetic(QColor(230, 150, 0, 220), 2.0);
    hoverEdgePen = cosmetic(QColor(200, 30, 30, 230), 3.0);
}

const QBrush& GraphStyle::brushForSlot(int slot) const {
    if (slot < 0 || slot >= kPaletteSize)
        return otherBrush;
    return communityBrushes[static_cast<std::size_t>(slot)];
}

} // namespace memlens::ui
