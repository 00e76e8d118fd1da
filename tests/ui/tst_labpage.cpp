// The Lab tab on a real vault with a generated query log: opening a row re-ranks it with the
// vault's settings (no change), moving λ re-ranks it off the GUI thread and explains each move
// side by side, a setting that acts inside a leg is marked and not applied, the blast radius of
// the vault's own settings is zero and λ = 1 changes rows, the ablation ends at the logged
// ranking, saving writes the vault with an undo (refused read-only), Open in Lab from the Audit
// tab opens the selected row, and another vault resets it all.
#include "lab/ablationpanel.h"
#include "lab/blastradiuspanel.h"
#include "lab/labrowbar.h"
#include "lab/labsettingspanel.h"
#include "lab/sidebyside.h"
#include "lab/whatifpanel.h"
#include "mainwindow.h"
#include "models/auditmodel.h"
#include "pages/auditpage.h"
#include "pages/labpage.h"
#include "suite.h"
#include "testsupport.h"
#include "uivault.h"
#include "vault/vaultcontroller.h"

#include <memlens/judgments.h>
#include <memlens/lab.h>
#include <memlens/search.h>
#include <memlens/settings.h>

#include <QAbstractItemModel>
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTreeView>
#include <QValueAxis>
#include <QtTest>

#include <algorithm>
#include <cmath>

namespace tst_labpage {

using namespace memlens;
using namespace memlens::ui;

class TestLabPage : public QObject {
    Q_OBJECT
private:
    test::TempDir tmp_;
    std::filesystem::path dir_;
    std::unique_ptr<MainWindow> window_;
    LabPage* lab_ = nullptr;
    std::size_t logged_ = 0;

    bool open(const std::filesystem::path& dir, bool readOnly = false) {
        QSignalSpy opened(window_->vault(), &VaultController::opened);
        window_->vault()->open(QString::fromStdString(dir.string()), readOnly);
        return opened.wait(30000);
    }

    bool waitWhatIf() {
        QSignalSpy shown(lab_, &LabPage::whatIfShown);
        return shown.wait(20000);
    }

    RetrievalSettings storedSettings() {
        return test::offUiThread([this] {
            auto v = Vault::open(dir_, true);
            return load_retrieval_settings(**v).value();
        });
    }

private Q_SLOTS:
    void initTestCase() {
        test::setUpUiTest();
        dir_ = tmp_.path() / "vault";
        QVERIFY(test::buildGeneratedVault(dir_, 800).empty());
        const std::string error = test::offUiThread([this]() -> std::string {
            auto v = Vault::open(dir_, false);
            if (!v)
                return v.status().to_string();
            // MMR on plain cosines, so that λ has hits to move.
            auto s = load_retrieval_settings(**v).value();
            s.mmr_redundancy_floor = 0.0;
            if (auto saved = save_retrieval_settings(**v, s); !saved)
                return saved.status().to_string();
            auto engine = SearchEngine::open(**v);
            if (!engine)
                return engine.status().to_string();
            QueryLogOptions o;
            o.count = 60;
            auto r = generate_query_log(**engine, o);
            if (!r)
                return r.status().to_string();
            logged_ = r->logged;
            return {};
        });
        QVERIFY2(error.empty(), error.c_str());
        window_ = std::make_unique<MainWindow>();
        window_->resize(1400, 900);
        window_->show();
        QVERIFY(open(dir_));
        lab_ = window_->labPage();
        QVERIFY(lab_ != nullptr);
    }

    // The first visit opens the newest row; with the vault's settings nothing moves.
    void theNewestRowOpensUnchanged() {
        QSignalSpy shown(lab_, &LabPage::whatIfShown);
        window_->pages()->setCurrentWidget(lab_);
        QVERIFY(shown.wait(20000));
        QCOMPARE(lab_->rowId(), static_cast<qint64>(logged_));
        QVERIFY(lab_->whatIfPanel()->comparison().has_value());
        // The newest row set no λ of its own? Either way the vault's own settings change nothing.
        QVERIFY(!lab_->whatIfPanel()->comparison()->changed);
        QVERIFY(lab_->whatIfPanel()->verdictLabel()->text().contains(QStringLiteral("No change")));
        QCOMPARE(lab_->whatIfPanel()->sideBySide()->leftCount(),
                 lab_->whatIfPanel()->sideBySide()->rightCount());
        for (const auto& link : lab_->whatIfPanel()->sideBySide()->links())
            QCOMPARE(link.movement, Movement::Same);
        QVERIFY(!lab_->settingsPanel()->saveButton()->isEnabled()); // nothing to save
    }

