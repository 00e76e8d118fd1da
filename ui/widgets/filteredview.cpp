#include "widgets/filteredview.h"

#include "models/roles.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QVBoxLayout>

namespace memlens::ui {

FilteredView::FilteredView(QAbstractItemModel* model, QWidget* parent)
    : QWidget(parent)
    , filter_(new QLineEdit(this))
    , proxy_(new QSortFilterProxyModel(this))
    , view_(new QTreeView(this)) {
    proxy_->setSourceModel(model);
    proxy_->setSortRole(SortRole);
    proxy_->setFilterRole(FilterRole);
    proxy_->setFilterCaseSensitivity(Qt::CaseInsensitive);
    proxy_->setSortCaseSensitivity(Qt::CaseInsensitive);

    filter_->setClearButtonEnabled(true);
    filter_->setPlaceholderText(tr("Filter…"));
    connect(filter_, &QLineEdit::textChanged, proxy_, &QSortFilterProxyModel::setFilterFixedString);

    view_->setModel(proxy_);
    view_->setRootIsDecorated(false);
    view_->setUniformRowHeights(true);
    view_->setSortingEnabled(true);
    view_->setAlternatingRowColors(true);
    view_->sortByColumn(0, Qt::AscendingOrder);
    view_->header()->setStretchLastSection(true);
    view_->header()->setSectionResizeMode(QHeaderView::Interactive);
    connect(view_, &QTreeView::activated, this, [this](const QModelIndex& index) {
        const QString id = index.data(IdRole).toString();
        if (!id.isEmpty())
            Q_EMIT activated(id);
    });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(filter_);
    layout->addWidget(view_);
}

void FilteredView::setPlaceholder(const QString& text) {
    filter_->setPlaceholderText(text);
}

} // namespace memlens::ui
