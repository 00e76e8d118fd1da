// The hits of the last query, one row each: rank, node kind, level, scope, time range, snippet
// with highlighted terms, final score, the four signals as inline bars and the hit's grade. On
// request, after the hits, the older versions the supersession penalty kept out, greyed, their
// verdict in the tooltip.
#pragma once

#include "query/queryoutcome.h"

#include <QAbstractTableModel>
#include <QHash>

#include <vector>

namespace memlens::ui {

class ResultsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Rank, Kind, Level, Scope, Time, Snippet, Score, Signals, Grade, ColumnCount };

    explicit ResultsModel(QObject* parent = nullptr);

    void setRows(std::vector<HitRow> rows, std::vector<HitRow> older = {});
    void clear();
    // Model rows: the hits, then (when shown) the older versions kept out.
    const HitRow* rowAt(int row) const;
    const std::vector<HitRow>& rows() const { return rows_; } // the hits alone
    // The row of a node id, or -1.
    int rowOf(const QString& nodeId) const;
    int olderCount() const { return static_cast<int>(older_.size()); }
    bool olderShown() const { return olderShown_; }
    void setOlderShown(bool shown);
    // The grades a person gave these hits for the query shown (judgments.h), by node id; the
    // Grade column shows each as a coloured mark and its words. setRows() clears them.
    void setGrades(const QHash<QString, int>& grades);
    void setGrade(const QString& nodeId, int grade);
    // -1 when the node has no grade.
    int gradeOf(const QString& nodeId) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    // The score the table shows: the explanation's final score when there is one, else the
    // primitive's score.
    static double displayScore(const RetrievalHit& hit);

private:
    // The Grade column's cell.
    QVariant gradeData(const RetrievalHit& hit, int role) const;

    std::vector<HitRow> rows_;
    std::vector<HitRow> older_;
    bool olderShown_ = false;
    QHash<QString, int> grades_;
};

} // namespace memlens::ui
