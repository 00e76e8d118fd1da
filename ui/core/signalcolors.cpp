#include "core/signalcolors.h"

#include <QCoreApplication>

namespace memlens::ui {

QColor signalColor(Signal s) {
    switch (s) {
    case Signal::Graph:
        return QColor(0x8e, 0x6b, 0xbf);
    case Signal::Vector:
        return QColor(0x3a, 0x7b, 0xd5);
    case Signal::Keyword:
        return QColor(0xe0, 0x9a, 0x20);
    case Signal::Freshness:
        return QColor(0x3a, 0xa8, 0x76);
    }
    return Qt::gray;
}

QString signalName(Signal s) {
    switch (s) {
    case Signal::Graph:
        return QCoreApplication::translate("Signal", "graph");
    case Signal::Vector:
        return QCoreApplication::translate("Signal", "vector");
    case Signal::Keyword:
        return QCoreApplication::translate("Signal", "keyword");
    case Signal::Freshness:
        return QCoreApplication::translate("Signal", "freshness");
    }
    return {};
}

} // namespace memlens::ui
