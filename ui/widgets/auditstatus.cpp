#include "widgets/auditstatus.h"

#include "vault/auditnotices.h"

#include <QMessageBox>

namespace memlens::ui {

AuditStatus::AuditStatus(QWidget* parent)
    : QLabel(parent) {
    setVisible(false);
    connect(AuditNotices::instance(), &AuditNotices::notice, this, &AuditStatus::onNotice,
            Qt::QueuedConnection);
}

void AuditStatus::reset() {
    kept_ = 0;
    waiting_ = false;
    updateBadge(QString());
}

void AuditStatus::onNotice(int state, const QString& message, const QString& query, int merged) {
    switch (static_cast<AuditRowState>(state)) {
    case AuditRowState::Waiting:
        waiting_ = true;
        Q_EMIT this->message(tr("Audit: the row for “%1” waits for the vault's write lock "
                                "(another process, such as an import, holds it).")
                                 .arg(query),
                             0);
        break;
    case AuditRowState::Written:
        if (merged > 0)
            kept_ = std::max(0, kept_ - merged);
        if (waiting_ || merged > 0)
            Q_EMIT this->message(tr("Audit: the row for “%1” is logged.").arg(query), 8000);
        waiting_ = false;
        updateBadge(QString());
        break;
    case AuditRowState::Pending:
        waiting_ = false;
        ++kept_;
        Q_EMIT this->message(tr("Audit: the row for “%1” is kept, not yet logged.").arg(query),
                             8000);
        updateBadge(message);
        break;
    case AuditRowState::Failed: {
        waiting_ = false;
        Q_EMIT this->message(tr("Audit: the row for “%1” was lost.").arg(query), 0);
        auto* box = new QMessageBox(QMessageBox::Warning, tr("Audit row lost"),
                                    tr("The audit row for “%1” could not be written to the "
                                       "vault's log, nor kept beside it.")
                                        .arg(query),
                                    QMessageBox::Ok, window());
        box->setInformativeText(message);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        break;
    }
    }
}

void AuditStatus::updateBadge(const QString& detail) {
    setVisible(kept_ > 0);
    setText(tr("⚠ %Ln audit row(s) not yet logged", nullptr, kept_));
    if (!detail.isEmpty())
        setToolTip(detail);
}

} // namespace memlens::ui
