// What became of each audit row (core/include/memlens/audit.h), carried from the audit writers'
// threads to the window: post() may be called on any thread; the signal reaches receivers on
// the GUI thread through a queued connection.
#pragma once

#include <memlens/audit.h>

#include <QObject>

namespace memlens::ui {

class AuditNotices : public QObject {
    Q_OBJECT
public:
    // The one instance; the first call must come from the GUI thread (MainWindow makes it).
    static AuditNotices* instance();
    void post(const AuditNotice& notice, const AuditRecord& record);
    // Hands post() to every audit writer that the engine owns.
    static void attach(AuditWriter& writer);

Q_SIGNALS:
    // state is an AuditRowState; merged counts rows moved from the pending file with this one.
    void notice(int state, const QString& message, const QString& query, int merged);

private:
    AuditNotices() = default;
};

} // namespace memlens::ui
