// The audit log as a table, loaded in row ranges: the first range when the filter is set,
// the next whenever the view scrolls to the end (canFetchMore / fetchMore); in follow mode the
// rows logged since are put on top (loadNewer). An agent's call shows its client and session;
// a call that failed or returned nothing is marked. Loads run on a
// worker through the core's audit reader (audit/auditrows.h); a filter change drops a range
// still in flight.
#pragma once

#include "audit/auditrows.h"

#include <QAbstractTableModel>

#include <vector>

namespace memlens::ui {

class JobRunner;

class AuditModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Id,
        Time,
        Query,
        Mode,
        Agent,
        Session,
        Keyword,
        Vector,
        Returned,
        Elapsed,
        Revision,
        ColumnCount
    };
    static constexpr int kRangeSize = 200;

    explicit AuditModel(QObject* parent = nullptr);

    // Clears and loads the first range for this vault and filter.
    void reset(const VaultRef& ref, const AuditFilter& filter);
    void refresh() { reset(ref_, filter_); }
    // Reads the rows logged since the newest one shown (same filter) and puts them on top; a
    // call while the last read is still out does nothing. Follow mode calls it on a timer.
    void loadNewer();
    const AuditFilter& filter() const { return filter_; }
    const AuditRow* rowAt(int row) const;
    qint64 total() const { return total_; }
    bool isLoading() const { return loading_; }
    const QString& error() const { return error_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    bool canFetchMore(const QModelIndex& parent) const override;
    void fetchMore(const QModelIndex& parent) override;

Q_SIGNALS:
    void rangeLoaded();
    // Rows logged since were put on top (count of them).
    void newerLoaded(int count);

private:
    void load(qint64 offset);
    // data() by role, for one row's column.
    static QVariant displayData(const AuditRow& r, int col);
    static QVariant sortData(const AuditRow& r, int col);
    static QVariant decorationData(const AuditRow& r, int col);
    static QVariant toolTipData(const AuditRow& r);

    VaultRef ref_;
    AuditFilter filter_;
    std::vector<AuditRow> rows_;
    qint64 total_ = 0;
    bool loading_ = false;
    QString error_;
    JobRunner* jobs_;
    JobRunner* newer_; // follow mode's reads, apart from the ranges so neither cancels the other
};

} // namespace memlens::ui
