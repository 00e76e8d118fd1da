// Why a hit scored what it did: the four signals' weighted contributions as a chart, each leg's
// rank, raw score, weight and RRF term, the recency factor, and the final arithmetic written out
// with the hit's own numbers, then its MMR step.
#pragma once

#include <memlens/types.h>

#include <QWidget>

class QChart;
class QChartView;
class QLabel;

namespace memlens::ui {

class ScoreBreakdownPanel : public QWidget {
    Q_OBJECT
public:
    explicit ScoreBreakdownPanel(QWidget* parent = nullptr);

    void showHit(const RetrievalHit& hit);
    void clear();

    // The final arithmetic, as plain text ("final = (0.01639 + 0.01587) × … = 0.03226").
    QString equationText() const;
    // The chart's bar value for a signal ("graph", "vector", "keyword", "freshness").
    double chartValue(const QString& signal) const;
    // The legs table as plain text (rank, raw score, weight, RRF term per leg).
    QString legsText() const;
    // The lines under the equation: keyword-leg arithmetic, recency, MMR step, topic path.
    QString detailsText() const;

    static QString equation(const Explanation& x);

private:
    void showChart(const Explanation& x);

    QLabel* heading_;
    QChart* chart_;
    QChartView* chartView_;
    QLabel* legs_;
    QLabel* equation_;
    QLabel* details_;
};

} // namespace memlens::ui
