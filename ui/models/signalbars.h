// The values an inline bars cell paints: each in [0, 1], with the colour of its signal.
#pragma once

#include <QColor>
#include <QList>
#include <QMetaType>
#include <QString>

namespace memlens::ui {

struct SignalBar {
    QString name;
    double value = 0.0; // [0, 1]
    QColor color;
};

using SignalBars = QList<SignalBar>;

} // namespace memlens::ui

Q_DECLARE_METATYPE(memlens::ui::SignalBars)
