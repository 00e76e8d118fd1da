#include "models/resultsmodel.h"

#include "core/format.h"
#include "core/grades.h"
#include "core/phrase.h"
#include "core/signalcolors.h"
#include "models/roles.h"
#include "models/signalbars.h"

#include <QColor>
#include <QCoreApplication>
#include <QGuiApplication>
#include <QPalette>

#include <algorithm>

namespace memlens::ui {

namespace {

SignalBars barsFor(const RetrievalHit& hit) {
    SignalBars bars;
    if (hit.explanation && hit.explanation->fusion == "rrf") {
        // Under RRF the legs decide: each leg's RRF term over what rank 1 would give it, so a
        // full bar is that leg's first place and an empty one a leg that did not rank the hit.
        const Explanation& x = *hit.explanation;
        const auto bar = [&](const LegExplanation& leg, const QString& name, Signal signal) {
            const double best = leg.weight / (x.rrf_k + 1.0);
            const double share = best > 0.0 ? std::clamp(leg.rrf_term / best, 0.0, 1.0) : 0.0;
            const QString tip =
                leg.rank
                    ? QCoreApplication::translate("ResultsModel",
                                                  "%1 %2 (rank %3): %4% of a first place's %5")
                          .arg(name, formatScore(leg.rrf_term))
                          .arg(*leg.rank)
                          .arg(qRound(share * 100))
                          .arg(formatScore(best))
                    : QCoreApplication::translate("ResultsModel", "%1 0 (the leg did not rank it)")
                          .arg(name);
            return SignalBar{name, share, signalColor(signal), tip};
        };
        bars.append(bar(x.keyword, QCoreApplication::translate("ResultsModel", "keyword term"),
                        Signal::Keyword));
        bars.append(bar(x.vector, QCoreApplication::translate("ResultsModel", "vector term"),
                        Signal::Vector));
    } else if (hit.explanation) {
        const SignalSet& s = hit.explanation->signal_values;
        const auto bar = [](Signal signal, double value) {
            const QString tip = QCoreApplication::translate(
                                    "ResultsModel", "%1 signal %2 (of 1), before its weight")
                                    .arg(signalName(signal), formatScore(value));
            return SignalBar{signalName(signal), value, signalColor(signal), tip};
        };
        bars.append(bar(Signal::Graph, s.graph));
        bars.append(bar(Signal::Vector, s.vector));
        bars.append(bar(Signal::Keyword, s.keyword));
        bars.append(bar(Signal::Freshness, s.freshness));
    } else if (hit.rerank_similarity) {
        const QString name = QCoreApplication::translate("ResultsModel", "cosine");
        bars.append({name, std::max(0.0, *hit.rerank_similarity), signalColor(Signal::Vector),
                     QStringLiteral("%1 %2").arg(name, formatScore(*hit.rerank_similarity))});
    }
    return bars;
}

// Sorts an older version's row after every hit.
constexpr int kOlderRankBase = 1'000'000;

QString olderPrefix() {
    return QCoreApplication::translate("ResultsModel", "older version · ");
}

QString barsToolTip(const SignalBars& bars) {
    QStringList lines;
    for (const SignalBar& b : bars)
        lines << b.tip;
    return lines.join(QLatin1Char('\n'));
}

} // namespace

ResultsModel::ResultsModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void ResultsModel::setRows(std::vector<HitRow> rows, std::vector<HitRow> older) {
    beginResetModel();
    rows_ = std::move(rows);
    older_ = std::move(older);
    grades_.clear();
    endResetModel();
}

void ResultsModel::setOlderShown(bool shown) {
    if (shown == olderShown_)
        return;
    const int first = static_cast<int>(rows_.size());
    const int count = static_cast<int>(older_.size());
    if (count == 0) {
        olderShown_ = shown;
        return;
    }
    if (shown) {
        beginInsertRows({}, first, first + count - 1);
        olderShown_ = true;
        endInsertRows();
    } else {
        beginRemoveRows({}, first, first + count - 1);
        olderShown_ = false;
        endRemoveRows();
    }
}

void ResultsModel::setGrades(const QHash<QString, int>& grades) {
    grades_ = grades;
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, Grade), index(rowCount() - 1, Grade));
}

void ResultsModel::setGrade(const QString& nodeId, int grade) {
    grades_.insert(nodeId, grade);
    if (const int row = rowOf(nodeId); row >= 0)
        Q_EMIT dataChanged(index(row, Grade), index(row, Grade));
}

int ResultsModel::gradeOf(const QString& nodeId) const {
    return grades_.value(nodeId, -1);
}

void ResultsModel::clear() {
    setRows({});
}

const HitRow* ResultsModel::rowAt(int row) const {
    if (row < 0 || row >= rowCount())
        return nullptr;
    const auto i = static_cast<std::size_t>(row);
    return i < rows_.size() ? &rows_[i] : &older_[i - rows_.size()];
}

int ResultsModel::rowOf(const QString& nodeId) const {
    const std::string id = nodeId.toStdString();
    for (int i = 0; i < rowCount(); ++i) {
        if (rowAt(i)->hit.node_id == id)
            return i;
    }
    return -1;
}

int ResultsModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid())
        return 0;
    return static_cast<int>(rows_.size() + (olderShown_ ? older_.size() : 0));
}

int ResultsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

