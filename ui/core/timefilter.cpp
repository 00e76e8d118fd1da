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

QString TimeFilter::rangeText() const {
    if (!set_)
        return {};
    constexpr qint64 kTwoDaysMs = 2 * 24 * 3600 * 1000LL;
    const QString format = until_ - since_ < kTwoDaysMs ? QStringLiteral("yyyy-MM-dd HH:mm")
                                                        : QStringLiteral("yyyy-MM-dd");
    const auto text = [&](qint64 ms) {
        return QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc()).toString(format);
    };
    return QStringLiteral("%1 – %2").arg(text(since_), text(until_));
}

} // namespace memlens::ui
