// The vault's sources (list_sources) as a table.
#pragma once

#include <memlens/overview.h>

#include <QAbstractTableModel>

#include <vector>

namespace memlens::ui {

class SourcesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Source, Chunks, Kind, Unsealed, From, To, Platform, ColumnCount };

    explicit SourcesModel(QObject* parent = nullptr);

    void setSources(std::vector<SourceOverview> sources);
    const SourceOverview* sourceAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<SourceOverview> sources_;
};

} // namespace memlens::ui
