// The status bar's word on the audit log: a row waiting for the vault's write lock (an import
// holds it), rows kept in audit-pending.jsonl and not yet logged (a badge until they are), and a
// row that was lost (a message box: that must never pass unseen).
#pragma once

#include <QLabel>

namespace memlens::ui {

class AuditStatus : public QLabel {
    Q_OBJECT
public:
    explicit AuditStatus(QWidget* parent = nullptr);
    // Another vault: its rows are not this one's.
    void reset();
    int keptRows() const { return kept_; }

Q_SIGNALS:
    void message(const QString& text, int timeoutMs);

private:
    void onNotice(int state, const QString& message, const QString& query, int merged);
    void updateBadge(const QString& detail);

    int kept_ = 0;
    bool waiting_ = false;
};

} // namespace memlens::ui
