// Imports and the demo vault through the GUI's ingest flow: an import lands and the window
// reloads; a bad file is reported by file and line and changes nothing; a cancelled import
// rolls back; the demo vault is built once (cancellable without leaving a half vault) and
// reopened from the cache afterwards. Also the UI-thread guard itself.
#include "core/threadguard.h"
#include "mainwindow.h"
#include "suite.h"
#include "testsupport.h"
#include "uivault.h"
#include "vault/ingestflow.h"
#include "vault/ingestjobs.h"
#include "vault/vaultcontroller.h"

#include <memlens/generate.h>
#include <memlens/ingest.h>
#include <memlens/thread_guard.h>

#include <QDir>
#include <QElapsedTimer>
#include <QProgressDialog>
#include <QSignalSpy>
#include <QTimer>
#include <QtTest>

namespace tst_ingestflow {

using namespace memlens;
using namespace memlens::ui;

class TestIngestFlow : public QObject {
    Q_OBJECT
private:
    test::TempDir tmp_;
    std::filesystem::path dir_;
    std::unique_ptr<MainWindow> window_;
    int deliberateViolations_ = 0;

    std::int64_t chunksNow() {
        return test::offUiThread([this] {
            auto v = Vault::open(dir_, true);
            auto stats = v ? vault_stats(**v) : Result<VaultStats>(v.status());
            return stats ? stats->chunks : std::int64_t{-1};
        });
    }

    IngestJobResult importAndWait(const QString& path, bool cancelAtOnce = false) {
        QSignalSpy finished(window_->ingestFlow(), &IngestFlow::finished);
        window_->ingestFlow()->startImport(window_->vault()->ref(), {path});
        if (cancelAtOnce)
            window_->ingestFlow()->cancel();
        if (!finished.wait(120000))
            return {};
        return finished.first().first().value<IngestJobResult>();
    }

private Q_SLOTS:
    void initTestCase() {
        test::setUpUiTest();
        dir_ = tmp_.path() / "vault";
        const std::string error = test::buildGeneratedVault(dir_, 300);
        QVERIFY2(error.empty(), error.c_str());
        window_ = std::make_unique<MainWindow>();
        window_->show();
        QSignalSpy opened(window_->vault(), &VaultController::opened);
        window_->openVault(QString::fromStdString(dir_.string()));
        QVERIFY(opened.wait(30000));
    }

    void theGuardFlagsCoreCallsOnTheGuiThreadOnly() {
        // Not strict here, so the call below is counted instead of aborting the suite.
        const int before = memlens::ui_thread_violations();
        test::offUiThread([] { memlens::check_off_ui_thread("worker_call"); });
        QCOMPARE(memlens::ui_thread_violations(), before);
        qputenv("MEMLENS_STRICT_THREADS", "0");
        installUiThreadGuard();
        QTest::ignoreMessage(QtCriticalMsg, "core entry point gui_call ran on the GUI thread");
        memlens::check_off_ui_thread("gui_call");
        QCOMPARE(memlens::ui_thread_violations(), before + 1);
        deliberateViolations_ = 1;
        test::setUpUiTest(); // strict again for the rest of the suite
    }

    void anImportLandsAndTheWindowReloads() {
        tmp_.write(
            "more.jsonl",
            "{\"source\":\"slack:#launch\",\"author\":\"Ada\",\"ts\":\"2024-05-01T09:00:00Z\","
            "\"text\":\"Launch moved to Friday after the load test.\"}\n"
            "{\"source\":\"slack:#launch\",\"author\":\"Ben\",\"ts\":\"2024-05-01T09:05:00Z\","
            "\"text\":\"Ack, I will tell the Phoenix team.\"}\n");
        const std::int64_t before = chunksNow();
        QSignalSpy reopened(window_->vault(), &VaultController::opened);
        const IngestJobResult r =
            importAndWait(QString::fromStdString((tmp_.path() / "more.jsonl").string()));
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.report.chunks, std::size_t{2});
        // The reload may already have landed while the import's result was being delivered.
        QVERIFY(reopened.count() > 0 || reopened.wait(30000));
        QCOMPARE(window_->vault()->overview().stats.chunks, before + 2);
    }

