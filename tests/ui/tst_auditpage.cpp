// The audit page on a real vault: queries run in the workbench appear in the log (read through
// the core's list_audit / count_audit in row ranges), the filter matches text literally and by
// mode, and replaying a row shows the rerun beside what was logged, with the cause of any
// movement: none, data, or (a diff against the settings on screen) each setting that moves a
// hit by name.
#include "mainwindow.h"
#include "models/auditmodel.h"
#include "models/replaydiffmodel.h"
#include "pages/auditpage.h"
#include "pages/hitdetailpanel.h"
#include "pages/queryform.h"
#include "pages/querypage.h"
#include "pages/queryworkbench.h"
#include "query/querysession.h"
#include "query/settingspanel.h"
#include "suite.h"
#include "testsupport.h"
#include "uivault.h"
#include "vault/vaultcontroller.h"

#include <memlens/audit.h>
#include <memlens/embedder.h>
#include <memlens/generate.h>
#include <memlens/import.h>
#include <memlens/ingest.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTreeView>
#include <QtTest>

#include <functional>

namespace tst_auditpage {

using namespace memlens;
using namespace memlens::ui;

class TestAuditPage : public QObject {
    Q_OBJECT
private:
    test::TempDir tmp_;
    std::filesystem::path dir_;
    std::unique_ptr<MainWindow> window_;
    AuditPage* page_ = nullptr;

    void runQuery(const QString& text) {
        QueryWorkbench* wb = window_->workbench();
        QSignalSpy finished(wb->session(), &QuerySession::finished);
        wb->page()->setQueryText(text);
        wb->page()->run();
        QVERIFY(finished.wait(30000));
        QVERIFY(wb->session()->outcome().error.isEmpty());
    }

    bool refreshAndWait() {
        QSignalSpy loaded(page_->model(), &AuditModel::rangeLoaded);
        page_->refresh();
        return loaded.wait(20000);
    }

    // What the core lists for the filter (ids, newest first, paged as the model pages) and
    // counts, read on a connection of the test's own.
    std::pair<std::vector<qint64>, qint64> coreRows(const AuditFilter& filter) {
        std::vector<qint64> ids;
        qint64 total = -1;
        const std::string error = test::offUiThread([&]() -> std::string {
            auto vault = Vault::open(dir_, true);
            if (!vault)
                return vault.status().to_string();
            auto count = count_audit((*vault)->db(), filter);
            if (!count)
                return count.status().to_string();
            total = *count;
            for (qint64 offset = 0;; offset += AuditModel::kRangeSize) {
                auto rows = list_audit((*vault)->db(), filter, AuditModel::kRangeSize, offset);
                if (!rows)
                    return rows.status().to_string();
                if (rows->empty())
                    return {};
                for (const AuditRecord& r : *rows)
                    ids.push_back(r.id);
            }
        });
        if (!error.empty())
            qWarning("%s", error.c_str());
        return {ids, total};
    }

    // Imports what `make` returns into the vault at dir_ with its own embedder, both off the GUI
    // thread as the window's jobs run them; "" or the error.
    std::string importIntoVault(const std::function<Result<std::vector<IngestSource>>()>& make) {
        return test::offUiThread([&]() -> std::string {
            auto sources = make();
            if (!sources)
                return sources.status().to_string();
            auto vault = Vault::open(dir_, false);
            if (!vault)
                return vault.status().to_string();
            return test::ingestWithVaultEmbedder(**vault, *sources);
        });
    }

    // Waits until the core lists a logged row of `text` (the audit log is written on a thread of
    // its own, after the answer is shown), selects that row in the page and replays it. Called
    // once per replay: it edits the filter and starts a job, so it is no condition to retry.
    bool replay(const QString& text, bool withLoggedSettings) {
        AuditFilter logged;
        logged.text = text.toStdString();
        if (!QTest::qWaitFor([&] { return coreRows(logged).second > 0; }, 20000))
            return false;
        QSignalSpy loaded(page_->model(), &AuditModel::rangeLoaded);
        page_->filterEdit()->clear(); // the load of this range is superseded by the next one
        page_->filterEdit()->setText(text);
        if (!loaded.wait(20000) || page_->model()->rowCount() == 0)
            return false;
        page_->logView()->setCurrentIndex(page_->model()->index(0, 0));
        QSignalSpy replayed(page_, &AuditPage::replayed);
        page_->replaySelected(withLoggedSettings);
        return replayed.wait(30000);
    }

private Q_SLOTS:
    void initTestCase() {
        test::setUpUiTest();
        dir_ = tmp_.path() / "vault";
        const std::string error = test::buildGeneratedVault(dir_, 800);
        QVERIFY2(error.empty(), error.c_str());
        window_ = std::make_unique<MainWindow>();
        window_->show();
        QSignalSpy opened(window_->vault(), &VaultController::opened);
        window_->openVault(QString::fromStdString(dir_.string()));
        QVERIFY(opened.wait(30000));
        page_ = window_->auditPage();
        window_->workbench()->form()->setKind(QueryKind::Hybrid);
        runQuery(QStringLiteral("launch budget decision"));
        runQuery(QStringLiteral("phoenix migration plan"));
        runQuery(QStringLiteral("100% ready for beta"));
        window_->pages()->setCurrentWidget(page_);
    }