    // λ = 1 on a row MMR reordered: the hits move, each line says what moved it, and the lines
    // of the side-by-side view join the same hits.
    void movingLambdaReRanksAndExplains() {
        // A row whose logged order is not its fused order, found through the core.
        const qint64 id = test::offUiThread([this]() -> qint64 {
            auto v = Vault::open(dir_, true);
            SearchEngineOptions eo;
            eo.audit = false;
            auto engine = SearchEngine::open(**v, eo).value();
            for (qint64 i = static_cast<qint64>(logged_); i >= 1; --i) {
                auto row = load_lab_row((*v)->db(), i);
                if (!row || row->request.mmr_lambda)
                    continue;
                auto r = engine->rerun(row->request, row->settings, row->pools);
                for (std::size_t k = 0; r && k < r->result.hits.size(); ++k)
                    if (r->result.hits[k].explanation->fused_rank != static_cast<int>(k) + 1)
                        return i;
            }
            return 0;
        });
        QVERIFY2(id > 0, "no logged row was reordered by MMR");
        lab_->openRow(id);
        QVERIFY(waitWhatIf());
        QCOMPARE(lab_->rowId(), id);
        QVERIFY(!lab_->whatIfPanel()->comparison()->changed);
        QSignalSpy shown(lab_, &LabPage::whatIfShown);
        QVERIFY(lab_->settingsPanel()->setSetting("search.mmr_lambda", QStringLiteral("1")));
        QVERIFY(shown.wait(20000));
        const LabComparison& c = *lab_->whatIfPanel()->comparison();
        QVERIFY(c.changed);
        QCOMPARE(c.changed_keys, std::vector<std::string>{"search.mmr_lambda"});
        QVERIFY(lab_->whatIfPanel()->verdictLabel()->text().contains(
            QStringLiteral("search.mmr_lambda 0.7 → 1")));
        int moved = 0;
        for (int r = 0; r < lab_->whatIfPanel()->movesTable()->rowCount(); ++r) {
            const QString move = lab_->whatIfPanel()->movesTable()->item(r, 0)->text();
            if (move == QStringLiteral("="))
                continue;
            ++moved;
            QCOMPARE(lab_->whatIfPanel()->movesTable()->item(r, 4)->text(),
                     QStringLiteral("search.mmr_lambda"));
            QVERIFY(!lab_->whatIfPanel()->movesTable()->item(r, 5)->text().isEmpty());
        }
        QVERIFY(moved > 0);
        bool crossing = false;
        for (const auto& link : lab_->whatIfPanel()->sideBySide()->links())
            crossing = crossing || link.movement != Movement::Same;
        QVERIFY(crossing);
        QVERIFY(lab_->settingsPanel()->saveButton()->isEnabled());
    }

    // A setting that acts inside a leg is reported, not applied, and Retrieve Again runs it.
    void aRetrievalSettingIsMarkedAndRetrievedOnDemand() {
        lab_->settingsPanel()->resetSettings();
        QVERIFY(waitWhatIf());
        QVERIFY(lab_->settingsPanel()->setSetting("search.leg_limit", QStringLiteral("5")));
        QVERIFY(waitWhatIf());
        QCOMPARE(lab_->whatIfPanel()->comparison()->needs_retrieval,
                 std::vector<std::string>{"search.leg_limit"});
        QVERIFY(!lab_->whatIfPanel()->comparison()->changed);
        QVERIFY(lab_->whatIfPanel()->verdictLabel()->text().contains(
            QStringLiteral("search.leg_limit")));
        QVERIFY(lab_->settingsPanel()->retrieveButton()->isEnabled());
        QSignalSpy shown(lab_, &LabPage::whatIfShown);
        lab_->settingsPanel()->retrieveButton()->click();
        QVERIFY(shown.wait(20000));
        // Five candidates a leg: the new retrieval's hits differ from the logged ten.
        QVERIFY(lab_->whatIfPanel()->comparison()->changed);
        QVERIFY(
            lab_->whatIfPanel()->verdictLabel()->text().contains(QStringLiteral("new retrieval")));
        lab_->settingsPanel()->resetSettings();
        QVERIFY(waitWhatIf());
    }

