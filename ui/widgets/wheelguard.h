// Scrolling a form must not change its values. Qt gives a wheel event to the spin box or combo
// box under the pointer even when the user only meant to scroll the form past it, so a λ or a
// limit changed silently and the next query ran with it. Guarded, such a control takes the
// wheel only once it has focus (a click or Tab into it); otherwise the wheel scrolls the
// enclosing scroll area, as it does over a label.
#pragma once

#include <QObject>

class QWidget;

namespace memlens::ui {

// Guards every spin box and combo box under `root` (present now; call again for ones added
// later) and gives them Qt::StrongFocus, so the wheel alone never focuses them.
void guardWheel(QWidget* root);

class WheelGuard : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
};

} // namespace memlens::ui
