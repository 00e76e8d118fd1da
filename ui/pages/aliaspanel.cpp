#include "pages/aliaspanel.h"

#include "core/format.h"
#include "core/jobrunner.h"
#include "vault/vaultcontroller.h"
#include "vault/workervault.h"

#include <memlens/vault.h>

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace memlens::ui {

namespace {

struct ProposalRows {
    std::vector<EntityMergeProposal> rows;
    QString error;
};

struct MergeOutcome {
    EntityMergeReport report;
    QString error;
};

QString surfaceOr(const std::string& surface, const std::string& id) {
    return qs(surface.empty() ? id : surface);
}

} // namespace

QString proposalEvidence(const EntityMergeProposal& p) {
    const QString from = surfaceOr(p.from_surface, p.from);
    const QString into = surfaceOr(p.into_surface, p.into);
    QStringList parts;
    if (p.reason == "same_name")
        parts << AliasPanel::tr("the same name as the person %1").arg(into);
    else if (p.reason == "transliteration")
        parts << AliasPanel::tr("“%1” is “%2” written with other letters").arg(from, into);
    else if (p.reason == "prefix")
        parts << AliasPanel::tr("“%1” is how “%2” starts").arg(from, into);
    else if (p.reason == "spelling")
        parts << AliasPanel::tr("“%1” is spelt %n letter(s) away from “%2”", "", p.edit_distance)
                     .arg(from, into);
    else
        parts << AliasPanel::tr("“%1” is %n letter(s) away from how “%2” starts", "",
                                p.edit_distance)
                     .arg(from, into);
    if (p.into_speaks_there)
        parts << AliasPanel::tr("%1 speaks where “%2” is mentioned").arg(into, from);
    if (p.shared_chunks > 0)
        parts << AliasPanel::tr("%n chunk(s) name both", "", static_cast<int>(p.shared_chunks));
    return parts.join(QStringLiteral("; "));
}

AliasPanel::AliasPanel(VaultController* vault, QWidget* parent)
    : QWidget(parent)
    , vault_(vault)
    , loadJob_(new JobRunner(this))
    , mergeJob_(new JobRunner(this))
    , note_(new QLabel(this))
    , list_(new QTreeWidget(this))
    , detail_(new QLabel(this))
    , merge_(new QPushButton(tr("&Merge Into the Person…"), this))
    , refresh_(new QPushButton(tr("Look Again"), this))
    , result_(new QLabel(this)) {
    note_->setText(tr("Names that look like another way of naming a known person. Merging one "
                      "makes it an alias of that person: its mentions move to the person and the "
                      "vault's registry records the alias. Nothing changes until you merge."));
    note_->setWordWrap(true);
    list_->setColumnCount(4);
    list_->setHeaderLabels({tr("Name"), tr("Same as"), tr("Why"), tr("Mentions")});
    list_->setRootIsDecorated(false);
    list_->setAlternatingRowColors(true);
    list_->setWordWrap(true);
    list_->header()->setStretchLastSection(false);
    list_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    list_->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    list_->header()->setSectionResizeMode(2, QHeaderView::Stretch);
    list_->header()->setSectionResizeMode(3, QHeaderView::ResizeToContents);
    detail_->setWordWrap(true);
    detail_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    result_->setWordWrap(true);
    result_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* buttons = new QHBoxLayout();
    buttons->addWidget(merge_);
    buttons->addWidget(refresh_);
    buttons->addStretch();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(note_);
    layout->addWidget(list_, 1);
    layout->addWidget(detail_);
    layout->addLayout(buttons);
    layout->addWidget(result_);

    connect(list_, &QTreeWidget::itemSelectionChanged, this, [this] {
        showDetail();
        updateButtons();
    });
    connect(list_, &QTreeWidget::itemDoubleClicked, this, [this] { mergeSelected(); });
    connect(merge_, &QPushButton::clicked, this, [this] { mergeSelected(); });
    connect(refresh_, &QPushButton::clicked, this, &AliasPanel::refresh);
    connect(vault_, &VaultController::vaultChanged, this, &AliasPanel::resetVaultState);
    connect(vault_, &VaultController::opened, this, [this] {
        needsLoad_ = true;
        if (isVisible())
            refresh();
    });
    updateButtons();
}

void AliasPanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (needsLoad_)
        refresh();
}