double ResultsModel::displayScore(const RetrievalHit& hit) {
    return hit.explanation ? hit.explanation->final_score : hit.score;
}

QVariant ResultsModel::gradeData(const RetrievalHit& hit, int role) const {
    const int g = gradeOf(qs(hit.node_id));
    switch (role) {
    case Qt::DisplayRole:
        return g < 0 ? QVariant() : QVariant(QString::number(g) + QLatin1Char(' ') + gradeName(g));
    case Qt::DecorationRole:
        return g < 0 ? QVariant() : QVariant(gradeColor(g));
    case SortRole:
        return g;
    case IdRole:
        return qs(hit.node_id);
    case Qt::ToolTipRole:
        return g < 0 ? tr("Not graded for this query: select the hit and press 0, 1, 2 or 3")
                     : tr("Graded %1 (%2) for this query; 0, 1, 2 or 3 grades it again")
                           .arg(g)
                           .arg(gradeName(g));
    default:
        return {};
    }
}

QVariant ResultsModel::data(const QModelIndex& index, int role) const {
    const HitRow* r = index.isValid() ? rowAt(index.row()) : nullptr;
    if (!r)
        return {};
    if (index.column() == Grade && role != FilterRole && role != NodeKindRole)
        return gradeData(r->hit, role);
    const RetrievalHit& hit = r->hit;
    const int col = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (col) {
        case Rank:
            return r->olderVersion ? QVariant(QStringLiteral("–")) : QVariant(r->rank);
        case Kind: // in words; NodeKindRole keeps the wire word for filters
            return hit.node_kind == NodeKind::Leaf ? tr("leaf") : tr("summary");
        case Level:
            return static_cast<int>(hit.level);
        case Scope:
            return qs(hit.tree_scope);
        case Time:
            return formatRange(hit.time_range_start_ms, hit.time_range_end_ms);
        case Snippet:
            return r->olderVersion ? olderPrefix() + r->snippet : r->snippet;
        case Score:
            return formatScore(displayScore(hit));
        default:
            return {};
        }
    case SortRole:
        switch (col) {
        case Rank: // the older versions after the hits, in fused order
            return r->olderVersion && hit.explanation ? kOlderRankBase + hit.explanation->fused_rank
                                                      : r->rank;
        case Level:
            return static_cast<int>(hit.level);
        case Time:
            return QVariant::fromValue<qint64>(hit.time_range_start_ms);
        case Score:
            return displayScore(hit);
        case Signals:
            return hit.explanation ? hit.explanation->signal_values.vector
                                   : hit.rerank_similarity.value_or(0.0);
        default:
            return data(index, Qt::DisplayRole);
        }
    case IdRole:
        return qs(hit.node_id);
    case NodeKindRole:
        return QString::fromLatin1(to_wire(hit.node_kind));
    case FilterRole:
        return QString(r->snippet + QLatin1Char(' ') + qs(hit.tree_scope) + QLatin1Char(' ') +
                       qs(hit.node_id));
    case HighlightRole: {
        if (col != Snippet)
            return {};
        if (!r->olderVersion)
            return QVariant::fromValue(r->highlights);
        HighlightRanges shifted = r->highlights;
        const auto offset = static_cast<int>(olderPrefix().size());
        for (auto& range : shifted)
            range.first += offset;
        return QVariant::fromValue(shifted);
    }
    case Qt::ForegroundRole:
        if (r->olderVersion)
            return QGuiApplication::palette().brush(QPalette::Disabled, QPalette::Text);
        return {};
    case SignalBarsRole:
        return col == Signals ? QVariant::fromValue(barsFor(hit)) : QVariant();
    case Qt::TextAlignmentRole:
        if (col == Rank || col == Level || col == Score)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ToolTipRole:
        // An older version's verdict says what kept it out (the node id stays in the snippet's).
        if (r->olderVersion && col != Snippet && hit.explanation)
            return phraseText(hit.explanation->verdict_phrase, hit.explanation->verdict);
        if (col == Signals)
            return barsToolTip(barsFor(hit));
        if (col == Snippet)
            return qs(hit.node_id);
        return {};
    default:
        return {};
    }
}

QVariant ResultsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole && section == Score)
        return tr("Hybrid, keyword and semantic search: the final score that placed the hit. "
                  "The primitives (source, global, topic, cover, drill, leaves): the node's "
                  "stored importance, not a match to the query; a rerank orders by cosine, "
                  "shown under Signals");
    if (role == Qt::ToolTipRole && section == Grade)
        return tr("Your grade of the hit for this query: 0 not relevant, 1 related, 2 relevant, "
                  "3 answers it (keys 0–3 on a selected hit). Kept in the vault; memlens-cli "
                  "metrics measures rankings against them");
    if (role == Qt::ToolTipRole && section == Signals)
        return tr("RRF fusion: each leg's RRF term as a share of its rank-1 term (keyword, "
                  "vector). Profile fusion: graph · vector · keyword · freshness, each in [0, 1]");
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Rank:
        return tr("#");
    case Kind:
        return tr("Kind");
    case Level:
        return tr("Level");
    case Scope:
        return tr("Scope");
    case Time:
        return tr("Time (UTC)");
    case Snippet:
        return tr("Snippet");
    case Score:
        return tr("Score");
    case Signals:
        return tr("Signals");
    case Grade:
        return tr("Grade");
    default:
        return {};
    }
}

} // namespace memlens::ui
