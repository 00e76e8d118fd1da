#include "models/treesmodel.h"

#include "core/format.h"
#include "models/roles.h"

#include <QStringList>

namespace memlens::ui {

TreesModel::TreesModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void TreesModel::setTrees(std::vector<TreeOverview> trees) {
    beginResetModel();
    trees_ = std::move(trees);
    endResetModel();
}

const TreeOverview* TreesModel::treeAt(int row) const {
    if (row < 0 || row >= rowCount())
        return nullptr;
    return &trees_[static_cast<std::size_t>(row)];
}

int TreesModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(trees_.size());
}

int TreesModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString TreesModel::levelsText(const TreeOverview& tree) {
    QStringList parts;
    for (std::size_t level = tree.summaries_per_level.size(); level-- > 1;) {
        if (tree.summaries_per_level[level] > 0)
            parts << QStringLiteral("L%1 %2").arg(level).arg(
                formatCount(tree.summaries_per_level[level]));
    }
    return parts.join(QStringLiteral(" · "));
}

QVariant TreesModel::data(const QModelIndex& index, int role) const {
    const TreeOverview* t = index.isValid() ? treeAt(index.row()) : nullptr;
    if (!t)
        return {};
    const int col = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (col) {
        case Scope:
            return qs(t->scope);
        case Kind:
            return QString::fromLatin1(to_wire(t->kind));
        case Levels:
            return levelsText(*t);
        case Summaries:
            return formatCount(t->summary_count);
        case Span:
            return formatRange(t->start_ms, t->end_ms);
        case LastSealed:
            return formatTime(t->last_sealed_at_ms);
        case Status:
            return qs(t->status);
        default:
            return {};
        }
    case SortRole:
        switch (col) {
        case Levels:
            return t->max_level;
        case Summaries:
            return QVariant::fromValue<qint64>(t->summary_count);
        case Span:
            return QVariant::fromValue<qint64>(t->start_ms);
        case LastSealed:
            return QVariant::fromValue<qint64>(t->last_sealed_at_ms);
        default:
            return data(index, Qt::DisplayRole);
        }
    case IdRole:
        return qs(t->id);
    case FilterRole:
        return QString(qs(t->scope) + QLatin1Char(' ') + qs(t->id));
    case Qt::TextAlignmentRole:
        if (col == Summaries)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ToolTipRole:
        return tr("Tree %1\nRoot: %2\nTop level: L%3")
            .arg(qs(t->id), t->root_id.empty() ? tr("not yet a single root") : qs(t->root_id))
            .arg(t->max_level);
    default:
        return {};
    }
}

QVariant TreesModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Scope:
        return tr("Scope");
    case Kind:
        return tr("Kind");
    case Levels:
        return tr("Summaries per level");
    case Summaries:
        return tr("Summaries");
    case Span:
        return tr("Time span (UTC)");
    case LastSealed:
        return tr("Last sealed");
    case Status:
        return tr("Status");
    default:
        return {};
    }
}

} // namespace memlens::ui
