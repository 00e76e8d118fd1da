#include "models/entitymatchmodel.h"

#include "core/format.h"
#include "models/roles.h"

namespace memlens::ui {

EntityMatchModel::EntityMatchModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void EntityMatchModel::setMatches(std::vector<EntityMatch> matches) {
    beginResetModel();
    matches_ = std::move(matches);
    endResetModel();
}

const EntityMatch* EntityMatchModel::matchAt(int row) const {
    if (row < 0 || row >= rowCount())
        return nullptr;
    return &matches_[static_cast<std::size_t>(row)];
}

int EntityMatchModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(matches_.size());
}

int EntityMatchModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EntityMatchModel::data(const QModelIndex& index, int role) const {
    const EntityMatch* m = index.isValid() ? matchAt(index.row()) : nullptr;
    if (!m)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Id:
            return qs(m->canonical_id);
        case Kind:
            return qs(m->kind);
        case Surface:
            return qs(m->surface);
        case Mentions:
            return formatCount(static_cast<qint64>(m->mention_count));
        case LastSeen:
            return formatTime(m->last_seen_ms);
        default:
            return {};
        }
    case SortRole:
        if (index.column() == Mentions)
            return QVariant::fromValue<qulonglong>(m->mention_count);
        if (index.column() == LastSeen)
            return QVariant::fromValue<qint64>(m->last_seen_ms);
        return data(index, Qt::DisplayRole);
    case IdRole:
        return qs(m->canonical_id);
    case FilterRole:
        return QString(qs(m->canonical_id) + QLatin1Char(' ') + qs(m->surface));
    case Qt::TextAlignmentRole:
        return index.column() == Mentions ? QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter)
                                          : QVariant();
    case Qt::ToolTipRole:
        return tr("Double-click to run query_topic for %1").arg(qs(m->canonical_id));
    default:
        return {};
    }
}

QVariant EntityMatchModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Id:
        return tr("Canonical id");
    case Kind:
        return tr("Kind");
    case Surface:
        return tr("Surface");
    case Mentions:
        return tr("Mentions");
    case LastSeen:
        return tr("Last seen (UTC)");
    default:
        return {};
    }
}

} // namespace memlens::ui
