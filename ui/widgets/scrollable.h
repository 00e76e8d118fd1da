// A page part that scrolls when the window is shorter than it: its minimum height then no
// longer sets the window's (a window on a 1280 × 720 screen must fit it).
#pragma once

#include <QScrollArea>

namespace memlens::ui {

// `content` in a frameless scroll area that resizes it, scrolling when it cannot shrink more.
QScrollArea* scrollable(QWidget* content, QWidget* parent);

} // namespace memlens::ui
