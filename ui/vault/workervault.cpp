#include "vault/workervault.h"

#include "vault/auditnotices.h"

#include <memlens/embedder.h>
#include <memlens/entities.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <memory>
#include <optional>

namespace memlens::ui {

namespace {

// Member order matters: the engine borrows the embedder and the vault, so it is declared last
// and destroyed first.
struct Cache {
    VaultRef ref;
    std::unique_ptr<Vault> vault;
    std::unique_ptr<Embedder> embedder;
    std::unique_ptr<SearchEngine> engine;

    void clear() {
        engine.reset();
        embedder.reset();
        vault.reset();
        ref = {};
    }
};

Cache& cache() {
    thread_local Cache c;
    return c;
}

} // namespace

Result<Vault*> workerVault(const VaultRef& ref) {
    Cache& c = cache();
    // A read-only vault that nobody had open was read as a snapshot (db.h, OpenMode): once
    // another process writes it, the snapshot refuses to read on, and opening it again shares
    // that writer's log instead.
    const bool stale = c.vault && c.vault->db().is_snapshot() && !c.vault->db().check_snapshot();
    if (!c.vault || !(c.ref == ref) || stale) {
        c.clear();
        auto opened = Vault::open(ref.dir.toStdString(), ref.readOnly);
        if (!opened)
            return opened.status();
        c.vault = std::move(opened).value();
        c.ref = ref;
    }
    return c.vault.get();
}

Result<Embedder*> workerEmbedder(const VaultRef& ref) {
    auto vault = workerVault(ref);
    if (!vault)
        return vault.status();
    Cache& c = cache();
    if (!c.embedder) {
        auto made = make_embedder_for(**vault);
        if (!made)
            return made.status();
        c.embedder = std::move(made).value();
    }
    return c.embedder.get();
}

Result<SearchEngine*> workerEngine(const VaultRef& ref) {
    auto embedder = workerEmbedder(ref);
    if (!embedder)
        return embedder.status();
    Cache& c = cache();
    if (!c.engine) {
        auto engine = SearchEngine::open(*c.vault, **embedder);
        if (!engine)
            return engine.status();
        c.engine = std::move(engine).value();
        if (AuditWriter* w = c.engine->audit_writer(); w && w->enabled())
            AuditNotices::attach(*w);
    }
    return c.engine.get();
}

void releaseWorkerVault() {
    cache().clear();
}

} // namespace memlens::ui
