#include "lab/labrowbar.h"

#include "core/format.h"
#include "core/jobrunner.h"
#include "lab/labjobs.h"
#include "lab/labtext.h"

#include <memlens/audit.h>

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>

#include <limits>

namespace memlens::ui {

LabRowBar::LabRowBar(QWidget* parent)
    : QWidget(parent)
    , rowJob_(new JobRunner(this))
    , rowBox_(new QSpinBox(this))
    , openRow_(new QPushButton(tr("&Open Row"), this))
    , newestRow_(new QPushButton(tr("&Newest Row"), this))
    , query_(new QLabel(this)) {
    rowBox_->setRange(0, std::numeric_limits<int>::max());
    rowBox_->setPrefix(tr("row #"));
    rowBox_->setSpecialValueText(tr("row #—")); // 0: no row of this vault opened yet
    rowBox_->setToolTip(tr("An audit row: a logged search whose candidate pools the lab re-ranks"));
    query_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    query_->setWordWrap(true);
    auto* rowBar = new QHBoxLayout(this);
    rowBar->setContentsMargins(0, 0, 0, 0);
    rowBar->addWidget(new QLabel(tr("Logged query:"), this));
    rowBar->addWidget(rowBox_);
    rowBar->addWidget(openRow_);
    rowBar->addWidget(newestRow_);
    rowBar->addWidget(query_, 1);
    connect(openRow_, &QPushButton::clicked, this, [this] { openRow(rowBox_->value()); });
    connect(newestRow_, &QPushButton::clicked, this, [this] { openRow(0); });
}

void LabRowBar::openRow(qint64 id, bool askedFor) {
    if (!ref_.isValid())
        return;
    const VaultRef ref = ref_;
    query_->setText(id > 0 ? tr("Loading row #%1…").arg(id) : tr("Loading the newest row…"));
    rowJob_->start([ref, id](const std::atomic_bool&) { return loadLabRowJob(ref, id); },
                   [this, askedFor](LabRowOutcome out) {
                       if (!out.row) {
                           query_->setText(out.error.toHtmlEscaped());
                           row_.reset();
                           Q_EMIT rowFailed(out.error, out.noPools);
                           if (askedFor)
                               showLabMessage(this, tr("Cannot open the row"), out.error);
                           return;
                       }
                       row_ = std::make_shared<const LabRow>(std::move(*out.row));
                       showRow(*row_);
                       Q_EMIT rowOpened(row_, out.vaultSettings);
                   });
}

void LabRowBar::showRow(const LabRow& row) {
    rowBox_->setValue(static_cast<int>(row.record.id));
    const AuditCaller& c = row.record.caller;
    query_->setText(tr("<b>#%1</b> “%2” · %3 · %4")
                        .arg(row.record.id)
                        .arg(qs(row.record.query).toHtmlEscaped())
                        .arg(formatTime(row.record.ts_ms))
                        .arg(c.client.empty() ? tr("asked here") : qs(c.client).toHtmlEscaped()));
}

void LabRowBar::resetVaultState(const VaultRef& ref) {
    rowJob_->cancel();
    ref_ = ref;
    row_.reset();
    rowBox_->setValue(0); // the last vault's row number names nothing here
    query_->setText(tr("Open a logged query (its audit row), or the newest one."));
    updateButtons();
}

void LabRowBar::setVault(const VaultRef& ref) {
    ref_ = ref;
    updateButtons();
}

int LabRowBar::shownRowNumber() const {
    return rowBox_->value();
}

bool LabRowBar::isLoading() const {
    return rowJob_->isRunning();
}

void LabRowBar::updateButtons() {
    const bool open = ref_.isValid();
    openRow_->setEnabled(open);
    newestRow_->setEnabled(open);
}

} // namespace memlens::ui
