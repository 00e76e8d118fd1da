// One colour per retrieval signal, shared by the results' inline bars and the score breakdown
// chart so that a reader learns them once.
#pragma once

#include <QColor>
#include <QString>

namespace memlens::ui {

enum class Signal { Graph, Vector, Keyword, Freshness };
inline constexpr int kSignalCount = 4;

QColor signalColor(Signal s);
QString signalName(Signal s); // translated: "graph", "vector", "keyword", "freshness"

} // namespace memlens::ui
