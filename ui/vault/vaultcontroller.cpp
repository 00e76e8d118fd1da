#include "vault/vaultcontroller.h"

#include "core/format.h"
#include "core/jobrunner.h"
#include "core/logging.h"
#include "core/pools.h"
#include "models/sourcesmodel.h"
#include "models/treesmodel.h"
#include "vault/workervault.h"

#include <memlens/db.h>
#include <memlens/topic_tree.h>
#include <memlens/vault.h>

#include <QDir>

#include <filesystem>

namespace memlens::ui {

VaultController::VaultController(QObject* parent)
    : QObject(parent)
    , jobs_(new JobRunner(this))
    , integrity_(new JobRunner(this, checksPool()))
    , topicCheck_(new JobRunner(this, checksPool()))
    , reindex_(new JobRunner(this))
    , sources_(new SourcesModel(this))
    , trees_(new TreesModel(this)) {
    connect(jobs_, &JobRunner::runningChanged, this, &VaultController::busyChanged);
    connect(jobs_, &JobRunner::failed, this,
            [this](const QString& message) { Q_EMIT openFailed(ref_.dir, message); });
    connect(reindex_, &JobRunner::runningChanged, this, &VaultController::topicIndexRebuilding);
    connect(reindex_, &JobRunner::failed, this,
            [this](const QString& message) { Q_EMIT topicIndexRebuilt(message, QString()); });
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
    topicCheck_->cancel();
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
                     checkTopicIndex(ref_);
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
            yieldToEveryone();
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

void VaultController::checkTopicIndex(const VaultRef& ref) {
    struct Checked {
        VaultRef ref;
        QString problem;
    };
    // Every section of the index file is read for its checksum (1.5 GB at a million chunks):
    // on the checks' thread, behind the integrity check, at the lowest priority, so the pages
    // a person looks at first (the Overview's health) are not slowed by it.
    topicCheck_->start(
        [ref](const std::atomic_bool&) {
            yieldToEveryone();
            Checked c{ref, {}};
            auto vault = workerVault(ref);
            if (!vault)
                return c; // the open itself says what is wrong
            auto file = TopicIndex::file_status((*vault)->db());
            if (!file) {
                c.problem = formatStatus(file.status());
                return c;
            }
            // A workspace has no file of its own; a vault without vectors needs none.
            if (file->path.empty() || file->current)
                return c;
            const auto vectors =
                (*vault)->db().query_int("SELECT EXISTS(SELECT 1 FROM mem_tree_chunk_embeddings) "
                                         "OR EXISTS(SELECT 1 FROM mem_tree_summary_embeddings)");
            if (vectors && *vectors == 0)
                return c;
            c.problem = QString::fromStdString(file->problem);
            return c;
        },
        [this](const Checked& c) {
            if (c.ref == ref_)
                Q_EMIT topicIndexChecked(c.ref.dir, c.problem);
        });
}

void VaultController::rebuildTopicIndex() {
    if (!ref_.isValid() || reindex_->isRunning())
        return;
    const QString dir = ref_.dir;
    struct Rebuilt {
        QString error;
        QString summary;
    };
    reindex_->start(
        [dir](const std::atomic_bool&) {
            Rebuilt out;
            // A connection of its own, read-write: the worker's may be read-only or busy.
            auto vault = Vault::open(dir.toStdString(), false);
            if (!vault) {
                out.error = formatStatus(vault.status());
                return out;
            }
            auto r = reindex_topic_index(**vault, false);
            if (!r) {
                out.error = formatStatus(r.status());
                return out;
            }
            out.summary =
                tr("Topic index rebuilt: %Ln vector(s)", nullptr, static_cast<int>(r->vectors)) +
                tr(" in %1 s").arg(r->seconds, 0, 'f', 1);
            return out;
        },
        [this](const Rebuilt& r) {
            Q_EMIT topicIndexRebuilt(r.error, r.summary);
            if (r.error.isEmpty())
                reload(); // a new epoch: every worker maps the new file
        });
}

bool VaultController::isRebuildingTopicIndex() const {
    return reindex_->isRunning();
}

} // namespace memlens::ui
