#include "widgets/wheelguard.h"

#include <QAbstractScrollArea>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QWidget>

namespace memlens::ui {

namespace {

QAbstractScrollArea* enclosingScrollArea(QWidget* w) {
    for (QWidget* p = w ? w->parentWidget() : nullptr; p != nullptr; p = p->parentWidget()) {
        if (auto* area = qobject_cast<QAbstractScrollArea*>(p))
            return area;
    }
    return nullptr;
}

} // namespace

void guardWheel(QWidget* root) {
    if (root == nullptr)
        return;
    auto* guard = root->findChild<WheelGuard*>(QString(), Qt::FindDirectChildrenOnly);
    if (guard == nullptr)
        guard = new WheelGuard(root);
    QList<QWidget*> controls;
    for (auto* spin : root->findChildren<QAbstractSpinBox*>())
        controls.append(spin);
    for (auto* combo : root->findChildren<QComboBox*>())
        controls.append(combo);
    for (QWidget* w : controls) {
        w->setFocusPolicy(Qt::StrongFocus);
        w->removeEventFilter(guard); // installed once, however often guardWheel runs
        w->installEventFilter(guard);
    }
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() != QEvent::Wheel)
        return QObject::eventFilter(watched, event);
    auto* w = qobject_cast<QWidget*>(watched);
    if (w == nullptr || w->hasFocus())
        return false;
    // Not the user's control yet: the wheel scrolls the form around it instead.
    if (QAbstractScrollArea* area = enclosingScrollArea(w))
        QApplication::sendEvent(area->viewport(), event);
    return true;
}

} // namespace memlens::ui
