// search_entities results: canonical id, kind, a surface, mention count, last seen.
#pragma once

#include <memlens/types.h>

#include <QAbstractTableModel>

#include <vector>

namespace memlens::ui {

class EntityMatchModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Id, Kind, Surface, Mentions, LastSeen, ColumnCount };

    explicit EntityMatchModel(QObject* parent = nullptr);

    void setMatches(std::vector<EntityMatch> matches);
    const EntityMatch* matchAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<EntityMatch> matches_;
};

} // namespace memlens::ui