    void loggedQueriesAppearNewestFirst() {
        QAbstractItemModelTester tester(page_->model());
        // The audit writer stores rows off the query path: they appear shortly after.
        QTRY_VERIFY_WITH_TIMEOUT((refreshAndWait(), page_->model()->total() >= 3), 20000);
        AuditModel* model = page_->model();
        QCOMPARE(model->rowAt(0)->query, QStringLiteral("100% ready for beta"));
        QCOMPARE(model->rowAt(0)->mode, QStringLiteral("hybrid"));
        QVERIFY(model->rowAt(0)->returned > 0);
        QVERIFY(model->rowAt(0)->keywordCount >= 0);
        for (int i = 1; i < model->rowCount(); ++i)
            QVERIFY(model->rowAt(i - 1)->id > model->rowAt(i)->id);
    }

    void theFilterMatchesTextLiterally() {
        page_->filterEdit()->setText(QStringLiteral("%"));
        QSignalSpy loaded(page_->model(), &AuditModel::rangeLoaded);
        QVERIFY(loaded.wait(20000));
        QCOMPARE(page_->model()->total(), qint64{1});
        QCOMPARE(page_->model()->rowAt(0)->query, QStringLiteral("100% ready for beta"));
        page_->filterEdit()->setText(QStringLiteral("phoenix"));
        QVERIFY(loaded.wait(20000));
        QCOMPARE(page_->model()->total(), qint64{1});
        page_->filterEdit()->clear();
        QVERIFY(loaded.wait(20000));
    }

    void largeLogsLoadInRanges() {
        // Copy a logged row 450 times (off the GUI thread, on a connection of our own).
        const std::string error = test::offUiThread([this]() -> std::string {
            auto vault = Vault::open(dir_, false);
            if (!vault)
                return vault.status().to_string();
            auto rows = list_audit((*vault)->db(), 1);
            if (!rows || rows->empty())
                return "no audit row to copy";
            for (int i = 0; i < 450; ++i) {
                AuditRecord copy = rows->front();
                copy.query = "bulk query " + std::to_string(i);
                if (Status s = write_audit_row((*vault)->db(), copy); !s)
                    return s.to_string();
            }
            return {};
        });
        QVERIFY2(error.empty(), error.c_str());
        // Every delivered range is at most kRangeSize rows. Who asks for the next one is Qt's
        // business: the view fetches more whenever its last row is in view, so how many
        // ranges arrive before the test scrolls depends on timing and geometry.
        AuditModel* model = page_->model();
        std::vector<int> counts;
        const auto conn = connect(model, &AuditModel::rangeLoaded, this,
                                  [&] { counts.push_back(model->rowCount()); });
        const auto disconnectOnReturn = qScopeGuard([&] { disconnect(conn); });
        QVERIFY(refreshAndWait());
        QVERIFY(model->total() >= 453);
        QVERIFY(!counts.empty());
        QCOMPARE(counts.front(), AuditModel::kRangeSize);
        // Scrolling to the end of the view asks for the rest.
        QTRY_VERIFY_WITH_TIMEOUT((page_->logView()->scrollToBottom(),
                                  static_cast<qint64>(model->rowCount()) == model->total()),
                                 20000);
        QVERIFY2(counts.size() >= 3, "453 rows arrive in at least three ranges");
        for (std::size_t i = 1; i < counts.size(); ++i)
            QVERIFY(counts[i] - counts[i - 1] <= AuditModel::kRangeSize);
        QCOMPARE(static_cast<qint64>(counts.back()), model->total());
        QVERIFY(!model->canFetchMore({}));
    }

