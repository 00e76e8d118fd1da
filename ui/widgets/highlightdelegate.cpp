#include "widgets/highlightdelegate.h"

#include "models/roles.h"
#include "query/queryoutcome.h"

#include <QApplication>
#include <QPainter>
#include <QTextLayout>

namespace memlens::ui {

void HighlightDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                              const QModelIndex& index) const {
    const auto ranges = index.data(HighlightRole).value<HighlightRanges>();
    if (ranges.isEmpty()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString text = opt.text;
    opt.text.clear();
    const QWidget* widget = opt.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    const QRect textRect = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget);
    const QString elided = opt.fontMetrics.elidedText(text, Qt::ElideRight, textRect.width());

    QTextCharFormat mark;
    mark.setFontWeight(QFont::Bold);
    const bool selected = (opt.state & QStyle::State_Selected) != 0;
    if (!selected)
        mark.setBackground(QColor(255, 214, 102, 150));
    QList<QTextLayout::FormatRange> formats;
    for (const auto& [start, length] : ranges) {
        if (start >= elided.size())
            break;
        formats.append(
            {start, std::min<int>(length, static_cast<int>(elided.size()) - start), mark});
    }

    QTextLayout layout(elided, opt.font);
    layout.setFormats(formats);
    layout.beginLayout();
    QTextLine line = layout.createLine();
    line.setLineWidth(textRect.width());
    layout.endLayout();

    painter->save();
    painter->setPen(opt.palette.color(selected ? QPalette::HighlightedText : QPalette::Text));
    const qreal y = textRect.top() + (textRect.height() - line.height()) / 2.0;
    layout.draw(painter, QPointF(textRect.left(), y));
    painter->restore();
}

} // namespace memlens::ui
