// How core values read on screen: times (UTC, as stored), ranges, counts, scores.
#pragma once

#include <memlens/node_ref.h>
#include <memlens/status.h>
#include <memlens/types.h>

#include <QString>

#include <string>

namespace memlens::ui {

inline QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

// "2023-05-08 13:56" (UTC); empty for 0.
QString formatTime(qint64 epochMs);
// "2023-05-08 13:56:03" (UTC); empty for 0.
QString formatTimeSeconds(qint64 epochMs);
// "2023-05-08" (UTC); empty for 0.
QString formatDate(qint64 epochMs);
// "2023-05-08 13:56 – 14:20" within a day, "2023-05-08 – 2023-06-01" across days.
QString formatRange(qint64 startMs, qint64 endMs);
// Locale digit grouping: "12,345".
QString formatCount(qint64 n);
// Fixed precision suited to a score of this size: 0.01587, 0.8312, 12.40.
QString formatScore(double v);
// A core Status for a message box or the status bar.
QString formatStatus(const Status& status);
// A node as people know it: "turn D1:4 · Melanie · 2023-05-08 · locomo:conv-26", "summary L2 ·
// topic:phoenix · 2023-05-08" (node_label's facts, in the user's language).
QString formatNodeLabel(const NodeMatch& m);
// The same for a hit, from what the hit carries (its tree's scope as the source).
QString formatHitLabel(const RetrievalHit& hit);
// What names that node again when typed where an id is asked for: "conv-26 D1:4" (its source's
// last part and its reference), else its id.
QString nodeReferenceText(const NodeMatch& m);

} // namespace memlens::ui
