#include "vault/forgetflow.h"

#include "core/format.h"
#include "core/jobrunner.h"
#include "vault/vaultcontroller.h"
#include "vault/workervault.h"

#include <memlens/forget.h>
#include <memlens/vault.h>

#include <QAction>
#include <QMenu>
#include <QMessageBox>
#include <QPointer>
#include <QStringList>

namespace memlens::ui {

namespace {

QPointer<ForgetFlow>& current() {
    static QPointer<ForgetFlow> flow;
    return flow;
}

struct ForgetOutcome {
    ForgetReport report;
    QString error;
};

} // namespace

ForgetFlow::ForgetFlow(VaultController* vault, QWidget* dialogParent)
    : QObject(dialogParent)
    , vault_(vault)
    , dialogParent_(dialogParent)
    , job_(new JobRunner(this)) {}

ForgetFlow* ForgetFlow::instance() {
    return current().data();
}

void ForgetFlow::setInstance(ForgetFlow* flow) {
    current() = flow;
}

bool ForgetFlow::isRunning() const {
    return job_->isRunning();
}

bool ForgetFlow::available() const {
    return vault_->isOpen() && !vault_->isReadOnly();
}

QAction* ForgetFlow::addAction(QMenu* menu, const QString& nodeId) {
    QAction* action = menu->addAction(tr("Forget…"), this, [this, nodeId] { forget(nodeId); });
    action->setObjectName(QStringLiteral("forgetAction"));
    action->setData(nodeId);
    action->setEnabled(available() && !isRunning());
    action->setToolTip(available() ? tr("Remove this memory and every copy of its text")
                                   : tr("The vault is open read-only: nothing can be forgotten"));
    return action;
}

void ForgetFlow::forget(const QString& nodeId) {
    if (job_->isRunning() || !available())
        return;
    const VaultRef ref = vault_->ref();
    const std::string id = nodeId.toStdString();
    job_->start(
        [ref, id](const std::atomic_bool&) {
            ForgetOutcome out;
            auto vault = workerVault(ref);
            if (!vault) {
                out.error = formatStatus(vault.status());
                return out;
            }
            ForgetRequest req;
            req.ids = {id};
            auto plan = plan_forget(**vault, req);
            if (!plan)
                out.error = formatStatus(plan.status());
            else
                out.report = std::move(plan).value();
            return out;
        },
        [this, nodeId](const ForgetOutcome& out) {
            if (!out.error.isEmpty()) {
                Q_EMIT message(tr("Cannot forget %1: %2").arg(nodeId, out.error));
                return;
            }
            confirm(nodeId, static_cast<int>(out.report.memories.size()),
                    static_cast<int>(out.report.summaries_resealed.size()),
                    static_cast<int>(out.report.summaries_removed.size()));
        });
}

void ForgetFlow::confirm(const QString& nodeId, int memories, int resealed, int removed) {
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Forget Memory"),
                                tr("Forget %n memory(ies)?", "", memories),
                                QMessageBox::Yes | QMessageBox::Cancel, dialogParent_);
    box->setInformativeText(
        tr("This touches %n summary(ies) built from it:", "", resealed + removed) +
        QLatin1Char(' ') + tr("%n re-sealed without it", "", resealed) + QStringLiteral(", ") +
        tr("%n removed", "", removed) + QStringLiteral(". ") +
        tr("Its text goes from the vault, the search indexes and the audit log. This cannot be "
           "undone."));
    box->setDefaultButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setObjectName(QStringLiteral("forgetConfirm"));
    connect(box, &QMessageBox::finished, this, [this, nodeId](int result) {
        if (result == QMessageBox::Yes)
            run(nodeId);
    });
    box->open();
}

void ForgetFlow::run(const QString& nodeId) {
    if (job_->isRunning() || !available())
        return;
    const VaultRef ref = vault_->ref();
    const std::string id = nodeId.toStdString();
    job_->start(
        [ref, id](const std::atomic_bool&) {
            ForgetOutcome out;
            auto vault = workerVault(ref);
            auto embedder = workerEmbedder(ref);
            if (!vault || !embedder) {
                out.error = formatStatus(!vault ? vault.status() : embedder.status());
                return out;
            }
            ForgetRequest req;
            req.ids = {id};
            auto r = forget_memories(**vault, **embedder, req);
            if (!r)
                out.error = formatStatus(r.status());
            else
                out.report = std::move(r).value();
            return out;
        },
        [this, nodeId](const ForgetOutcome& out) {
            if (!out.error.isEmpty()) {
                Q_EMIT message(tr("Nothing was forgotten: %1").arg(out.error));
                return;
            }
            QStringList ids;
            for (const auto& m : out.report.memories)
                ids << qs(m);
            Q_EMIT message(
                tr("Forgot %n memory(ies)", "", static_cast<int>(ids.size())) +
                QStringLiteral("; ") +
                tr("%n summary(ies) re-sealed", "",
                   static_cast<int>(out.report.summaries_resealed.size())) +
                QStringLiteral(", ") +
                tr("%n removed", "", static_cast<int>(out.report.summaries_removed.size())) +
                QStringLiteral("."));
            Q_EMIT forgotten(ids);
            // Every view and every cached connection reads the vault again.
            vault_->reload();
        });
}

} // namespace memlens::ui
