#include "pages/vaultpanel.h"

#include "models/sourcesmodel.h"
#include "models/treesmodel.h"
#include "vault/vaultcontroller.h"
#include "widgets/filteredview.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QTreeView>

#include <algorithm>

namespace memlens::ui {

VaultPanel::VaultPanel(VaultController* vault, QWidget* parent)
    : QTabWidget(parent)
    , sources_(new FilteredView(vault->sourcesModel(), this))
    , trees_(new FilteredView(vault->treesModel(), this)) {
    setDocumentMode(true);
    sources_->setPlaceholder(tr("Filter sources…"));
    trees_->setPlaceholder(tr("Filter trees…"));
    sources_->view()->setToolTip(tr("Double-click a source to query it in the workbench."));
    trees_->view()->setToolTip(tr("Double-click a tree to browse its summaries."));
    addTab(sources_, tr("&Sources"));
    addTab(trees_, tr("T&rees"));

    // A narrow dock shows the columns that identify a row first; the rest stay a scroll away.
    auto fit = [](FilteredView* v) {
        QHeaderView* header = v->view()->header();
        header->resizeSections(QHeaderView::ResizeToContents);
        header->resizeSection(0, std::min(header->sectionSize(0), 190));
    };
    // The filters typed for the previous vault's sources and trees mean nothing in another.
    connect(vault, &VaultController::vaultChanged, this, [this] {
        sources_->filterEdit()->clear();
        trees_->filterEdit()->clear();
    });
    connect(vault, &VaultController::opened, this, [this, fit] {
        fit(sources_);
        fit(trees_);
    });
    connect(sources_, &FilteredView::activated, this, &VaultPanel::sourceActivated);
    connect(trees_, &FilteredView::activated, this, &VaultPanel::treeActivated);
}

} // namespace memlens::ui
