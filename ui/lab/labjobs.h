// The ranking lab's background work (core/include/memlens/lab.h), one function a job: each runs
// on a pool thread with that thread's cached engine (workervault.h) and returns a value struct
// that carries its error as text. Nothing here touches a widget.
#pragma once

#include "vault/vaultref.h"

#include <memlens/judgments.h>
#include <memlens/lab.h>

#include <QString>
#include <QStringList>

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace memlens::ui {

struct LabRowOutcome {
    std::optional<LabRow> row;
    RetrievalSettings vaultSettings; // the vault's settings now
    QString error;
    bool noPools = false; // the row keeps no candidate pools (an older row): offer a replay
};
// id <= 0: the newest search that kept its candidates.
LabRowOutcome loadLabRowJob(const VaultRef& ref, qint64 id);

// What the left side of the comparison is.
enum class LabLeft {
    Logged,   // the row's logged settings: the ranking the agent got
    VaultNow, // the vault's settings now (with the query's own choices)
    OtherRow, // another audit row, with its own logged settings
};

struct WhatIfOutcome {
    std::optional<LabComparison> comparison;
    // A new retrieval with the settings (retrieval keys changed and asked for): the right side
    // then comes from engine.search, not the stored pools.
    bool retrieved = false;
    QString error;
    double ms = 0.0;
};
// leftSettings: the left side's settings for LabLeft::VaultNow; right: the settings on screen,
// both with the query's own choices (blast_settings_for). retrieve: the right side from a new
// retrieval instead of the stored pools.
// budget: the query's budget on the right side (the row's own unless changed).
WhatIfOutcome whatIfJob(const VaultRef& ref, const LabRow& row, LabLeft left,
                        const std::optional<LabRow>& other, const RetrievalSettings& leftSettings,
                        const RetrievalSettings& right, const SearchBudget& budget, bool retrieve,
                        const std::atomic_bool& cancel);

struct BlastProgress {
    void set(std::size_t done, std::size_t total);
    std::pair<std::size_t, std::size_t> get() const;

private:
    mutable std::mutex mu_;
    std::size_t done_ = 0, total_ = 0;
};

struct BlastOutcome {
    std::optional<BlastReport> report;
    // The re-ranked searches whose questions are judged, measured against their grades
    // (judgments.h, blast_metrics; none judged: empty searches).
    std::optional<BlastMetrics> judged;
    // The log as read and parsed, for the next blast radius over the same rows.
    std::shared_ptr<const LabLog> log;
    QString error;
    bool cancelled = false;
};
// `cached`: the log a previous blast read with the same filter; used again while the filter
// keeps as many rows (the log only grows), read anew otherwise.
BlastOutcome blastJob(const VaultRef& ref, const std::map<std::string, std::string>& overrides,
                      const AuditFilter& filter, std::size_t maxRows,
                      const std::shared_ptr<const LabLog>& cached,
                      const std::shared_ptr<BlastProgress>& progress,
                      const std::atomic_bool& cancel);

struct AblationOutcome {
    std::optional<AblationMatrix> matrix;
    std::map<std::string, QString> snippets; // node id → the start of its text
    QString error;
};
AblationOutcome ablationJob(const VaultRef& ref, const LabRow& row, const std::atomic_bool& cancel);

struct AblationLogOutcome {
    std::optional<AblationLog> matrix;
    QString error;
};
// The ablation over every logged search.
AblationLogOutcome ablationLogJob(const VaultRef& ref, const std::atomic_bool& cancel);

struct LabSaveOutcome {
    std::optional<RetrievalSettings> previous; // what the vault held before (for the undo)
    QStringList keys;                          // keys written
    QString error;
};
// Writes `settings` into the vault, remembering what it held.
LabSaveOutcome saveSettingsJob(const VaultRef& ref, const RetrievalSettings& settings);

// The key/value map of settings that differ from `base` (what blast_radius takes).
std::map<std::string, std::string> settingOverrides(const RetrievalSettings& base,
                                                    const RetrievalSettings& target);

} // namespace memlens::ui
