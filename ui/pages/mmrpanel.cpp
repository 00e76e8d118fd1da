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

QString MmrPanel::summaryText() const {
    return summary_->text();
}

void MmrPanel::refresh() {
    if (!model_->hasWalk()) {
        summary_->setText(tr("Run a hybrid, keyword or semantic query to see how MMR picked its "
                             "hits."));
        return;
    }
    int picked = 0;
    int movedDown = 0;
    int redundant = 0;
    int belowLimit = 0;
    int budget = 0;
    int belowThreshold = 0;
    int penalised = 0;
    for (int i = 0; i < model_->rowCount(); ++i) {
        const auto* e = model_->entryAt(i);
        penalised += e->maxSimilarity > 0.0 ? 1 : 0;
        if (e->picked) {
            ++picked;
            movedDown += e->moved < 0 ? 1 : 0;
        } else if (e->excludedBy == Exclusion::Mmr) {
            ++redundant;
        } else if (e->excludedBy == Exclusion::Limit) {
            ++belowLimit;
        } else if (e->excludedBy == Exclusion::MinScore) {
            ++belowThreshold;
        } else {
            ++budget;
        }
    }
    const QString lambda = QString::number(model_->lambda(), 'f', 2);
    const QString floor = QString::number(model_->redundancyFloor(), 'f', 2);
    QString text =
        tr("MMR score = λ·relevance − (1−λ)·redundancy, with λ = %1; redundancy = (cos − floor) / "
           "(1 − floor) to the most similar earlier pick, 0 below the redundancy floor %2.")
            .arg(lambda, floor);
    text += QLatin1Char(' ') +
            tr("Picked %n hit(s) (%1 moved down); left out: %2 too similar to a pick, %3 below "
               "the limit, %4 cut by a budget.",
               nullptr, picked)
                .arg(movedDown)
                .arg(redundant)
                .arg(belowLimit)
                .arg(budget);
    if (belowThreshold > 0)
        text += QLatin1Char(' ') +
                tr("%n candidate(s) below the vault's no-match threshold were not considered.",
                   nullptr, belowThreshold);
    if (penalised == 0)
        text += QLatin1Char(' ') + tr("No candidate came within the floor of a pick, so λ "
                                      "changed nothing here: the order is the fused order.");
    summary_->setText(text);
}

} // namespace memlens::ui
