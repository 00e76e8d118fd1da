// The query workbench on a real vault: typing a query and running it fills the results table,
// selecting a hit shows its numbers in the score breakdown, every primitive runs from the form,
// a newer query drops an older one's late result, and the models pass QAbstractItemModelTester.
#include "core/format.h"
#include "dialogs/biographydialog.h"
#include "dialogs/calibrationdialog.h"
#include "dialogs/metricsdialog.h"
#include "dialogs/whynotdialog.h"
#include "loopback_server.h"
#include "mainwindow.h"
#include "models/entitymatchmodel.h"
#include "models/mmrmodel.h"
#include "models/resultsmodel.h"
#include "models/resultsproxy.h"
#include "models/roles.h"
#include "pages/comparepanel.h"
#include "pages/hitdetailpanel.h"
#include "pages/mmrpanel.h"
#include "pages/queryform.h"
#include "pages/querypage.h"
#include "pages/queryworkbench.h"
#include "pages/scorebreakdownpanel.h"
#include "query/highlight.h"
#include "query/querysession.h"
#include "query/settingspanel.h"
#include "suite.h"
#include "testsupport.h"
#include "uivault.h"
#include "vault/gradeflow.h"
#include "vault/vaultcontroller.h"
#include "widgets/markdownview.h"
#include "widgets/timeboundedit.h"

#include <memlens/compare.h>
#include <memlens/import.h>
#include <memlens/judgments.h>
#include <memlens/query_context.h>
#include <memlens/settings.h>
#include <memlens/thread_guard.h>

#include <QAbstractItemModelTester>
#include <QAction>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSlider>
#include <QTableWidget>
#include <QTextBrowser>
#include <QTextDocumentFragment>
#include <QToolButton>
#include <QTreeView>
#include <QTreeWidget>
#include <QtTest>

#include <functional>

namespace tst_queryworkbench {

using namespace memlens;
using namespace memlens::ui;
using namespace Qt::Literals::StringLiterals;

namespace {

// Two numbers as the compare view prints them side by side: with the digits that tell them
// apart (distinguishing_digits of memlens/compare.h).
QStringList apart(double a, double b) {
    const int digits = distinguishing_digits(a, b);
    return {QString::number(a, 'g', digits), QString::number(b, 'g', digits)};
}

} // namespace

class TestQueryWorkbench : public QObject {
    Q_OBJECT
private:
    test::TempDir tmp_;
    QString vaultDir_;
    std::unique_ptr<MainWindow> window_;
    QueryWorkbench* wb_ = nullptr;

    // A click on a result row, as a user makes it (ctrl-click adds the row to the selection).
    bool clickRow(int sourceRow, Qt::KeyboardModifiers modifiers) {
        window_->pages()->setCurrentWidget(wb_->page());
        QTreeView* view = wb_->page()->resultsView();
        const QModelIndex index = wb_->page()->resultsProxy()->mapFromSource(
            wb_->session()->results()->index(sourceRow, ResultsModel::Snippet));
        if (!index.isValid())
            return false;
        view->scrollTo(index);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, modifiers,
                          view->visualRect(index).center());
        return true;
    }

    // The first pair of result rows (upper, lower) whose explanations satisfy `pred`, or
    // (-1, -1).
    std::pair<int, int>
    pairWhere(const std::function<bool(const Explanation&, const Explanation&)>& pred) const {
        const auto& rows = wb_->session()->results()->rows();
        for (int i = 0; i < int(rows.size()); ++i)
            for (int j = i + 1; j < int(rows.size()); ++j)
                if (pred(*rows[std::size_t(i)].hit.explanation,
                         *rows[std::size_t(j)].hit.explanation))
                    return {i, j};
        return {-1, -1};
    }

    // MMR as the vault sets it (λ 0.7, floor 0.7), whatever an earlier test put on screen.
    void useDefaultMmr() {
        wb_->form()->setKind(QueryKind::Hybrid);
        wb_->form()->mmrLambdaBox()->setValue(wb_->form()->mmrLambdaBox()->minimum());
        QVERIFY(wb_->form()->settingsPanel()->setValue("search.mmr_redundancy_floor", u"0.7"_s));
        QVERIFY(wb_->form()->settingsPanel()->setValue("search.mmr_lambda", u"0.7"_s));
    }

    bool runAndWait(const QString& text) {
        QSignalSpy finished(wb_->session(), &QuerySession::finished);
        wb_->page()->setQueryText(text);
        wb_->page()->run();
        return finished.wait(30000);
    }

private Q_SLOTS:
    // A ranking that falls back because the embedder failed says so in the status
    // line, first. The vault's vectors come from a real HTTP embedder on loopback; then its
    // server is gone.
    void degradedRankingIsSaidInTheStatusLine() {
        test::TempDir tmp;
        const auto dir = tmp.path() / "http-vault";
        const std::string error = test::offUiThread([dir]() -> std::string {
            test::LoopbackServer good(
                [](const test::Request& r) { return test::embeddings_for(r, 8); });
            HttpEmbedderOptions o;
            o.base_url = good.base_url();
            o.model = "test-model";
            auto embedder = make_http_embedder(o);
            auto sources = parse_jsonl(
                "{\"source\": \"slack:#eng\", \"author\": \"alice\", \"ts\": "
                "\"2024-03-01T09:15:00Z\", \"text\": \"the phoenix launch moves to May 3\"}\n"
                "{\"source\": \"slack:#eng\", \"author\": \"bob\", \"ts\": "
                "\"2024-03-01T09:20:00Z\", \"text\": \"launch plans for phoenix\"}\n",
                "degraded.jsonl");
            if (!sources)
                return sources.status().to_string();
            auto vault = Vault::create(dir);
            if (!vault)
                return vault.status().to_string();
            Ingestor ingestor(**vault, *embedder);
            if (auto r = ingestor.ingest(*sources); !r)
                return r.status().to_string();
            const std::string refused = "http://127.0.0.1:" + std::to_string(test::refused_port());
            for (const auto& [key, value] :
                 {std::pair<std::string, std::string>{"embedder.kind", "http"},
                  {"embedder.http.base_url", refused},
                  {"embedder.http.model", "test-model"},
                  {"embedder.http.timeout_ms", "2000"}})
                if (Status st = (*vault)->set_setting(key, value); !st)
                    return st.to_string();
            return {};
        });
        QVERIFY2(error.empty(), error.c_str());
        MainWindow w;
        w.show();
        QSignalSpy opened(w.vault(), &VaultController::opened);
        w.openVault(QString::fromStdString(dir.string()));
        QVERIFY(opened.wait(30000));
        QSignalSpy finished(w.workbench()->session(), &QuerySession::finished);
        w.workbench()->page()->setQueryText(QStringLiteral("phoenix launch"));
        w.workbench()->page()->run();
        QVERIFY(finished.wait(30000));
        const QString info = w.workbench()->page()->infoLabel()->text();
        QVERIFY2(info.contains(QStringLiteral("degraded ranking: embedding failed")),
                 qPrintable(info));
        QVERIFY2(info.indexOf(QStringLiteral("degraded")) < info.indexOf(QStringLiteral("keyword")),
                 qPrintable(info));
    }

    void initTestCase() {
        test::setUpUiTest();
        const auto dir = tmp_.path() / "vault";
        const std::string error = test::buildGeneratedVault(dir, 800);
        QVERIFY2(error.empty(), error.c_str());
        vaultDir_ = QString::fromStdString(dir.string());
        window_ = std::make_unique<MainWindow>();
        window_->show();
        QSignalSpy opened(window_->vault(), &VaultController::opened);
        window_->openVault(vaultDir_);
        QVERIFY(opened.wait(30000));
        wb_ = window_->workbench();
    }

