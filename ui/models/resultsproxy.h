// Sorts the results by any column (by value, not text) and filters them by text, node kind and
// a minimum score.
#pragma once

#include <QSortFilterProxyModel>

namespace memlens::ui {

class ResultsProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    enum class KindFilter { All, Leaves, Summaries };

    explicit ResultsProxy(QObject* parent = nullptr);

    void setText(const QString& text);
    void setKindFilter(KindFilter kind);
    void setMinimumScore(double score);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QString text_;
    KindFilter kind_ = KindFilter::All;
    double minScore_ = 0.0;
    bool hasMinScore_ = false;
};

} // namespace memlens::ui
