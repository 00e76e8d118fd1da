// Two hits of one answer side by side (ctrl-click a second result): first, in words, the
// difference that decided their order (compare_hits in memlens/compare.h); under it, for each
// hit, each leg's rank, its matched terms by column and the Score Breakdown's steps (the
// waterfall under RRF, the weighted signals under profile fusion), then its MMR pick. The row of
// the deciding step is bold.
#pragma once

#include <memlens/compare.h>
#include <memlens/types.h>

#include <QStringList>
#include <QWidget>

#include <functional>
#include <optional>
#include <set>
#include <vector>

class QLabel;
class QTableWidget;

namespace memlens::ui {

class ComparePanel : public QWidget {
    Q_OBJECT
public:
    explicit ComparePanel(QWidget* parent = nullptr);

    // hits: the answer's hits in order; a and b: two distinct indices into it.
    void showPair(const std::vector<const RetrievalHit*>& hits, int a, int b);
    void clear();

    // The line in words that says which difference decided the order.
    QString decisionText() const;
    // compare_hits' cause ("keyword leg", "recency", "mmr", …).
    // What compare_hits named as the cause of the pair shown; none before a pair is shown.
    std::optional<OrderCause> cause() const { return cause_; }
    // The rows' labels, top to bottom, and one row's cell for the upper (side 0) or the lower
    // (side 1) hit, as shown; empty when there is no such row.
    QStringList rowLabels() const;
    QString value(const QString& row, int side) const;
    // The rows drawn bold: the ones of the step that decided.
    QStringList decisiveRows() const;
    // Each hit's keyword term table as plain text (side 0: upper).
    QString termsText(int side) const;

private:
    struct Pair;
    void addRow(const QString& label, const QString& upper, const QString& lower);
    // A row of the two hits' cells, bold when its key is one of the deciding step's.
    void addPairRow(Pair& p, const QString& key, const QString& label,
                    const std::function<QString(const RetrievalHit&)>& cell);
    void addRankRows(Pair& p);
    void addStepRows(Pair& p);
    void addMmrRows(Pair& p, const std::vector<const RetrievalHit*>& hits);
    void addNodeRow(Pair& p);
    void boldRows(const std::set<int>& rows);
    void showTermTables(const Pair& p);

    QLabel* decision_;
    QTableWidget* table_;
    QLabel* terms_[2];
    std::optional<OrderCause> cause_;
};

} // namespace memlens::ui
