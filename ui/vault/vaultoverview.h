// Everything the main window shows about an opened vault, loaded in one background job.
#pragma once

#include "vault/vaultref.h"

#include <memlens/ingest.h>
#include <memlens/overview.h>
#include <memlens/settings.h>

#include <QString>

#include <atomic>
#include <vector>

namespace memlens::ui {

struct VaultOverviewData {
    VaultRef ref;
    bool workspace = false; // an OpenHuman workspace (always read-only)
    bool readOnly = false;  // as opened (a workspace or a read-only request)
    int schemaVersion = 0;
    VaultStats stats;
    std::vector<SourceOverview> sources;
    std::vector<TreeOverview> trees;
    TimeHistogram histogram;    // chunk density over the vault's whole span
    RetrievalSettings settings; // the vault's stored retrieval settings (ml_settings)
    QString settingsError;      // non-empty when they do not parse (the defaults are shown)
    QString error;              // non-empty when the vault could not be opened or read
    double seconds = 0.0;
};

// Opens ref on the calling (worker) thread and reads its overview. Never throws; failures come
// back in `error`.
VaultOverviewData loadVaultOverview(const VaultRef& ref, const std::atomic_bool& cancel);

} // namespace memlens::ui
