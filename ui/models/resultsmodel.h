// The hits of the last query, one row each: rank, node kind, level, scope, time range, snippet
// with highlighted terms, final score and the four signals as inline bars.
#pragma once

#include "query/queryoutcome.h"

#include <QAbstractTableModel>

#include <vector>

namespace memlens::ui {

class ResultsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Rank, Kind, Level, Scope, Time, Snippet, Score, Signals, ColumnCount };

    explicit ResultsModel(QObject* parent = nullptr);

    void setRows(std::vector<HitRow> rows);
    void clear();
    const HitRow* rowAt(int row) const;
    const std::vector<HitRow>& rows() const { return rows_; }
    // The row of a node id, or -1.
    int rowOf(const QString& nodeId) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    // The score the table shows: the explanation's final score when there is one, else the
    // primitive's score.
    static double displayScore(const RetrievalHit& hit);

private:
    std::vector<HitRow> rows_;
};

} // namespace memlens::ui
