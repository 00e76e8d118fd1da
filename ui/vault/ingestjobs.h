// The two write jobs of the GUI: importing files into the open vault, and building the demo
// vault. Both run on a worker thread with their own read-write connection, report progress
// through a ProgressState the GUI polls, and can be cancelled: the Ingestor rolls the import
// back, and a cancelled demo build leaves no vault behind.
#pragma once

#include "vault/vaultref.h"

#include <memlens/import.h>
#include <memlens/ingest.h>

#include <QString>
#include <QStringList>

#include <atomic>
#include <mutex>
#include <optional>

namespace memlens::ui {

// Written by the worker, read by the GUI's timer. Polling (rather than a signal per step)
// keeps a fast ingest from flooding the event loop.
class ProgressState {
public:
    void set(const IngestProgress& p);
    IngestProgress get() const;

private:
    mutable std::mutex mu_;
    IngestProgress progress_;
};

struct IngestJobResult {
    QString vaultDir;
    IngestReport report;
    QString error;
    bool cancelled = false;
    // Messages a cancelled or failed import kept: the batches it committed (Ingestor::
    // committed_items); 0 when the vault is unchanged.
    std::size_t kept = 0;
};

// Where `memlens --demo` keeps its vault: <CacheLocation>/demo-vault.
QString demoVaultDir();
// True when `dir` holds a finished demo build.
bool demoVaultReady(const QString& dir);

inline constexpr std::size_t kDemoChunks = 5'000;
// Questions the demo vault asks and logs when it is built (generate_query_log in lab.h).
inline constexpr std::size_t kDemoQueries = 300;

// Generates `chunks` messages (generate.h, fixed seed) and ingests them into a new vault built
// beside `dir` and moved into place only when complete.
IngestJobResult buildDemoVault(const QString& dir, std::size_t chunks, ProgressState& progress,
                               const std::atomic_bool& cancel);

// Imports `paths` (format detected when not given) into the vault of `ref`, in one transaction.
IngestJobResult importIntoVault(const VaultRef& ref, const QStringList& paths,
                                std::optional<ImportFormat> format, ProgressState& progress,
                                const std::atomic_bool& cancel);

} // namespace memlens::ui
