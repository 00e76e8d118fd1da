// Paints a one-line text cell with the HighlightRole ranges in bold on a highlight background:
// the query terms inside a snippet.
#pragma once

#include <QStyledItemDelegate>

namespace memlens::ui {

class HighlightDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;
};

} // namespace memlens::ui