    void aFilteredLogPagesAsTheCoreListsIt() {
        // The mode list is the core's, in its order, after "All modes".
        QComboBox* mode = page_->modeBox();
        QCOMPARE(mode->count(), static_cast<int>(kSearchModes.size()) + 1);
        for (std::size_t i = 0; i < kSearchModes.size(); ++i)
            QCOMPARE(mode->itemData(static_cast<int>(i) + 1).toString(),
                     QString::fromLatin1(to_string(kSearchModes[i])));
        AuditModel* model = page_->model();
        QSignalSpy loaded(model, &AuditModel::rangeLoaded);
        mode->setCurrentIndex(mode->findData(QStringLiteral("keyword")));
        QVERIFY(loaded.wait(20000));
        QCOMPARE(model->total(), qint64{0}); // every query of this test ran in hybrid mode
        mode->setCurrentIndex(mode->findData(QStringLiteral("hybrid")));
        QVERIFY(loaded.wait(20000));
        page_->filterEdit()->setText(QStringLiteral("BULK query")); // ASCII case folds
        QVERIFY(loaded.wait(20000));
        QCOMPARE(model->total(), qint64{450});
        // Every range the view asks for is the core's next page of the same filter.
        QTRY_VERIFY_WITH_TIMEOUT((page_->logView()->scrollToBottom(),
                                  static_cast<qint64>(model->rowCount()) == model->total()),
                                 20000);
        AuditFilter filter;
        filter.text = "BULK query";
        filter.mode = SearchMode::Hybrid;
        const auto [ids, total] = coreRows(filter);
        QCOMPARE(total, model->total());
        QCOMPARE(ids.size(), static_cast<std::size_t>(model->rowCount()));
        for (int i = 0; i < model->rowCount(); ++i)
            QCOMPARE(model->rowAt(i)->id, ids[static_cast<std::size_t>(i)]);
        QCOMPARE(model->rowAt(0)->query, QStringLiteral("bulk query 449"));
        QVERIFY(model->rowAt(0)->keywordCount >= 0); // the legs come from parse_audit_row
        mode->setCurrentIndex(0);
        QVERIFY(loaded.wait(20000));
        page_->filterEdit()->clear();
        QVERIFY(loaded.wait(20000));
    }

    // Open in Workbench runs the logged query there (not just fills the box).
    void openInWorkbenchRunsTheLoggedQuery() {
        QTRY_VERIFY_WITH_TIMEOUT((refreshAndWait(), page_->model()->total() >= 3), 20000);
        const QString query = page_->model()->rowAt(1)->query;
        page_->logView()->setCurrentIndex(page_->model()->index(1, 0));
        QueryWorkbench* wb = window_->workbench();
        QSignalSpy finished(wb->session(), &QuerySession::finished);
        page_->workbenchButton()->click();
        QVERIFY(finished.count() > 0 || finished.wait(30000));
        QCOMPARE(QString::fromStdString(wb->session()->outcome().request.text), query);
        QVERIFY(!wb->session()->outcome().rows.empty());
        QCOMPARE(window_->pages()->currentWidget(), static_cast<QWidget*>(wb->page()));
        window_->pages()->setCurrentWidget(page_);
    }

    void replayOnAnUnchangedVaultReproducesTheRanking() {
        QAbstractItemModelTester tester(page_->diffModel());
        QVERIFY(replay(QStringLiteral("launch budget decision"), true));
        ReplayDiffModel* diff = page_->diffModel();
        QVERIFY(diff->rowCount() > 0);
        QCOMPARE(diff->count(Movement::Same), diff->rowCount());
        QVERIFY(page_->replayLabel()->text().contains(QStringLiteral("identical ranking")));
        QVERIFY(page_->replayLabel()->text().contains(QStringLiteral("Nothing moved")));
        QVERIFY(!page_->replayLabel()->text().contains(QStringLiteral("Cause of movement")));
    }

