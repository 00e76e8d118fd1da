#include "core/grades.h"

#include <memlens/judgments.h>

#include <QCoreApplication>
#include <QPainter>
#include <QPixmap>

#include <array>

namespace memlens::ui {

QString gradeName(int grade) {
    const PhraseText p = grade_phrase(grade);
    return QCoreApplication::translate(p.context, p.text);
}

QColor gradeColor(int grade) {
    switch (grade) {
    case 0:
        return QColor(0x9e, 0x9e, 0x9e);
    case 1:
        return QColor(0xf0, 0xa2, 0x02);
    case 2:
        return QColor(0x7c, 0xb3, 0x42);
    default:
        return QColor(0x2e, 0x7d, 0x32);
    }
}

QIcon gradeIcon(int grade) {
    static std::array<QIcon, 4> icons;
    const auto slot = static_cast<std::size_t>(std::clamp(grade, 0, 3));
    if (icons[slot].isNull()) {
        QPixmap pixmap(12, 12);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(gradeColor(grade).darker(130));
        painter.setBrush(gradeColor(grade));
        painter.drawEllipse(QRectF(1.5, 1.5, 9, 9));
        painter.end();
        icons[slot] = QIcon(pixmap);
    }
    return icons[slot];
}

} // namespace memlens::ui
