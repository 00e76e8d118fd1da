#include "widgets/timeboundedit.h"

#include <QCheckBox>
#include <QDateTimeEdit>
#include <QHBoxLayout>
#include <QTimeZone>

namespace memlens::ui {

TimeBoundEdit::TimeBoundEdit(const QString& label, QWidget* parent)
    : QWidget(parent)
    , enabled_(new QCheckBox(label, this))
    , edit_(new QDateTimeEdit(this)) {
    edit_->setTimeSpec(Qt::UTC);
    edit_->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
    edit_->setCalendarPopup(true);
    edit_->setEnabled(false);
    edit_->setDateTime(QDateTime::currentDateTimeUtc());
    connect(enabled_, &QCheckBox::toggled, edit_, &QWidget::setEnabled);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(enabled_);
    layout->addWidget(edit_, 1);
}

std::optional<qint64> TimeBoundEdit::value() const {
    if (!enabled_->isChecked())
        return std::nullopt;
    return edit_->dateTime().toMSecsSinceEpoch();
}

void TimeBoundEdit::setValue(std::optional<qint64> epochMs) {
    enabled_->setChecked(epochMs.has_value());
    if (epochMs)
        edit_->setDateTime(QDateTime::fromMSecsSinceEpoch(*epochMs, QTimeZone::utc()));
}

void TimeBoundEdit::setSuggestion(qint64 epochMs) {
    if (!enabled_->isChecked())
        edit_->setDateTime(QDateTime::fromMSecsSinceEpoch(epochMs, QTimeZone::utc()));
}

} // namespace memlens::ui
