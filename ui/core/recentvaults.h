// The most recently opened vault folders, kept in QSettings ("recentVaults"), newest first.
#pragma once

#include <QStringList>

namespace memlens::ui {

class RecentVaults {
public:
    static constexpr int kMax = 8;

    static QStringList list();
    static void add(const QString& dir);
    static void remove(const QString& dir);
    static void clear();
};

} // namespace memlens::ui
