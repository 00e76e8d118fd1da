// The vault's summary trees (list_trees) as a table: scope, levels, summaries, span.
#pragma once

#include <memlens/overview.h>

#include <QAbstractTableModel>

#include <vector>

namespace memlens::ui {

class TreesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Scope, Summaries, Levels, Span, Kind, LastSealed, Status, ColumnCount };

    explicit TreesModel(QObject* parent = nullptr);

    void setTrees(std::vector<TreeOverview> trees);
    const TreeOverview* treeAt(int row) const;
    const std::vector<TreeOverview>& trees() const { return trees_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    // "L1 40 · L2 4 · L3 1"
    static QString levelsText(const TreeOverview& tree);

private:
    std::vector<TreeOverview> trees_;
};

} // namespace memlens::ui
