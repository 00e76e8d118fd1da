// A sortable, filterable flat view over any memlens model: a filter box above a QTreeView,
// with a QSortFilterProxyModel between them that sorts by SortRole and filters on FilterRole.
#pragma once

#include <QWidget>

class QAbstractItemModel;
class QLineEdit;
class QSortFilterProxyModel;
class QTreeView;

namespace memlens::ui {

class FilteredView : public QWidget {
    Q_OBJECT
public:
    explicit FilteredView(QAbstractItemModel* model, QWidget* parent = nullptr);

    QTreeView* view() const { return view_; }
    QSortFilterProxyModel* proxy() const { return proxy_; }
    QLineEdit* filterEdit() const { return filter_; }
    void setPlaceholder(const QString& text);

Q_SIGNALS:
    // The IdRole of a row the user double-clicked or pressed Enter on.
    void activated(const QString& id);

private:
    QLineEdit* filter_;
    QSortFilterProxyModel* proxy_;
    QTreeView* view_;
};

} // namespace memlens::ui
