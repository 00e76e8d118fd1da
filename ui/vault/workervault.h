// The per-thread vault connection of background jobs. Opening a vault costs a file open and
// pragmas (for an OpenHuman workspace, building its in-memory indexes too), and a SearchEngine
// loads the topic index, so each pool thread keeps what it opened for the last VaultRef it
// served and reuses it while the ref (dir, mode, epoch) stays the same. Never call these from
// the GUI thread.
#pragma once

#include "vault/vaultref.h"

#include <memlens/status.h>

namespace memlens {
class Vault;
class Embedder;
class SearchEngine;
} // namespace memlens

namespace memlens::ui {

// The calling thread's Vault for `ref`, opened when needed. The pointer stays valid until this
// thread asks for another ref or calls releaseWorkerVault().
Result<Vault*> workerVault(const VaultRef& ref);

// The vault's configured embedder (make_embedder_for), created once per cached vault.
Result<Embedder*> workerEmbedder(const VaultRef& ref);

// The hybrid search engine over the cached vault and embedder, created once per cached vault.
Result<SearchEngine*> workerEngine(const VaultRef& ref);

// Closes this thread's cached engine, embedder and connection.
void releaseWorkerVault();

} // namespace memlens::ui