    void aDataChangeIsNamedAsTheCause() {
        const std::string error = importIntoVault([] {
            GenerateOptions opts;
            opts.chunks = 300;
            opts.seed = 99;
            opts.days = 60;
            return generate_sources(opts, "more.jsonl");
        });
        QVERIFY2(error.empty(), error.c_str());
        QVERIFY(replay(QStringLiteral("launch budget decision"), true));
        QVERIFY2(page_->replayLabel()->text().contains(QStringLiteral("data")),
                 qPrintable(page_->replayLabel()->text()));
        // The built-in hash embedder ranked both: no embedder is named as a difference.
        QVERIFY2(!page_->replayLabel()->text().contains(QStringLiteral("another embedder")),
                 qPrintable(page_->replayLabel()->text()));
    }

    // The diff is against the values on screen (the settings panel), not the vault's
    // stored ones, and names each setting that moves a hit; one that cannot matter under RRF
    // (the freshness half-life of the profile fold) is named as having no effect.
    void theDiffNamesThePanelSettingThatMovedAHit() {
        SettingsPanel* panel = window_->workbench()->form()->settingsPanel();
        panel->revert();
        // A query logged after the data change above, so only settings can move it.
        const QString query = QStringLiteral("phoenix roadmap decision");
        runQuery(query);
        QVERIFY(panel->setValue("search.weight.keyword", QStringLiteral("0")));
        QVERIFY(panel->setValue("search.freshness_half_life_days", QStringLiteral("3")));
        QVERIFY(replay(query, false));
        const QString text = page_->replayLabel()->text();
        QVERIFY2(text.contains(QStringLiteral("the ranking moved")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Moved by: <b>search.weight.keyword</b>")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral(
                     "No effect on this query: <b>search.freshness_half_life_days</b>")),
                 qPrintable(text));
        QVERIFY(page_->diffModel()->count(Movement::Same) < page_->diffModel()->rowCount());

        // The same values run from the workbench give the diff's ranking: the query and the
        // diff both use the values on screen.
        std::vector<std::string> diffOrder;
        for (int i = 0; i < page_->diffModel()->rowCount(); ++i)
            if (const RankMove* move = page_->diffModel()->moveAt(i); move && move->new_rank)
                diffOrder.push_back(move->node_id);
        runQuery(query);
        const QueryOutcome& outcome = window_->workbench()->session()->outcome();
        QVERIFY(outcome.search.has_value());
        QCOMPARE(outcome.search->settings.keyword_weight, 0.0);
        std::vector<std::string> ran;
        for (const HitRow& row : outcome.rows)
            ran.push_back(row.hit.node_id);
        QCOMPARE(ran, diffOrder);

        // Selecting a row of the diff shows that hit in the detail docks.
        QTreeView* diffView = nullptr;
        const auto views = page_->findChildren<QTreeView*>();
        for (QTreeView* v : views)
            if (v->model() == page_->diffModel())
                diffView = v;
        QVERIFY(diffView);
        diffView->setCurrentIndex(page_->diffModel()->index(0, 0));
        QCOMPARE(window_->workbench()->detail()->hit().node_id,
                 page_->diffModel()->moveAt(0)->node_id);
        panel->revert();
    }

    void aSettingThatCannotMatterReportsNoMovement() {
        SettingsPanel* panel = window_->workbench()->form()->settingsPanel();
        panel->revert();
        const QString query = QStringLiteral("launch budget owner");
        runQuery(query); // logged with the vault's settings
        QVERIFY(panel->setValue("search.freshness_half_life_days", QStringLiteral("3")));
        QVERIFY(replay(query, false));
        const QString text = page_->replayLabel()->text();
        QVERIFY2(text.contains(QStringLiteral("identical ranking")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("Moved")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("Cause of movement")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral(
                     "No effect on this query: <b>search.freshness_half_life_days</b>")),
                 qPrintable(text));
        QCOMPARE(page_->diffModel()->count(Movement::Same), page_->diffModel()->rowCount());
        panel->revert();
    }

