#include "models/auditmodel.h"

#include "core/format.h"
#include "core/jobrunner.h"
#include "models/roles.h"

namespace memlens::ui {

AuditModel::AuditModel(QObject* parent)
    : QAbstractTableModel(parent)
    , jobs_(new JobRunner(this)) {}

void AuditModel::reset(const VaultRef& ref, const AuditFilter& filter) {
    beginResetModel();
    ref_ = ref;
    filter_ = filter;
    rows_.clear();
    total_ = 0;
    error_.clear();
    endResetModel();
    jobs_->cancel(); // a range of the old filter must not land in the new table
    loading_ = false;
    if (ref_.isValid())
        load(0);
}

void AuditModel::load(qint64 offset) {
    loading_ = true;
    const VaultRef ref = ref_;
    const AuditFilter filter = filter_;
    jobs_->start(
        [ref, filter, offset](const std::atomic_bool&) {
            return loadAuditRange(ref, filter, offset, kRangeSize);
        },
        [this](AuditRange range) {
            loading_ = false;
            error_ = range.error;
            total_ = range.total;
            if (!range.rows.empty() && range.offset == static_cast<qint64>(rows_.size())) {
                beginInsertRows({}, rowCount(),
                                rowCount() + static_cast<int>(range.rows.size()) - 1);
                for (AuditRow& r : range.rows)
                    rows_.push_back(std::move(r));
                endInsertRows();
            }
            Q_EMIT rangeLoaded();
        });
}

const AuditRow* AuditModel::rowAt(int row) const {
    if (row < 0 || row >= rowCount())
        return nullptr;
    return &rows_[static_cast<std::size_t>(row)];
}

int AuditModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int AuditModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

bool AuditModel::canFetchMore(const QModelIndex& parent) const {
    return !parent.isValid() && !loading_ && error_.isEmpty() &&
           static_cast<qint64>(rows_.size()) < total_;
}

void AuditModel::fetchMore(const QModelIndex& parent) {
    if (canFetchMore(parent))
        load(static_cast<qint64>(rows_.size()));
}

QVariant AuditModel::data(const QModelIndex& index, int role) const {
    const AuditRow* r = index.isValid() ? rowAt(index.row()) : nullptr;
    if (!r)
        return {};
    const int col = index.column();
    auto legText = [](int count) { return count < 0 ? tr("off") : formatCount(count); };
    switch (role) {
    case Qt::DisplayRole:
        switch (col) {
        case Id:
            return r->id;
        case Time:
            return formatTime(r->tsMs);
        case Query:
            return r->error.isEmpty() ? r->query : tr("%1 (error)").arg(r->query);
        case Mode:
            return r->mode;
        case Keyword:
            return legText(r->keywordCount);
        case Vector:
            return legText(r->vectorCount);
        case Returned:
            return tr("%1 of %2").arg(r->returned).arg(r->fused);
        case Elapsed:
            return QString::number(r->elapsedMs, 'f', 1);
        case Revision:
            return r->revision;
        default:
            return {};
        }
    case SortRole:
        switch (col) {
        case Time:
            return QVariant::fromValue<qint64>(r->tsMs);
        case Keyword:
            return r->keywordCount;
        case Vector:
            return r->vectorCount;
        case Returned:
            return r->returned;
        case Elapsed:
            return r->elapsedMs;
        default:
            return data(index, Qt::DisplayRole);
        }
    case IdRole:
        return r->id;
    case Qt::TextAlignmentRole:
        if (col == Id || col == Keyword || col == Vector || col == Elapsed || col == Revision)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ToolTipRole:
        if (!r->error.isEmpty())
            return r->error;
        return tr("%1\nhash %2").arg(r->query, r->hash);
    default:
        return {};
    }
}

QVariant AuditModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Id:
        return tr("#");
    case Time:
        return tr("Time (UTC)");
    case Query:
        return tr("Query");
    case Mode:
        return tr("Mode");
    case Keyword:
        return tr("Keyword leg");
    case Vector:
        return tr("Vector leg");
    case Returned:
        return tr("Returned");
    case Elapsed:
        return tr("ms");
    case Revision:
        return tr("Revision");
    default:
        return {};
    }
}

} // namespace memlens::ui
