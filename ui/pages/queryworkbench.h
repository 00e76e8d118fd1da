// Wires the query workbench together: the session that runs queries, the parameter form, the
// results page, the hit detail, the score breakdown and the MMR walk. The main window only
// places these widgets (a tab and docks); the other pages call the run*() entry points.
#pragma once

#include "query/queryrequest.h"
#include "vault/vaultref.h"

#include <memlens/types.h>

#include <QObject>
#include <QStringList>

namespace memlens::ui {

class BiographyDialog;
class CalibrationDialog;
class TimeFilter;
class MetricsDialog;
class GradeFlow;
class HitDetailPanel;
class MmrPanel;
class NodeLookup;
class QueryForm;
class QueryPage;
class QuerySession;
class ScoreBreakdownPanel;
class WhyNotDialog;
struct VaultOverviewData;

class QueryWorkbench : public QObject {
    Q_OBJECT
public:
    explicit QueryWorkbench(QWidget* parentWidget);

    void setVault(const VaultOverviewData& data);

    QuerySession* session() const { return session_; }
    QueryForm* form() const { return form_; }
    QueryPage* page() const { return page_; }
    HitDetailPanel* detail() const { return detail_; }
    ScoreBreakdownPanel* breakdown() const { return breakdown_; }
    MmrPanel* mmr() const { return mmr_; }
    WhyNotDialog* whyNot() const { return whyNot_; }
    GradeFlow* grades() const { return grades_; }
    // The question the shown hits answer, when they are a search's; else empty: the query whose
    // grades the views mark.
    QString gradedQuery() const;
    BiographyDialog* biography() const { return biography_; }
    MetricsDialog* metrics() const { return metrics_; }
    CalibrationDialog* calibration() const { return calibration_; }
    // Query › Metrics…: the vault's ranking over its judged queries.
    void openMetrics();
    // The shared time filter (core/timefilter.h) as the search's scope window; a search shown
    // runs again within it (or, cleared, without it).
    void applyTimeFilter(const TimeFilter& filter);
    void openCalibration();
    // Grades the selected hit for the search shown (the keys 0–3 on the results do this).
    void gradeSelected(int grade);

    // Forgets everything of the previous vault (VaultController::vaultChanged): the answer, the
    // query text, the form's vault-specific parameters, the detail docks.
    void resetVaultState();

    // Entry points for other views' explicit actions ("Query This Topic", "Drill Down"): each
    // runs its primitive with its parameters (also put into the form) but leaves the mode shown
    // beside the query box alone, so the next typed query still runs in that mode; the answer's
    // header names what ran. bringToFront = false runs it without switching pages.
    void runTopic(const QString& entityId, bool bringToFront = true);
    void runSource(const QString& sourceId);
    void runDrillDown(const QString& nodeId);
    void runFetchLeaves(const QStringList& chunkIds);
    void runCoverWindow(qint64 sinceMs, qint64 untilMs);
    // Shows a node in the detail docks: from the current results when it is there (with its
    // explanation), else looked up in the vault.
    void showNode(const QString& nodeId);
    void showHit(const RetrievalHit& hit, const QStringList& terms = {});
    // Why the current query did not return a node: asks at once (a view's "Why Not
    // Returned?"), or opens the Why Not dialog with the node shown in Hit Detail as the
    // suggestion when it is not a hit (Query › Why Not…).
    void askWhyNot(const QString& nodeId);
    void openWhyNot();

Q_SIGNALS:
    // The workbench page should come to the front.
    void pageRequested();
    // The hit now shown in the detail docks (to light up its entities and ancestry elsewhere).
    void hitShown(const memlens::RetrievalHit& hit);
    void message(const QString& text);
    // A dialog of the workbench wrote the vault's settings (the no-match threshold): every view
    // should read them again.
    void settingsSaved();
    // The grades given for the question shown (gradedQuery()), when read and as each is given:
    // what every view that marks graded nodes shows. Grades of another question are not passed.
    void gradesShown(const QString& query, const QHash<QString, int>& grades);
    void gradeShown(const QString& query, const QString& nodeId, int grade);

private:
    void wireGrades();
    void runPrimitive(QueryRequest request, bool bringToFront);
    // Two selected results: the breakdown compares them; back to one: that one.
    void showSelection();

    bool eventFilter(QObject* watched, QEvent* event) override;

    QuerySession* session_;
    NodeLookup* lookup_;
    QueryForm* form_;
    QueryPage* page_;
    HitDetailPanel* detail_;
    ScoreBreakdownPanel* breakdown_;
    MmrPanel* mmr_;
    WhyNotDialog* whyNot_;
    GradeFlow* grades_;
    BiographyDialog* biography_;
    MetricsDialog* metrics_;
    CalibrationDialog* calibration_;
    VaultRef ref_;
};

} // namespace memlens::ui
