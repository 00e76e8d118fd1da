// The MMR walk of the last hybrid query (MmrModel): picks in order, then who was pushed out.
#pragma once

#include <QWidget>

class QLabel;
class QTreeView;

namespace memlens::ui {

class MmrModel;

class MmrPanel : public QWidget {
    Q_OBJECT
public:
    explicit MmrPanel(MmrModel* model, QWidget* parent = nullptr);

    QTreeView* view() const { return view_; }
    QString summaryText() const; // the line above the table: the formula, λ, the floor, counts

Q_SIGNALS:
    void nodeSelected(const QString& nodeId);

private:
    void refresh();

    MmrModel* model_;
    QLabel* summary_;
    QTreeView* view_;
};

} // namespace memlens::ui
