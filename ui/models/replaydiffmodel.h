// A replay side by side: each hit's logged rank and score on the left, its rank and score in
// the rerun on the right, and how it moved (same, up, down, new, gone) between them.
#pragma once

#include "audit/replayjob.h"

#include <QAbstractTableModel>

#include <vector>

namespace memlens::ui {

class ReplayDiffModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { LoggedRank, LoggedScore, Movement, NewRank, NewScore, Hit, ColumnCount };

    explicit ReplayDiffModel(QObject* parent = nullptr);

    void setOutcome(const ReplayOutcome& outcome);
    void clear();
    const RankMove* moveAt(int row) const;
    const RetrievalHit* hitAt(int row) const; // nullptr when the node could not be read
    // How many moves of one kind.
    int count(memlens::Movement movement) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<RankMove> moves_;
    std::vector<std::optional<RetrievalHit>> hits_;
    std::vector<QString> snippets_;
};

} // namespace memlens::ui
