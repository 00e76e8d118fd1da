#include "widgets/timefilterbadge.h"

#include "core/timefilter.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace memlens::ui {

TimeFilterBadge::TimeFilterBadge(TimeFilter* filter, QWidget* parent)
    : QWidget(parent)
    , filter_(filter)
    , label_(new QLabel(this))
    , clear_(new QToolButton(this)) {
    setObjectName(QStringLiteral("timeFilterBadge"));
    clear_->setObjectName(QStringLiteral("clearTimeFilter"));
    clear_->setText(tr("Clear"));
    clear_->setToolTip(tr("Clear the time filter: every view shows all of the vault again"));
    clear_->setAutoRaise(true);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(label_);
    layout->addWidget(clear_);
    connect(clear_, &QToolButton::clicked, filter_, &TimeFilter::clear);
    connect(filter_, &TimeFilter::changed, this, &TimeFilterBadge::update);
    update();
}

void TimeFilterBadge::update() {
    setVisible(filter_->isSet());
    if (!filter_->isSet())
        return;
    label_->setText(tr("Time filter: %1").arg(filter_->rangeText()));
    const QString tip =
        tr("Every view shows only this time (UTC): the search is scoped to memories of it, the "
           "Trees page covers it, the graph counts the links made in it, and the Audit page and "
           "Overview › Health read the searches logged in it.");
    label_->setToolTip(tip);
    setToolTip(tip);
}

} // namespace memlens::ui
