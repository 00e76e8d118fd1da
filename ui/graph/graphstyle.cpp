#include "graph/graphstyle.h"

#include <QStringList>

namespace memlens::ui {

namespace {

QPen cosmetic(const QColor& color, qreal width) {
    QPen pen(color, width);
    pen.setCosmetic(true); // the same width at every zoom
    return pen;
}

} // namespace

QColor GraphStyle::colorFor(const QString& kind) {
    static const QHash<QString, QColor> colors = {
        {QStringLiteral("person"), QColor(0x3a, 0x7b, 0xd5)},
        {QStringLiteral("organization"), QColor(0x8e, 0x6b, 0xbf)},
        {QStringLiteral("topic"), QColor(0x3a, 0xa8, 0x76)},
        {QStringLiteral("hashtag"), QColor(0x2a, 0x9d, 0xa8)},
        {QStringLiteral("email"), QColor(0xe0, 0x8a, 0x20)},
        {QStringLiteral("handle"), QColor(0xd0, 0x5a, 0x8a)},
        {QStringLiteral("url"), QColor(0x8a, 0x8a, 0x8a)},
        {QStringLiteral("product"), QColor(0xc0, 0x50, 0x40)},
        {QStringLiteral("technology"), QColor(0xb0, 0x8a, 0x30)},
    };
    return colors.value(kind, QColor(0x9a, 0x8a, 0x7a));
}

QStringList GraphStyle::legendKinds() {
    return {QStringLiteral("person"),  QStringLiteral("organization"), QStringLiteral("topic"),
            QStringLiteral("hashtag"), QStringLiteral("email"),        QStringLiteral("handle"),
            QStringLiteral("url")};
}

GraphStyle::GraphStyle() {
    const QStringList kinds = {
        QStringLiteral("person"),  QStringLiteral("organization"), QStringLiteral("topic"),
        QStringLiteral("hashtag"), QStringLiteral("email"),        QStringLiteral("handle"),
        QStringLiteral("url"),     QStringLiteral("product"),      QStringLiteral("technology")};
    for (const QString& k : kinds)
        kindBrushes.insert(k, QBrush(colorFor(k)));
    otherBrush = QBrush(colorFor(QString()));
    dimmedBrush = QBrush(QColor(200, 200, 200, 70));
    outline = cosmetic(QColor(255, 255, 255, 200), 1.0);
    selectedOutline = cosmetic(QColor(20, 20, 20), 2.5);
    litOutline = cosmetic(QColor(230, 150, 0), 3.0);
    matchOutline = cosmetic(QColor(200, 30, 30), 2.5);
    labelPen = QPen(QColor(30, 30, 30));
    dimmedLabelPen = QPen(QColor(150, 150, 150));
    labelFont.setPointSizeF(8.0);
    const qreal widths[] = {0.6, 1.0, 1.8, 3.2};
    const int alphas[] = {70, 100, 140, 190};
    for (std::size_t i = 0; i < edgePens.size(); ++i) {
        edgePens[i] = cosmetic(QColor(90, 100, 120, alphas[i]), widths[i]);
        dimmedEdgePens[i] = cosmetic(QColor(160, 160, 160, 25), widths[i]);
    }
    highlightEdgePen = cosmetic(QColor(230, 150, 0, 220), 2.0);
}

const QBrush& GraphStyle::brushFor(const QString& kind) const {
    auto it = kindBrushes.constFind(kind);
    return it != kindBrushes.constEnd() ? *it : otherBrush;
}

} // namespace memlens::ui
