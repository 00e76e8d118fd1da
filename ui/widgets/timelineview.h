// A time axis over the vault: chunk density as an area, the nodes of a cover drawn as spans
// above it (one row per level, leaves lowest), and a drag-to-select band that emits the
// window the user marked.
#pragma once

#include <memlens/overview.h>

#include <QChartView>
#include <QList>

#include <vector>

class QDateTimeAxis;
class QGraphicsRectItem;
class QValueAxis;

namespace memlens::ui {

struct TimelineSpan {
    qint64 startMs = 0;
    qint64 endMs = 0;
    int level = 0; // 0 = a raw leaf
    QString id;
};

class TimelineView : public QChartView {
    Q_OBJECT
public:
    explicit TimelineView(QWidget* parent = nullptr);

    void setHistogram(const TimeHistogram& histogram);
    void setSpans(std::vector<TimelineSpan> spans);
    void setSelection(qint64 sinceMs, qint64 untilMs);
    void clearSelection();

    // The time under a viewport x position (for tests and the drag).
    qint64 timeAt(int viewportX) const;
    // The viewport x of a time.
    int xOf(qint64 epochMs) const;
    int spanCount() const { return static_cast<int>(spans_.size()); }

Q_SIGNALS:
    void windowSelected(qint64 sinceMs, qint64 untilMs);

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    void layoutOverlay();
    QRectF plotArea() const;

    QDateTimeAxis* x_ = nullptr; // owned by the chart
    QValueAxis* y_ = nullptr;
    QGraphicsRectItem* band_;
    std::vector<TimelineSpan> spans_;
    QList<QGraphicsRectItem*> spanItems_;
    qint64 selSince_ = 0;
    qint64 selUntil_ = 0;
    bool dragging_ = false;
    qint64 anchorMs_ = 0;
};

} // namespace memlens::ui