    // The query's budget beside the settings: three hits at most, the rest gone by the budget;
    // Reset gives the query its own budget back.
    void theQuerysBudgetIsAWhatIf() {
        QVERIFY(lab_->whatIfPanel()->comparison().has_value());
        const std::size_t shown = lab_->whatIfPanel()->comparison()->after.result.hits.size();
        QVERIFY(shown > 3);
        QSignalSpy shownSpy(lab_, &LabPage::whatIfShown);
        lab_->settingsPanel()->maxUnitsBox()->setValue(3);
        QVERIFY(shownSpy.wait(20000));
        const LabComparison& c = *lab_->whatIfPanel()->comparison();
        QCOMPARE(c.after.result.hits.size(), std::size_t{3});
        QCOMPARE(c.changed_keys, std::vector<std::string>{"budget.max_units"});
        QVERIFY(lab_->whatIfPanel()->verdictLabel()->text().contains(
            QStringLiteral("budget.max_units 0 → 3")));
        QVERIFY(!lab_->settingsPanel()
                     ->saveButton()
                     ->isEnabled()); // a budget is the query's, never saved
        lab_->settingsPanel()->resetSettings();
        QVERIFY(waitWhatIf());
        QCOMPARE(lab_->settingsPanel()->maxUnitsBox()->value(), 0);
        QVERIFY(!lab_->whatIfPanel()->comparison()->changed);
    }

    void anUnknownValueIsRefusedAndNamed() {
        QVERIFY(!lab_->settingsPanel()->setSetting("search.rrf_k", QStringLiteral("many")));
        QCOMPARE(lab_->settingsPanel()->settingsOnScreen().rrf_k, storedSettings().rrf_k);
    }

