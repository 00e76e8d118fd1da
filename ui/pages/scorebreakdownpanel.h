// Why a hit scored what it did: under RRF a waterfall from the legs' terms to the final score,
// under profile fusion the four signals' weighted contributions; then each leg's
// rank, raw score, weight and RRF term, the recency factor, and the final arithmetic written out
// with the hit's own numbers, then its MMR step.
#pragma once

#include <memlens/types.h>

#include <QColor>
#include <QStringList>
#include <QWidget>

#include <vector>

class QBarCategoryAxis;
class QChart;
class QChartView;
class QLabel;
class QScrollArea;
class QStackedWidget;
class QValueAxis;

namespace memlens::ui {

class ComparePanel;

class ScoreBreakdownPanel : public QWidget {
    Q_OBJECT
public:
    explicit ScoreBreakdownPanel(QWidget* parent = nullptr);

    void showHit(const RetrievalHit& hit);
    void clear();
    // Two hits of one answer side by side in place of the one hit's breakdown (ComparePanel);
    // showHit and clear go back to one hit.
    void showComparison(const std::vector<const RetrievalHit*>& hits, int a, int b);
    bool comparing() const;
    ComparePanel* comparison() const { return compare_; }

    // The final arithmetic, as plain text ("final = (0.01639 + 0.01587) × … = 0.03226").
    QString equationText() const;
    // One bar of the chart: under profile fusion a weighted signal (from 0); under RRF a step
    // of the waterfall from the legs' terms to the final score (from the running score before
    // it to the one after; totals from 0).
    struct Step {
        QString label;
        double from = 0.0;
        double to = 0.0;
        bool total = false;
        QColor color;
        // Untranslated name of what the step is: "keyword term", "vector term", "RRF sum",
        // "recency", "graph context", "superseded", "final score"; under profile fusion the
        // signal ("graph", "vector", "keyword", "freshness").
        QString key;
    };
    static std::vector<Step> steps(const Explanation& x);
    // The chart's bar for a step, as its signed length (to − from); -1 when there is no such
    // bar. Profile fusion: "graph", "vector", "keyword", "freshness". RRF: "keyword term",
    // "vector term", "RRF sum", "× recency", "× graph context", "× superseded", "final score".
    double chartValue(const QString& step) const;
    QStringList chartSteps() const; // the bars, top to bottom
    // The legs table as plain text (rank, raw score, weight, RRF term per leg).
    QString legsText() const;
    // The keyword leg's term table as plain text: term, column, tf, idf, weight, norm, part.
    QString termsText() const;
    // The heading as plain text: the verdict first, then fused rank, score and fusion.
    QString headingText() const;
    static QString termTable(const std::vector<TermEvidence>& terms);
    static QString columnName(const QString& column); // "near" → "neighbouring turns"
    // The lines under the equation: keyword-leg arithmetic, recency, MMR step, topic path.
    QString detailsText() const;

    static QString equation(const Explanation& x);
    // Text that can be long on a small screen, one widget under the other: it scrolls
    // vertically rather than clips.
    static QScrollArea* scrollingColumn(const QList<QWidget*>& widgets, QWidget* parent);

private:
    void showUnexplained(const RetrievalHit& hit);
    static QString headingText(const Explanation& x);
    static QString legsTable(const Explanation& x);
    static QString detailsText(const Explanation& x);
    void showChart(const Explanation& x);

    QStackedWidget* stack_;
    ComparePanel* compare_;
    QLabel* heading_;
    QChart* chart_;
    QChartView* chartView_;
    QBarCategoryAxis* stepsAxis_ = nullptr; // the bars' names, top to bottom
    QValueAxis* scoreAxis_ = nullptr;
    QLabel* legs_;
    QLabel* terms_;
    QLabel* equation_;
    QLabel* details_;
    std::vector<Step> steps_;
};

} // namespace memlens::ui
