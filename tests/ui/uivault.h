// Helpers shared by the UI suites: a real vault built from the generator in a temp folder, the
// strict UI-thread guard, and a way to run core calls off the GUI thread in a test body.
#pragma once

#include "core/threadguard.h"
#include "suite.h"

#include <memlens/embedder.h>
#include <memlens/generate.h>
#include <memlens/ingest.h>
#include <memlens/vault.h>

#include <QApplication>
#include <QCoreApplication>
#include <QFileInfo>
#include <QMouseEvent>
#include <QStandardPaths>
#include <QString>
#include <QTest>

#include <filesystem>
#include <future>
#include <string>

namespace memlens::test {

// Runs fn on a thread of its own and waits: test set-up that touches SQLite must not run on the
// GUI thread, or the strict guard aborts the suite. (QFuture::result() may run a task that has
// not started yet on the waiting thread, so a pool is no use here.)
template <typename Fn> auto offUiThread(Fn fn) {
    return std::async(std::launch::async, std::move(fn)).get();
}

// Settings and caches in a test location, one per suite (ctest runs suites in parallel, and a
// suite that saves a language or clears the layout must not change another's); any core call on
// the GUI thread aborts the test.
inline void setUpUiTest() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("memlens-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("memlens-ui-tests-") +
                                         memlens::test::current_suite());
    qputenv("MEMLENS_STRICT_THREADS", "1");
    memlens::ui::installUiThreadGuard();
}

// Imports `sources` into `vault` with the embedder the vault names, as an import job does (call
// it off the GUI thread). Returns an error text or "".
inline std::string ingestWithVaultEmbedder(Vault& vault, const std::vector<IngestSource>& sources) {
    auto embedder = make_embedder_for(vault);
    if (!embedder)
        return embedder.status().to_string();
    Ingestor ingestor(vault, **embedder);
    auto report = ingestor.ingest(sources);
    return report ? std::string() : report.status().to_string();
}

// A vault of `chunks` generated messages (chats, email threads, documents, with entities and
// supersession), sealed and indexed by the real ingest pipeline. Returns an error text or "".
inline std::string buildGeneratedVault(const std::filesystem::path& dir, std::size_t chunks,
                                       std::uint64_t seed = 3) {
    return offUiThread([dir, chunks, seed]() -> std::string {
        auto vault = Vault::create(dir);
        if (!vault)
            return vault.status().to_string();
        GenerateOptions opts;
        opts.chunks = chunks;
        opts.seed = seed;
        opts.days = 60;
        auto sources = generate_sources(opts);
        if (!sources)
            return sources.status().to_string();
        return ingestWithVaultEmbedder(**vault, *sources);
    });
}

// A left-button drag across `viewport` from x0 to x1 at height y, as a hand makes it: press,
// one move with the button held, release (what the timeline's window selection reads).
inline void dragAcross(QWidget* viewport, int x0, int x1, int y) {
    QTest::mousePress(viewport, Qt::LeftButton, {}, QPoint(x0, y));
    QMouseEvent move(QEvent::MouseMove, QPointF(x1, y), viewport->mapToGlobal(QPointF(x1, y)),
                     Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &move);
    QTest::mouseRelease(viewport, Qt::LeftButton, {}, QPoint(x1, y));
}

} // namespace memlens::test
