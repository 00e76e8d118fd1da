// A number with a caption under it, for the overview's vault counts.
#pragma once

#include <QFrame>

class QLabel;

namespace memlens::ui {

class StatTile : public QFrame {
    Q_OBJECT
public:
    StatTile(const QString& caption, const QString& toolTip, QWidget* parent = nullptr);
    void setValue(const QString& value);
    QString value() const;

private:
    QLabel* value_;
};

} // namespace memlens::ui