    // An agent stores 1,000 messages and asks 1,000 searches through `memlens-cli
    // serve` (another process, over stdio, MCP 2026-07-28) while the window has the vault open
    // and the Audit page follows the log: nothing is lost, nothing errs, every call shows, under
    // the agent's name.
    void followModeShowsEveryCallOfAnAgent() {
        constexpr int kStores = 1000, kSearches = 1000;
        {
            QSignalSpy loaded(page_->model(), &AuditModel::rangeLoaded);
            page_->filterEdit()->clear();
            QVERIFY(loaded.count() > 0 || loaded.wait(20000));
        }
        page_->setFollowing(true);
        QVERIFY(page_->isFollowing());

        QProcess serve;
        serve.start(QString::fromStdString(test::cli_path()),
                    {QStringLiteral("serve"), QStringLiteral("--vault"),
                     QString::fromStdString(dir_.string())});
        QVERIFY(serve.waitForStarted());
        const QByteArray meta = QByteArrayLiteral(
            R"("_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",)"
            R"("io.modelcontextprotocol/clientCapabilities":{},)"
            R"("io.modelcontextprotocol/clientInfo":{"name":"tst-auditpage","version":"1.0"}})");
        QByteArray in;
        for (int i = 0; i < kStores; ++i) {
            in += QStringLiteral(R"({"jsonrpc":"2.0","id":%1,"method":"tools/call","params":)"
                                 R"({"name":"memory_store","arguments":{"text":"agent note %1 )"
                                 R"(about the walrus review","author":"agent","source":)"
                                 R"("chat:agent","time":"2024-03-01T10:00:00Z"},)")
                      .arg(i)
                      .toUtf8() +
                  meta + "}}\n";
            in += QStringLiteral(R"({"jsonrpc":"2.0","id":%1,"method":"tools/call","params":)"
                                 R"({"name":"memory_search","arguments":{"query":"walrus note )"
                                 R"(%2"},)")
                      .arg(kStores + i)
                      .arg(i)
                      .toUtf8() +
                  meta + "}}\n";
        }
        static_assert(kStores == kSearches, "one search after each store");
        serve.write(in);
        serve.closeWriteChannel();
        // The calls run while the page follows: the GUI thread's event loop keeps running.
        QSignalSpy done(&serve, &QProcess::finished);
        QVERIFY(done.wait(600000));
        QCOMPARE(serve.exitCode(), 0);
        const QList<QByteArray> lines = serve.readAllStandardOutput().trimmed().split('\n');
        QCOMPARE(lines.size(), kStores + kSearches);
        int ok = 0;
        for (const QByteArray& line : lines) {
            const QJsonObject answer = QJsonDocument::fromJson(line).object();
            if (answer.contains(QStringLiteral("result")) &&
                !answer[QStringLiteral("result")].toObject()[QStringLiteral("isError")].toBool())
                ++ok;
        }
        QCOMPARE(ok, kStores + kSearches);

        // Every call is on the page, newest first, without a refresh.
        AuditModel* model = page_->model();
        AuditFilter agent;
        agent.client = "tst-auditpage 1.0";
        QCOMPARE(coreRows(agent).second, qint64{kStores + kSearches});
        // (The window's own rows, from the tests before, may land in the log meanwhile too.)
        QTRY_COMPARE_WITH_TIMEOUT(model->total(), coreRows(AuditFilter{}).second, 30000);
        QCOMPARE(model->rowCount(), static_cast<int>(model->total()));
        int stores = 0, searches = 0;
        for (int i = 0; i < model->rowCount(); ++i) {
            const AuditRow* row = model->rowAt(i);
            if (row->client != QStringLiteral("tst-auditpage 1.0"))
                continue;
            QVERIFY(row->error.isEmpty());
            QVERIFY(row->session.startsWith(QStringLiteral("stdio pid ")));
            stores += row->tool == QStringLiteral("memory_store") ? 1 : 0;
            searches += row->tool == QStringLiteral("memory_search") && row->search ? 1 : 0;
            if (i > 0)
                QVERIFY(model->rowAt(i - 1)->id > row->id);
        }
        QCOMPARE(stores, kStores);
        QCOMPARE(searches, kSearches);

        // The agent and its session are in the filter lists; choosing the agent keeps its rows.
        QTRY_VERIFY_WITH_TIMEOUT(
            page_->agentBox()->findData(QStringLiteral("tst-auditpage 1.0")) >= 0, 10000);
        QSignalSpy loaded(model, &AuditModel::rangeLoaded);
        page_->agentBox()->setCurrentIndex(
            page_->agentBox()->findData(QStringLiteral("tst-auditpage 1.0")));
        QVERIFY(loaded.wait(20000));
        QCOMPARE(model->total(), qint64{kStores + kSearches});
        // A store is not a search: replay is off, and the page says what the call was.
        // (Reads and writes run side by side in the server, so the log's order is the order
        // they finished in: the first store row is looked for.)
        int store_row = -1;
        const auto first_store = [&] {
            for (int i = 0; i < model->rowCount(); ++i)
                if (model->rowAt(i)->tool == QStringLiteral("memory_store"))
                    return i;
            return -1;
        };
        QTRY_VERIFY_WITH_TIMEOUT((store_row = first_store()) >= 0, 20000);
        page_->logView()->setCurrentIndex(model->index(store_row, 0));
        const AuditRow* store = model->rowAt(store_row);
        QVERIFY(store && !store->search);
        QVERIFY2(page_->replayLabel()->text().contains(QStringLiteral("memory_store")),
                 qPrintable(page_->replayLabel()->text()));

        // An agent's search replays like any logged query: its hits beside the logged ranks.
        page_->logView()->setCurrentIndex(model->index(0, 0));
        const AuditRow* search = model->rowAt(0);
        QVERIFY(search && search->search && search->tool == QStringLiteral("memory_search"));
        QSignalSpy replayed(page_, &AuditPage::replayed);
        page_->replaySelected(true);
        QVERIFY(replayed.wait(30000));
        QVERIFY2(page_->replayLabel()->text().contains(QStringLiteral("Replay #")),
                 qPrintable(page_->replayLabel()->text()));
        QVERIFY(page_->diffModel()->rowCount() > 0);

        // Closing the vault (as opening another does) stops following and clears the lists.
        window_->vault()->close();
        QVERIFY(!page_->isFollowing());
        QCOMPARE(page_->agentBox()->findData(QStringLiteral("tst-auditpage 1.0")), -1);
    }

    // A vault whose word model (embedder.kind ppmi) learned words from stores after a query was
    // logged: the replay says the vector leg ranked with another embedder, then and now, in words.
    void aReplayNamesTheEmbedderThatLearnedWordsSince() {
        dir_ = tmp_.path() / "words";
        const std::string made = test::offUiThread([this]() -> std::string {
            auto vault = Vault::create(dir_);
            if (!vault)
                return vault.status().to_string();
            for (const auto& [key, value] :
                 {std::pair{"embedder.kind", "ppmi"}, std::pair{"embedder.ppmi.dim", "8"}})
                if (Status st = (*vault)->set_setting(key, value); !st)
                    return st.to_string();
            return {};
        });
        QVERIFY2(made.empty(), made.c_str());
        std::string error = importIntoVault([] {
            GenerateOptions opts;
            opts.chunks = 800;
            opts.seed = 7;
            return generate_sources(opts, "corpus.jsonl");
        });
        QVERIFY2(error.empty(), error.c_str());

        QSignalSpy opened(window_->vault(), &VaultController::opened);
        window_->openVault(QString::fromStdString(dir_.string()));
        QVERIFY(opened.wait(30000));
        window_->workbench()->form()->setKind(QueryKind::Hybrid);
        runQuery(QStringLiteral("launch budget decision"));
        window_->pages()->setCurrentWidget(page_);

        std::string lines;
        const char* texts[] = {"Priya ordered a cortado before the launch review.",
                               "The cortado near the office is great, said Marcus.",
                               "Nadia tried a cortado too and liked the foam.",
                               "Priya and Marcus compared cortado and macchiato recipes.",
                               "A macchiato is stronger than a cortado, Nadia said.",
                               "Marcus prefers a macchiato after the budget meeting."};
        int day = 1;
        for (const char* t : texts)
            lines += R"({"source": "slack:#coffee", "ts": "2024-07-0)" + std::to_string(day++) +
                     R"(T10:00:00Z", "text": ")" + std::string(t) + "\"}\n";
        error = importIntoVault([&] { return parse_jsonl(lines, "coffee.jsonl"); });
        QVERIFY2(error.empty(), error.c_str());

        QVERIFY(replay(QStringLiteral("launch budget decision"), true));
        const QString text = page_->replayLabel()->text();
        // The words it learned are those of the stores the corpus did not hold ("cortado",
        // "macchiato", ...): some, whatever their number.
        static const QRegularExpression said(
            QStringLiteral("The vector leg ranked with another embedder: then the vault's word "
                           "model, 8 dimensions, now the vault's word model, 8 dimensions, "
                           "[1-9][0-9]* words learned since its training\\."));
        QVERIFY2(said.match(text).hasMatch(), qPrintable(text));
    }

    void cleanupTestCase() {
        window_.reset();
        QCOMPARE(memlens::ui_thread_violations(), 0);
    }
};

MEMLENS_TEST_MAIN(TestAuditPage)
#include "tst_auditpage.moc"
} // namespace tst_auditpage
