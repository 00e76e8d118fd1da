#include "models/replaydiffmodel.h"

#include "core/format.h"
#include "models/roles.h"
#include "query/highlight.h"

#include <QColor>

namespace memlens::ui {

ReplayDiffModel::ReplayDiffModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void ReplayDiffModel::clear() {
    beginResetModel();
    moves_.clear();
    hits_.clear();
    snippets_.clear();
    endResetModel();
}

void ReplayDiffModel::setOutcome(const ReplayOutcome& outcome) {
    beginResetModel();
    moves_.clear();
    hits_.clear();
    snippets_.clear();
    if (outcome.comparison) {
        moves_ = outcome.comparison->moves;
        for (const RankMove& m : moves_) {
            auto it = outcome.nodes.find(m.node_id);
            if (it != outcome.nodes.end()) {
                hits_.emplace_back(it->second);
                snippets_.push_back(makeSnippet(it->second.content, {}, 160));
            } else {
                hits_.emplace_back(std::nullopt);
                snippets_.push_back(qs(m.node_id));
            }
        }
    }
    endResetModel();
}

const RankMove* ReplayDiffModel::moveAt(int row) const {
    if (row < 0 || row >= rowCount())
        return nullptr;
    return &moves_[static_cast<std::size_t>(row)];
}

const RetrievalHit* ReplayDiffModel::hitAt(int row) const {
    if (row < 0 || row >= rowCount() || !hits_[static_cast<std::size_t>(row)])
        return nullptr;
    return &*hits_[static_cast<std::size_t>(row)];
}

int ReplayDiffModel::count(memlens::Movement movement) const {
    return static_cast<int>(std::count_if(
        moves_.begin(), moves_.end(), [&](const RankMove& r) { return r.movement == movement; }));
}

int ReplayDiffModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(moves_.size());
}

int ReplayDiffModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ReplayDiffModel::data(const QModelIndex& index, int role) const {
    const RankMove* m = index.isValid() ? moveAt(index.row()) : nullptr;
    if (!m)
        return {};
    const int col = index.column();
    using Move = memlens::Movement; // the column of that name is ReplayDiffModel::Movement
    switch (role) {
    case Qt::DisplayRole:
        switch (col) {
        case LoggedRank:
            return m->logged_rank ? QString::number(*m->logged_rank) : QStringLiteral("—");
        case LoggedScore:
            return m->logged_rank ? formatScore(m->logged_score) : QString();
        case Movement:
            switch (m->movement) {
            case Move::Up:
                return tr("▲ up %1").arg(*m->logged_rank - *m->new_rank);
            case Move::Down:
                return tr("▼ down %1").arg(*m->new_rank - *m->logged_rank);
            case Move::New:
                return tr("✚ new");
            case Move::Gone:
                return tr("✖ gone");
            case Move::Same:
                break;
            }
            return tr("= same");
        case NewRank:
            return m->new_rank ? QString::number(*m->new_rank) : QStringLiteral("—");
        case NewScore:
            return m->new_rank ? formatScore(m->new_score) : QString();
        case Hit:
            return snippets_[static_cast<std::size_t>(index.row())];
        default:
            return {};
        }
    case IdRole:
        return qs(m->node_id);
    case Qt::ForegroundRole:
        if (col != Movement)
            return {};
        switch (m->movement) {
        case Move::Up:
            return QColor(0x27, 0x8a, 0x4c);
        case Move::Down:
            return QColor(0xc0, 0x39, 0x2b);
        case Move::New:
            return QColor(0x2a, 0x6f, 0xc9);
        case Move::Gone:
            return QColor(Qt::gray);
        case Move::Same:
            break;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (col == LoggedRank || col == LoggedScore || col == NewRank || col == NewScore)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        if (col == Movement)
            return QVariant::fromValue(Qt::AlignCenter);
        return {};
    case Qt::ToolTipRole:
        return qs(m->node_id);
    default:
        return {};
    }
}

QVariant ReplayDiffModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case LoggedRank:
        return tr("Logged #");
    case LoggedScore:
        return tr("Logged score");
    case Movement:
        return tr("Movement");
    case NewRank:
        return tr("Now #");
    case NewScore:
        return tr("Score now");
    case Hit:
        return tr("Hit");
    default:
        return {};
    }
}

} // namespace memlens::ui
