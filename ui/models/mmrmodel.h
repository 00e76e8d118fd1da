// The MMR walk of the last hybrid query: each pick in order with its relevance, its maximum
// similarity to the earlier picks and which pick caused that penalty, and how far MMR moved it
// from its fused rank; then the fused candidates MMR pushed out of the answer. A candidate graded
// for the query carries its grade's mark on its pick (setGrades): a relevant one left out shows.
#pragma once

#include "query/queryoutcome.h"

#include <QAbstractTableModel>
#include <QHash>

#include <vector>

namespace memlens::ui {

class MmrModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Step,
        Moved,
        Relevance,
        MaxSimilarity,
        PenalizedBy,
        MmrScore,
        Outcome,
        Node,
        ColumnCount
    };

    // A pick shows its state at the step that picked it; a candidate left out its state at the
    // last step, which it lost (Explanation::excluded_by says whether to its redundancy, to the
    // limit or, after MMR picked it, to a budget).
    struct Entry {
        bool picked = false; // among the hits
        int step = -1;       // 0-based pick order; -1 when MMR did not pick it
        int fusedRank = 0;   // 1-based position before MMR
        int moved = 0;       // fusedRank − (step + 1): > 0 moved up, < 0 pushed down
        QString nodeId;
        QString snippet;
        double relevance = 0.0;
        double maxSimilarity = 0.0; // redundancy above the floor
        double cosine = 0.0;        // to penalizedBy, before the floor
        double mmrScore = 0.0;
        double finalScore = 0.0; // the fused score MMR's relevance is relative to
        QString penalizedBy;     // node id of the earlier pick most similar to this one
        int penalizedByStep = -1;
        bool budgetCut = false;
        Exclusion excludedBy = Exclusion::None; // why it is not a hit (types.h)
        double lostToScore = 0.0;
        int lostToStep = -1;
    };

    explicit MmrModel(QObject* parent = nullptr);

    void setOutcome(const QueryOutcome& outcome);
    const Entry* entryAt(int row) const;
    // The grades given for the query shown, by node id (setOutcome clears them).
    void setGrades(const QHash<QString, int>& grades);
    void setGrade(const QString& nodeId, int grade);
    double lambda() const { return lambda_; }
    double redundancyFloor() const { return floor_; }
    bool hasWalk() const { return hasWalk_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    static QString movementText(const Entry& e);
    // One line: why this candidate is where it is, or why it is not among the hits.
    QString outcomeText(const Entry& e) const;

private:
    // data() by role, for one entry's column.
    QVariant displayData(const Entry& e, int col) const;
    QVariant sortData(const Entry& e, int col) const;
    static QVariant foregroundData(const Entry& e, int col);
    QVariant toolTipData(const Entry& e, int col) const;

    std::vector<Entry> entries_;
    QHash<QString, int> grades_;
    double lambda_ = 0.0;
    double floor_ = 0.0;
    bool hasWalk_ = false;
};

} // namespace memlens::ui