    void blastRadiusOfOwnSettingsIsZeroAndLambdaChangesRows() {
        window_->pages()->setCurrentWidget(lab_);
        lab_->tabs()->setCurrentIndex(1);
        lab_->settingsPanel()->resetSettings();
        QSignalSpy blasted(lab_, &LabPage::blastShown);
        lab_->blastRadiusPanel()->runBlast();
        QVERIFY(blasted.wait(60000));
        QVERIFY(lab_->blastRadiusPanel()->blastReport().has_value());
        QCOMPARE(lab_->blastRadiusPanel()->blastReport()->queries, logged_);
        QCOMPARE(lab_->blastRadiusPanel()->blastReport()->changed, std::size_t{0});
        QVERIFY(lab_->blastRadiusPanel()->blastVerdictLabel()->text().contains(
            QStringLiteral("No logged search would change")));
        QCOMPARE(lab_->blastRadiusPanel()->blastTable()->model()->rowCount(), 0);

        QVERIFY(lab_->settingsPanel()->setSetting("search.mmr_lambda", QStringLiteral("1")));
        lab_->blastRadiusPanel()->runBlast();
        QVERIFY(blasted.wait(60000));
        const BlastReport& r = *lab_->blastRadiusPanel()->blastReport();
        QVERIFY(r.changed > 0);
        QCOMPARE(lab_->blastRadiusPanel()->blastTable()->model()->rowCount(),
                 static_cast<int>(r.changed));
        QVERIFY(lab_->blastRadiusPanel()->blastVerdictLabel()->text().contains(
            QStringLiteral("would change")));
        // The chart: eleven bins named short enough to read at 1280 pixels, and counts on whole,
        // round ticks above the tallest bar.
        QChart* chart = lab_->blastRadiusPanel()->blastChart()->chart();
        const auto xs = chart->axes(Qt::Horizontal);
        const auto ys = chart->axes(Qt::Vertical);
        QCOMPARE(xs.size(), 1);
        QCOMPARE(ys.size(), 1);
        const QStringList bins = qobject_cast<QBarCategoryAxis*>(xs.front())->categories();
        QCOMPARE(bins.size(), 11);
        QCOMPARE(bins.front(), QStringLiteral("0–.1"));
        QCOMPARE(bins.at(4), QStringLiteral(".4–.5"));
        QCOMPARE(bins.back(), QStringLiteral("1"));
        const auto* y = qobject_cast<QValueAxis*>(ys.front());
        std::size_t peak = 0;
        for (const auto& b : r.overlap_histogram)
            peak = std::max(peak, b.count);
        QVERIFY(y->tickInterval() >= 1.0);
        QCOMPARE(std::fmod(y->tickInterval(), 1.0), 0.0);
        QVERIFY(y->max() >= static_cast<double>(peak));
        QVERIFY(y->max() / y->tickInterval() <= 6.0);
        QCOMPARE(std::fmod(y->max(), y->tickInterval()), 0.0);
        // A changed query, one double-click from its side-by-side view.
        const QModelIndex first = lab_->blastRadiusPanel()->blastTable()->model()->index(0, 0);
        const qint64 id = first.data().toLongLong();
        QSignalSpy shown(lab_, &LabPage::whatIfShown);
        Q_EMIT lab_->blastRadiusPanel()->blastTable()->doubleClicked(first);
        QVERIFY(shown.wait(20000));
        QTRY_COMPARE_WITH_TIMEOUT(lab_->rowId(), id, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(
            lab_->whatIfPanel()->comparison() && lab_->whatIfPanel()->comparison()->changed, 20000);
        QCOMPARE(lab_->tabs()->currentIndex(), 0);

        // A new run clears the last one's results at once: a run then cancelled or failed leaves
        // nothing of an earlier one under its verdict.
        const std::size_t changedBefore = r.changed;
        lab_->blastRadiusPanel()->runBlast();
        QVERIFY(!lab_->blastRadiusPanel()->blastReport().has_value());
        QCOMPARE(lab_->blastRadiusPanel()->blastTable()->model()->rowCount(), 0);
        QVERIFY(lab_->blastRadiusPanel()->blastChart()->chart()->series().isEmpty());
        QVERIFY(lab_->blastRadiusPanel()->blastChart()->chart()->axes().isEmpty());
        QVERIFY(blasted.wait(60000));
        QCOMPARE(lab_->blastRadiusPanel()->blastReport()->changed, changedBefore);

        // One time range of the log: a day before any row was logged keeps none.
        lab_->blastRadiusPanel()->windowBox()->setChecked(true);
        lab_->blastRadiusPanel()->sinceEdit()->setDate(QDate(2001, 1, 1));
        lab_->blastRadiusPanel()->untilEdit()->setDate(QDate(2001, 1, 2));
        lab_->blastRadiusPanel()->runBlast();
        QVERIFY(blasted.wait(60000));
        QCOMPARE(lab_->blastRadiusPanel()->blastReport()->rows, std::size_t{0});
        QVERIFY(lab_->blastRadiusPanel()->blastVerdictLabel()->text().contains(
            QStringLiteral("No logged search to re-rank")));
        // Today (UTC) holds them all.
        lab_->blastRadiusPanel()->sinceEdit()->setDate(QDateTime::currentDateTimeUtc().date());
        lab_->blastRadiusPanel()->untilEdit()->setDate(QDateTime::currentDateTimeUtc().date());
        lab_->blastRadiusPanel()->runBlast();
        QVERIFY(blasted.wait(60000));
        QCOMPARE(lab_->blastRadiusPanel()->blastReport()->queries, logged_);
        lab_->blastRadiusPanel()->windowBox()->setChecked(false);
        lab_->settingsPanel()->resetSettings();
        QVERIFY(waitWhatIf());
    }

    // With grades in the vault the blast radius also says whether the changed rankings got
    // better: a logged search whose logged first hit is graded "answers it" is measured, NDCG@10
    // as logged against as re-ranked, in the verdict and in the table's last column.
    void theBlastRadiusIsMeasuredAgainstTheGrades() {
        window_->pages()->setCurrentWidget(lab_);
        lab_->tabs()->setCurrentIndex(1);
        QVERIFY(lab_->settingsPanel()->setSetting("search.mmr_lambda", QStringLiteral("1")));
        QSignalSpy blasted(lab_, &LabPage::blastShown);
        lab_->blastRadiusPanel()->runBlast();
        QVERIFY(blasted.wait(60000));
        const BlastReport& r = *lab_->blastRadiusPanel()->blastReport();
        const BlastQuery* changed = nullptr;
        for (const BlastQuery& q : r.results)
            if (q.changed && !q.logged_ids.empty() && changed == nullptr)
                changed = &q;
        QVERIFY(changed != nullptr);
        QVERIFY(!lab_->blastRadiusPanel()->blastMetrics() ||
                lab_->blastRadiusPanel()->blastMetrics()->searches.empty());
        const std::string text = changed->query;
        const std::string first = changed->logged_ids.front();
        const qint64 id = changed->id;
        const std::string graded = test::offUiThread([this, text, first]() -> std::string {
            auto v = Vault::open(dir_, false);
            if (!v)
                return v.status().to_string();
            auto q = judged_query_for_text(**v, text);
            if (!q)
                return q.status().to_string();
            Judgment j;
            j.query_id = q->id;
            j.node_id = first;
            j.grade = 3;
            auto set = set_judgment(**v, j);
            return set ? std::string() : set.status().to_string();
        });
        QVERIFY2(graded.empty(), graded.c_str());
        lab_->blastRadiusPanel()->runBlast();
        QVERIFY(blasted.wait(60000));
        const auto& m = lab_->blastRadiusPanel()->blastMetrics();
        QVERIFY(m.has_value());
        QVERIFY(!m->searches.empty());
        QVERIFY2(lab_->blastRadiusPanel()->blastVerdictLabel()->text().contains(
                     QStringLiteral("Judged: NDCG@10")),
                 qPrintable(lab_->blastRadiusPanel()->blastVerdictLabel()->text()));
        QAbstractItemModel* table = lab_->blastRadiusPanel()->blastTable()->model();
        QCOMPARE(table->headerData(8, Qt::Horizontal).toString(), QStringLiteral("NDCG@10 Δ"));
        bool shown = false;
        for (int row = 0; row < table->rowCount(); ++row)
            if (table->index(row, 0).data().toLongLong() == id)
                shown = table->index(row, 8).data().toString().contains(QStringLiteral("→"));
        QVERIFY(shown);
        lab_->settingsPanel()->resetSettings();
        QVERIFY(waitWhatIf());
    }

    void ablationEndsAtTheLoggedRanking() {
        QSignalSpy shown(lab_, &LabPage::ablationShown);
        lab_->tabs()->setCurrentIndex(2);
        QVERIFY(shown.wait(30000));
        QVERIFY(lab_->ablationPanel()->ablation().has_value());
        const AblationMatrix& m = *lab_->ablationPanel()->ablation();
        QCOMPARE(m.columns.size(), std::size_t{7});
        QVERIFY(m.first_logged_column.has_value());
        QCOMPARE(lab_->ablationPanel()->ablationTable()->columnCount(),
                 9); // logged, seven columns, the hit
        QVERIFY(lab_->ablationPanel()
                    ->ablationTable()
                    ->horizontalHeaderItem(static_cast<int>(*m.first_logged_column) + 1)
                    ->text()
                    .endsWith(QStringLiteral("✓")));
        lab_->tabs()->setCurrentIndex(0);
    }

    // Save writes the vault (the other views re-read it); Undo Save writes back what it held.
    void saveAndUndo() {
        const int before = storedSettings().rrf_k;
        QVERIFY(lab_->settingsPanel()->setSetting("search.rrf_k", QString::number(before + 17)));
        QVERIFY(waitWhatIf());
        QSignalSpy saved(lab_, &LabPage::settingsSaved);
        lab_->settingsPanel()->saveSettings();
        QVERIFY(saved.wait(20000));
        QCOMPARE(storedSettings().rrf_k, before + 17);
        QTRY_VERIFY(lab_->settingsPanel()->undoButton()->isEnabled());
        lab_->settingsPanel()->undoSave();
        QVERIFY(saved.wait(20000));
        QCOMPARE(storedSettings().rrf_k, before);
        QTRY_VERIFY(!lab_->settingsPanel()->undoButton()->isEnabled());
    }

    void openInLabFromTheAuditTab() {
        AuditPage* audit = window_->auditPage();
        window_->pages()->setCurrentWidget(audit);
        QSignalSpy loaded(audit->model(), &AuditModel::rangeLoaded);
        audit->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(audit->model()->rowCount() > 3, 20000);
        audit->logView()->setCurrentIndex(audit->model()->index(2, 0));
        QVERIFY(audit->labButton()->isEnabled());
        const qint64 id = audit->model()->rowAt(2)->id;
        QSignalSpy shown(lab_, &LabPage::whatIfShown);
        audit->labButton()->click();
        QCOMPARE(window_->pages()->currentWidget(), static_cast<QWidget*>(lab_));
        QVERIFY(shown.wait(20000));
        QCOMPARE(lab_->rowId(), id);
    }

    // Read-only: the what-if works, Save is off and says why.
    void readOnlyRefusesToSave() {
        QVERIFY(open(dir_, true));
        window_->pages()->setCurrentWidget(lab_);
        lab_->openRow(0);
        QVERIFY(waitWhatIf());
        QVERIFY(lab_->settingsPanel()->setSetting("search.mmr_lambda", QStringLiteral("0.2")));
        QVERIFY(waitWhatIf());
        QVERIFY(!lab_->settingsPanel()->saveButton()->isEnabled());
        QVERIFY(
            lab_->settingsPanel()->saveButton()->toolTip().contains(QStringLiteral("read-only")));
        lab_->settingsPanel()->saveSettings(); // a message box, nothing written
        QTRY_VERIFY(window_->findChild<QMessageBox*>(QStringLiteral("labMessage")) != nullptr);
        for (auto* box : window_->findChildren<QMessageBox*>(QStringLiteral("labMessage")))
            box->close();
        QCOMPARE(storedSettings().mmr_lambda, 0.7);
    }

    void anotherVaultResetsTheLab() {
        const auto other = tmp_.path() / "other";
        QVERIFY(test::buildGeneratedVault(other, 200, 9).empty());
        QVERIFY(lab_->rowId() > 0);
        QVERIFY(open(other));
        QCOMPARE(lab_->rowId(), 0);
        QVERIFY(!lab_->whatIfPanel()->comparison().has_value());
        QVERIFY(!lab_->blastRadiusPanel()->blastReport().has_value());
        QCOMPARE(lab_->whatIfPanel()->movesTable()->rowCount(), 0);
        QCOMPARE(lab_->whatIfPanel()->sideBySide()->leftCount(), 0);
        // The last vault's row number is gone, and a visit to the tab on a vault without a
        // log says so in the bar, with no box to dismiss.
        QCOMPARE(lab_->rowBar()->shownRowNumber(), 0);
        auto visibleBoxes = [this] {
            int n = 0;
            for (auto* box : window_->findChildren<QMessageBox*>(QStringLiteral("labMessage")))
                n += box->isVisible() ? 1 : 0;
            return n;
        };
        for (auto* box : window_->findChildren<QMessageBox*>(QStringLiteral("labMessage")))
            box->close();
        QCOMPARE(visibleBoxes(), 0);
        window_->pages()->setCurrentIndex(0);
        window_->pages()->setCurrentWidget(lab_);
        QTRY_VERIFY(!lab_->rowBar()->isLoading());
        QApplication::processEvents();
        QCOMPARE(visibleBoxes(), 0);
        QVERIFY(lab_->rowBar()->row() == nullptr);
    }

    void cleanupTestCase() { window_.reset(); }
};

MEMLENS_TEST_MAIN(TestLabPage)
#include "tst_labpage.moc"
} // namespace tst_labpage