    // The GUI stays responsive during an import. A 5 ms timer ticks on the GUI thread
    // while a 5,000-chunk import runs; if any part of the import ran there, the longest gap
    // between ticks would be a large part of the import. The bound is relative to the import's
    // own duration, so a slow or loaded machine does not fail it; the figures are printed.
    void theEventLoopKeepsTurningDuringAnImport() {
        const auto file = tmp_.path() / "responsive.jsonl";
        GenerateOptions opts;
        opts.chunks = 5000;
        opts.seed = 11;
        QVERIFY(test::offUiThread([&] { return generate_corpus_file(file, opts).is_ok(); }));
        QElapsedTimer clock;
        std::vector<qint64> ticks;
        QTimer timer;
        timer.setInterval(5);
        connect(&timer, &QTimer::timeout, this, [&] { ticks.push_back(clock.elapsed()); });
        clock.start();
        timer.start();
        const IngestJobResult r = importAndWait(QString::fromStdString(file.string()));
        const qint64 total = clock.elapsed();
        timer.stop();
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY(r.report.chunks > 1000); // documents are chunked, so not exactly 5,000
        qint64 longest = ticks.empty() ? total : ticks.front();
        for (std::size_t i = 1; i < ticks.size(); ++i)
            longest = std::max(longest, ticks[i] - ticks[i - 1]);
        if (!ticks.empty())
            longest = std::max(longest, total - ticks.back());
        qInfo("import of %zu chunks took %lld ms; the GUI thread ticked %zu times, longest "
              "gap %lld ms",
              r.report.chunks, static_cast<long long>(total), ticks.size(),
              static_cast<long long>(longest));
        QVERIFY(ticks.size() >= 3);
        QVERIFY2(longest * 2 < total, "the GUI thread stalled for half the import or more");
    }

    void aBadFileIsNamedAndChangesNothing() {
        tmp_.write("bad.jsonl",
                   "{\"source\":\"slack:#a\",\"ts\":\"2024-05-01T09:00:00Z\",\"text\":\"fine\"}\n"
                   "{\"source\":\"slack:#a\", \"ts\": nope}\n");
        const std::int64_t before = chunksNow();
        const IngestJobResult r =
            importAndWait(QString::fromStdString((tmp_.path() / "bad.jsonl").string()));
        QVERIFY(!r.cancelled);
        QVERIFY2(r.error.contains(QStringLiteral("bad.jsonl:2")), qPrintable(r.error));
        QCOMPARE(chunksNow(), before);
    }

    void aCancelledImportRollsBack() {
        const auto big = tmp_.path() / "big.jsonl";
        GenerateOptions opts;
        opts.chunks = 20000;
        opts.seed = 5;
        QVERIFY(test::offUiThread([&] { return generate_corpus_file(big, opts).is_ok(); }));
        const std::int64_t before = chunksNow();
        const IngestJobResult r = importAndWait(QString::fromStdString(big.string()), true);
        QVERIFY2(r.cancelled, qPrintable(r.error));
        QCOMPARE(chunksNow(), before);
        QVERIFY(window_->vault()->isOpen());
    }

    void progressReadsAsAPhase() {
        QCOMPARE(IngestFlow::describe({"indexing", 1200, 5000}),
                 QStringLiteral("Indexing: 1,200 of 5,000…"));
        QCOMPARE(IngestFlow::describe({"sealing", 0, 1}), QStringLiteral("Sealing summary trees…"));
    }

    void aCancelledDemoBuildLeavesNoVault() {
        const QString dir = QString::fromStdString((tmp_.path() / "demo-cancelled").string());
        QSignalSpy finished(window_->ingestFlow(), &IngestFlow::finished);
        window_->ingestFlow()->startDemo(dir, 30000);
        QVERIFY(window_->ingestFlow()->dialog() != nullptr);
        window_->ingestFlow()->cancel();
        QVERIFY(finished.wait(120000));
        QVERIFY(finished.first().first().value<IngestJobResult>().cancelled);
        QVERIFY(!demoVaultReady(dir));
        QVERIFY(!QDir(dir).exists());
        QVERIFY(!QDir(dir + QStringLiteral(".partial")).exists());
    }

    void theDemoVaultIsBuiltOnceThenReopened() {
        QDir(demoVaultDir()).removeRecursively();
        MainWindow first;
        first.show();
        QSignalSpy opened(first.vault(), &VaultController::opened);
        first.openDemoVault();
        QVERIFY(first.ingestFlow()->isRunning());
        QVERIFY(opened.wait(180000));
        QCOMPARE(first.vault()->ref().dir, QDir(demoVaultDir()).absolutePath());
        QCOMPARE(first.vault()->overview().stats.chunks, static_cast<std::int64_t>(kDemoChunks));
        QVERIFY(demoVaultReady(demoVaultDir()));

        MainWindow second;
        second.show();
        QSignalSpy reopened(second.vault(), &VaultController::opened);
        second.openDemoVault();
        QVERIFY(!second.ingestFlow()->isRunning()); // cached: opened, not rebuilt
        QVERIFY(reopened.wait(30000));
    }

    void cleanupTestCase() {
        window_.reset();
        QCOMPARE(memlens::ui_thread_violations(), deliberateViolations_);
    }
};

MEMLENS_TEST_MAIN(TestIngestFlow)
#include "tst_ingestflow.moc"
} // namespace tst_ingestflow
