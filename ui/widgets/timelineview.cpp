#include "widgets/timelineview.h"

#include <QAreaSeries>
#include <QDateTimeAxis>
#include <QGraphicsRectItem>
#include <QLineSeries>
#include <QMouseEvent>
#include <QTimeZone>
#include <QValueAxis>

#include <algorithm>

namespace memlens::ui {

namespace {
constexpr int kSpanHeight = 6;
constexpr int kSpanGap = 3;
constexpr int kMinDragPx = 4;

QColor spanColor(int level) {
    if (level <= 0)
        return QColor(120, 120, 120, 200);
    // Deeper levels darker: a reader sees at a glance how coarse the cover is.
    const int shade = std::max(60, 200 - level * 45);
    return QColor(40, shade / 2 + 40, shade + 55, 220);
}
} // namespace

TimelineView::TimelineView(QWidget* parent)
    : QChartView(new QChart(), parent)
    , band_(new QGraphicsRectItem(chart())) {
    chart()->legend()->hide();
    chart()->setMargins(QMargins(4, 4, 4, 4));
    chart()->setBackgroundRoundness(0);
    setRenderHint(QPainter::Antialiasing);
    setRubberBand(QChartView::NoRubberBand);
    setMinimumHeight(190);
    band_->setBrush(QColor(255, 214, 102, 90));
    band_->setPen(QPen(QColor(214, 160, 30), 1));
    band_->setZValue(10);
    band_->hide();
    connect(chart(), &QChart::plotAreaChanged, this, [this] { layoutOverlay(); });
}

void TimelineView::setHistogram(const TimeHistogram& h) {
    chart()->removeAllSeries();
    // Fresh axes per histogram: a date axis added before any series keeps a stale layout in
    // Qt Charts 6.4 and draws no labels.
    for (QAbstractAxis* axis : chart()->axes()) {
        chart()->removeAxis(axis);
        delete axis; // removeAxis hands the axis back to its caller
    }
    x_ = nullptr;
    y_ = nullptr;
    if (h.counts.empty())
        return; // no axes either: created here, they would belong to nobody
    x_ = new QDateTimeAxis();
    y_ = new QValueAxis();
    x_->setFormat(QStringLiteral("yyyy-MM-dd"));
    x_->setTickCount(5);
    y_->setLabelFormat(QStringLiteral("%d"));
    y_->setTickCount(3);
    auto* upper = new QLineSeries();
    qint64 peak = 1;
    for (std::size_t i = 0; i < h.counts.size(); ++i) {
        const qint64 t = h.since_ms + static_cast<qint64>(i) * h.bucket_ms;
        upper->append(static_cast<qreal>(t), static_cast<qreal>(h.counts[i]));
        upper->append(static_cast<qreal>(t + h.bucket_ms), static_cast<qreal>(h.counts[i]));
        peak = std::max<qint64>(peak, h.counts[i]);
    }
    auto* area = new QAreaSeries(upper);
    upper->setParent(area); // QAreaSeries does not own its line series
    area->setColor(QColor(58, 123, 213, 110));
    area->setBorderColor(QColor(58, 123, 213));
    chart()->addSeries(area);
    chart()->addAxis(x_, Qt::AlignBottom);
    chart()->addAxis(y_, Qt::AlignLeft);
    area->attachAxis(x_);
    area->attachAxis(y_);
    const qint64 end = h.since_ms + h.bucket_ms * static_cast<qint64>(h.counts.size());
    x_->setRange(QDateTime::fromMSecsSinceEpoch(h.since_ms, QTimeZone::utc()),
                 QDateTime::fromMSecsSinceEpoch(end, QTimeZone::utc()));
    // Head room above the peak for the cover's spans.
    y_->setRange(0, static_cast<qreal>(peak) * 1.6);
    y_->applyNiceNumbers();
    layoutOverlay();
}

void TimelineView::setSpans(std::vector<TimelineSpan> spans) {
    spans_ = std::move(spans);
    // Items are reused across covers; only a larger cover allocates new ones.
    while (spanItems_.size() < static_cast<qsizetype>(spans_.size())) {
        auto* item = new QGraphicsRectItem(chart());
        item->setPen(Qt::NoPen);
        item->setZValue(5);
        spanItems_.append(item);
    }
    for (qsizetype i = 0; i < spanItems_.size(); ++i)
        spanItems_[i]->setVisible(i < static_cast<qsizetype>(spans_.size()));
    layoutOverlay();
}

void TimelineView::setSelection(qint64 sinceMs, qint64 untilMs) {
    selSince_ = std::min(sinceMs, untilMs);
    selUntil_ = std::max(sinceMs, untilMs);
    band_->show();
    layoutOverlay();
}

void TimelineView::clearSelection() {
    band_->hide();
}

QRectF TimelineView::plotArea() const {
    return chart()->plotArea();
}

qint64 TimelineView::timeAt(int viewportX) const {
    const QPointF scene = mapToScene(QPoint(viewportX, 0));
    const QPointF item = chart()->mapFromScene(scene);
    return static_cast<qint64>(chart()->mapToValue(item).x());
}

int TimelineView::xOf(qint64 epochMs) const {
    const QPointF item = chart()->mapToPosition(QPointF(static_cast<qreal>(epochMs), 0));
    return mapFromScene(chart()->mapToScene(item)).x();
}

void TimelineView::layoutOverlay() {
    const QRectF area = plotArea();
    if (area.isEmpty())
        return;
    auto xAt = [this](qint64 t) {
        return chart()->mapToPosition(QPointF(static_cast<qreal>(t), 0)).x();
    };
    int maxLevel = 0;
    for (const auto& s : spans_)
        maxLevel = std::max(maxLevel, s.level);
    for (std::size_t i = 0; i < spans_.size(); ++i) {
        const TimelineSpan& s = spans_[i];
        const qreal left = std::clamp(xAt(s.startMs), area.left(), area.right());
        const qreal right = std::clamp(xAt(s.endMs), area.left(), area.right());
        const qreal top = area.top() + 4 + (maxLevel - s.level) * (kSpanHeight + kSpanGap);
        QGraphicsRectItem* item = spanItems_[static_cast<qsizetype>(i)];
        item->setRect(QRectF(left, top, std::max<qreal>(right - left, 2.0), kSpanHeight));
        item->setBrush(spanColor(s.level));
        item->setToolTip(s.id);
    }
    if (band_->isVisible()) {
        const qreal left = std::clamp(xAt(selSince_), area.left(), area.right());
        const qreal right = std::clamp(xAt(selUntil_), area.left(), area.right());
        band_->setRect(QRectF(left, area.top(), std::max<qreal>(right - left, 1.0), area.height()));
    }
}

void TimelineView::mousePressEvent(QMouseEvent* event) {
    const QPointF item = chart()->mapFromScene(mapToScene(event->position().toPoint()));
    if (event->button() != Qt::LeftButton || !plotArea().contains(item)) {
        QChartView::mousePressEvent(event);
        return;
    }
    dragging_ = true;
    anchorMs_ = timeAt(event->position().toPoint().x());
    setSelection(anchorMs_, anchorMs_);
    event->accept();
}

void TimelineView::mouseMoveEvent(QMouseEvent* event) {
    if (!dragging_) {
        QChartView::mouseMoveEvent(event);
        return;
    }
    setSelection(anchorMs_, timeAt(event->position().toPoint().x()));
    event->accept();
}

void TimelineView::mouseReleaseEvent(QMouseEvent* event) {
    if (!dragging_) {
        QChartView::mouseReleaseEvent(event);
        return;
    }
    dragging_ = false;
    const qint64 end = timeAt(event->position().toPoint().x());
    setSelection(anchorMs_, end);
    if (std::abs(xOf(end) - xOf(anchorMs_)) >= kMinDragPx)
        Q_EMIT windowSelected(selSince_, selUntil_);
    else
        clearSelection();
    event->accept();
}

} // namespace memlens::ui
