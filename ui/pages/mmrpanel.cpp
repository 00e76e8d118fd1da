#include "pages/mmrpanel.h"

#include "models/mmrmodel.h"
#include "models/roles.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QVBoxLayout>

namespace memlens::ui {

MmrPanel::MmrPanel(MmrModel* model, QWidget* parent)
    : QWidget(parent)
    , model_(model)
    , summary_(new QLabel(this))
    , view_(new QTreeView(this)) {
    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(model_);
    proxy->setSortRole(SortRole);
    view_->setModel(proxy);
    view_->setRootIsDecorated(false);
    view_->setUniformRowHeights(true);
    view_->setAlternatingRowColors(true);
    view_->setSortingEnabled(true);
    view_->sortByColumn(MmrModel::Step, Qt::AscendingOrder);
    view_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view_->header()->setStretchLastSection(true);
    summary_->setWordWrap(true);
    connect(view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                const QString id = current.data(IdRole).toString();
                if (!id.isEmpty())
                    Q_EMIT nodeSelected(id);
            });
    connect(model_, &QAbstractItemModel::modelReset, this, &MmrPanel::refresh);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(summary_);
    layout->addWidget(view_, 1);
    refresh();
}

void MmrPanel::refresh() {
    if (!model_->hasWalk()) {
        summary_->setText(tr("Run a hybrid, keyword or semantic query to see how MMR picked its "
                             "hits."));
        return;
    }
    int picked = 0;
    int movedDown = 0;
    int out = 0;
    for (int i = 0; i < model_->rowCount(); ++i) {
        const auto* e = model_->entryAt(i);
        if (e->picked) {
            ++picked;
            movedDown += e->moved < 0 ? 1 : 0;
        } else {
            ++out;
        }
    }
    summary_->setText(tr("MMR with λ = %1 picked %Ln hit(s): score = λ·relevance − (1−λ)·max "
                         "similarity to earlier picks. %2 were pushed down, %3 pushed out.",
                         nullptr, picked)
                          .arg(model_->lambda(), 0, 'f', 2)
                          .arg(movedDown)
                          .arg(out));
}

} // namespace memlens::ui
