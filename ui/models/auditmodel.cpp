#include "models/auditmodel.h"

#include "core/format.h"
#include "core/jobrunner.h"
#include "models/roles.h"

#include <QApplication>
#include <QPalette>
#include <QStyle>

#include <algorithm>
#include <limits>

namespace memlens::ui {

AuditModel::AuditModel(QObject* parent)
    : QAbstractTableModel(parent)
    , jobs_(new JobRunner(this))
    , newer_(new JobRunner(this)) {}

void AuditModel::reset(const VaultRef& ref, const AuditFilter& filter) {
    beginResetModel();
    ref_ = ref;
    filter_ = filter;
    rows_.clear();
    total_ = 0;
    error_.clear();
    endResetModel();
    jobs_->cancel(); // a range of the old filter must not land in the new table
    newer_->cancel();
    loading_ = false;
    if (ref_.isValid())
        load(0);
}

void AuditModel::load(qint64 offset) {
    loading_ = true;
    const VaultRef ref = ref_;
    const AuditFilter filter = filter_;
    // The first range by offset, the next ones after the oldest row shown (by id): rows that
    // follow mode puts on top must not shift a page.
    const qint64 before = offset > 0 && !rows_.empty() ? rows_.back().id : 0;
    jobs_->start(
        [ref, filter, offset, before](const std::atomic_bool&) {
            return before > 0 ? loadOlderAuditRows(ref, filter, before, kRangeSize)
                              : loadAuditRange(ref, filter, offset, kRangeSize);
        },
        [this](AuditRange range) {
            loading_ = false;
            error_ = range.error;
            total_ = std::max(total_, range.total); // see loadNewer
            // Only rows older than the oldest shown (ids go down the table).
            const qint64 oldest =
                rows_.empty() ? std::numeric_limits<qint64>::max() : rows_.back().id;
            std::vector<AuditRow> page;
            for (AuditRow& r : range.rows)
                if (r.id < oldest)
                    page.push_back(std::move(r));
            if (!page.empty()) {
                beginInsertRows({}, rowCount(), rowCount() + static_cast<int>(page.size()) - 1);
                for (AuditRow& r : page)
                    rows_.push_back(std::move(r));
                endInsertRows();
            }
            Q_EMIT rangeLoaded();
        });
}

void AuditModel::loadNewer() {
    // Before the first range is in, "newer" has no meaning: the range brings the newest rows.
    if (!ref_.isValid() || loading_ || newer_->isRunning() || !error_.isEmpty())
        return;
    const AuditFilter filter = filter_;
    const qint64 after = rows_.empty() ? 0 : rows_.front().id;
    const VaultRef ref = ref_;
    newer_->start(
        [ref, filter, after](const std::atomic_bool&) {
            // Newest first, in one read big enough for what a second of agents can log.
            return loadNewerAuditRows(ref, filter, after, 5000);
        },
        [this](AuditRange range) {
            if (!range.error.isEmpty())
                return;
            // The log only grows: the larger of two snapshots' totals is the newer one (a range
            // read and this read may land in either order).
            total_ = std::max(total_, range.total);
            if (range.rows.empty())
                return;
            // Only rows newer than the newest shown (a range loaded meanwhile may hold some).
            const qint64 newest = rows_.empty() ? 0 : rows_.front().id;
            std::vector<AuditRow> fresh;
            for (AuditRow& r : range.rows)
                if (r.id > newest)
                    fresh.push_back(std::move(r));
            if (fresh.empty())
                return;
            const int n = static_cast<int>(fresh.size());
            beginInsertRows({}, 0, n - 1);
            rows_.insert(rows_.begin(), std::make_move_iterator(fresh.begin()),
                         std::make_move_iterator(fresh.end()));
            endInsertRows();
            Q_EMIT newerLoaded(n);
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

QVariant AuditModel::displayData(const AuditRow& r, int col) {
    auto legText = [](int count) { return count < 0 ? tr("off") : formatCount(count); };
    switch (col) {
    case Id:
        return r.id;
    case Time:
        return formatTime(r.tsMs);
    case Query:
        return r.error.isEmpty() ? r.query : tr("%1 (error)").arg(r.query);
    case Mode:
        return r.mode;
    case Agent:
        return r.client;
    case Session:
        return r.session;
    case Keyword:
        return r.search ? legText(r.keywordCount) : QString();
    case Vector:
        return r.search ? legText(r.vectorCount) : QString();
    case Returned:
        // A primitive or a store names its nodes; only a search had candidates to cut.
        return r.search ? tr("%1 of %2").arg(r.returned).arg(r.fused) : formatCount(r.returned);
    case Elapsed:
        return QString::number(r.elapsedMs, 'f', 1);
    case Revision:
        return r.revision;
    default:
        return {};
    }
}

QVariant AuditModel::sortData(const AuditRow& r, int col) {
    switch (col) {
    case Time:
        return QVariant::fromValue<qint64>(r.tsMs);
    case Keyword:
        return r.keywordCount;
    case Vector:
        return r.vectorCount;
    case Returned:
        return r.returned;
    case Elapsed:
        return r.elapsedMs;
    default:
        return displayData(r, col);
    }
}

// The verdict of the call first: failed, or answered with nothing.
QVariant AuditModel::decorationData(const AuditRow& r, int col) {
    if (col == Query && !r.error.isEmpty())
        return QApplication::style()->standardIcon(QStyle::SP_MessageBoxCritical);
    if (col == Query && r.returned == 0)
        return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
    return {};
}

QVariant AuditModel::toolTipData(const AuditRow& r) {
    QString tip = !r.error.isEmpty() ? tr("Failed: %1").arg(r.error)
                  : r.returned == 0  ? tr("Returned nothing")
                                     : r.query;
    if (!r.client.isEmpty())
        tip +=
            QLatin1Char('\n') + tr("Called by %1 (%2), tool %3").arg(r.client, r.session, r.tool);
    if (!r.arguments.isEmpty())
        tip += QLatin1Char('\n') + tr("Arguments: %1").arg(r.arguments);
    return QVariant(tip + QLatin1Char('\n') + tr("hash %1").arg(r.hash));
}

QVariant AuditModel::data(const QModelIndex& index, int role) const {
    const AuditRow* r = index.isValid() ? rowAt(index.row()) : nullptr;
    if (!r)
        return {};
    const int col = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return displayData(*r, col);
    case SortRole:
        return sortData(*r, col);
    case IdRole:
        return r->id;
    case Qt::TextAlignmentRole:
        if (col == Id || col == Keyword || col == Vector || col == Elapsed || col == Revision)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::DecorationRole:
        return decorationData(*r, col);
    case Qt::ForegroundRole:
        if (!r->error.isEmpty())
            return QApplication::palette().color(QPalette::Disabled, QPalette::Text);
        return {};
    case Qt::ToolTipRole:
        return toolTipData(*r);
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
        return tr("Mode / tool");
    case Agent:
        return tr("Agent");
    case Session:
        return tr("Session");
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
