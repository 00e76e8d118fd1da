// The values an inline bars cell paints: each in [0, 1], with the colour of its signal.
#pragma once

#include <QColor>
#include <QList>
#include <QMetaType>
#include <QString>

namespace memlens::ui {

struct SignalBar {
    QString name;
    double value = 0.0; // [0, 1]: the bar's length
    QColor color;
    // What the tooltip says of it, on the scale the Score Breakdown uses for the same name (a
    // bar's length is a share; the breakdown's "keyword term" is the RRF term itself).
    QString tip;
};

using SignalBars = QList<SignalBar>;

} // namespace memlens::ui

Q_DECLARE_METATYPE(memlens::ui::SignalBars)
