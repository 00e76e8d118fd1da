#include "vault/nodelookup.h"

#include "core/format.h"
#include "core/jobrunner.h"
#include "vault/workervault.h"

#include <memlens/overview.h>

namespace memlens::ui {

namespace {

struct LookupResult {
    QString id;
    std::optional<RetrievalHit> hit;
    QString error;
};

} // namespace

NodeLookup::NodeLookup(QObject* parent)
    : QObject(parent)
    , jobs_(new JobRunner(this)) {}

void NodeLookup::lookup(const QString& nodeId) {
    if (!ref_.isValid())
        return;
    const VaultRef ref = ref_;
    jobs_->start(
        [ref, nodeId](const std::atomic_bool&) {
            LookupResult r;
            r.id = nodeId;
            auto vault = workerVault(ref);
            if (!vault) {
                r.error = formatStatus(vault.status());
                return r;
            }
            auto node = find_node(**vault, nodeId.toStdString());
            if (!node)
                r.error = formatStatus(node.status());
            else
                r.hit = std::move(node).value();
            return r;
        },
        [this](LookupResult r) {
            if (r.hit)
                Q_EMIT found(*r.hit);
            else
                Q_EMIT notFound(r.id, r.error.isEmpty() ? tr("no node has this id") : r.error);
        });
}

} // namespace memlens::ui
