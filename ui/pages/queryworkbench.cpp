#include "pages/queryworkbench.h"

#include "core/timefilter.h"
#include "dialogs/biographydialog.h"
#include "dialogs/calibrationdialog.h"
#include "dialogs/metricsdialog.h"
#include "dialogs/whynotdialog.h"
#include "models/mmrmodel.h"
#include "models/resultsmodel.h"
#include "models/resultsproxy.h"
#include "models/roles.h"
#include "pages/hitdetailpanel.h"
#include "pages/mmrpanel.h"
#include "pages/queryform.h"
#include "pages/querypage.h"
#include "pages/scorebreakdownpanel.h"
#include "pages/whynotmenu.h"
#include "query/querysession.h"
#include "vault/forgetflow.h"
#include "vault/gradeflow.h"
#include "vault/nodelookup.h"
#include "vault/vaultoverview.h"

#include <QKeyEvent>
#include <QTreeView>

namespace memlens::ui {

QueryWorkbench::QueryWorkbench(QWidget* parentWidget)
    : QObject(parentWidget)
    , session_(new QuerySession(this))
    , lookup_(new NodeLookup(this))
    , form_(new QueryForm(parentWidget))
    , page_(new QueryPage(session_, form_, parentWidget))
    , detail_(new HitDetailPanel(parentWidget))
    , breakdown_(new ScoreBreakdownPanel(parentWidget))
    , mmr_(new MmrPanel(session_->mmr(), parentWidget))
    , whyNot_(new WhyNotDialog(session_, parentWidget))
    , grades_(new GradeFlow(parentWidget))
    , biography_(new BiographyDialog(parentWidget))
    , metrics_(new MetricsDialog(parentWidget))
    , calibration_(new CalibrationDialog(parentWidget)) {
    connect(calibration_, &CalibrationDialog::thresholdSaved, this,
            [this] { Q_EMIT settingsSaved(); });
    connect(page_, &QueryPage::hitSelected, this,
            [this](const RetrievalHit& hit, const QStringList& terms) {
                showHit(hit, terms);
                showSelection(); // the current row can move while two stay selected
            });
    connect(page_, &QueryPage::resultSelectionChanged, this, &QueryWorkbench::showSelection);
    // A query that returned no hits (refused, failed, nothing found, an entity search) leaves
    // no hit of an earlier query in the docks, where it would pass for one of this query's.
    connect(session_, &QuerySession::finished, this, [this] {
        if (session_->outcome().rows.empty()) {
            detail_->clear();
            breakdown_->clear();
        }
    });
    auto topic = [this](const QString& id) { runTopic(id); };
    connect(page_, &QueryPage::entityActivated, this, topic);
    connect(detail_, &HitDetailPanel::entityActivated, this, topic);
    connect(detail_, &HitDetailPanel::nodeRequested, this, &QueryWorkbench::showNode);
    connect(detail_, &HitDetailPanel::drillDownRequested, this, &QueryWorkbench::runDrillDown);
    connect(detail_, &HitDetailPanel::fetchLeavesRequested, this, &QueryWorkbench::runFetchLeaves);
    connect(detail_, &HitDetailPanel::forgetRequested, this, [](const QString& id) {
        if (auto* flow = ForgetFlow::instance())
            flow->forget(id);
    });
    connect(detail_, &HitDetailPanel::biographyRequested, this, [this](const QString& id) {
        biography_->showNode(ref_, id);
        biography_->show();
        biography_->raise();
    });
    connect(mmr_, &MmrPanel::nodeSelected, this, &QueryWorkbench::showNode);
    connect(whyNot_, &WhyNotDialog::showNodeRequested, this, &QueryWorkbench::showNode);
    // The MMR rows list the candidates left out, each one a "why not" question.
    installWhyNotMenu(mmr_->view(), this,
                      [](const QModelIndex& index) { return index.data(IdRole).toString(); });
    // The hit list: its leaves can be forgotten (Forget…, vault/forgetflow.h).
    installWhyNotMenu(page_->resultsView(), this,
                      [](const QModelIndex& index) { return index.data(IdRole).toString(); });
    wireGrades();
    connect(grades_, &GradeFlow::message, this, &QueryWorkbench::message);
    page_->resultsView()->installEventFilter(this);
    connect(lookup_, &NodeLookup::found, this, [this](const RetrievalHit& hit) { showHit(hit); });
    connect(lookup_, &NodeLookup::notFound, this, [this](const QString& id, const QString& error) {
        Q_EMIT message(tr("Cannot show %1: %2").arg(id, error));
    });
}

// Grades: read for each search's question, set with the keys 0–3 on a selected hit; shown in the
// results and the MMR panel, and passed on (gradesShown, gradeShown) when they are the question
// shown's.
void QueryWorkbench::wireGrades() {
    connect(session_, &QuerySession::finished, this, [this] {
        if (const QString q = gradedQuery(); !q.isEmpty())
            grades_->load(q);
    });
    connect(grades_, &GradeFlow::gradesLoaded, this,
            [this](const QString& query, const QHash<QString, int>& grades) {
                if (query == gradedQuery()) {
                    session_->results()->setGrades(grades);
                    session_->mmr()->setGrades(grades);
                    Q_EMIT gradesShown(query, grades);
                }
            });
    connect(grades_, &GradeFlow::graded, this,
            [this](const QString& query, const QString& nodeId, int grade) {
                if (query == gradedQuery()) {
                    session_->results()->setGrade(nodeId, grade);
                    session_->mmr()->setGrade(nodeId, grade);
                    Q_EMIT gradeShown(query, nodeId, grade);
                }
            });
}

void QueryWorkbench::setVault(const VaultOverviewData& data) {
    session_->setVault(data.ref);
    grades_->setVault(data.ref);
    ref_ = data.ref;
    metrics_->setVault(data.ref);
    calibration_->setVault(data.ref);
    lookup_->setVault(data.ref);
    detail_->setVault(data.ref);
    form_->setVault(data);
    detail_->clear();
    breakdown_->clear();
}

void QueryWorkbench::resetVaultState() {
    session_->setVault({});
    grades_->setVault({});
    ref_ = {};
    biography_->hide();
    metrics_->setVault({});
    metrics_->hide();
    calibration_->setVault({});
    calibration_->hide();
    lookup_->setVault({});
    detail_->setVault({});
    form_->resetVaultState();
    page_->resetVaultState();
    whyNot_->resetVaultState();
    detail_->clear();
    breakdown_->clear();
}

void QueryWorkbench::showHit(const RetrievalHit& hit, const QStringList& terms) {
    detail_->setWalkHits(session_->outcome().request.kind == QueryKind::Walk);
    detail_->showHit(hit, terms);
    breakdown_->showHit(hit);
    Q_EMIT hitShown(hit);
}

void QueryWorkbench::showSelection() {
    const QList<int> rows = page_->selectedRows();
    // Compare sets two hits side by side; an older version kept out (shown after the hits) is no
    // hit, and its own verdict says where it stands.
    const auto hitCount = static_cast<int>(session_->results()->rows().size());
    if (rows.size() == 2 && rows[1] < hitCount) {
        std::vector<const RetrievalHit*> hits;
        for (const HitRow& r : session_->results()->rows())
            hits.push_back(&r.hit);
        breakdown_->showComparison(hits, rows[0], rows[1]);
    } else if (rows.size() == 1 && breakdown_->comparing()) {
        if (const HitRow* row = session_->results()->rowAt(rows[0]))
            showHit(row->hit, session_->outcome().terms);
    }
}

void QueryWorkbench::showNode(const QString& nodeId) {
    const int row = session_->results()->rowOf(nodeId);
    if (row >= 0) {
        // Selecting the row shows it (with its explanation) through hitSelected.
        const QModelIndex source = session_->results()->index(row, 0);
        const QModelIndex proxied = page_->resultsProxy()->mapFromSource(source);
        if (proxied.isValid()) {
            page_->resultsView()->setCurrentIndex(proxied);
            return;
        }
        showHit(session_->results()->rowAt(row)->hit);
        return;
    }
    // A candidate the query left out (an MMR row) has its explanation in the outcome: show that,
    // not a bare lookup of the node, which would have none to show.
    for (const HitRow& left : session_->outcome().pushedOut) {
        if (QString::fromStdString(left.hit.node_id) == nodeId) {
            showHit(left.hit, session_->outcome().terms);
            return;
        }
    }
    lookup_->lookup(nodeId);
}

void QueryWorkbench::openMetrics() {
    metrics_->show();
    metrics_->raise();
    metrics_->measure();
}

void QueryWorkbench::applyTimeFilter(const TimeFilter& filter) {
    if (filter.isSet())
        form_->setScopeWindow(filter.sinceMs(), filter.untilMs());
    else
        form_->setScopeWindow(std::nullopt, std::nullopt);
    if (session_->outcome().search && !page_->queryText().trimmed().isEmpty())
        page_->run();
}

void QueryWorkbench::openCalibration() {
    calibration_->show();
    calibration_->raise();
    calibration_->measure();
}

QString QueryWorkbench::gradedQuery() const {
    const QueryRequest& r = session_->outcome().request;
    return isSearchKind(r.kind) ? QString::fromStdString(r.text).trimmed() : QString();
}

void QueryWorkbench::gradeSelected(int grade) {
    const QModelIndex current = page_->resultsView()->currentIndex();
    const QString id = current.isValid() ? current.data(IdRole).toString() : QString();
    const QString query = gradedQuery();
    if (id.isEmpty() || query.isEmpty()) {
        Q_EMIT message(tr("A grade is of a search's hit: run a search and select one of its hits"));
        return;
    }
    grades_->grade(query, id, grade);
}

bool QueryWorkbench::eventFilter(QObject* watched, QEvent* event) {
    if (watched == page_->resultsView() && event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if ((key->modifiers() & ~Qt::KeypadModifier) == Qt::NoModifier && key->key() >= Qt::Key_0 &&
            key->key() <= Qt::Key_3) {
            gradeSelected(key->key() - Qt::Key_0);
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

void QueryWorkbench::askWhyNot(const QString& nodeId) {
    whyNot_->ask(nodeId);
}

void QueryWorkbench::openWhyNot() {
    QString suggestion;
    if (detail_->hasHit()) {
        const QString shown = QString::fromStdString(detail_->hit().node_id);
        if (WhyNotDialog::hitRank(session_, shown) == 0)
            suggestion = shown;
    }
    whyNot_->prepare(suggestion);
}

void QueryWorkbench::runPrimitive(QueryRequest request, bool bringToFront) {
    // The typed text is the user's question for the mode shown; an action on a node asks
    // nothing of it (no rerank), so its answer cannot pass for an answer to that text.
    request.text.clear();
    if (bringToFront)
        Q_EMIT pageRequested();
    page_->runRequest(request);
}

void QueryWorkbench::runTopic(const QString& entityId, bool bringToFront) {
    form_->setTopicEntity(entityId);
    QueryRequest r = form_->request(QString());
    r.kind = QueryKind::QueryTopic;
    runPrimitive(std::move(r), bringToFront);
}

void QueryWorkbench::runSource(const QString& sourceId) {
    form_->setSourceId(sourceId);
    QueryRequest r = form_->request(QString());
    r.kind = QueryKind::QuerySource;
    runPrimitive(std::move(r), true);
}

void QueryWorkbench::runDrillDown(const QString& nodeId) {
    form_->setDrillNode(nodeId);
    QueryRequest r = form_->request(QString());
    r.kind = QueryKind::DrillDown;
    runPrimitive(std::move(r), true);
}

void QueryWorkbench::runFetchLeaves(const QStringList& chunkIds) {
    form_->setLeafIds(chunkIds.mid(0, 20));
    QueryRequest r = form_->request(QString());
    r.kind = QueryKind::FetchLeaves;
    runPrimitive(std::move(r), true);
}

void QueryWorkbench::runCoverWindow(qint64 sinceMs, qint64 untilMs) {
    form_->setWindow(sinceMs, untilMs);
    QueryRequest r = form_->request(QString());
    r.kind = QueryKind::CoverWindow;
    runPrimitive(std::move(r), true);
}

} // namespace memlens::ui
