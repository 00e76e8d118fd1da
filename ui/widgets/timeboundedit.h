// An optional point in time (UTC): a check box that enables a date-time editor. Unchecked
// means "no bound".
#pragma once

#include <QWidget>

#include <optional>

class QCheckBox;
class QDateTimeEdit;

namespace memlens::ui {

class TimeBoundEdit : public QWidget {
    Q_OBJECT
public:
    explicit TimeBoundEdit(const QString& label, QWidget* parent = nullptr);

    std::optional<qint64> value() const; // epoch ms, or nullopt when unchecked
    void setValue(std::optional<qint64> epochMs);
    // The value shown (and used) when the user ticks the box without editing.
    void setSuggestion(qint64 epochMs);

private:
    QCheckBox* enabled_;
    QDateTimeEdit* edit_;
};

} // namespace memlens::ui
