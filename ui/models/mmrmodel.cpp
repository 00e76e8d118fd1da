#include "models/mmrmodel.h"

#include "core/format.h"
#include "models/roles.h"

#include <QColor>
#include <QHash>

namespace memlens::ui {

MmrModel::MmrModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void MmrModel::setOutcome(const QueryOutcome& outcome) {
    beginResetModel();
    entries_.clear();
    hasWalk_ = outcome.search.has_value();
    lambda_ = outcome.search ? outcome.search->mmr_lambda : 0.0;
    if (hasWalk_) {
        QHash<QString, int> stepOf;
        for (const HitRow& row : outcome.rows) {
            if (!row.hit.explanation)
                continue;
            const Explanation& x = *row.hit.explanation;
            Entry e;
            e.picked = x.mmr.step >= 0;
            e.step = x.mmr.step;
            e.fusedRank = x.fused_rank;
            e.moved = e.picked ? x.fused_rank - (x.mmr.step + 1) : 0;
            e.nodeId = qs(row.hit.node_id);
            e.snippet = row.snippet;
            e.relevance = x.mmr.relevance;
            e.maxSimilarity = x.mmr.max_similarity;
            e.mmrScore = x.mmr.mmr_score;
            e.penalizedBy = x.mmr.penalized_by ? qs(*x.mmr.penalized_by) : QString();
            e.budgetCut = x.budget_cut;
            stepOf.insert(e.nodeId, e.step);
            entries_.push_back(std::move(e));
        }
        for (const HitRow& row : outcome.pushedOut) {
            Entry e;
            e.nodeId = qs(row.hit.node_id);
            e.snippet = row.snippet;
            if (row.hit.explanation) {
                const Explanation& x = *row.hit.explanation;
                e.fusedRank = x.fused_rank;
                e.relevance = x.mmr.relevance;
                e.maxSimilarity = x.mmr.max_similarity;
                e.mmrScore = x.mmr.mmr_score;
                e.penalizedBy = x.mmr.penalized_by ? qs(*x.mmr.penalized_by) : QString();
                e.budgetCut = x.budget_cut;
            }
            entries_.push_back(std::move(e));
        }
        for (Entry& e : entries_)
            e.penalizedByStep = e.penalizedBy.isEmpty() ? -1 : stepOf.value(e.penalizedBy, -1);
    }
    endResetModel();
}

const MmrModel::Entry* MmrModel::entryAt(int row) const {
    if (row < 0 || row >= rowCount())
        return nullptr;
    return &entries_[static_cast<std::size_t>(row)];
}

int MmrModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(entries_.size());
}

int MmrModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString MmrModel::movementText(const Entry& e) {
    if (!e.picked) {
        return e.budgetCut ? tr("cut by budget (fused #%1)").arg(e.fusedRank)
                           : tr("pushed out (fused #%1)").arg(e.fusedRank);
    }
    if (e.moved > 0)
        return tr("▲ %1 (fused #%2)").arg(e.moved).arg(e.fusedRank);
    if (e.moved < 0)
        return tr("▼ %1 (fused #%2)").arg(-e.moved).arg(e.fusedRank);
    return tr("= (fused #%1)").arg(e.fusedRank);
}

QVariant MmrModel::data(const QModelIndex& index, int role) const {
    const Entry* e = index.isValid() ? entryAt(index.row()) : nullptr;
    if (!e)
        return {};
    const int col = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (col) {
        case Step:
            return e->picked ? QString::number(e->step + 1) : QStringLiteral("—");
        case Moved:
            return movementText(*e);
        case Relevance:
            return formatScore(e->relevance);
        case MaxSimilarity:
            return formatScore(e->maxSimilarity);
        case PenalizedBy:
            if (e->penalizedBy.isEmpty())
                return e->picked && e->step == 0 ? tr("first pick") : QString();
            return e->penalizedByStep >= 0 ? tr("pick %1").arg(e->penalizedByStep + 1)
                                           : e->penalizedBy;
        case MmrScore:
            return e->picked ? formatScore(e->mmrScore) : QString();
        case Node:
            return e->snippet;
        default:
            return {};
        }
    case SortRole:
        switch (col) {
        case Step:
            return e->picked ? e->step : 1'000'000 + e->fusedRank;
        case Moved:
            return e->picked ? e->moved : -1'000'000;
        case Relevance:
            return e->relevance;
        case MaxSimilarity:
            return e->maxSimilarity;
        case PenalizedBy:
            return e->penalizedByStep;
        case MmrScore:
            return e->mmrScore;
        default:
            return data(index, Qt::DisplayRole);
        }
    case IdRole:
        return e->nodeId;
    case FilterRole:
        return QString(e->snippet + QLatin1Char(' ') + e->nodeId);
    case Qt::ForegroundRole:
        if (col == Moved && (!e->picked || e->moved < 0))
            return QColor(0xc0, 0x39, 0x2b);
        if (col == Moved && e->moved > 0)
            return QColor(0x27, 0x8a, 0x4c);
        if (!e->picked)
            return QColor(Qt::gray);
        return {};
    case Qt::TextAlignmentRole:
        if (col == Step || col == Relevance || col == MaxSimilarity || col == MmrScore)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ToolTipRole:
        if (col == PenalizedBy && !e->penalizedBy.isEmpty())
            return tr("Most similar earlier pick: %1").arg(e->penalizedBy);
        if (col == MmrScore && e->picked)
            return tr("λ·relevance − (1−λ)·max similarity = %1·%2 − %3·%4")
                .arg(formatScore(lambda_), formatScore(e->relevance), formatScore(1.0 - lambda_),
                     formatScore(e->maxSimilarity));
        return e->nodeId;
    default:
        return {};
    }
}

QVariant MmrModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Step:
        return tr("Pick");
    case Moved:
        return tr("Movement");
    case Relevance:
        return tr("Relevance");
    case MaxSimilarity:
        return tr("Max sim.");
    case PenalizedBy:
        return tr("Penalised by");
    case MmrScore:
        return tr("MMR score");
    case Node:
        return tr("Hit");
    default:
        return {};
    }
}

} // namespace memlens::ui
