#include "models/mmrmodel.h"

#include "core/format.h"
#include "core/grades.h"
#include "models/roles.h"

#include <QColor>
#include <QHash>

namespace memlens::ui {

MmrModel::MmrModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void MmrModel::setOutcome(const QueryOutcome& outcome) {
    beginResetModel();
    entries_.clear();
    grades_.clear();
    hasWalk_ = outcome.search.has_value();
    lambda_ = outcome.search ? outcome.search->mmr_lambda : 0.0;
    floor_ = outcome.search ? outcome.search->settings.mmr_redundancy_floor : 0.0;
    if (hasWalk_) {
        const auto add = [this](const HitRow& row, bool picked) {
            Entry e;
            e.picked = picked;
            e.nodeId = qs(row.hit.node_id);
            e.snippet = row.snippet;
            if (row.hit.explanation) {
                const Explanation& x = *row.hit.explanation;
                e.step = x.mmr.step;
                e.fusedRank = x.fused_rank;
                e.moved = e.step >= 0 ? x.fused_rank - (e.step + 1) : 0;
                e.relevance = x.mmr.relevance;
                e.maxSimilarity = x.mmr.max_similarity;
                e.cosine = x.mmr.cosine;
                e.mmrScore = x.mmr.mmr_score;
                e.finalScore = x.final_score;
                e.penalizedBy = x.mmr.penalized_by ? qs(*x.mmr.penalized_by) : QString();
                e.budgetCut = x.budget_cut;
                e.excludedBy = x.excluded_by;
                e.lostToScore = x.mmr.lost_to_score;
            }
            entries_.push_back(std::move(e));
            return row.hit.explanation && row.hit.explanation->mmr.lost_to
                       ? qs(*row.hit.explanation->mmr.lost_to)
                       : QString();
        };
        QHash<QString, int> stepOf;
        std::vector<QString> lostTo;
        for (const HitRow& row : outcome.rows) {
            if (!row.hit.explanation)
                continue;
            lostTo.push_back(add(row, true));
        }
        for (const HitRow& row : outcome.pushedOut)
            lostTo.push_back(add(row, false));
        for (const Entry& e : entries_)
            if (e.step >= 0)
                stepOf.insert(e.nodeId, e.step);
        for (std::size_t i = 0; i < entries_.size(); ++i) {
            Entry& e = entries_[i];
            e.penalizedByStep = e.penalizedBy.isEmpty() ? -1 : stepOf.value(e.penalizedBy, -1);
            e.lostToStep = lostTo[i].isEmpty() ? -1 : stepOf.value(lostTo[i], -1);
        }
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
    if (!e.picked)
        return tr("out (fused #%1)").arg(e.fusedRank);
    if (e.moved > 0)
        return tr("▲ %1 (fused #%2)").arg(e.moved).arg(e.fusedRank);
    if (e.moved < 0)
        return tr("▼ %1 (fused #%2)").arg(-e.moved).arg(e.fusedRank);
    return tr("= (fused #%1)").arg(e.fusedRank);
}

QString MmrModel::outcomeText(const Entry& e) const {
    if (is_budget_cut(e.excludedBy))
        return tr("picked at step %1, then cut by the %2 budget")
            .arg(e.step + 1)
            .arg(QString::fromLatin1(to_string(e.excludedBy)));
    if (e.excludedBy == Exclusion::Mmr) {
        const QString pick =
            e.penalizedByStep >= 0 ? tr("pick %1").arg(e.penalizedByStep + 1) : e.penalizedBy;
        return tr("not kept: too similar to %1 (cosine %2 above the floor %3); without that it "
                  "would have scored %4 > %5")
            .arg(pick, formatScore(e.cosine), formatScore(floor_),
                 formatScore(lambda_ * e.relevance), formatScore(e.lostToScore));
    }
    if (e.excludedBy == Exclusion::MinScore)
        return tr("not considered: its score %1 is below the vault's no-match threshold")
            .arg(formatScore(e.finalScore));
    if (e.excludedBy == Exclusion::Limit)
        return tr("below the limit: %1 < %2 of the last pick%3")
            .arg(formatScore(e.mmrScore), formatScore(e.lostToScore),
                 e.maxSimilarity > 0.0 ? tr(" (its redundancy did not decide)") : QString());
    if (e.step == 0)
        return tr("first pick: the best fused hit");
    if (e.maxSimilarity > 0.0) {
        const QString pick =
            e.penalizedByStep >= 0 ? tr("pick %1").arg(e.penalizedByStep + 1) : e.penalizedBy;
        return tr("picked, penalised for its similarity to %1").arg(pick);
    }
    return tr("picked by relevance");
}

QVariant MmrModel::displayData(const Entry& e, int col) const {
    switch (col) {
    case Step:
        return e.step >= 0 ? QString::number(e.step + 1) : QStringLiteral("—");
    case Outcome:
        return outcomeText(e);
    case Moved:
        return movementText(e);
    case Relevance:
        return formatScore(e.relevance);
    case MaxSimilarity:
        return formatScore(e.maxSimilarity);
    case PenalizedBy:
        if (e.penalizedBy.isEmpty())
            return e.picked && e.step == 0 ? tr("first pick") : QString();
        return e.penalizedByStep >= 0 ? tr("pick %1").arg(e.penalizedByStep + 1) : e.penalizedBy;
    case MmrScore:
        return formatScore(e.mmrScore);
    case Node:
        return e.snippet;
    default:
        return {};
    }
}

QVariant MmrModel::sortData(const Entry& e, int col) const {
    switch (col) {
    case Step:
        return e.step >= 0 ? e.step : 1'000'000 + e.fusedRank;
    case Moved:
        return e.picked ? e.moved : -1'000'000;
    case Relevance:
        return e.relevance;
    case MaxSimilarity:
        return e.maxSimilarity;
    case PenalizedBy:
        return e.penalizedByStep;
    case MmrScore:
        return e.mmrScore;
    default:
        return displayData(e, col);
    }
}

// Red for a candidate pushed down or out, green for one moved up; grey for one left out.
QVariant MmrModel::foregroundData(const Entry& e, int col) {
    if (col == Moved && (!e.picked || e.moved < 0))
        return QColor(0xc0, 0x39, 0x2b);
    if (col == Moved && e.moved > 0)
        return QColor(0x27, 0x8a, 0x4c);
    if (!e.picked)
        return QColor(Qt::gray);
    return {};
}

QVariant MmrModel::toolTipData(const Entry& e, int col) const {
    if (col == PenalizedBy && !e.penalizedBy.isEmpty())
        return tr("Most similar earlier pick: %1").arg(e.penalizedBy);
    if (col == MmrScore) {
        const QString when = e.step >= 0 ? tr("At the step that picked it: ")
                                         : tr("At the last step, which it lost: ");
        return QString(when + tr("λ·relevance − (1−λ)·redundancy = %1·%2 − %3·%4")
                                  .arg(formatScore(lambda_), formatScore(e.relevance),
                                       formatScore(1.0 - lambda_), formatScore(e.maxSimilarity)));
    }
    if (col == MaxSimilarity && !e.penalizedBy.isEmpty())
        return tr("cosine %1 to the most similar earlier pick; above the floor %2: "
                  "(cos − floor) / (1 − floor) = %3")
            .arg(formatScore(e.cosine), formatScore(floor_), formatScore(e.maxSimilarity));
    if (col == Outcome)
        return outcomeText(e);
    return e.nodeId;
}

void MmrModel::setGrades(const QHash<QString, int>& grades) {
    grades_ = grades;
    if (!entries_.empty())
        Q_EMIT dataChanged(index(0, Step), index(rowCount() - 1, Step));
}

void MmrModel::setGrade(const QString& nodeId, int grade) {
    grades_.insert(nodeId, grade);
    for (std::size_t i = 0; i < entries_.size(); ++i)
        if (entries_[i].nodeId == nodeId)
            Q_EMIT dataChanged(index(static_cast<int>(i), Step), index(static_cast<int>(i), Step));
}

QVariant MmrModel::data(const QModelIndex& index, int role) const {
    const Entry* e = index.isValid() ? entryAt(index.row()) : nullptr;
    if (!e)
        return {};
    const int col = index.column();
    if (col == Step && (role == Qt::DecorationRole || role == GradeRole)) {
        const int g = grades_.value(e->nodeId, -1);
        if (g < 0)
            return {};
        return role == GradeRole ? QVariant(g) : QVariant(gradeIcon(g));
    }
    if (col == Step && role == Qt::ToolTipRole && grades_.contains(e->nodeId)) {
        const int g = grades_.value(e->nodeId);
        return QString(toolTipData(*e, col).toString() + QLatin1Char('\n') +
                       tr("Graded %1 (%2) for this query").arg(g).arg(gradeName(g)))
            .trimmed();
    }
    switch (role) {
    case Qt::DisplayRole:
        return displayData(*e, col);
    case SortRole:
        return sortData(*e, col);
    case IdRole:
        return e->nodeId;
    case FilterRole:
        return QString(e->snippet + QLatin1Char(' ') + e->nodeId);
    case Qt::ForegroundRole:
        return foregroundData(*e, col);
    case Qt::TextAlignmentRole:
        if (col == Step || col == Relevance || col == MaxSimilarity || col == MmrScore)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ToolTipRole:
        return toolTipData(*e, col);
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
        return tr("Redundancy");
    case PenalizedBy:
        return tr("Penalised by");
    case MmrScore:
        return tr("MMR score");
    case Outcome:
        return tr("Why here");
    case Node:
        return tr("Hit");
    default:
        return {};
    }
}

} // namespace memlens::ui
