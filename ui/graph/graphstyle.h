// Pens, brushes and fonts of the graph, made once per scene so that painting a frame never
// allocates them.
#pragma once

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QHash>
#include <QPen>
#include <QString>

#include <array>

namespace memlens::ui {

struct GraphStyle {
    GraphStyle();

    // A kind's fill ("person", "topic", ...); unknown kinds share one colour.
    const QBrush& brushFor(const QString& kind) const;
    static QColor colorFor(const QString& kind);
    static QStringList legendKinds();

    QHash<QString, QBrush> kindBrushes;
    QBrush otherBrush;
    QBrush dimmedBrush;
    QPen outline;
    QPen selectedOutline;
    QPen litOutline;
    QPen matchOutline;
    QPen labelPen;
    QPen dimmedLabelPen;
    QFont labelFont;
    std::array<QPen, 4> edgePens; // by weight bucket, light to heavy
    std::array<QPen, 4> dimmedEdgePens;
    QPen highlightEdgePen;
};

} // namespace memlens::ui