    void typedQueryFillsTheTableAndTheBreakdown() {
        QAbstractItemModelTester resultsTester(wb_->session()->results());
        QAbstractItemModelTester proxyTester(wb_->page()->resultsProxy());
        QAbstractItemModelTester mmrTester(wb_->session()->mmr());
        QAbstractItemModelTester mmrProxyTester(wb_->mmr()->view()->model());
        QAbstractItemModelTester entityProxyTester(wb_->page()->entitiesView()->model());
        wb_->form()->setKind(QueryKind::Hybrid);

        QLineEdit* box = wb_->page()->findChild<QComboBox*>()->lineEdit();
        QTest::keyClicks(box, QStringLiteral("launch budget decision"));
        QSignalSpy finished(wb_->session(), &QuerySession::finished);
        QTest::keyClick(box, Qt::Key_Return);
        QVERIFY(finished.wait(30000));

        const QueryOutcome& outcome = wb_->session()->outcome();
        QVERIFY2(outcome.error.isEmpty(), qPrintable(outcome.error));
        QVERIFY(outcome.search.has_value());
        const int rows = wb_->session()->results()->rowCount();
        QVERIFY(rows >= 3);
        QVERIFY(wb_->page()->infoLabel()->text().contains(QStringLiteral("keyword leg")));
        // The vector leg's line names the embedder that ranked, in words (the vault's default:
        // hashed features, 256 dimensions).
        QVERIFY(outcome.search->vector.ran);
        QVERIFY2(wb_->page()->infoLabel()->text().contains(
                     QStringLiteral("ranked with hashed word features, 256 dimensions")),
                 qPrintable(wb_->page()->infoLabel()->text()));

        // Select the second hit: the breakdown shows that hit's own numbers.
        QTreeView* view = wb_->page()->resultsView();
        view->setCurrentIndex(view->model()->index(1, 0));
        const QModelIndex source = wb_->page()->resultsProxy()->mapToSource(view->currentIndex());
        const RetrievalHit& hit = wb_->session()->results()->rowAt(source.row())->hit;
        QVERIFY(hit.explanation.has_value());
        const Explanation& x = *hit.explanation;
        QCOMPARE(wb_->detail()->hit().node_id, hit.node_id);

        const QString equation = wb_->breakdown()->equationText();
        QVERIFY2(equation.contains(formatScore(x.final_score)), qPrintable(equation));
        QVERIFY(equation.contains(formatScore(x.rrf_score)));
        QVERIFY(equation.contains(formatScore(x.vector.rrf_term)));
        QVERIFY(equation.contains(formatScore(x.keyword.rrf_term)));
        // Under RRF the chart is the waterfall of what decided: the legs' RRF terms, their sum,
        // each factor that applies, the final score; no WeightProfile bar, which decides nothing.
        QCOMPARE(x.fusion, std::string("rrf"));
        auto* chart = wb_->breakdown();
        QCOMPARE(chart->chartValue(u"keyword term"_s), x.keyword.rrf_term);
        QCOMPARE(chart->chartValue(u"vector term"_s), x.vector.rrf_term);
        QCOMPARE(chart->chartValue(u"RRF sum"_s), x.rrf_score);
        QCOMPARE(chart->chartValue(u"final score"_s), x.final_score);
        QCOMPARE(chart->chartValue(u"graph"_s), -1.0);
        // The Signals column says "keyword term" on the breakdown's scale: the RRF term itself,
        // with the share of a first place its bar draws beside it.
        const QString tip = wb_->session()
                                ->results()
                                ->index(source.row(), ResultsModel::Signals)
                                .data(Qt::ToolTipRole)
                                .toString();
        QVERIFY2(tip.contains(u"keyword term %1"_s.arg(formatScore(x.keyword.rrf_term))),
                 qPrintable(tip));
        QVERIFY2(!tip.contains(u"keyword term: "_s), qPrintable(tip));
        double running = x.rrf_score;
        for (const QString& step : chart->chartSteps())
            if (step.startsWith(u"× "_s))
                running += chart->chartValue(step);
        QVERIFY2(std::abs(running - x.final_score) <= 1e-12 * std::max(1.0, x.final_score),
                 qPrintable(chart->chartSteps().join(u", "_s)));
        QCOMPARE(chart->chartSteps().contains(u"× recency"_s),
                 x.recency.boost * x.recency.factor != 0.0);
        QCOMPARE(chart->chartSteps().contains(u"× graph context"_s), x.entity_factor != 1.0);
        // The verdict in words comes first and names the decisive leg; the keyword leg's
        // term table names each matched term's column.
        const QString heading = chart->headingText();
        QVERIFY2(!x.verdict.empty() && heading.startsWith(QString::fromStdString(x.verdict)),
                 qPrintable(heading));
        const bool keywordDecided = x.keyword.rrf_term > x.vector.rrf_term;
        QVERIFY2(heading.contains(keywordDecided ? u"keyword rank"_s : u"vector rank"_s),
                 qPrintable(heading));
        if (x.keyword.rank) {
            const QString terms = chart->termsText();
            for (const TermEvidence& t : x.keyword.terms)
                if (t.matched)
                    QVERIFY2(terms.contains(QString::fromStdString(t.term)) &&
                                 terms.contains(ScoreBreakdownPanel::columnName(
                                     QString::fromStdString(t.column))),
                             qPrintable(terms));
        }
        const QString legs = wb_->breakdown()->legsText();
        if (x.keyword.rank)
            QVERIFY(legs.contains(QString::number(*x.keyword.rank)));
        // The keyword leg's own arithmetic: BM25F, coverage and the factors, then its product.
        const QString details = wb_->breakdown()->detailsText();
        if (x.keyword.rank) {
            QVERIFY2(details.contains(formatScore(x.keyword.bm25)), qPrintable(details));
            QVERIFY(details.contains(formatScore(x.keyword.coverage_factor)));
            QVERIFY(details.contains(QStringLiteral("= ") + formatScore(x.keyword.raw_score)));
        }

        // The MMR walk lists every pick and what was pushed out.
        QCOMPARE(wb_->session()->mmr()->rowCount(),
                 static_cast<int>(outcome.rows.size() + outcome.pushedOut.size()));
        QVERIFY(wb_->session()->mmr()->entryAt(0)->picked);
    }

