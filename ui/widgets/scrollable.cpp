#include "widgets/scrollable.h"

#include <QScrollArea>

namespace memlens::ui {

QScrollArea* scrollable(QWidget* content, QWidget* parent) {
    auto* scroll = new QScrollArea(parent);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    return scroll;
}

} // namespace memlens::ui
