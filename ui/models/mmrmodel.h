// The MMR walk of the last hybrid query: each pick in order with its relevance, its maximum
// similarity to the earlier picks and which pick caused that penalty, and how far MMR moved it
// from its fused rank; then the fused candidates MMR pushed out of the answer.
#pragma once

#include "query/queryoutcome.h"

#include <QAbstractTableModel>

#include <vector>

namespace memlens::ui {

class MmrModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Step, Moved, Relevance, MaxSimilarity, PenalizedBy, MmrScore, Node, ColumnCount };

    struct Entry {
        bool picked = false;
        int step = -1;     // 0-based pick order; -1 when pushed out
        int fusedRank = 0; // 1-based position before MMR
        int moved = 0;     // fusedRank − (step + 1): > 0 moved up, < 0 pushed down
        QString nodeId;
        QString snippet;
        double relevance = 0.0;
        double maxSimilarity = 0.0;
        double mmrScore = 0.0;
        QString penalizedBy; // node id of the earlier pick most similar to this one
        int penalizedByStep = -1;
        bool budgetCut = false;
    };

    explicit MmrModel(QObject* parent = nullptr);

    void setOutcome(const QueryOutcome& outcome);
    const Entry* entryAt(int row) const;
    double lambda() const { return lambda_; }
    bool hasWalk() const { return hasWalk_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    static QString movementText(const Entry& e);

private:
    std::vector<Entry> entries_;
    double lambda_ = 0.0;
    bool hasWalk_ = false;
};

} // namespace memlens::ui
