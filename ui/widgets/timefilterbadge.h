// The status bar's word on the shared time filter (core/timefilter.h): the range, what each view
// applies it to (its tooltip), and a button that clears it. Hidden while no range is set.
#pragma once

#include <QWidget>

class QLabel;
class QToolButton;

namespace memlens::ui {

class TimeFilter;

class TimeFilterBadge : public QWidget {
    Q_OBJECT
public:
    TimeFilterBadge(TimeFilter* filter, QWidget* parent = nullptr);

    QLabel* label() const { return label_; }
    QToolButton* clearButton() const { return clear_; }

private:
    void update();

    TimeFilter* filter_;
    QLabel* label_;
    QToolButton* clear_;
};

} // namespace memlens::ui
