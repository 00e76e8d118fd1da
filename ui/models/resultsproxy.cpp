#include "models/resultsproxy.h"

#include "models/resultsmodel.h"
#include "models/roles.h"

namespace memlens::ui {

ResultsProxy::ResultsProxy(QObject* parent)
    : QSortFilterProxyModel(parent) {
    setSortRole(SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

void ResultsProxy::setText(const QString& text) {
    if (text_ == text)
        return;
    text_ = text;
    invalidateFilter();
}

void ResultsProxy::setKindFilter(KindFilter kind) {
    if (kind_ == kind)
        return;
    kind_ = kind;
    invalidateFilter();
}

void ResultsProxy::setMinimumScore(double score) {
    hasMinScore_ = score > 0.0;
    minScore_ = score;
    invalidateFilter();
}

bool ResultsProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (kind_ != KindFilter::All) {
        const bool leaf = index.data(NodeKindRole).toString() == QLatin1String("leaf");
        if (leaf != (kind_ == KindFilter::Leaves))
            return false;
    }
    if (hasMinScore_) {
        const QModelIndex score =
            sourceModel()->index(sourceRow, ResultsModel::Score, sourceParent);
        if (score.data(SortRole).toDouble() < minScore_)
            return false;
    }
    if (!text_.isEmpty() && !index.data(FilterRole).toString().contains(text_, Qt::CaseInsensitive))
        return false;
    return true;
}

} // namespace memlens::ui
