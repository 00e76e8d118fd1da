#include "graph/graphloader.h"

#include "core/jobrunner.h"
#include "core/logging.h"
#include "graph/graphscene.h"
#include "vault/vaultcontroller.h"

namespace memlens::ui {

namespace {

constexpr std::size_t kExpandLimit = 30;

} // namespace

GraphLoader::GraphLoader(const VaultController* vault, GraphScene* scene, QObject* parent)
    : QObject(parent)
    , vault_(vault)
    , scene_(scene)
    , loadJob_(new JobRunner(this))
    , expandJob_(new JobRunner(this)) {}

void GraphLoader::load(const GraphRequest& request) {
    if (!vault_->isOpen())
        return;
    Q_EMIT statusMessage(tr("Loading and laying out the graph…"));
    const VaultRef ref = vault_->ref();
    loadJob_->start(
        [ref, request](const std::atomic_bool& cancel) { return loadGraph(ref, request, cancel); },
        [this](GraphData data) {
            if (!data.error.isEmpty()) {
                Q_EMIT statusMessage(tr("Cannot load the graph: %1").arg(data.error));
                return;
            }
            qCDebug(lcGraph) << data.nodes.size() << "nodes laid out in" << data.layoutMs << "ms";
            scene_->setGraph(std::move(data));
            Q_EMIT loaded();
        });
}

void GraphLoader::expand(int index, std::int64_t minWeight) {
    if (index < 0 || index >= static_cast<int>(scene_->data().nodes.size()))
        return;
    const QString id = scene_->data().nodes[static_cast<std::size_t>(index)].id;
    const VaultRef ref = vault_->ref();
    Q_EMIT statusMessage(tr("Expanding %1…").arg(id));
    GraphData current = scene_->data();
    expandJob_->start(
        [ref, current = std::move(current), id, minWeight](const std::atomic_bool& cancel) {
            return expandGraph(ref, current, id, kExpandLimit, minWeight, cancel);
        },
        [this](GraphExpansion expansion) {
            if (!expansion.error.isEmpty()) {
                Q_EMIT statusMessage(tr("Cannot expand: %1").arg(expansion.error));
                return;
            }
            const int added = expansion.added;
            scene_->setGrownGraph(std::move(expansion.data));
            Q_EMIT expanded(added);
        });
}

void GraphLoader::cancel() {
    loadJob_->cancel();
    expandJob_->cancel();
}

} // namespace memlens::ui
