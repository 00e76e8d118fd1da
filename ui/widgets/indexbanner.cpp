#include "widgets/indexbanner.h"

#include "vault/vaultcontroller.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>

namespace memlens::ui {

IndexBanner::IndexBanner(VaultController* vault, QWidget* parent)
    : QFrame(parent)
    , vault_(vault)
    , label_(new QLabel(this))
    , rebuild_(new QPushButton(tr("Rebuild Index"), this)) {
    setObjectName(QStringLiteral("indexBanner"));
    setFrameShape(QFrame::StyledPanel);
    // A warning's colours, readable in light and dark themes alike.
    setStyleSheet(QStringLiteral("#indexBanner { background: #fff4ce; border: 1px solid #d8b74a; }"
                                 "#indexBanner QLabel { color: #3b2f00; }"));
    label_->setWordWrap(true);
    label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    rebuild_->setObjectName(QStringLiteral("rebuildIndexButton"));
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(10, 6, 10, 6);
    row->addWidget(label_, 1);
    row->addWidget(rebuild_);
    setVisible(false);

    connect(rebuild_, &QPushButton::clicked, vault_, &VaultController::rebuildTopicIndex);
    connect(vault_, &VaultController::vaultChanged, this, [this] {
        problem_.clear();
        setVisible(false);
    });
    connect(vault_, &VaultController::topicIndexChecked, this,
            [this](const QString&, const QString& problem) { showProblem(problem); });
    connect(vault_, &VaultController::topicIndexRebuilding, this, [this](bool running) {
        rebuild_->setEnabled(!running && !vault_->isReadOnly());
        if (running)
            label_->setText(tr("Rebuilding the topic index from the vectors in vault.db…"));
    });
    connect(vault_, &VaultController::topicIndexRebuilt, this, &IndexBanner::onRebuilt);
}

QString IndexBanner::text() const {
    return label_->text();
}

void IndexBanner::showProblem(const QString& problem) {
    problem_ = problem;
    if (problem.isEmpty()) {
        setVisible(false);
        return;
    }
    label_->setText(tr("<b>The topic index file is not usable</b> (%1). Searches still work: "
                       "each open reads every vector from vault.db again, which takes longer on "
                       "a large vault. Rebuild Index writes the file again.")
                        .arg(problem.toHtmlEscaped()));
    const bool readOnly = vault_->isReadOnly();
    rebuild_->setEnabled(!readOnly && !vault_->isRebuildingTopicIndex());
    rebuild_->setToolTip(readOnly ? tr("This vault is open read-only: open it writable to "
                                       "rebuild its topic index (or run memlens-cli reindex).")
                                  : tr("Writes the topic tree and topic-index.bin again from the "
                                       "vault's vectors (memlens-cli reindex)."));
    setVisible(true);
}

void IndexBanner::onRebuilt(const QString& error, const QString& summary) {
    if (!error.isEmpty()) {
        showProblem(problem_);
        auto* box = new QMessageBox(QMessageBox::Warning, tr("Rebuild Index"),
                                    tr("The topic index could not be rebuilt:\n\n%1").arg(error),
                                    QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->setObjectName(QStringLiteral("rebuildIndexError"));
        box->open();
        return;
    }
    // The reload that follows checks the file again and hides the bar.
    Q_EMIT message(summary, 8000);
}

} // namespace memlens::ui
