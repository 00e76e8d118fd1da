// Paints SignalBarsRole as small vertical bars side by side: how much of each signal a hit
// has, readable at a glance down a column.
#pragma once

#include <QStyledItemDelegate>

namespace memlens::ui {

class SignalBarsDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

} // namespace memlens::ui