    // One Tab from the query box reaches the results.
    void theQueryBoxReachesTheResultsInOneKey() {
        window_->pages()->setCurrentWidget(wb_->page());
        window_->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(window_.get()));
        QVERIFY(runAndWait(u"launch budget"_s));
        wb_->page()->focusQuery();
        QLineEdit* box = wb_->page()->findChild<QComboBox*>()->lineEdit();
        QTRY_VERIFY(box->hasFocus());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QTRY_COMPARE(QApplication::focusWidget(),
                     static_cast<QWidget*>(wb_->page()->resultsView()));
    }

    void sortingAndFilteringWorkOnValues() {
        QVERIFY(runAndWait(QStringLiteral("phoenix migration")));
        ResultsProxy* proxy = wb_->page()->resultsProxy();
        proxy->sort(ResultsModel::Score, Qt::DescendingOrder);
        for (int i = 1; i < proxy->rowCount(); ++i)
            QVERIFY(proxy->index(i - 1, ResultsModel::Score).data(SortRole).toDouble() >=
                    proxy->index(i, ResultsModel::Score).data(SortRole).toDouble());
        proxy->setKindFilter(ResultsProxy::KindFilter::Summaries);
        for (int i = 0; i < proxy->rowCount(); ++i)
            QCOMPARE(proxy->index(i, ResultsModel::Kind).data().toString(),
                     QStringLiteral("summary"));
        proxy->setKindFilter(ResultsProxy::KindFilter::All);
        proxy->setText(QStringLiteral("zzzz-not-in-any-snippet"));
        QCOMPARE(proxy->rowCount(), 0);
        proxy->setText(QString());
        proxy->sort(ResultsModel::Rank, Qt::AscendingOrder);
    }

    void everyPrimitiveRunsFromTheForm() {
        QAbstractItemModelTester entitiesTester(wb_->session()->entities());
        const QueryKind kinds[] = {QueryKind::Keyword,     QueryKind::Semantic,
                                   QueryKind::QuerySource, QueryKind::QueryGlobal,
                                   QueryKind::CoverWindow, QueryKind::SearchEntities,
                                   QueryKind::Walk};
        for (QueryKind kind : kinds) {
            wb_->form()->setKind(kind);
            QVERIFY(runAndWait(QStringLiteral("launch")));
            const QueryOutcome& outcome = wb_->session()->outcome();
            QVERIFY2(outcome.error.isEmpty(),
                     qPrintable(queryKindName(kind) + QStringLiteral(": ") + outcome.error));
            QCOMPARE(outcome.request.kind, kind);
            const auto shown =
                kind == QueryKind::SearchEntities ? outcome.entities.size() : outcome.rows.size();
            QVERIFY2(shown > 0, qPrintable(queryKindName(kind)));
            // The shown hit's score says what it is: a search's decided its place; a
            // primitive's is the node's stored importance.
            if (kind != QueryKind::SearchEntities) {
                QTRY_VERIFY(wb_->detail()->hasHit());
                const QString facts = wb_->detail()->provenanceText();
                const bool search = kind == QueryKind::Keyword || kind == QueryKind::Semantic;
                QVERIFY2(facts.contains(search                    ? u"<b>Score</b> "_s
                                        : kind == QueryKind::Walk ? u"<b>Walk score</b>"_s
                                                                  : u"<b>Importance</b>"_s),
                         qPrintable(facts));
            }
        }
        // search_entities double-click → query_topic of that entity.
        wb_->form()->setKind(QueryKind::SearchEntities);
        QVERIFY(runAndWait(QStringLiteral("launch")));
        const QString entity =
            QString::fromStdString(wb_->session()->outcome().entities.front().canonical_id);
        QSignalSpy finished(wb_->session(), &QuerySession::finished);
        wb_->runTopic(entity);
        QVERIFY(finished.wait(30000));
        QCOMPARE(wb_->session()->outcome().request.kind, QueryKind::QueryTopic);
        QCOMPARE(QString::fromStdString(wb_->session()->outcome().request.topic.entity_id), entity);
        QVERIFY(!wb_->session()->outcome().rows.empty());
    }

    void drillDownAndFetchLeavesFollowASummary() {
        wb_->form()->setKind(QueryKind::QuerySource);
        QVERIFY(runAndWait(QString()));
        const auto& rows = wb_->session()->outcome().rows;
        QVERIFY(!rows.empty());
        const RetrievalHit summary = rows.front().hit;
        QCOMPARE(summary.node_kind, NodeKind::Summary);

        QSignalSpy finished(wb_->session(), &QuerySession::finished);
        wb_->runDrillDown(QString::fromStdString(summary.node_id));
        QVERIFY(finished.wait(30000));
        QCOMPARE(wb_->session()->outcome().rows.size(), summary.child_ids.size());

        // Fetch leaves of a level-1 summary: the exact chunks, in child order.
        const RetrievalHit* l1 = nullptr;
        for (const auto& r : wb_->session()->outcome().rows)
            if (r.hit.level == 1)
                l1 = &r.hit;
        if (!l1 && summary.level == 1)
            l1 = &summary;
        QVERIFY(l1);
        QStringList ids;
        for (const auto& c : l1->child_ids)
            ids << QString::fromStdString(c);
        wb_->runFetchLeaves(ids);
        QVERIFY(finished.wait(30000));
        const auto& leaves = wb_->session()->outcome().rows;
        QCOMPARE(static_cast<int>(leaves.size()), std::min<int>(20, static_cast<int>(ids.size())));
        QCOMPARE(QString::fromStdString(leaves.front().hit.node_id), ids.front());
        QCOMPARE(leaves.front().hit.node_kind, NodeKind::Leaf);
    }

    // "Drill Down" is an action on a node; it does not become the mode of the query
    // box, so the next typed query runs in the mode shown there (keyword here).
    void aTypedQueryAfterADrillDownRunsTheShownMode() {
        wb_->form()->setKind(QueryKind::QuerySource);
        QVERIFY(runAndWait(QString()));
        QVERIFY(!wb_->session()->outcome().rows.empty());
        const QString summary =
            QString::fromStdString(wb_->session()->outcome().rows.front().hit.node_id);
        QComboBox* mode = wb_->page()->modeBox();
        mode->setCurrentIndex(mode->findData(static_cast<int>(QueryKind::Keyword)));
        QCOMPARE(wb_->form()->kind(), QueryKind::Keyword); // one mode, shown in both places

        QSignalSpy finished(wb_->session(), &QuerySession::finished);
        wb_->page()->setQueryText(QStringLiteral("launch budget"));
        wb_->runDrillDown(summary);
        QVERIFY(finished.wait(30000));
        QCOMPARE(wb_->session()->outcome().request.kind, QueryKind::DrillDown);
        // The answer says it is a drill-down of that node, not an answer to the typed text.
        QCOMPARE(wb_->page()->headerLabel()->text(),
                 QStringLiteral("drill_down of %1").arg(summary));
        QVERIFY(wb_->session()->outcome().request.text.empty());
        QCOMPARE(static_cast<QueryKind>(mode->currentData().toInt()), QueryKind::Keyword);

        QVERIFY(runAndWait(QStringLiteral("launch budget")));
        const QueryOutcome& typed = wb_->session()->outcome();
        QCOMPARE(typed.request.kind, QueryKind::Keyword);
        QVERIFY(typed.search.has_value());
        QCOMPARE(typed.search->settings.mode, SearchMode::Keyword);
        QCOMPARE(wb_->page()->headerLabel()->text(), QStringLiteral("keyword “launch budget”"));
        wb_->form()->setKind(QueryKind::Hybrid);
        QCOMPARE(static_cast<QueryKind>(mode->currentData().toInt()), QueryKind::Hybrid);
    }

    // The keys 0–3 grade the selected hit for the search shown; the grade is in the vault, shown
    // in the Grade column, read back when the same question runs again, and gone from a search
    // of another question.
    void aHitIsGradedWithAKeyAndKeepsItsGrade() {
        wb_->form()->setKind(QueryKind::Hybrid);
        QSignalSpy finished(wb_->session(), &QuerySession::finished);
        const auto ask = [&](const QString& text) {
            wb_->page()->setQueryText(text);
            wb_->page()->run();
            return finished.wait(30000);
        };
        QVERIFY(ask(QStringLiteral("launch budget decision")));
        QTreeView* view = wb_->page()->resultsView();
        QVERIFY(view->model()->rowCount() >= 2);
        view->setFocus();
        view->setCurrentIndex(view->model()->index(1, 0));
        const QString id = view->currentIndex().data(IdRole).toString();
        QSignalSpy graded(wb_->grades(), &GradeFlow::graded);
        QTest::keyClick(view, Qt::Key_3);
        QVERIFY(graded.wait(30000));
        ResultsModel* results = wb_->session()->results();
        QCOMPARE(results->gradeOf(id), 3);
        const QModelIndex cell = results->index(results->rowOf(id), ResultsModel::Grade);
        QVERIFY2(cell.data().toString().contains(QStringLiteral("answers it")),
                 qPrintable(cell.data().toString()));
        QVERIFY(cell.data(Qt::DecorationRole).canConvert<QColor>());
        // The MMR panel marks the same candidate, on its pick.
        MmrModel* mmr = wb_->session()->mmr();
        int mmrRow = -1;
        for (int r = 0; r < mmr->rowCount(); ++r)
            if (mmr->entryAt(r)->nodeId == id)
                mmrRow = r;
        QVERIFY(mmrRow >= 0);
        QCOMPARE(mmr->index(mmrRow, MmrModel::Step).data(GradeRole).toInt(), 3);
        QVERIFY(mmr->index(mmrRow, MmrModel::Step)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("Graded 3")));

        // Another question: no grade of the first one shows.
        QSignalSpy loaded(wb_->grades(), &GradeFlow::gradesLoaded);
        QVERIFY(ask(QStringLiteral("phoenix")));
        QVERIFY(loaded.wait(30000));
        QCOMPARE(results->gradeOf(id), -1);
        for (int r = 0; r < mmr->rowCount(); ++r)
            QVERIFY(!mmr->index(r, MmrModel::Step).data(GradeRole).isValid());
        // The first question again: its grade is read back from the vault.
        QVERIFY(ask(QStringLiteral("launch budget decision")));
        QVERIFY(loaded.wait(30000));
        QCOMPARE(results->gradeOf(id), 3);
        const std::string judged = test::offUiThread([dir = vaultDir_.toStdString()] {
            auto v = Vault::open(dir, true);
            if (!v)
                return v.status().to_string();
            auto js = judgments(**v);
            if (!js)
                return js.status().to_string();
            return js->size() == 1 ? js->front().node_id + " " + js->front().judge
                                   : std::to_string(js->size()) + " judgments";
        });
        QCOMPARE(QString::fromStdString(judged), id + QStringLiteral(" person"));
    }

    // Biography… in Hit Detail: the searches that returned the graded hit (this suite asked
    // "launch budget decision" three times at least) and the grade it received.
    void theBiographyShowsEverySearchThatReturnedAHit() {
        wb_->form()->setKind(QueryKind::Hybrid);
        QSignalSpy finished(wb_->session(), &QuerySession::finished);
        wb_->page()->setQueryText(QStringLiteral("launch budget decision"));
        wb_->page()->run();
        QVERIFY(finished.wait(30000));
        QTreeView* view = wb_->page()->resultsView();
        view->setCurrentIndex(view->model()->index(1, 0));
        const QString id = view->currentIndex().data(IdRole).toString();
        auto* button = wb_->detail()->findChild<QPushButton*>(QStringLiteral("biographyButton"));
        QVERIFY(button && button->isEnabled());
        QSignalSpy shown(wb_->biography(), &BiographyDialog::shown);
        button->click();
        QVERIFY(shown.wait(30000));
        QVERIFY(wb_->biography()->isVisible());
        QVERIFY2(wb_->biography()->summary()->text().startsWith(id.left(10)),
                 qPrintable(wb_->biography()->summary()->text()));
        QVERIFY(wb_->biography()->appearances()->topLevelItemCount() >= 2);
        QTreeWidget* rows = wb_->biography()->appearances();
        int asked = 0;
        for (int i = 0; i < rows->topLevelItemCount(); ++i)
            asked += rows->topLevelItem(i)->text(1) == QStringLiteral("launch budget decision");
        QVERIFY(asked >= 2);
        QCOMPARE(wb_->biography()->grades()->topLevelItemCount(), 1);
        QVERIFY(wb_->biography()->grades()->topLevelItem(0)->text(0).startsWith(u'3'));
        wb_->biography()->hide();
    }

    // Query › Metrics…: the one graded query is asked again; its graded hit is among the first
    // ten, so recall@10 is 1 and the interval of one query is that value.
    void metricsMeasureTheRankingOverTheGradedQueries() {
        QSignalSpy measured(wb_->metrics(), &MetricsDialog::measured);
        wb_->openMetrics();
        QVERIFY(measured.wait(30000));
        QVERIFY(wb_->metrics()->isVisible());
        QCOMPARE(wb_->metrics()->figures()->topLevelItemCount(), 4);
        QCOMPARE(wb_->metrics()->queries()->topLevelItemCount(), 1);
        QTreeWidgetItem* recall = wb_->metrics()->figures()->topLevelItem(1);
        QCOMPARE(recall->text(0), QStringLiteral("recall@10"));
        QCOMPARE(recall->text(1), QStringLiteral("1.000"));
        QCOMPARE(recall->text(2), QStringLiteral("1.000 to 1.000"));
        QCOMPARE(wb_->metrics()->queries()->topLevelItem(0)->text(5),
                 QStringLiteral("launch budget decision"));
        wb_->metrics()->hide();
    }

    // Query › Calibration…: the graded query's hits in the histogram; a threshold at the top
    // score leaves the one question with its relevant hit or with "no match", said in words;
    // saved, the vault holds it and the workbench asks every view to read the settings again;
    // turned off again, it is 0. A read-only vault refuses with a message box.
    void calibrationShowsWhatAThresholdKeepsAndSavesIt() {
        CalibrationDialog* c = wb_->calibration();
        QSignalSpy measured(c, &CalibrationDialog::measured);
        wb_->openCalibration();
        QVERIFY(measured.wait(30000));
        QVERIFY(c->isVisible());
        QVERIFY2(c->verdict()->text().contains(QStringLiteral("Without a threshold")),
                 qPrintable(c->verdict()->text()));
        QVERIFY(c->slider()->isEnabled());
        QVERIFY(!c->finalChart()->chart()->series().isEmpty());
        c->slider()->setValue(c->slider()->maximum());
        QVERIFY(c->threshold() > 0.0);
        QVERIFY2(c->verdict()->text().contains(QStringLiteral("no match")),
                 qPrintable(c->verdict()->text()));
        const double t = c->threshold();
        QSignalSpy saved(c, &CalibrationDialog::thresholdSaved);
        QSignalSpy reread(wb_, &QueryWorkbench::settingsSaved);
        QSignalSpy reopened(window_->vault(), &VaultController::opened);
        c->saveButton()->click();
        QVERIFY(saved.wait(30000));
        QCOMPARE(reread.count(), 1);
        const auto stored = [dir = vaultDir_.toStdString()] {
            return test::offUiThread([dir] {
                auto v = Vault::open(dir, true);
                return v ? load_retrieval_settings(**v).value().min_score : -1.0;
            });
        };
        QCOMPARE(stored(), t);
        // The main window reads the vault again (its settings changed).
        QTRY_COMPARE_WITH_TIMEOUT(reopened.count(), 1, 30000);
        QVERIFY(c->savedLabel()->text().contains(QStringLiteral("Saved")));
        QVERIFY(c->offButton()->isEnabled());
        c->offButton()->click();
        QVERIFY(saved.wait(30000));
        QCOMPARE(stored(), 0.0);
        QTRY_COMPARE_WITH_TIMEOUT(reopened.count(), 2, 30000);

        c->setVault({vaultDir_, true, 99});
        c->saveThreshold(0.01);
        auto* box = c->findChild<QMessageBox*>(QStringLiteral("calibrationMessage"));
        QVERIFY(box != nullptr);
        QVERIFY2(box->text().contains(QStringLiteral("read-only")), qPrintable(box->text()));
        box->close();
        QCOMPARE(stored(), 0.0);
        c->hide();
    }

    void aNewerQueryDropsTheOlderResult() {
        wb_->form()->setKind(QueryKind::Hybrid);
        QSignalSpy finished(wb_->session(), &QuerySession::finished);
        wb_->page()->setQueryText(QStringLiteral("first query about budgets"));
        wb_->page()->run();
        wb_->page()->setQueryText(QStringLiteral("second query about launches"));
        wb_->page()->run();
        QVERIFY(finished.wait(30000));
        QTest::qWait(300); // a late first result would arrive now; it must be dropped
        QCOMPARE(finished.count(), 1);
        QCOMPARE(QString::fromStdString(wb_->session()->outcome().request.text),
                 QStringLiteral("second query about launches"));
    }

    void entityChipRunsQueryTopic() {
        QVERIFY(runAndWait(QStringLiteral("launch decision")));
        HitDetailPanel* detail = wb_->detail();
        QTreeView* view = wb_->page()->resultsView();
        // Find a hit with entities and click its first chip.
        for (int i = 0; i < view->model()->rowCount(); ++i) {
            view->setCurrentIndex(view->model()->index(i, 0));
            if (!detail->chipIds().isEmpty())
                break;
        }
        QVERIFY(!detail->chipIds().isEmpty());
        const QString entity = detail->chipIds().first();
        QToolButton* chip = nullptr;
        const auto buttons = detail->findChildren<QToolButton*>();
        for (QToolButton* b : buttons)
            if (b->property("entityId").toString() == entity)
                chip = b;
        QVERIFY(chip);
        QSignalSpy finished(wb_->session(), &QuerySession::finished);
        QTest::mouseClick(chip, Qt::LeftButton);
        QVERIFY(finished.wait(30000));
        QCOMPARE(wb_->session()->outcome().request.kind, QueryKind::QueryTopic);
        QCOMPARE(QString::fromStdString(wb_->session()->outcome().request.topic.entity_id), entity);
    }

    void graphContextLinksOpenTheLinkedNode() {
        wb_->form()->setKind(QueryKind::Hybrid);
        int row = -1;
        std::string linked;
        for (const QString& q :
             {QStringLiteral("decision"), QStringLiteral("budget"),
              QStringLiteral("launch date moved"), QStringLiteral("revised plan")}) {
            QVERIFY(runAndWait(q));
            const auto& rows = wb_->session()->outcome().rows;
            for (std::size_t i = 0; i < rows.size() && row < 0; ++i) {
                const GraphContext& g = rows[i].hit.explanation->graph_context;
                for (const auto* list : {&g.superseded_by, &g.conflicts, &g.supported_by})
                    if (!list->empty() && row < 0) {
                        row = static_cast<int>(i);
                        linked = list->front();
                    }
            }
            if (row >= 0)
                break;
        }
        QVERIFY2(row >= 0, "no hit with graph context in the generated vault");
        QTreeView* view = wb_->page()->resultsView();
        const QModelIndex source = wb_->session()->results()->index(row, 0);
        view->setCurrentIndex(wb_->page()->resultsProxy()->mapFromSource(source));
        // The linked memories are named by their text once read off the GUI thread; the
        // link holds the id.
        QLabel* context = wb_->detail()->graphContextLabel();
        const QString href = QStringLiteral("memlens-node:") + QString::fromStdString(linked);
        QTRY_VERIFY_WITH_TIMEOUT(context->text().contains(href.toHtmlEscaped()), 10000);
        QVERIFY(context->isVisible());
        Q_EMIT context->linkActivated(href);
        QTRY_COMPARE_WITH_TIMEOUT(QString::fromStdString(wb_->detail()->hit().node_id),
                                  QString::fromStdString(linked), 10000);
    }

    // An older version the supersession penalty kept out is named where it decided: in the
    // status line, in the verdict of the hit it would have beaten, as a greyed row after the
    // hits on request, and in Hit Detail, both ways, by the memories' text rather than ids.
    void anOlderVersionKeptOutIsNamedAndReachableFromTheList() {
        wb_->form()->setKind(QueryKind::Hybrid);
        QString asked;
        for (const QString& q :
             {QStringLiteral("who decided the rollout"), QStringLiteral("rollout owner"),
              QStringLiteral("who decided the budget"), QStringLiteral("launch date moved"),
              QStringLiteral("decision changed"), QStringLiteral("revised plan")}) {
            QVERIFY(runAndWait(q));
            const auto& out = wb_->session()->outcome();
            if (out.search && !out.search->superseded_out.empty()) {
                asked = q;
                break;
            }
        }
        QVERIFY2(!asked.isEmpty(), "no query of the generated vault kept an older version out");
        const QueryOutcome& outcome = wb_->session()->outcome();
        const int hits = static_cast<int>(outcome.rows.size());
        const int older = static_cast<int>(outcome.supersededOut.size());
        QCOMPARE(older, static_cast<int>(outcome.search->superseded_out.size()));
        const std::string olderId = outcome.supersededOut.front().hit.node_id;
        const std::string newerId =
            outcome.supersededOut.front().hit.explanation->graph_context.superseded_by.front();

        QVERIFY2(wb_->page()->infoLabel()->text().contains(u"kept out of the hits"_s),
                 qPrintable(wb_->page()->infoLabel()->text()));
        bool named = false;
        for (const HitRow& r : outcome.rows)
            named = named ||
                    r.hit.explanation->verdict.find("superseded by newer") != std::string::npos ||
                    r.hit.explanation->verdict.find("superseded by a newer") != std::string::npos;
        QVERIFY2(named, "no hit's verdict names the older version it passed");

        // Hidden until asked for; then greyed after the hits, its verdict in the tooltip.
        QCheckBox* toggle = wb_->page()->olderToggle();
        QVERIFY(toggle->isVisibleTo(wb_->page()));
        QVERIFY2(toggle->text().contains(QString::number(older)), qPrintable(toggle->text()));
        ResultsModel* model = wb_->session()->results();
        QCOMPARE(model->rowCount(), hits);
        QCOMPARE(model->rowOf(QString::fromStdString(olderId)), -1);
        toggle->click();
        QCOMPARE(model->rowCount(), hits + older);
        ResultsProxy* proxy = wb_->page()->resultsProxy();
        const QModelIndex first = proxy->index(hits, ResultsModel::Snippet);
        QCOMPARE(first.data(IdRole).toString(), QString::fromStdString(olderId));
        QVERIFY2(first.data().toString().startsWith(u"older version"_s),
                 qPrintable(first.data().toString()));
        QCOMPARE(first.data(Qt::ForegroundRole).value<QBrush>().color(),
                 QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text));
        QVERIFY2(
            proxy->index(hits, ResultsModel::Score)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(u"kept out as an older version"_s),
            qPrintable(proxy->index(hits, ResultsModel::Score).data(Qt::ToolTipRole).toString()));
        for (int i = 0; i < hits; ++i)
            QVERIFY(!proxy->index(i, 0).data(Qt::ForegroundRole).isValid());

        // Selecting it shows what it is and the memory that superseded it, by its text.
        QVERIFY(clickRow(model->rowOf(QString::fromStdString(olderId)), Qt::NoModifier));
        QTRY_COMPARE_WITH_TIMEOUT(wb_->detail()->hit().node_id, olderId, 10000);
        QLabel* context = wb_->detail()->graphContextLabel();
        const QString newerHref =
            QString(u"memlens-node:"_s + QString::fromStdString(newerId)).toHtmlEscaped();
        QTRY_VERIFY_WITH_TIMEOUT(context->text().contains(newerHref), 10000);
        const QString shown = QTextDocumentFragment::fromHtml(context->text()).toPlainText();
        QVERIFY2(shown.contains(u"An older version, not returned"_s), qPrintable(shown));
        // The hit's own id is no text to read: a tooltip and a copy action.
        for (QLabel* label : wb_->detail()->findChildren<QLabel*>())
            QVERIFY2(!label->isVisible() ||
                         !label->text().contains(QString::fromStdString(olderId)),
                     qPrintable(label->text()));
        wb_->detail()->copyIdButton()->click();
        QCOMPARE(QGuiApplication::clipboard()->text(), QString::fromStdString(olderId));
        QVERIFY2(shown.contains(u"Superseded by “"_s), qPrintable(shown));
        QVERIFY2(!shown.contains(QString::fromStdString(newerId)), qPrintable(shown));

        // The newer memory names the older one it supersedes, the same way.
        wb_->showNode(QString::fromStdString(newerId));
        QTRY_COMPARE_WITH_TIMEOUT(wb_->detail()->hit().node_id, newerId, 10000);
        const QString olderHref =
            QString(u"memlens-node:"_s + QString::fromStdString(olderId)).toHtmlEscaped();
        QTRY_VERIFY_WITH_TIMEOUT(context->text().contains(olderHref), 10000);
        QVERIFY(QTextDocumentFragment::fromHtml(context->text())
                    .toPlainText()
                    .contains(u"Supersedes “"_s));

        // And out of the list again.
        toggle->click();
        QCOMPARE(model->rowCount(), hits);
        QVERIFY(toggle->isVisibleTo(wb_->page()));
    }

    void markdownNeverFetchesRemoteResources() {
        RetrievalHit hit;
        hit.node_id = "c1";
        hit.content = "# Title\n\n![tracker](https://example.com/pixel.png) and "
                      "<img src=\"http://example.com/a.png\"> [link](https://example.com)";
        wb_->detail()->markdownToggle()->setChecked(true);
        wb_->detail()->showHit(hit);
        QApplication::processEvents();
        QVERIFY(wb_->detail()->contentView()->refusedResources() >= 1);
        QVERIFY(wb_->detail()->contentView()->toPlainText().contains(QStringLiteral("Title")));
        wb_->detail()->markdownToggle()->setChecked(false);
        QVERIFY(wb_->detail()->contentView()->toPlainText().contains(QStringLiteral("# Title")));
    }

    void mmrLambdaOverrideReachesTheEngine() {
        wb_->form()->setKind(QueryKind::Hybrid);
        wb_->form()->mmrLambdaBox()->setValue(1.0);
        QVERIFY(runAndWait(QStringLiteral("launch budget")));
        const QueryOutcome& outcome = wb_->session()->outcome();
        QVERIFY(outcome.search.has_value());
        QCOMPARE(outcome.search->mmr_lambda, 1.0);
        // λ = 1 is pure relevance: MMR keeps the fused order.
        for (const HitRow& row : outcome.rows)
            QCOMPARE(row.hit.explanation->mmr.step + 1, row.hit.explanation->fused_rank);
        wb_->form()->mmrLambdaBox()->setValue(wb_->form()->mmrLambdaBox()->minimum());
    }

    // The MMR panel states λ and the redundancy floor, and every row, picked or left out,
    // follows the formula it states with the numbers it shows: a left-out row at the last step,
    // which it lost to the last pick; "too similar" only when the redundancy decided.
    void mmrRowsFollowTheStatedFormula() {
        // Every positive cosine counts, so MMR has something to decide: set on screen, in the
        // Query Parameters' settings, which the next query runs with.
        SettingsPanel* panel = wb_->form()->settingsPanel();
        QVERIFY(panel->setValue("search.mmr_redundancy_floor", u"0"_s));
        wb_->form()->mmrLambdaBox()->setValue(0.5);
        QVERIFY(runAndWait(u"phoenix budget review"_s));
        const MmrModel* mmr = wb_->session()->mmr();
        QCOMPARE(mmr->lambda(), 0.5);
        QCOMPARE(mmr->redundancyFloor(), 0.0);
        const QString summary = wb_->mmr()->summaryText();
        QVERIFY2(summary.contains(u"λ = 0.50"_s) && summary.contains(u"floor 0.00"_s),
                 qPrintable(summary));
        double lastPickScore = 0.0;
        int lastStep = -1;
        for (int i = 0; i < mmr->rowCount(); ++i) {
            const auto* e = mmr->entryAt(i);
            if (e->picked && e->step > lastStep) {
                lastStep = e->step;
                lastPickScore = e->mmrScore;
            }
        }
        QVERIFY(lastStep >= 0);
        int leftOut = 0;
        for (int i = 0; i < mmr->rowCount(); ++i) {
            const auto* e = mmr->entryAt(i);
            const QString why =
                mmr->data(mmr->index(i, MmrModel::Outcome), Qt::DisplayRole).toString();
            QCOMPARE(e->mmrScore, 0.5 * e->relevance - 0.5 * e->maxSimilarity);
            if (e->picked)
                continue;
            ++leftOut;
            QCOMPARE(e->lostToScore, lastPickScore);
            QCOMPARE(e->lostToStep, lastStep);
            QVERIFY2(e->mmrScore <= e->lostToScore, qPrintable(why));
            QVERIFY(e->penalizedByStep < lastStep);
            const bool redundancyDecided =
                e->maxSimilarity > 0.0 && 0.5 * e->relevance > e->lostToScore;
            QCOMPARE(e->excludedBy == Exclusion::Mmr, redundancyDecided);
            QVERIFY2(why.startsWith(redundancyDecided ? u"not kept: too similar to pick"_s
                                                      : u"below the limit"_s),
                     qPrintable(why));
        }
        QVERIFY(leftOut > 0);
        // Selecting a left-out row shows its own explanation: the verdict of what left it out,
        // never the "primitives carry no hybrid explanation" of a bare node lookup.
        QTreeView* view = wb_->mmr()->view();
        bool shownLeftOut = false;
        for (int r = 0; r < view->model()->rowCount() && !shownLeftOut; ++r) {
            const QModelIndex index = view->model()->index(r, 0);
            const QString id = index.data(IdRole).toString();
            for (int i = 0; i < mmr->rowCount(); ++i) {
                if (mmr->entryAt(i)->nodeId != id || mmr->entryAt(i)->picked)
                    continue;
                view->setCurrentIndex(index);
                const QString heading = wb_->breakdown()->headingText();
                QVERIFY2(heading.startsWith(u"not returned"_s), qPrintable(heading));
                QCOMPARE(qs(wb_->detail()->hit().node_id), id);
                shownLeftOut = true;
                break;
            }
        }
        QVERIFY(shownLeftOut);
        panel->clearValue("search.mmr_redundancy_floor");
        wb_->form()->mmrLambdaBox()->setValue(wb_->form()->mmrLambdaBox()->minimum());
    }

    // The MMR panel's rows are the fused candidates; "Why Not Returned?" on one
    // left out names the stage the panel shows for it, a pick says it was returned, and
    // Query › Why Not… takes a pasted id.
    void whyNotFromTheMmrRowsAndTheQueryMenu() {
        SettingsPanel* panel = wb_->form()->settingsPanel();
        QVERIFY(panel->setValue("search.mmr_redundancy_floor", u"0"_s));
        wb_->form()->setKind(QueryKind::Hybrid);
        QVERIFY(runAndWait(u"phoenix budget review"_s));
        QTreeView* view = wb_->mmr()->view();
        auto actionAt = [view](int row) -> QAction* {
            const QModelIndex index = view->model()->index(row, 0);
            view->scrollTo(index);
            QApplication::processEvents();
            Q_EMIT view->customContextMenuRequested(view->visualRect(index).center());
            auto* menu = view->findChild<QMenu*>(u"whyNotMenu"_s);
            return menu ? menu->findChild<QAction*>(u"whyNotAction"_s) : nullptr;
        };
        auto closeMenus = [view] {
            const auto menus = view->findChildren<QMenu*>(u"whyNotMenu"_s);
            for (QMenu* menu : menus)
                delete menu; // a closed one goes only with the event loop's deferred deletes
            QApplication::processEvents();
        };
        const MmrModel* mmr = wb_->session()->mmr();
        int picked = -1;
        int leftOut = -1;
        for (int i = 0; i < view->model()->rowCount(); ++i) {
            const QString id = view->model()->index(i, 0).data(IdRole).toString();
            for (int r = 0; r < mmr->rowCount(); ++r) {
                const auto* e = mmr->entryAt(r);
                if (e->nodeId != id)
                    continue;
                if (e->picked && picked < 0)
                    picked = i;
                if (!e->picked && leftOut < 0)
                    leftOut = i;
            }
        }
        QVERIFY(picked >= 0 && leftOut >= 0);
        QAction* returned = actionAt(picked);
        QVERIFY(returned && returned->isEnabled());
        QVERIFY2(returned->text().startsWith(u"Returned as Hit #"_s), qPrintable(returned->text()));
        closeMenus();

        const QString id = view->model()->index(leftOut, 0).data(IdRole).toString();
        const MmrModel::Entry* entry = nullptr;
        for (int r = 0; r < mmr->rowCount(); ++r)
            if (mmr->entryAt(r)->nodeId == id)
                entry = mmr->entryAt(r);
        QVERIFY(entry != nullptr);
        WhyNotDialog* dialog = wb_->whyNot();
        QSignalSpy answered(dialog, &WhyNotDialog::answered);
        QAction* ask = actionAt(leftOut);
        QVERIFY(ask && ask->isEnabled());
        ask->trigger();
        closeMenus();
        QVERIFY(answered.count() > 0 || answered.wait(30000));
        QVERIFY2(dialog->outcome().has_value(), qPrintable(dialog->verdictText()));
        const QString stage = dialog->stageText();
        const QString expected = entry->excludedBy == Exclusion::Limit ? u"fused_rank"_s
                                 : entry->excludedBy == Exclusion::Mmr ? u"mmr"_s
                                                                       : u"budget"_s;
        QCOMPARE(stage, expected);
        QVERIFY(!dialog->verdictText().isEmpty());
        QVERIFY(dialog->factsTable()->rowCount() > 0);
        dialog->close();

        // Query › Why Not…: the dialog opens on its id box; a pasted id is asked with Ask.
        auto* menuAction = window_->findChild<QAction*>(u"whyNotMenuAction"_s);
        QVERIFY(menuAction && menuAction->isEnabled());
        menuAction->trigger();
        QVERIFY(dialog->isVisible());
        dialog->nodeEdit()->setText(u"  "_s + id + u"  "_s);
        answered.clear();
        dialog->askButton()->click();
        QVERIFY(answered.wait(30000));
        QCOMPARE(dialog->stageText(), expected);
        QCOMPARE(dialog->outcome()->nodeId, id);
        // An id no node has is an answer too, in words.
        dialog->nodeEdit()->setText(u"chunk:does-not-exist"_s);
        dialog->askButton()->click();
        QVERIFY(answered.wait(30000));
        QVERIFY2(dialog->outcome().has_value(), qPrintable(dialog->verdictText()));
        QCOMPARE(dialog->stageText(), u"unknown_node"_s);
        QVERIFY(dialog->verdictText().contains(u"chunk:does-not-exist"_s));
        dialog->close();
        panel->clearValue("search.mmr_redundancy_floor");
    }

    // Why Not takes a memory as people know it: its source reference (the message id a chat
    // import keeps), or some of its words with a picker; the answer names the node by its
    // reference, author and date, never only by its hex id.
    void whyNotTakesASourceReferenceAndWordsWithAPicker() {
        wb_->form()->setKind(QueryKind::Hybrid);
        QVERIFY(runAndWait(u"phoenix budget review"_s));
        const QueryOutcome& outcome = wb_->session()->outcome();
        const RetrievalHit* target = nullptr;
        for (const HitRow& r : outcome.pushedOut)
            if (r.hit.node_kind == NodeKind::Leaf && r.hit.source_ref && !target)
                target = &r.hit;
        QVERIFY2(target, "no left-out chunk with a source reference");
        const QString id = QString::fromStdString(target->node_id);
        const QString ref = QString::fromStdString(*target->source_ref);
        QVERIFY(ref != id);

        WhyNotDialog* dialog = wb_->whyNot();
        QSignalSpy answered(dialog, &WhyNotDialog::answered);
        dialog->prepare(QString());
        dialog->nodeEdit()->setText(ref);
        dialog->askButton()->click();
        QVERIFY(answered.wait(30000));
        QVERIFY2(dialog->outcome() && dialog->outcome()->answer, qPrintable(dialog->verdictText()));
        QCOMPARE(dialog->outcome()->nodeId, id);
        QVERIFY(dialog->stageText() != u"unknown_node"_s);
        QVERIFY(dialog->outcome()->node.has_value());
        const QString label = formatNodeLabel(*dialog->outcome()->node);
        QVERIFY2(label.startsWith(u"turn "_s + ref), qPrintable(label));
        QVERIFY2(!label.contains(id), qPrintable(label));

        // Words of its text: the memories holding them to pick from; picking one asks.
        QStringList words;
        for (const QString& w : QString::fromStdString(target->content)
                                    .split(QRegularExpression(u"\\W+"_s), Qt::SkipEmptyParts))
            if (w.size() > 4 && words.size() < 3 && !words.contains(w))
                words << w;
        QVERIFY2(words.size() == 3, qPrintable(words.join(u' ')));
        answered.clear();
        dialog->nodeEdit()->setText(words.join(u' '));
        dialog->askButton()->click();
        QVERIFY(answered.wait(30000));
        QListWidget* picker = dialog->picker();
        QVERIFY(picker->isVisibleTo(dialog));
        QVERIFY2(dialog->verdictText().contains(u"hold its words"_s),
                 qPrintable(dialog->verdictText()));
        int row = -1;
        for (int i = 0; i < picker->count(); ++i)
            if (picker->item(i)->toolTip() == id)
                row = i;
        QVERIFY2(row >= 0, "the memory whose words were typed is not among the choices");
        QVERIFY(!picker->item(row)->text().contains(id));
        answered.clear();
        Q_EMIT picker->itemActivated(picker->item(row));
        QVERIFY(answered.wait(30000));
        QVERIFY(dialog->outcome() && dialog->outcome()->answer);
        QCOMPARE(dialog->outcome()->nodeId, id);
        QVERIFY(!picker->isVisibleTo(dialog));
        dialog->close();

        // Query › Go to Memory… takes the same names and shows the memory in Hit Detail.
        auto* go = window_->findChild<QAction*>(u"goToNodeAction"_s);
        QVERIFY(go && go->isEnabled());
        go->trigger();
        auto* ask = window_->findChild<QInputDialog*>(u"goToNodeDialog"_s);
        QVERIFY(ask != nullptr);
        ask->setTextValue(ref);
        ask->accept();
        QTRY_COMPARE_WITH_TIMEOUT(QString::fromStdString(wb_->detail()->hit().node_id), id, 10000);
    }

    void theWorkbenchAnalysesAQueryOnce() {
        wb_->form()->setKind(QueryKind::Hybrid);
        const std::uint64_t before = memlens::query_analysis_count();
        QVERIFY(runAndWait(QStringLiteral("how many launch decisions were made")));
        QCOMPARE(memlens::query_analysis_count(), before + 1);
        const QueryOutcome& outcome = wb_->session()->outcome();
        QVERIFY(outcome.context.has_value());
        QCOMPARE(outcome.context->intent, QueryIntent::Count);
        QCOMPARE(QString::fromStdString(outcome.context->raw_text),
                 QStringLiteral("how many launch decisions were made"));
        QVERIFY(wb_->page()->infoLabel()->text().contains(QStringLiteral("intent count")));
        // Primitives take the text as it is: no analysis.
        wb_->form()->setKind(QueryKind::QuerySource);
        QVERIFY(runAndWait(QStringLiteral("how many launches")));
        QCOMPARE(memlens::query_analysis_count(), before + 1);
    }

    // The core checks a request; a refused one says why where the hits would be.
    void aRefusedRequestSaysWhyInsteadOfAnEmptyList() {
        wb_->form()->setKind(QueryKind::Hybrid);
        QVERIFY(runAndWait(QStringLiteral("launch budget")));
        QVERIFY(wb_->detail()->hasHit()); // the first hit, shown
        wb_->form()->scopeSinceEdit()->setValue(1'720'000'000'000);
        wb_->form()->scopeUntilEdit()->setValue(1'710'000'000'000);
        QVERIFY(runAndWait(QStringLiteral("launch budget")));
        const QueryOutcome& outcome = wb_->session()->outcome();
        QVERIFY(!outcome.search.has_value());
        QVERIFY2(outcome.error.contains(QStringLiteral("before it starts")),
                 qPrintable(outcome.error));
        auto* refused = wb_->page()->findChild<QLabel*>(QStringLiteral("queryRefused"));
        QVERIFY(refused != nullptr);
        QWidget* page = wb_->page();
        QVERIFY(refused->isVisibleTo(page));
        QVERIFY(!wb_->page()->resultsView()->isVisibleTo(page));
        QVERIFY(refused->text().contains(outcome.error));
        // No hit of the earlier query stays in the docks.
        QVERIFY(!wb_->detail()->hasHit());
        QVERIFY(wb_->breakdown()->equationText().isEmpty());
        QVERIFY2(wb_->breakdown()->headingText().startsWith(u"Select a hit"_s),
                 qPrintable(wb_->breakdown()->headingText()));
        // Fixing the window brings the list back.
        wb_->form()->scopeSinceEdit()->setValue(std::nullopt);
        wb_->form()->scopeUntilEdit()->setValue(std::nullopt);
        QVERIFY(runAndWait(QStringLiteral("launch budget")));
        QVERIFY(wb_->session()->outcome().error.isEmpty());
        QVERIFY(wb_->page()->resultsView()->isVisibleTo(page));
        QVERIFY(!refused->isVisibleTo(page));
    }

    // The form lists what the core names (profiles, fusion kinds, source kinds), in its order.
    void theFormsChoicesAreTheCores() {
        auto dataOf = [](const QComboBox* combo) {
            std::vector<std::string> out;
            for (int i = 0; i < combo->count(); ++i)
                if (const QString d = combo->itemData(i).toString(); !d.isEmpty())
                    out.push_back(d.toStdString());
            return out;
        };
        std::vector<std::string> fusions;
        for (const FusionKind f : kFusionKinds)
            fusions.emplace_back(to_string(f));
        const std::vector<std::string> profiles = WeightProfile::names({});
        bool sawProfiles = false;
        bool sawFusions = false;
        const auto combos = wb_->form()->findChildren<QComboBox*>();
        for (const QComboBox* combo : combos) {
            sawProfiles = sawProfiles || dataOf(combo) == profiles;
            sawFusions = sawFusions || dataOf(combo) == fusions;
        }
        QVERIFY(sawProfiles);
        QVERIFY(sawFusions);
        std::vector<std::string> kinds;
        const auto boxes = wb_->form()->findChildren<QCheckBox*>();
        for (QCheckBox* box : boxes)
            for (const std::string_view kind : kSourceKinds)
                if (box->text().toStdString() == kind) {
                    box->setChecked(true);
                    kinds.emplace_back(kind);
                }
        QCOMPARE(kinds.size(), kSourceKinds.size());
        const std::vector<std::string> asked =
            wb_->form()->request(QStringLiteral("x")).search.scope.source_kinds;
        QCOMPARE(asked, std::vector<std::string>(kSourceKinds.begin(), kSourceKinds.end()));
        for (QCheckBox* box : boxes)
            if (std::find(kinds.begin(), kinds.end(), box->text().toStdString()) != kinds.end())
                box->setChecked(false);
    }

    // No keyword match is an answer, said in the status line; a query without
    // searchable terms shows the core's reason (as a refusal, or as the keyword leg's reason).
    void noKeywordMatchIsSaidInTheStatusLine() {
        wb_->form()->setKind(QueryKind::Hybrid);
        QVERIFY(runAndWait(QStringLiteral("zzqxv qqzzxv")));
        const QueryOutcome& outcome = wb_->session()->outcome();
        QVERIFY(outcome.search.has_value());
        QVERIFY(outcome.search->keyword.ran);
        QCOMPARE(outcome.search->keyword.count, std::size_t{0});
        const QString info = wb_->page()->infoLabel()->text();
        QVERIFY2(info.contains(QStringLiteral("the keyword leg matched nothing")),
                 qPrintable(info));
        // Said before the legs' own report.
        QVERIFY2(info.indexOf(QStringLiteral("matched nothing")) <
                     info.indexOf(QStringLiteral("keyword leg 0")),
                 qPrintable(info));
        // Made-up words: no match, said where the hits would be, with the words it lacks,
        // not a page of the nearest noise.
        QVERIFY(outcome.search->no_match.has_value());
        QVERIFY(outcome.rows.empty());
        auto* noMatch = wb_->page()->findChild<QLabel*>(QStringLiteral("queryRefused"));
        QVERIFY(noMatch && noMatch->isVisibleTo(wb_->page()));
        QVERIFY2(noMatch->text().startsWith(u"No match."_s) &&
                     noMatch->text().contains(u"None of the words zzqxv, qqzzxv occurs in this "
                                              "vault."_s),
                 qPrintable(noMatch->text()));

        QVERIFY(runAndWait(QStringLiteral("OR AND")));
        const QueryOutcome& blank = wb_->session()->outcome();
        if (blank.search) {
            QVERIFY(!blank.search->keyword.ran);
            const QString reason = QString::fromStdString(blank.search->keyword.skipped_reason);
            QVERIFY(!reason.isEmpty());
            QVERIFY2(wb_->page()->infoLabel()->text().contains(
                         QStringLiteral("no keyword search: ") + reason),
                     qPrintable(wb_->page()->infoLabel()->text()));
        } else {
            auto* refused = wb_->page()->findChild<QLabel*>(QStringLiteral("queryRefused"));
            QVERIFY(refused && !blank.error.isEmpty());
            QVERIFY(refused->isVisibleTo(wb_->page()));
            QVERIFY(refused->text().contains(blank.error));
        }
    }

    // The panel lists every retrieval setting with the value a query uses (the vault's
    // until one is typed), marks what differs from the vault, sends it with the query and saves it.
    void theSettingsPanelShowsChangesAndSavesEveryRetrievalSetting() {
        SettingsPanel* panel = wb_->form()->settingsPanel();
        panel->revert();
        const std::string dir = vaultDir_.toStdString();
        auto stored = [dir] {
            return test::offUiThread([dir] {
                auto vault = Vault::open(dir, true);
                return to_settings_map(load_retrieval_settings(**vault).value());
            });
        };
        const auto before = stored();
        // One row per key but the mode (the query box's), each with the vault's value.
        QTreeWidget* table = panel->table();
        QCOMPARE(table->topLevelItemCount(), static_cast<int>(before.size()) - 1);
        int rows = 0;
        for (const auto& [key, value] : before) {
            if (key == "search.mode")
                continue;
            QCOMPARE(panel->value(key).toStdString(), value);
            ++rows;
        }
        QCOMPARE(rows, table->topLevelItemCount());
        QCOMPARE(panel->value("search.mmr_redundancy_floor"), QStringLiteral("0.7"));
        QVERIFY(panel->changedKeys().empty());
        QVERIFY(!panel->saveButton()->isEnabled());

        // A value the core refuses is not taken, and says why.
        QVERIFY(!panel->setValue("search.rrf_k", QStringLiteral("abc")));
        QVERIFY(panel->errorLabel()->text().contains(QStringLiteral("search.rrf_k")));
        QCOMPARE(panel->value("search.rrf_k"), QString::fromStdString(before.at("search.rrf_k")));

        // The Fusion controls are views of their rows; changed rows are marked.
        wb_->form()->mmrLambdaBox()->setValue(0.5);
        QCOMPARE(panel->value("search.mmr_lambda"), QStringLiteral("0.5"));
        QVERIFY(panel->setValue("search.rrf_k", QStringLiteral("20")));
        QVERIFY(panel->setValue("search.mmr_redundancy_floor", QStringLiteral("0.2")));
        QCOMPARE(panel->changedKeys(),
                 (std::vector<std::string>{"search.mmr_lambda", "search.mmr_redundancy_floor",
                                           "search.rrf_k"}));
        for (int i = 0; i < table->topLevelItemCount(); ++i) {
            QTreeWidgetItem* item = table->topLevelItem(i);
            const bool marked = item->font(SettingsPanel::Value).bold();
            const QString key = item->text(SettingsPanel::Key);
            const bool changed = key == QStringLiteral("mmr_lambda") ||
                                 key == QStringLiteral("rrf_k") ||
                                 key == QStringLiteral("mmr_redundancy_floor");
            QCOMPARE(marked, changed);
            if (key == QStringLiteral("rrf_k"))
                QCOMPARE(item->text(SettingsPanel::Stored), QStringLiteral("60"));
        }

        // The values travel with the query.
        wb_->form()->setKind(QueryKind::Hybrid);
        QVERIFY(runAndWait(QStringLiteral("launch budget")));
        const QueryOutcome& outcome = wb_->session()->outcome();
        QVERIFY(outcome.search.has_value());
        QCOMPARE(outcome.search->settings.rrf_k, 20);
        QCOMPARE(outcome.search->settings.mmr_redundancy_floor, 0.2);
        QCOMPARE(outcome.search->mmr_lambda, 0.5);

        // Saved, the vault holds them and nothing is marked any more.
        QSignalSpy saved(panel, &SettingsPanel::saved);
        QVERIFY(panel->saveButton()->isEnabled());
        QTest::mouseClick(panel->saveButton(), Qt::LeftButton);
        QVERIFY(saved.wait(10000));
        auto after = stored();
        QCOMPARE(after.at("search.rrf_k"), std::string("20"));
        QCOMPARE(after.at("search.mmr_lambda"), std::string("0.5"));
        QCOMPARE(after.at("search.mmr_redundancy_floor"), std::string("0.2"));
        QVERIFY(panel->changedKeys().empty());
        QCOMPARE(wb_->form()->mmrLambdaBox()->value(), wb_->form()->mmrLambdaBox()->minimum());
        QVERIFY(wb_->form()->mmrLambdaBox()->specialValueText().contains(QStringLiteral("0.5")));

        // Back to what it was, through the same path.
        for (const char* key : {"search.rrf_k", "search.mmr_lambda", "search.mmr_redundancy_floor"})
            QVERIFY(panel->setValue(key, QString::fromStdString(before.at(key))));
        QTest::mouseClick(panel->saveButton(), Qt::LeftButton);
        QVERIFY(saved.wait(10000));
        after = stored();
        QCOMPARE(after, before);
    }

    // Ctrl-clicking a second result compares the two in place of the breakdown;
    // each side's legs are its Explanation's, and the line on top names the leg that decided:
    // here a pair the keyword leg ordered against the vector leg.
    void twoSelectedHitsAreComparedAndTheKeywordLegDecides() {
        useDefaultMmr();
        QVERIFY(runAndWait(u"launch budget decision"_s));
        const auto& rows = wb_->session()->results()->rows();
        // A pair whose fused order stands (no MMR reversal) with the keyword leg for the upper
        // hit and the vector leg for the lower one.
        const auto [up, low] = pairWhere([](const Explanation& a, const Explanation& b) {
            return a.fused_rank < b.fused_rank && a.vector.rank && b.vector.rank &&
                   a.keyword.rank && b.keyword.rank && a.keyword.rrf_term > b.keyword.rrf_term &&
                   a.vector.rrf_term < b.vector.rrf_term && a.final_score > b.final_score;
        });
        QVERIFY2(up >= 0, "no pair the legs ranked the opposite ways");
        QVERIFY(clickRow(up, Qt::NoModifier));
        QVERIFY(!wb_->breakdown()->comparing());
        QVERIFY(clickRow(low, Qt::ControlModifier));
        QCOMPARE(wb_->page()->selectedRows(), (QList<int>{up, low}));
        QVERIFY(wb_->breakdown()->comparing());
        const ComparePanel* c = wb_->breakdown()->comparison();
        const Explanation& a = *rows[std::size_t(up)].hit.explanation;
        const Explanation& b = *rows[std::size_t(low)].hit.explanation;
        for (int side = 0; side < 2; ++side) {
            const Explanation& x = side == 0 ? a : b;
            const auto rank = [](const LegExplanation& l) {
                return l.rank ? QString::number(*l.rank) + u" ("_s : u"—"_s;
            };
            QVERIFY(c->value(u"keyword rank"_s, side).startsWith(rank(x.keyword)));
            QVERIFY(c->value(u"vector rank"_s, side).startsWith(rank(x.vector)));
            if (x.vector.rank)
                QVERIFY(c->value(u"vector rank"_s, side)
                            .contains(u"similarity %1"_s.arg(formatScore(x.vector.raw_score))));
            // The two sides' numbers are printed with the digits that tell them apart.
            QCOMPARE(c->value(u"keyword term"_s, side),
                     apart(a.keyword.rrf_term, b.keyword.rrf_term)[side]);
            QCOMPARE(c->value(u"vector term"_s, side),
                     apart(a.vector.rrf_term, b.vector.rrf_term)[side]);
            QCOMPARE(c->value(u"RRF sum"_s, side), apart(a.rrf_score, b.rrf_score)[side]);
            QCOMPARE(c->value(u"final score"_s, side), apart(a.final_score, b.final_score)[side]);
            QVERIFY(c->value(u"keyword term"_s, 0) != c->value(u"keyword term"_s, 1));
            // Under RRF the WeightProfile signals decide nothing and are not shown.
            QVERIFY(!c->rowLabels().contains(u"graph"_s));
            for (const TermEvidence& t : x.keyword.terms)
                if (t.matched)
                    QVERIFY2(c->value(u"matched terms"_s, side)
                                 .contains(ScoreBreakdownPanel::columnName(qs(t.column))),
                             qPrintable(c->value(u"matched terms"_s, side)));
        }
        const double dk = a.keyword.rrf_term - b.keyword.rrf_term;
        const double dv = a.vector.rrf_term - b.vector.rrf_term;
        const QString line = c->decisionText();
        const QString U = u"#%1"_s.arg(up + 1), L = u"#%1"_s.arg(low + 1);
        if (dk >= dv) {
            QCOMPARE(c->cause(), std::optional(OrderCause::KeywordLeg));
            QVERIFY2(line.startsWith(u"%1 is above %2 because of the keyword leg: keyword rank %3 "
                                     "against %4 (RRF term %5 vs %6); the vector leg ranked %2 "
                                     "higher but by less: vector rank %7 against %8 (RRF term "
                                     "%9 vs %10)"_s.arg(U, L)
                                         .arg(*a.keyword.rank)
                                         .arg(*b.keyword.rank)
                                         .arg(apart(a.keyword.rrf_term, b.keyword.rrf_term)[0],
                                              apart(a.keyword.rrf_term, b.keyword.rrf_term)[1])
                                         .arg(*a.vector.rank)
                                         .arg(*b.vector.rank)
                                         .arg(apart(a.vector.rrf_term, b.vector.rrf_term)[0],
                                              apart(a.vector.rrf_term, b.vector.rrf_term)[1])),
                     qPrintable(line));
            QVERIFY(c->decisiveRows().contains(u"keyword term"_s));
        } else {
            QCOMPARE(c->cause(), std::optional(OrderCause::VectorLeg));
            QVERIFY2(line.contains(u"the keyword leg ranked %1 higher but by less"_s.arg(U)),
                     qPrintable(line));
        }
        QVERIFY(line.contains(u"RRF %1 vs %2"_s.arg(apart(a.rrf_score, b.rrf_score)[0],
                                                    apart(a.rrf_score, b.rrf_score)[1])));
        // Back to one selected hit: its own breakdown.
        QVERIFY(clickRow(low, Qt::ControlModifier));
        QCOMPARE(wb_->page()->selectedRows().size(), 1);
        QVERIFY(!wb_->breakdown()->comparing());
    }

    // When recency turns the legs' order round, the line says recency, with both factors.
    void theCompareLineNamesRecencyWhenItTurnedTheOrder() {
        useDefaultMmr();
        QueryRequest r = wb_->form()->request(u"launch budget decision"_s);
        r.search.now_ms = window_->vault()->overview().stats.latest_ms + 86'400'000;
        r.search.recency_boost = 1.0;
        if (r.search.settings)
            r.search.settings->recency_boost = 1.0;
        QSignalSpy finished(wb_->session(), &QuerySession::finished);
        wb_->page()->runRequest(r);
        QVERIFY(finished.wait(30000));
        const auto& rows = wb_->session()->results()->rows();
        const auto [up, low] = pairWhere([](const Explanation& a, const Explanation& b) {
            return a.fused_rank < b.fused_rank && a.rrf_score < b.rrf_score &&
                   a.entity_factor == b.entity_factor &&
                   a.superseded_penalty == b.superseded_penalty;
        });
        QVERIFY2(up >= 0, "recency turned no pair round");
        QVERIFY(clickRow(up, Qt::NoModifier));
        QVERIFY(clickRow(low, Qt::ControlModifier));
        const ComparePanel* c = wb_->breakdown()->comparison();
        const Explanation& a = *rows[std::size_t(up)].hit.explanation;
        const Explanation& b = *rows[std::size_t(low)].hit.explanation;
        QCOMPARE(c->cause(), std::optional(OrderCause::Recency));
        const QString line = c->decisionText();
        const double ra = 1.0 + a.recency.boost * a.recency.factor;
        const double rb = 1.0 + b.recency.boost * b.recency.factor;
        QVERIFY2(
            line.startsWith(u"#%1 is above #%2 because of recency: the legs put #%2 first "
                            "(RRF %3 vs %4), recency ×%5 (age %6 days) against ×%7"_s.arg(up + 1)
                                .arg(low + 1)
                                .arg(apart(b.rrf_score, a.rrf_score)[0],
                                     apart(b.rrf_score, a.rrf_score)[1], apart(ra, rb)[0])
                                .arg(a.recency.age_days, 0, 'f', 1)
                                .arg(apart(ra, rb)[1])),
            qPrintable(line));
        QVERIFY(c->rowLabels().contains(u"× recency"_s));
        QVERIFY(c->decisiveRows().contains(u"× recency"_s));
        QVERIFY(c->value(u"× recency"_s, 0).startsWith(u"× %1 = "_s.arg(apart(ra, rb)[0])));
    }

    // When MMR picked the fused-lower hit first, the line says MMR, with the pick the other one
    // was too similar to and the MMR scores that decided that step.
    void theCompareLineNamesMmrWhenItReorderedThePair() {
        useDefaultMmr();
        QVERIFY(runAndWait(u"onboarding docs"_s));
        const auto& rows = wb_->session()->results()->rows();
        const auto [up, low] = pairWhere(
            [](const Explanation& a, const Explanation& b) { return a.fused_rank > b.fused_rank; });
        QVERIFY2(up >= 0, "MMR reordered no pair");
        // Ctrl-click from the lower one: the compare view orders the pair itself.
        QVERIFY(clickRow(low, Qt::NoModifier));
        QVERIFY(clickRow(up, Qt::ControlModifier));
        const ComparePanel* c = wb_->breakdown()->comparison();
        const Explanation& a = *rows[std::size_t(up)].hit.explanation;
        const Explanation& b = *rows[std::size_t(low)].hit.explanation;
        QCOMPARE(c->cause(), std::optional(OrderCause::Mmr));
        // The node row names each hit as people know it; its id is only the cell's tooltip.
        const QString node = c->value(u"node"_s, 0);
        QCOMPARE(node, formatHitLabel(rows[std::size_t(up)].hit));
        QVERIFY2(!node.contains(qs(rows[std::size_t(up)].hit.node_id)), qPrintable(node));
        const QString line = c->decisionText();
        QVERIFY2(line.startsWith(u"#%1 is above #%2 because MMR picked it first: #%2 is fused "
                                 "#%3"_s.arg(up + 1)
                                     .arg(low + 1)
                                     .arg(b.fused_rank)),
                 qPrintable(line));
        QVERIFY(b.mmr.penalized_by.has_value());
        const int penaliser = wb_->session()->results()->rowOf(qs(*b.mmr.penalized_by));
        QVERIFY(penaliser >= 0);
        if (rows[std::size_t(penaliser)].hit.explanation->mmr.step < a.mmr.step)
            QVERIFY2(line.contains(u"was too similar to #%1 (cosine %2"_s.arg(penaliser + 1)
                                       .arg(b.mmr.cosine, 0, 'f', 2)) &&
                         line.contains(u"its MMR score %1 lost to #%2's %3"_s.arg(
                             apart(b.mmr.mmr_score, a.mmr.mmr_score)[0], QString::number(up + 1),
                             apart(b.mmr.mmr_score, a.mmr.mmr_score)[1])),
                     qPrintable(line));
        QVERIFY(c->decisiveRows().contains(u"MMR pick"_s));
        QCOMPARE(c->value(u"position"_s, 0), u"#%1 (fused #%2)"_s.arg(up + 1).arg(a.fused_rank));
        QCOMPARE(c->value(u"position"_s, 1), u"#%1 (fused #%2)"_s.arg(low + 1).arg(b.fused_rank));
    }

    // Hit Detail marks the query's terms where the keyword leg matched them: in the
    // hit's own text (rendered Markdown or plain), and, for a hit matched only through its
    // neighbouring turns, in those turns, shown under it; its snippet says so.
    void hitDetailMarksTheTermsWhereTheyMatched() {
        useDefaultMmr();
        QVERIFY(runAndWait(u"who decided the phoenix budget"_s));
        const QStringList terms = wb_->session()->outcome().terms;
        const auto& rows = wb_->session()->results()->rows();
        int own = -1, neighbourOnly = -1;
        QStringList nearTerms;
        for (int i = 0; i < int(rows.size()); ++i) {
            bool content = false;
            QStringList near;
            for (const TermEvidence& t : rows[std::size_t(i)].hit.explanation->keyword.terms) {
                content = content || (t.matched && t.column == "content");
                if (t.matched && t.column == "near")
                    near << qs(t.term);
            }
            if (content && own < 0)
                own = i;
            if (!content && !near.isEmpty() && neighbourOnly < 0) {
                neighbourOnly = i;
                nearTerms = near;
            }
        }
        QVERIFY(own >= 0);
        QVERIFY2(neighbourOnly >= 0, "no hit matched only through its neighbours");
        HitDetailPanel* detail = wb_->detail();
        // A word is marked only when it is a query term by stem; every term the table found in
        // the hit's own text is marked there, whether the text is rendered or plain.
        auto stemMatches = [&](const QStringList& words, const QString& term) {
            return !findHighlights(words.join(u' '), {term}).isEmpty();
        };
        for (bool markdown : {true, false}) {
            detail->markdownToggle()->setChecked(markdown);
            QVERIFY(clickRow(own, Qt::NoModifier));
            const QStringList marked =
                HitDetailPanel::markedWords(detail->contentView()->document());
            QVERIFY2(!marked.isEmpty(), markdown ? "markdown" : "plain");
            for (const QString& w : marked)
                QVERIFY2(!findHighlights(w, terms).isEmpty(), qPrintable(w));
            for (const TermEvidence& t : rows[std::size_t(own)].hit.explanation->keyword.terms)
                if (t.matched && t.column == "content")
                    QVERIFY2(stemMatches(marked, qs(t.term)), qPrintable(marked.join(u',')));
        }
        QSignalSpy shown(detail, &HitDetailPanel::neighboursShown);
        QVERIFY(clickRow(neighbourOnly, Qt::NoModifier));
        QVERIFY(shown.wait(10000));
        QVERIFY(HitDetailPanel::markedWords(detail->contentView()->document()).isEmpty());
        QVERIFY(detail->neighboursView()->isVisible());
        const QStringList marked =
            HitDetailPanel::markedWords(detail->neighboursView()->document());
        for (const QString& term : std::as_const(nearTerms)) {
            QVERIFY2(stemMatches(marked, term), qPrintable(marked.join(u',')));
            QVERIFY2(detail->neighboursHeading()->text().contains(term),
                     qPrintable(detail->neighboursHeading()->text()));
        }
        const QString snippet = rows[std::size_t(neighbourOnly)].snippet;
        const QString note = snippet.section(u']', 0, 0);
        QVERIFY2(note.startsWith(u'[') && note.endsWith(u": in the neighbouring turns"_s),
                 qPrintable(snippet));
        for (const QString& term : std::as_const(nearTerms))
            QVERIFY2(note.contains(term), qPrintable(snippet));
        // A hit matched in its own text has no such note.
        QVERIFY(!rows[std::size_t(own)].snippet.startsWith(u"["_s));
    }

    // Every snippet shown holds its hit's first match (by stem, as it is marked), also when the
    // query's word form differs from the text's and the text is longer than a snippet.
    // The form's Tags field scopes the search to memories stored with one of the tags (no
    // summary), and the hit detail shows a memory's tags.
    void theTagsFieldScopesTheSearchAndTheDetailShowsTags() {
        useDefaultMmr();
        wb_->form()->tagsEdit()->setText(u"DECISION"_s);
        const bool ran = runAndWait(u"launch budget decision"_s);
        wb_->form()->tagsEdit()->clear();
        QVERIFY(ran);
        const QueryOutcome& outcome = wb_->session()->outcome();
        QVERIFY2(outcome.error.isEmpty(), qPrintable(outcome.error));
        QCOMPARE(outcome.request.search.scope.tags, std::vector<std::string>{"DECISION"});
        const auto& rows = wb_->session()->results()->rows();
        QVERIFY(!rows.empty());
        for (const auto& row : rows) {
            QCOMPARE(row.hit.node_kind, NodeKind::Leaf);
            QVERIFY2(std::find(row.hit.topics.begin(), row.hit.topics.end(), "decision") !=
                         row.hit.topics.end(),
                     row.hit.node_id.c_str());
        }
        QVERIFY(clickRow(0, Qt::NoModifier));
        const QString facts = wb_->detail()->provenanceText();
        QVERIFY2(facts.contains(u"<b>Tags</b>"_s) && facts.contains(u"decision"_s),
                 qPrintable(facts));
    }

    void everySnippetHoldsItsFirstMatch() {
        useDefaultMmr();
        QVERIFY(runAndWait(u"budgets decisions launches reviews"_s));
        const QStringList terms = wb_->session()->outcome().terms;
        int checked = 0, far = 0;
        for (const HitRow& row : wb_->session()->results()->rows()) {
            const QString content = qs(row.hit.content);
            const HighlightRanges inText = findHighlights(content, terms);
            if (inText.isEmpty())
                continue;
            ++checked;
            const QString first = content.mid(inText.front().first, inText.front().second);
            QVERIFY2(!row.highlights.isEmpty() && row.snippet.contains(first, Qt::CaseInsensitive),
                     qPrintable(row.snippet));
            // ... near its start, where a one-line row shows it, however far into the text.
            QVERIFY2(row.snippet.indexOf(first, 0, Qt::CaseInsensitive) <= 30,
                     qPrintable(row.snippet));
            if (inText.front().first > 30)
                ++far;
        }
        QVERIFY(checked > 0);
        QVERIFY(far > 0); // some first match lies past what a row shows of the text
    }

    void cleanupTestCase() {
        window_.reset();
        QCOMPARE(memlens::ui_thread_violations(), 0);
    }
};

MEMLENS_TEST_MAIN(TestQueryWorkbench)
#include "tst_queryworkbench.moc"
} // namespace tst_queryworkbench
