// Which vault a job should work on. A plain value: jobs copy it to their thread and open
// their own connection there (a Vault is single-threaded).
#pragma once

#include <QMetaType>
#include <QString>

namespace memlens::ui {

struct VaultRef {
    QString dir;
    bool readOnly = false;
    // Bumped whenever the vault is (re)opened or written by us, so a worker thread's cached
    // connection and indexes are rebuilt instead of serving a previous state.
    quint64 epoch = 0;

    bool isValid() const { return !dir.isEmpty(); }
    friend bool operator==(const VaultRef&, const VaultRef&) = default;
};

} // namespace memlens::ui

Q_DECLARE_METATYPE(memlens::ui::VaultRef)
