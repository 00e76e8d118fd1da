#include "models/resultsmodel.h"

#include "core/format.h"
#include "core/signalcolors.h"
#include "models/roles.h"
#include "models/signalbars.h"

#include <QCoreApplication>

#include <algorithm>

namespace memlens::ui {

namespace {

SignalBars barsFor(const RetrievalHit& hit) {
    SignalBars bars;
    if (hit.explanation && hit.explanation->fusion == "rrf") {
        // Under RRF the legs decide: each leg's RRF term over what rank 1 would give it, so a
        // full bar is that leg's first place and an empty one a leg that did not rank the hit.
        const Explanation& x = *hit.explanation;
        const auto share = [&](const LegExplanation& leg) {
            const double best = leg.weight / (x.rrf_k + 1.0);
            return best > 0.0 ? std::clamp(leg.rrf_term / best, 0.0, 1.0) : 0.0;
        };
        bars.append({QCoreApplication::translate("ResultsModel", "keyword term"), share(x.keyword),
                     signalColor(Signal::Keyword)});
        bars.append({QCoreApplication::translate("ResultsModel", "vector term"), share(x.vector),
                     signalColor(Signal::Vector)});
    } else if (hit.explanation) {
        const SignalSet& s = hit.explanation->signal_values;
        bars.append({signalName(Signal::Graph), s.graph, signalColor(Signal::Graph)});
        bars.append({signalName(Signal::Vector), s.vector, signalColor(Signal::Vector)});
        bars.append({signalName(Signal::Keyword), s.keyword, signalColor(Signal::Keyword)});
        bars.append({signalName(Signal::Freshness), s.freshness, signalColor(Signal::Freshness)});
    } else if (hit.rerank_similarity) {
        bars.append({QCoreApplication::translate("ResultsModel", "cosine"),
                     std::max(0.0, *hit.rerank_similarity), signalColor(Signal::Vector)});
    }
    return bars;
}

QString barsToolTip(const SignalBars& bars) {
    QStringList lines;
    for (const SignalBar& b : bars)
        lines << QStringLiteral("%1: %2").arg(b.name, formatScore(b.value));
    return lines.join(QLatin1Char('\n'));
}

} // namespace

ResultsModel::ResultsModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void ResultsModel::setRows(std::vector<HitRow> rows) {
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
}

void ResultsModel::clear() {
    setRows({});
}

const HitRow* ResultsModel::rowAt(int row) const {
    if (row < 0 || row >= rowCount())
        return nullptr;
    return &rows_[static_cast<std::size_t>(row)];
}

int ResultsModel::rowOf(const QString& nodeId) const {
    const std::string id = nodeId.toStdString();
    for (std::size_t i = 0; i < rows_.size(); ++i) {
        if (rows_[i].hit.node_id == id)
            return static_cast<int>(i);
    }
    return -1;
}

int ResultsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int ResultsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

double ResultsModel::displayScore(const RetrievalHit& hit) {
    return hit.explanation ? hit.explanation->final_score : hit.score;
}

QVariant ResultsModel::data(const QModelIndex& index, int role) const {
    const HitRow* r = index.isValid() ? rowAt(index.row()) : nullptr;
    if (!r)
        return {};
    const RetrievalHit& hit = r->hit;
    const int col = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (col) {
        case Rank:
            return r->rank;
        case Kind:
            return QString::fromLatin1(to_wire(hit.node_kind));
        case Level:
            return static_cast<int>(hit.level);
        case Scope:
            return qs(hit.tree_scope);
        case Time:
            return formatRange(hit.time_range_start_ms, hit.time_range_end_ms);
        case Snippet:
            return r->snippet;
        case Score:
            return formatScore(displayScore(hit));
        default:
            return {};
        }
    case SortRole:
        switch (col) {
        case Rank:
            return r->rank;
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
    case HighlightRole:
        return col == Snippet ? QVariant::fromValue(r->highlights) : QVariant();
    case SignalBarsRole:
        return col == Signals ? QVariant::fromValue(barsFor(hit)) : QVariant();
    case Qt::TextAlignmentRole:
        if (col == Rank || col == Level || col == Score)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ToolTipRole:
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
    default:
        return {};
    }
}

} // namespace memlens::ui