void AliasPanel::resetVaultState() {
    loadJob_->cancel();
    mergeJob_->cancel();
    proposals_.clear();
    lastMerge_.clear();
    list_->clear();
    detail_->clear();
    result_->clear();
    updateButtons();
}

void AliasPanel::refresh() {
    if (!vault_->isOpen())
        return;
    needsLoad_ = false;
    const VaultRef ref = vault_->ref();
    result_->setText(tr("Looking for names that could be aliases…"));
    loadJob_->start(
        [ref](const std::atomic_bool&) {
            ProposalRows out;
            auto vault = workerVault(ref);
            if (!vault) {
                out.error = formatStatus(vault.status());
                return out;
            }
            auto rows = propose_entity_merges(**vault);
            if (!rows)
                out.error = formatStatus(rows.status());
            else
                out.rows = std::move(rows).value();
            return out;
        },
        [this](ProposalRows out) {
            if (!out.error.isEmpty()) {
                result_->setText(tr("Could not read the proposals: %1").arg(out.error));
                proposals_.clear();
                fill();
                return;
            }
            proposals_ = std::move(out.rows);
            fill();
            const QString found =
                proposals_.empty() ? tr("No name looks like another form of a known person's name.")
                                   : tr("%n name(s) could be aliases. Select one to merge it.", "",
                                        static_cast<int>(proposals_.size()));
            result_->setText(lastMerge_.isEmpty() ? found : lastMerge_ + QLatin1Char(' ') + found);
            Q_EMIT proposalsLoaded();
        });
}

void AliasPanel::fill() {
    list_->clear();
    detail_->clear();
    for (std::size_t i = 0; i < proposals_.size(); ++i) {
        const auto& p = proposals_[i];
        auto* item = new QTreeWidgetItem(list_);
        item->setText(0, surfaceOr(p.from_surface, p.from));
        item->setToolTip(0, qs(p.from));
        item->setText(1, surfaceOr(p.into_surface, p.into));
        item->setToolTip(1, qs(p.into));
        item->setText(2, proposalEvidence(p));
        item->setToolTip(2, proposalEvidence(p));
        item->setText(
            3, tr("%1 / %2").arg(formatCount(p.from_mentions), formatCount(p.into_mentions)));
        item->setToolTip(
            3, tr("Chunks that mention %1 / %2")
                   .arg(surfaceOr(p.from_surface, p.from), surfaceOr(p.into_surface, p.into)));
        item->setData(0, Qt::UserRole, static_cast<int>(i));
    }
    updateButtons();
}

void AliasPanel::showDetail() {
    const auto items = list_->selectedItems();
    const int i = items.isEmpty() ? -1 : items.front()->data(0, Qt::UserRole).toInt();
    if (i < 0 || i >= static_cast<int>(proposals_.size())) {
        detail_->clear();
        return;
    }
    const auto& p = proposals_[static_cast<std::size_t>(i)];
    const QString from = surfaceOr(p.from_surface, p.from);
    const QString into = surfaceOr(p.into_surface, p.into);
    detail_->setText(
        tr("<b>%1 could be %2.</b> %3. %4 is mentioned in %5, %6 in %7.")
            .arg(from.toHtmlEscaped(), into.toHtmlEscaped(), proposalEvidence(p).toHtmlEscaped(),
                 from.toHtmlEscaped(), tr("%n chunk(s)", "", static_cast<int>(p.from_mentions)),
                 into.toHtmlEscaped(), tr("%n chunk(s)", "", static_cast<int>(p.into_mentions))));
}

