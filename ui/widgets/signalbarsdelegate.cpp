#include "widgets/signalbarsdelegate.h"

#include "models/roles.h"
#include "models/signalbars.h"

#include <QApplication>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace memlens::ui {

namespace {
constexpr int kBarWidth = 9;
constexpr int kBarGap = 3;
} // namespace

void SignalBarsDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                               const QModelIndex& index) const {
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear();
    const QWidget* widget = opt.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    const auto bars = index.data(SignalBarsRole).value<SignalBars>();
    if (bars.isEmpty())
        return;
    const QRect area = option.rect.adjusted(4, 3, -4, -3);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, false);
    int x = area.left();
    for (const SignalBar& bar : bars) {
        const QRect slot(x, area.top(), kBarWidth, area.height());
        QColor track = bar.color;
        track.setAlpha(40);
        painter->fillRect(slot, track);
        const int h =
            static_cast<int>(std::lround(std::clamp(bar.value, 0.0, 1.0) * slot.height()));
        painter->fillRect(QRect(slot.left(), slot.bottom() - h + 1, slot.width(), h), bar.color);
        x += kBarWidth + kBarGap;
    }
    painter->restore();
}

QSize SignalBarsDelegate::sizeHint(const QStyleOptionViewItem& option,
                                   const QModelIndex& index) const {
    const auto bars = index.data(SignalBarsRole).value<SignalBars>();
    const int n = std::max(4, static_cast<int>(bars.size()));
    QSize s = QStyledItemDelegate::sizeHint(option, index);
    s.setWidth(8 + n * kBarWidth + (n - 1) * kBarGap);
    return s;
}

} // namespace memlens::ui
