#include "vault/ingestjobs.h"

#include "core/format.h"

#include <memlens/embedder.h>
#include <memlens/generate.h>
#include <memlens/lab.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <QDir>
#include <QStandardPaths>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace memlens::ui {

namespace fs = std::filesystem;

namespace {

constexpr const char* kReadyMarker = "demo-ready";
constexpr std::uint64_t kDemoSeed = 7;

IngestJobResult failure(IngestJobResult r, const Status& status) {
    r.cancelled = status.code() == StatusCode::Cancelled;
    r.error = formatStatus(status);
    return r;
}

// The marker that says a demo vault is whole. Created exclusively (O_EXCL | O_NOFOLLOW), as
// every file memlens writes: a link planted at its name is refused, never written through.
Status writeReadyMarker(const fs::path& file, std::size_t chunks) {
    const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0)
        return Status::io(file.string() + ": " + std::strerror(errno));
    const std::string text = "chunks " + std::to_string(chunks) + "\n";
    const bool written = ::write(fd, text.data(), text.size()) == ssize_t(text.size());
    const int err = written ? 0 : (errno != 0 ? errno : EIO);
    if (::close(fd) != 0 || !written)
        return Status::io(file.string() + ": " + std::strerror(written ? errno : err));
    return Status::ok();
}

Result<IngestReport> ingestInto(Vault& vault, const std::vector<IngestSource>& sources,
                                ProgressState& progress, const std::atomic_bool& cancel,
                                std::size_t* kept = nullptr) {
    auto embedder = make_embedder_for(vault);
    if (!embedder)
        return embedder.status();
    Ingestor ingestor(vault, **embedder);
    auto report = ingestor.ingest(
        sources, [&progress](const IngestProgress& p) { progress.set(p); }, &cancel);
    if (kept != nullptr)
        *kept = ingestor.committed_items();
    return report;
}

Status logDemoQueries(const Vault& vault, ProgressState& progress, const std::atomic_bool& cancel) {
    auto engine = SearchEngine::open(vault);
    if (!engine)
        return engine.status();
    QueryLogOptions o;
    o.count = kDemoQueries;
    o.seed = kDemoSeed;
    o.cancel = &cancel;
    o.progress = [&progress](std::size_t done, std::size_t total) {
        progress.set({"query log", done, total});
    };
    auto r = generate_query_log(**engine, o);
    return r ? Status::ok() : r.status();
}

} // namespace

void ProgressState::set(const IngestProgress& p) {
    std::lock_guard lock(mu_);
    progress_ = p;
}

IngestProgress ProgressState::get() const {
    std::lock_guard lock(mu_);
    return progress_;
}

QString demoVaultDir() {
    return QDir(QStandardPaths::writableLocation(QStandardPaths::CacheLocation))
        .filePath(QStringLiteral("demo-vault"));
}

bool demoVaultReady(const QString& dir) {
    std::error_code ec;
    const fs::path p = dir.toStdString();
    return fs::exists(p / "vault.db", ec) && fs::exists(p / kReadyMarker, ec);
}

IngestJobResult buildDemoVault(const QString& dir, std::size_t chunks, ProgressState& progress,
                               const std::atomic_bool& cancel) {
    IngestJobResult result;
    result.vaultDir = dir;
    const fs::path target = dir.toStdString();
    const fs::path partial = target.string() + ".partial";
    std::error_code ec;
    fs::remove_all(partial, ec);
    fs::create_directories(partial.parent_path(), ec);

    progress.set({"generating", 0, chunks});
    GenerateOptions opts;
    opts.chunks = chunks;
    opts.seed = kDemoSeed;
    auto sources = generate_sources(opts, "demo.jsonl", &cancel);
    if (!sources)
        return failure(result, sources.status());
    {
        auto vault = Vault::create(partial);
        if (!vault)
            return failure(result, vault.status());
        auto report = ingestInto(**vault, *sources, progress, cancel);
        if (!report) {
            vault->reset();
            fs::remove_all(partial, ec);
            return failure(result, report.status());
        }
        result.report = *report;
        // A history of questions, so the Audit and Lab tabs have a log to work on.
        if (Status s = logDemoQueries(**vault, progress, cancel); !s.is_ok()) {
            vault->reset();
            fs::remove_all(partial, ec);
            return failure(result, s);
        }
    } // the vault closes here, before its folder moves
    if (Status s = writeReadyMarker(partial / kReadyMarker, chunks); !s.is_ok())
        return failure(result, s);
    fs::remove_all(target, ec);
    fs::rename(partial, target, ec);
    if (ec)
        return failure(result, Status::io(target.string() + ": " + ec.message()));
    return result;
}

IngestJobResult importIntoVault(const VaultRef& ref, const QStringList& paths,
                                std::optional<ImportFormat> format, ProgressState& progress,
                                const std::atomic_bool& cancel) {
    IngestJobResult result;
    result.vaultDir = ref.dir;
    std::vector<IngestSource> sources;
    for (int i = 0; i < paths.size(); ++i) {
        progress.set(
            {"reading", static_cast<std::size_t>(i), static_cast<std::size_t>(paths.size())});
        auto imported = import_path(paths[i].toStdString(), format, &cancel);
        if (!imported)
            return failure(result, imported.status());
        for (IngestSource& s : *imported)
            sources.push_back(std::move(s));
    }
    // A connection of our own: the cached ones of the pool threads are read connections, and
    // this one holds the write lock only for the length of the import.
    auto vault = Vault::open(ref.dir.toStdString(), false);
    if (!vault)
        return failure(result, vault.status());
    auto report = ingestInto(**vault, sources, progress, cancel, &result.kept);
    if (!report)
        return failure(result, report.status());
    result.report = *report;
    return result;
}

} // namespace memlens::ui
