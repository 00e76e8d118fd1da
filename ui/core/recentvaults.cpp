#include "core/recentvaults.h"

#include <QDir>
#include <QSettings>

namespace memlens::ui {

namespace {
const QString kKey = QStringLiteral("recentVaults");
}

QStringList RecentVaults::list() {
    return QSettings().value(kKey).toStringList();
}

void RecentVaults::add(const QString& dir) {
    const QString clean = QDir::cleanPath(dir);
    QStringList all = list();
    all.removeAll(clean);
    all.prepend(clean);
    while (all.size() > kMax)
        all.removeLast();
    QSettings().setValue(kKey, all);
}

void RecentVaults::remove(const QString& dir) {
    QStringList all = list();
    all.removeAll(QDir::cleanPath(dir));
    QSettings().setValue(kKey, all);
}

void RecentVaults::clear() {
    QSettings().remove(kKey);
}

} // namespace memlens::ui
