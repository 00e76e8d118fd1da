#include "models/sourcesmodel.h"

#include "core/format.h"
#include "models/roles.h"

namespace memlens::ui {

SourcesModel::SourcesModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void SourcesModel::setSources(std::vector<SourceOverview> sources) {
    beginResetModel();
    sources_ = std::move(sources);
    endResetModel();
}

const SourceOverview* SourcesModel::sourceAt(int row) const {
    if (row < 0 || row >= rowCount())
        return nullptr;
    return &sources_[static_cast<std::size_t>(row)];
}

int SourcesModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(sources_.size());
}

int SourcesModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SourcesModel::data(const QModelIndex& index, int role) const {
    const SourceOverview* s = index.isValid() ? sourceAt(index.row()) : nullptr;
    if (!s)
        return {};
    const int col = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (col) {
        case Source:
            return s->title.empty() || s->title == s->source_id
                       ? qs(s->source_id)
                       : qs(s->source_id) + QStringLiteral(" — ") + qs(s->title);
        case Kind:
            return qs(s->source_kind);
        case Platform:
            return qs(s->platform);
        case Chunks:
            return formatCount(s->chunk_count);
        case Unsealed:
            return formatCount(s->unsealed_chunks);
        case From:
            return formatTime(s->earliest_ms);
        case To:
            return formatTime(s->latest_ms);
        default:
            return {};
        }
    case SortRole:
        switch (col) {
        case Chunks:
            return QVariant::fromValue<qint64>(s->chunk_count);
        case Unsealed:
            return QVariant::fromValue<qint64>(s->unsealed_chunks);
        case From:
            return QVariant::fromValue<qint64>(s->earliest_ms);
        case To:
            return QVariant::fromValue<qint64>(s->latest_ms);
        default:
            return data(index, Qt::DisplayRole);
        }
    case IdRole:
        return qs(s->source_id);
    case FilterRole:
        return QString(qs(s->source_id) + QLatin1Char(' ') + qs(s->title) + QLatin1Char(' ') +
                       qs(s->platform) + QLatin1Char(' ') + qs(s->source_kind));
    case Qt::TextAlignmentRole:
        if (col == Chunks || col == Unsealed)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ToolTipRole:
        if (col == Unsealed)
            return tr("Chunks still waiting in a buffer: not yet under any sealed summary.");
        if (col == Source)
            return tr("%1\nTree: %2")
                .arg(qs(s->source_id),
                     s->tree_id.empty() ? tr("none (never sealed)") : qs(s->tree_id));
        return {};
    default:
        return {};
    }
}

QVariant SourcesModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Source:
        return tr("Source");
    case Kind:
        return tr("Kind");
    case Platform:
        return tr("Platform");
    case Chunks:
        return tr("Chunks");
    case Unsealed:
        return tr("Unsealed");
    case From:
        return tr("From (UTC)");
    case To:
        return tr("To (UTC)");
    default:
        return {};
    }
}

} // namespace memlens::ui
