#include "vault/nodelookup.h"

#include "core/format.h"
#include "core/jobrunner.h"
#include "vault/workervault.h"

#include <memlens/node_ref.h>
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
            // The name a person knows it by (node_ref.h): a turn or message id, a file and
            // line, the start of an id; several memories by that name is said, listing them.
            auto id = resolve_node_ref(**vault, nodeId.trimmed().toStdString());
            if (!id) {
                r.error = formatStatus(id.status());
                return r;
            }
            auto node = find_node(**vault, *id);
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
