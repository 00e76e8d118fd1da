#include "vault/auditnotices.h"

namespace memlens::ui {

AuditNotices* AuditNotices::instance() {
    static AuditNotices* notices = new AuditNotices();
    return notices;
}

void AuditNotices::post(const AuditNotice& n, const AuditRecord& record) {
    Q_EMIT notice(static_cast<int>(n.state), QString::fromStdString(n.message),
                  QString::fromStdString(record.query), static_cast<int>(n.merged));
}

void AuditNotices::attach(AuditWriter& writer) {
    writer.set_notice_callback(
        [](const AuditNotice& n, const AuditRecord& record) { instance()->post(n, record); });
}

} // namespace memlens::ui
