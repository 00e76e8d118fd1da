#include "core/format.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>
#include <QTimeZone>

#include <cmath>

namespace memlens::ui {

namespace {
QDateTime utc(qint64 ms) {
    return QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc());
}
} // namespace

QString formatTime(qint64 epochMs) {
    if (epochMs == 0)
        return {};
    return utc(epochMs).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

QString formatTimeSeconds(qint64 epochMs) {
    if (epochMs == 0)
        return {};
    return utc(epochMs).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

QString formatDate(qint64 epochMs) {
    if (epochMs == 0)
        return {};
    return utc(epochMs).toString(QStringLiteral("yyyy-MM-dd"));
}

QString formatRange(qint64 startMs, qint64 endMs) {
    if (startMs == 0 && endMs == 0)
        return {};
    const QDateTime a = utc(startMs);
    const QDateTime b = utc(endMs);
    if (a.date() == b.date()) {
        if (a.time().hour() == b.time().hour() && a.time().minute() == b.time().minute())
            return formatTime(startMs);
        return formatTime(startMs) + QStringLiteral(" – ") + b.toString(QStringLiteral("HH:mm"));
    }
    return a.toString(QStringLiteral("yyyy-MM-dd")) + QStringLiteral(" – ") +
           b.toString(QStringLiteral("yyyy-MM-dd"));
}

QString formatCount(qint64 n) {
    return QLocale().toString(n);
}

QString formatScore(double v) {
    const double a = std::fabs(v);
    if (a == 0.0)
        return QStringLiteral("0");
    if (a < 0.1)
        return QString::number(v, 'f', 5);
    if (a < 10.0)
        return QString::number(v, 'f', 4);
    return QString::number(v, 'f', 2);
}

QString formatStatus(const Status& status) {
    return QString::fromStdString(status.message());
}

QString formatNodeLabel(const NodeMatch& m) {
    const QString day = formatDate(m.time_ms);
    if (m.summary)
        return QCoreApplication::translate("Format", "summary L%1 · %2 · %3")
            .arg(m.level)
            .arg(qs(m.source_id), day);
    QStringList parts;
    parts << (m.source_ref ? QCoreApplication::translate("Format", "turn %1").arg(qs(*m.source_ref))
                           : QCoreApplication::translate("Format", "memory"));
    if (!m.author.empty())
        parts << qs(m.author);
    parts << day << qs(m.source_id);
    return parts.join(QStringLiteral(" · "));
}

QString formatHitLabel(const RetrievalHit& hit) {
    NodeMatch m;
    m.id = hit.node_id;
    m.summary = hit.node_kind != NodeKind::Leaf;
    m.level = static_cast<int>(hit.level);
    m.source_id = hit.tree_scope;
    m.source_ref = hit.source_ref;
    m.author = hit.author.value_or(std::string());
    m.time_ms = hit.time_range_start_ms;
    return formatNodeLabel(m);
}

QString nodeReferenceText(const NodeMatch& m) {
    if (m.summary || !m.source_ref)
        return qs(m.id);
    const QString source = qs(m.source_id);
    const QString tail = source.mid(source.lastIndexOf(QLatin1Char(':')) + 1);
    // find_node_refs splits "SOURCE REF" at the first space: a source with one is named by id.
    if (tail.contains(QLatin1Char(' ')) || tail.contains(QLatin1Char('\t')))
        return qs(m.id);
    return tail + QLatin1Char(' ') + qs(*m.source_ref);
}

} // namespace memlens::ui