void AliasPanel::updateButtons() {
    const bool readOnly = vault_->isOpen() && vault_->isReadOnly();
    const bool chosen = !list_->selectedItems().isEmpty();
    merge_->setEnabled(chosen && !readOnly && !mergeJob_->isRunning());
    merge_->setToolTip(readOnly ? tr("The vault is open read-only: nothing can be merged")
                                : tr("Make the selected name an alias of the person"));
    refresh_->setEnabled(vault_->isOpen() && !mergeJob_->isRunning());
}

void AliasPanel::mergeSelected(bool confirm) {
    const auto items = list_->selectedItems();
    if (items.isEmpty())
        return;
    const int i = items.front()->data(0, Qt::UserRole).toInt();
    if (i < 0 || i >= static_cast<int>(proposals_.size()))
        return;
    const EntityMergeProposal p = proposals_[static_cast<std::size_t>(i)];
    if (vault_->isReadOnly()) {
        showError(tr("Cannot merge"),
                  tr("%1 is open read-only, so no entity can be merged. Open it again without "
                     "read-only to merge.")
                      .arg(vault_->ref().dir));
        return;
    }
    if (!confirm) {
        merge(p);
        return;
    }
    const QString from = surfaceOr(p.from_surface, p.from);
    const QString into = surfaceOr(p.into_surface, p.into);
    auto* box = new QMessageBox(
        QMessageBox::Question, tr("Merge Into the Person"),
        tr("Make “%1” (%2) an alias of %3 (%4)?").arg(from, qs(p.from), into, qs(p.into)),
        QMessageBox::Yes | QMessageBox::Cancel, this);
    box->setInformativeText(
        tr("Every mention of %1 becomes a mention of %2, and %2's record in the registry "
           "gains the alias. The graph and the counts are read again afterwards.")
            .arg(qs(p.from), qs(p.into)));
    box->setDefaultButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setObjectName(QStringLiteral("aliasConfirm"));
    connect(box, &QMessageBox::finished, this, [this, p](int result) {
        if (result == QMessageBox::Yes)
            merge(p);
    });
    box->open();
}

void AliasPanel::merge(const EntityMergeProposal& p) {
    const VaultRef ref = vault_->ref();
    const std::string from = p.from;
    const std::string into = p.into;
    result_->setText(tr("Merging %1 into %2…").arg(qs(from), qs(into)));
    mergeJob_->start(
        [ref, from, into](const std::atomic_bool&) {
            MergeOutcome out;
            auto vault = workerVault(ref);
            if (!vault) {
                out.error = formatStatus(vault.status());
                return out;
            }
            auto report = merge_entities(**vault, from, into);
            if (!report)
                out.error = formatStatus(report.status());
            else
                out.report = std::move(report).value();
            return out;
        },
        [this, from, into](const MergeOutcome& out) {
            updateButtons();
            if (!out.error.isEmpty()) {
                result_->setText(tr("Nothing was merged: %1").arg(out.error));
                showError(tr("Cannot merge"), out.error);
                Q_EMIT mergeFinished(false);
                return;
            }
            const auto& r = out.report;
            QStringList aliases;
            for (const auto& a : r.aliases_added)
                aliases << QStringLiteral("“%1”").arg(qs(a));
            lastMerge_ =
                tr("Merged %1 into %2: %n mention(s) moved", "", static_cast<int>(r.mentions_moved))
                    .arg(qs(from), qs(into)) +
                (aliases.isEmpty()
                     ? QString()
                     : tr("; %1 recorded as alias in %2")
                           .arg(aliases.join(QStringLiteral(", ")),
                                QString::fromStdString(r.registry_file.filename().string()))) +
                QStringLiteral(".");
            result_->setText(lastMerge_);
            Q_EMIT mergeFinished(true);
            // The counts, the graph and every cached connection are read again.
            vault_->reload();
        });
    updateButtons();
}

void AliasPanel::showError(const QString& title, const QString& text) {
    auto* box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setObjectName(QStringLiteral("aliasMessage"));
    box->open();
}

} // namespace memlens::ui
