#include "vault/vaultcontroller.h"

#include "core/jobrunner.h"
#include "core/logging.h"
#include "models/sourcesmodel.h"
#include "models/treesmodel.h"

#include <memlens/vault.h>

#include <QDir>

#include <filesystem>

namespace memlens::ui {

VaultController::VaultController(QObject* parent)
    : QObject(parent)
    , jobs_(new JobRunner(this))
    , integrity_(new JobRunner(this))
    , sources_(new SourcesModel(this))
    , trees_(new TreesModel(this)) {
    connect(jobs_, &JobRunner::runningChanged, this, &VaultController::busyChanged);
    connect(jobs_, &JobRunner::failed, this,
            [this](const QString& message) { Q_EMIT openFailed(ref_.dir, message); });
}

void VaultController::open(const QString& dir, bool readOnly) {
    VaultRef ref;
    ref.dir = QDir(dir).absolutePath();
    ref.readOnly = readOnly;
    load(ref);
}

void VaultController::reload() {
    if (ref_.isValid())
        load(ref_);
}

void VaultController::close() {
    jobs_->cancel();
    integrity_->cancel();
    ref_ = {};
    loaded_ = false;
    overview_ = {};
    sources_->setSources({});
    trees_->setTrees({});
    Q_EMIT vaultChanged();
    Q_EMIT closed();
}

void VaultController::load(VaultRef ref) {
    ref.epoch = nextEpoch_++;
    qCInfo(lcVault) << "opening" << ref.dir << (ref.readOnly ? "read-only" : "read-write");
    Q_EMIT opening(ref.dir);
    jobs_->start([ref](const std::atomic_bool& cancel) { return loadVaultOverview(ref, cancel); },
                 [this](VaultOverviewData data) {
                     if (!data.error.isEmpty()) {
                         qCWarning(lcVault) << "cannot open" << data.ref.dir << data.error;
                         Q_EMIT openFailed(data.ref.dir, data.error);
                         return;
                     }
                     qCInfo(lcVault) << "opened" << data.ref.dir << "in" << data.seconds << "s";
                     const bool other = !loaded_ || ref_.dir != data.ref.dir;
                     ref_ = data.ref;
                     loaded_ = true;
                     sources_->setSources(data.sources);
                     trees_->setTrees(data.trees);
                     overview_ = std::move(data);
                     if (other)
                         Q_EMIT vaultChanged();
                     Q_EMIT opened(ref_);
                     checkIntegrity(ref_);
                 });
}

void VaultController::checkIntegrity(const VaultRef& ref) {
    // A workspace is read-only already and has no vault.db; a damaged one shows as a failed
    // read where it is read.
    const std::filesystem::path db = std::filesystem::path(ref.dir.toStdString()) / "vault.db";
    struct Checked {
        VaultRef ref;
        QString problem;
    };
    integrity_->start(
        [ref, db](const std::atomic_bool&) {
            Checked c{ref, {}};
            std::error_code ec;
            if (!std::filesystem::is_regular_file(db, ec))
                return c;
            const Status s = quick_check_vault_file(db);
            if (s.code() == StatusCode::Corruption)
                c.problem = QString::fromStdString(s.message());
            return c;
        },
        [this](const Checked& c) {
            // Said once a folder: the read-only reopen that follows checks again.
            if (c.problem.isEmpty() || !(c.ref == ref_) || c.ref.dir == saidDamaged_)
                return;
            saidDamaged_ = c.ref.dir;
            qCWarning(lcVault) << "damaged" << c.ref.dir << c.problem;
            Q_EMIT damaged(c.ref.dir, c.problem);
        });
}

} // namespace memlens::ui
