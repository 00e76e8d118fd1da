#include "pages/labpage.h"

#include "lab/ablationpanel.h"
#include "lab/blastradiuspanel.h"
#include "lab/labrowbar.h"
#include "lab/labsettingspanel.h"
#include "lab/whatifpanel.h"
#include "pages/queryworkbench.h"
#include "vault/vaultcontroller.h"
#include "vault/vaultoverview.h"
#include "widgets/scrollable.h"

#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace memlens::ui {

LabPage::LabPage(VaultController* vault, QueryWorkbench* workbench, QWidget* parent)
    : QWidget(parent)
    , vault_(vault)
    , workbench_(workbench)
    , rowBar_(new LabRowBar(this))
    , settings_(new LabSettingsPanel(this))
    , tabs_(new QTabWidget(this))
    , whatIf_(new WhatIfPanel(this))
    , blast_(new BlastRadiusPanel(this))
    , ablation_(new AblationPanel(this)) {
    layOut();
    connectVault();
    connectRow();
    connectPanels();
    resetVaultState();
}

// The row on top; under it the settings, and the tabs beside them.
void LabPage::layOut() {
    tabs_->addTab(whatIf_, tr("What-if"));
    tabs_->addTab(blast_, tr("Blast Radius"));
    tabs_->addTab(ablation_, tr("Ablation"));
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(scrollable(settings_, this));
    split->addWidget(scrollable(tabs_, this));
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setSizes({380, 900});
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(rowBar_);
    layout->addWidget(split, 1);
}

void LabPage::connectVault() {
    connect(vault_, &VaultController::vaultChanged, this, &LabPage::resetVaultState);
    connect(vault_, &VaultController::opened, this, [this](const VaultRef& ref) {
        settings_->vaultOpened(ref, vault_->isReadOnly(), vault_->overview().settings);
        rowBar_->setVault(ref);
        whatIf_->setVault(ref);
        blast_->setVault(ref);
        ablation_->setVault(ref);
    });
}

// The row opened (or not) goes to every panel that works on it.
void LabPage::connectRow() {
    connect(rowBar_, &LabRowBar::rowOpened, this,
            [this](const std::shared_ptr<const LabRow>& row, const RetrievalSettings& vaultNow) {
                settings_->setRow(*row, vaultNow);
                whatIf_->setRow(row);
                ablation_->setRow(row);
                if (tabs_->currentWidget() == ablation_)
                    ablation_->runAblation();
            });
    connect(rowBar_, &LabRowBar::rowFailed, this, [this](const QString& error, bool noPools) {
        whatIf_->clearRow(error, noPools);
        ablation_->clearRow();
        settings_->clearRow();
    });
    // A changed query of the blast radius, side by side with its logged ranking.
    connect(blast_, &BlastRadiusPanel::openRowRequested, this, [this](qint64 id) {
        whatIf_->compareWithLogged();
        tabs_->setCurrentWidget(whatIf_);
        rowBar_->openRow(id);
    });
}

void LabPage::connectPanels() {
    connect(settings_, &LabSettingsPanel::settingsChanged, this, [this] {
        const LabSettings now = settings_->current();
        whatIf_->setSettings(now);
        blast_->setSettings(now);
    });
    connect(settings_, &LabSettingsPanel::rerankWanted, whatIf_, &WhatIfPanel::scheduleRerank);
    connect(settings_, &LabSettingsPanel::retrieveRequested, whatIf_,
            [this] { whatIf_->rerank(true); });
    connect(whatIf_, &WhatIfPanel::retrievalNeeded, settings_,
            &LabSettingsPanel::setRetrievalNeeded);
    // The selected move's hit in the workbench's docks.
    connect(whatIf_, &WhatIfPanel::hitSelected, this, [this](const RetrievalHit& hit) {
        if (workbench_ != nullptr)
            workbench_->showHit(hit);
    });
    connect(tabs_, &QTabWidget::currentChanged, this, [this] {
        if (tabs_->currentWidget() == ablation_)
            ablation_->runIfStale();
    });
    connect(settings_, &LabSettingsPanel::settingsSaved, this, &LabPage::settingsSaved);
    connect(whatIf_, &WhatIfPanel::whatIfShown, this, &LabPage::whatIfShown);
    connect(blast_, &BlastRadiusPanel::blastShown, this, &LabPage::blastShown);
    connect(ablation_, &AblationPanel::ablationShown, this, &LabPage::ablationShown);
    connect(ablation_, &AblationPanel::ablationLogShown, this, &LabPage::ablationLogShown);
}

void LabPage::openRow(qint64 id) {
    rowBar_->openRow(id);
}

void LabPage::resetVaultState() {
    const bool open = vault_->isOpen();
    const VaultRef ref = vault_->ref();
    settings_->resetVaultState(ref, open, open && vault_->isReadOnly(),
                               open ? vault_->overview().settings : RetrievalSettings{});
    rowBar_->resetVaultState(ref);
    whatIf_->resetVaultState(ref);
    blast_->resetVaultState(ref);
    ablation_->resetVaultState(ref);
}

void LabPage::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    // The first visit opens the newest logged query, so the page is never empty when there is
    // a log.
    if (!rowBar_->row() && !rowBar_->isLoading())
        rowBar_->openRow(0, false); // a vault without a log is no error to pop up on a visit
    blast_->loadCallers();
}

bool LabPage::isReranking() const {
    return whatIf_->isReranking() || rowBar_->isLoading();
}

qint64 LabPage::rowId() const {
    return rowBar_->rowId();
}

} // namespace memlens::ui
