#include "vault/vaultoverview.h"

#include "core/format.h"
#include "core/pools.h"
#include "vault/workervault.h"

#include <memlens/settings.h>
#include <memlens/vault.h>

#include <QElapsedTimer>

#include <future>
#include <memory>
#include <optional>
#include <tuple>

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

    // The sources (a pass over every chunk: 0.4 to 0.6 s at a million) are listed beside the
    // rest on a second read-only connection when one opens (the vault is open here already, so
    // it is migrated and its log is shared); they give the vault's time span as well, which
    // vault_stats would otherwise find in a second pass over every chunk.
    std::optional<std::future<Result<std::vector<SourceOverview>>>> listed;
    if (auto second = Vault::open(ref.dir.toStdString(), true)) {
        listed =
            std::async(std::launch::async, [v = std::shared_ptr<Vault>(std::move(second).value())] {
                yieldToGuiThread();
                return list_sources(*v);
            });
    }
    const auto finish = [&](QString error) {
        auto sources = listed ? listed->get() : list_sources(vault);
        if (!sources && error.isEmpty())
            error = formatStatus(sources.status());
        if (sources) {
            out.sources = std::move(sources).value();
            std::tie(out.stats.earliest_ms, out.stats.latest_ms) = time_span(out.sources);
        }
        out.error = std::move(error);
        out.seconds = static_cast<double>(timer.elapsed()) / 1000.0;
    };

    auto stats = vault_stats(vault, false);
    if (!stats) {
        finish(formatStatus(stats.status()));
        return out;
    }
    out.stats = *stats;
    if (cancel) {
        finish({});
        return out;
    }
    auto trees = list_trees(vault);
    if (!trees) {
        finish(formatStatus(trees.status()));
        return out;
    }
    out.trees = std::move(trees).value();
    auto histogram = chunk_histogram(vault, 0, 0, kHistogramBuckets);
    if (!histogram) {
        finish(formatStatus(histogram.status()));
        return out;
    }
    out.histogram = std::move(histogram).value();
    auto settings = load_retrieval_settings(vault);
    if (settings)
        out.settings = *settings;
    else
        out.settingsError = formatStatus(settings.status());
    finish({});
    return out;
}

} // namespace memlens::ui
