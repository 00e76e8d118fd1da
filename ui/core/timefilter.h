// One time range that every per-vault view honours at once. The main window owns it; a range
// dragged on the Overview's chart of chunks over time or on the Trees page's timeline sets it,
// and the status bar shows it with a button that clears it (TimeFilterBadge). Each view applies
// it to its own time: the search's scope and the trees' cover and the graph's window to the
// memories' time, the audit log and the health figures to when a search was logged.
// Opening another vault clears it.
#pragma once

#include <QObject>
#include <QString>

namespace memlens::ui {

// "2023-05-01 – 2023-05-31" (UTC, as the charts are); minutes when shorter than two days.
QString timeRangeText(qint64 sinceMs, qint64 untilMs);

class TimeFilter : public QObject {
    Q_OBJECT
public:
    explicit TimeFilter(QObject* parent = nullptr);

    bool isSet() const { return set_; }
    qint64 sinceMs() const { return since_; }
    qint64 untilMs() const { return until_; }

    // [sinceMs, untilMs] in epoch milliseconds (swapped when given the wrong way round); the
    // same range again changes nothing.
    void set(qint64 sinceMs, qint64 untilMs);
    void clear();

    // timeRangeText of the range; empty when none is set.
    QString rangeText() const;

Q_SIGNALS:
    void changed();

private:
    bool set_ = false;
    qint64 since_ = 0;
    qint64 until_ = 0;
};

} // namespace memlens::ui
