#include "core/timefilter.h"

#include <QDateTime>
#include <QTimeZone>

#include <utility>

namespace memlens::ui {

TimeFilter::TimeFilter(QObject* parent)
    : QObject(parent) {}

void TimeFilter::set(qint64 sinceMs, qint64 untilMs) {
    if (untilMs < sinceMs)
        std::swap(sinceMs, untilMs);
    if (set_ && since_ == sinceMs && until_ == untilMs)
        return;
    set_ = true;
    since_ = sinceMs;
    until_ = untilMs;
    Q_EMIT changed();
}

void TimeFilter::clear() {
    if (!set_)
        return;
    set_ = false;
    since_ = until_ = 0;
    Q_EMIT changed();
}

QString timeRangeText(qint64 sinceMs, qint64 untilMs) {
    constexpr qint64 kTwoDaysMs = 2 * 24 * 3600 * 1000LL;
    const QString format = untilMs - sinceMs < kTwoDaysMs ? QStringLiteral("yyyy-MM-dd HH:mm")
                                                          : QStringLiteral("yyyy-MM-dd");
    const auto text = [&](qint64 ms) {
        return QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc()).toString(format);
    };
    return QStringLiteral("%1 – %2").arg(text(sinceMs), text(untilMs));
}

QString TimeFilter::rangeText() const {
    return set_ ? timeRangeText(since_, until_) : QString();
}

} // namespace memlens::ui
