#include "vault/vaultoverview.h"

#include "core/format.h"
#include "vault/workervault.h"

#include <memlens/settings.h>
#include <memlens/vault.h>

#include <QElapsedTimer>

namespace memlens::ui {

namespace {
constexpr std::size_t kHistogramBuckets = 90;
}

VaultOverviewData loadVaultOverview(const VaultRef& ref, const std::atomic_bool& cancel) {
    QElapsedTimer timer;
    timer.start();
    VaultOverviewData out;
    out.ref = ref;
    auto opened = workerVault(ref);
    if (!opened) {
        out.error = formatStatus(opened.status());
        return out;
    }
    const Vault& vault = **opened;
    out.workspace = vault.format() == VaultFormat::OpenHumanWorkspace;
    out.readOnly = vault.read_only();
    out.schemaVersion = vault.schema_version();

    auto stats = vault_stats(vault);
    if (!stats) {
        out.error = formatStatus(stats.status());
        return out;
    }
    out.stats = *stats;
    if (cancel)
        return out;
    auto sources = list_sources(vault);
    if (!sources) {
        out.error = formatStatus(sources.status());
        return out;
    }
    out.sources = std::move(sources).value();
    if (cancel)
        return out;
    auto trees = list_trees(vault);
    if (!trees) {
        out.error = formatStatus(trees.status());
        return out;
    }
    out.trees = std::move(trees).value();
    auto histogram = chunk_histogram(vault, 0, 0, kHistogramBuckets);
    if (!histogram) {
        out.error = formatStatus(histogram.status());
        return out;
    }
    out.histogram = std::move(histogram).value();
    auto settings = load_retrieval_settings(vault);
    if (settings)
        out.settings = *settings;
    else
        out.settingsError = formatStatus(settings.status());
    out.seconds = static_cast<double>(timer.elapsed()) / 1000.0;
    return out;
}

} // namespace memlens::ui
