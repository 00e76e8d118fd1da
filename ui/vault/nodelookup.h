// Fetches one node by id (find_node) off the GUI thread, for links that name a node: graph
// context, MMR rows, tree children.
#pragma once

#include "vault/vaultref.h"

#include <memlens/types.h>

#include <QObject>

namespace memlens::ui {

class JobRunner;

class NodeLookup : public QObject {
    Q_OBJECT
public:
    explicit NodeLookup(QObject* parent = nullptr);
    void setVault(const VaultRef& ref) { ref_ = ref; }
    // A newer lookup supersedes an older one. `nodeId` may be any name node_ref.h resolves.
    void lookup(const QString& nodeId);

Q_SIGNALS:
    void found(const memlens::RetrievalHit& hit);
    void notFound(const QString& nodeId, const QString& error);

private:
    VaultRef ref_;
    JobRunner* jobs_;
};

} // namespace memlens::ui
