#include "pages/treespage.h"

#include "core/format.h"
#include "core/jobrunner.h"
#include "core/logging.h"
#include "core/timefilter.h"
#include "models/resultsmodel.h"
#include "models/roles.h"
#include "models/summarytreemodel.h"
#include "pages/hitdetailpanel.h"
#include "pages/queryworkbench.h"
#include "pages/whynotmenu.h"
#include "query/highlight.h"
#include "query/querysession.h"
#include "vault/vaultcontroller.h"
#include "vault/workervault.h"
#include "widgets/timelineview.h"

#include <memlens/health.h>
#include <memlens/overview.h>
#include <memlens/retrieval.h>

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QSet>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

namespace memlens::ui {

namespace {

struct MarksResult {
    QSet<QString> hits;
    QSet<QString> ancestors;
    QSet<QString> trees;
    QHash<QString, QStringList> chains;
    QHash<QString, QString> hitTrees;
};

struct CoverResult {
    qint64 since = 0;
    qint64 until = 0;
    std::vector<HitRow> rows;
    std::size_t total = 0;
    QString error;
};

} // namespace

TreesPage::TreesPage(VaultController* vault, QueryWorkbench* workbench, QWidget* parent)
    : QWidget(parent)
    , vault_(vault)
    , workbench_(workbench)
    , model_(new SummaryTreeModel(this))
    , cover_(new ResultsModel(this))
    , marksJob_(new JobRunner(this))
    , coverJob_(new JobRunner(this))
    , tree_(new QTreeView(this))
    , reveal_(new QPushButton(tr("Re&veal Selected Hit"), this))
    , drill_(new QPushButton(tr("Drill Down in Workbench"), this))
    , leaves_(new QPushButton(tr("Fetch &Leaves"), this))
    , timeline_(new TimelineView(this))
    , coverView_(new QTreeView(this))
    , coverLabel_(new QLabel(this)) {
    setupTree();
    setupCover();
    layOut();
    connect(vault_, &VaultController::vaultChanged, this, &TreesPage::resetVaultState);
    connect(vault_, &VaultController::opened, this, &TreesPage::onVaultOpened);
    connect(workbench_->session(), &QuerySession::finished, this, &TreesPage::onQueryFinished);
    // The grades of the question shown mark the nodes they grade (the workbench passes them on
    // after each search and after each grade given).
    connect(workbench_, &QueryWorkbench::gradesShown, model_, &SummaryTreeModel::setGrades);
    connect(workbench_, &QueryWorkbench::gradeShown, model_, &SummaryTreeModel::setGrade);
    updateButtons();
}

void TreesPage::setHealth(const std::shared_ptr<const HealthReport>& report, const QString& range) {
    SummaryTreeModel::HeatReading heat;
    if (report) {
        heat.known = true;
        heat.distinctQueries = static_cast<int>(report->distinct_queries);
        heat.range = range;
        heat.queries.reserve(static_cast<qsizetype>(report->node_queries.size()));
        for (const auto& [id, n] : report->node_queries)
            heat.queries.insert(qs(id), static_cast<int>(n));
        for (const Magnet& m : report->magnets)
            heat.magnets.insert(qs(m.node_id));
    }
    model_->setHeat(std::move(heat));
}

// The trees' view and its buttons: Reveal, Drill Down, Fetch Leaves.
void TreesPage::setupTree() {
    tree_->setModel(model_);
    tree_->setUniformRowHeights(true);
    tree_->setAlternatingRowColors(true);
    tree_->setSelectionBehavior(QAbstractItemView::SelectRows);
    tree_->header()->setStretchLastSection(false);
    tree_->header()->setSectionResizeMode(SummaryTreeModel::Node, QHeaderView::Stretch);
    tree_->header()->resizeSection(SummaryTreeModel::Level, 64);
    tree_->header()->resizeSection(SummaryTreeModel::Time, 190);
    tree_->header()->resizeSection(SummaryTreeModel::Children, 110);
    tree_->header()->resizeSection(SummaryTreeModel::Entities, 230);
    tree_->header()->resizeSection(SummaryTreeModel::Heat, 170);

    reveal_->setToolTip(tr("Expand the trees down to the hit shown in Hit Detail"));
    leaves_->setToolTip(tr("Read the exact text of the chunks under the selected level-1 summary"));
    connect(reveal_, &QPushButton::clicked, this, [this] {
        if (workbench_->detail()->hasHit())
            revealNode(qs(workbench_->detail()->hit().node_id));
    });
    connect(drill_, &QPushButton::clicked, this,
            [this] { workbench_->runDrillDown(selectedId()); });
    connect(leaves_, &QPushButton::clicked, this, [this] {
        const QModelIndex current = tree_->currentIndex();
        const auto* item = model_->itemAt(current);
        if (!item)
            return;
        if (item->type == SummaryTreeModel::NodeType::Leaf) {
            workbench_->runFetchLeaves({item->id});
            return;
        }
        // The children are already listed when the node was expanded; otherwise look it up.
        QStringList ids;
        for (int i = 0; i < model_->rowCount(current); ++i)
            ids << model_->index(i, 0, current).data(IdRole).toString();
        if (ids.isEmpty())
            workbench_->runDrillDown(item->id);
        else
            workbench_->runFetchLeaves(ids);
    });
    connect(tree_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                updateButtons();
                const auto* item = model_->itemAt(current);
                if (item && item->type != SummaryTreeModel::NodeType::Tree)
                    workbench_->showNode(item->id);
            });
    connect(model_, &SummaryTreeModel::childrenLoaded, this, [this] { stepReveal(); });
    // Chunks and summaries (not the trees themselves) can be asked about.
    installWhyNotMenu(tree_, workbench_, [this](const QModelIndex& index) {
        const auto* item = model_->itemAt(index);
        return item && item->type != SummaryTreeModel::NodeType::Tree ? item->id : QString();
    });
}

// The timeline's window and its minimal cover.
void TreesPage::setupCover() {
    coverView_->setModel(cover_);
    coverView_->setRootIsDecorated(false);
    coverView_->setUniformRowHeights(true);
    coverView_->setAlternatingRowColors(true);
    coverView_->setColumnHidden(ResultsModel::Score, true);
    coverView_->setColumnHidden(ResultsModel::Signals, true);
    coverView_->setColumnHidden(ResultsModel::Rank, true);
    coverView_->header()->resizeSection(ResultsModel::Kind, 64);
    coverView_->header()->resizeSection(ResultsModel::Level, 44);
    coverView_->header()->resizeSection(ResultsModel::Scope, 130);
    coverView_->header()->resizeSection(ResultsModel::Time, 150);
    connect(coverView_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (const HitRow* row = cover_->rowAt(current.row()))
                    workbench_->showHit(row->hit);
            });
    installWhyNotMenu(coverView_, workbench_,
                      [](const QModelIndex& index) { return index.data(IdRole).toString(); });
    connect(timeline_, &TimelineView::windowSelected, this, &TreesPage::showCover);
    coverLabel_->setWordWrap(true);
    coverLabel_->setText(coverHint());
}

void TreesPage::layOut() {
    auto* buttons = new QHBoxLayout();
    auto* hint = new QLabel(tr("Expand a tree to load its summaries; hits of the current query "
                               "are marked with every summary above them."),
                            this);
    hint->setWordWrap(true);
    buttons->addWidget(hint, 1);
    buttons->addWidget(reveal_);
    buttons->addWidget(drill_);
    buttons->addWidget(leaves_);
    auto* top = new QWidget(this);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addLayout(buttons);
    topLayout->addWidget(tree_, 1);

    auto* coverBox = new QWidget(this);
    auto* coverLayout = new QVBoxLayout(coverBox);
    coverLayout->setContentsMargins(0, 0, 0, 0);
    coverLayout->addWidget(coverLabel_);
    coverLayout->addWidget(coverView_, 1);
    auto* bottom = new QSplitter(Qt::Horizontal, this);
    bottom->addWidget(timeline_);
    bottom->addWidget(coverBox);
    // Initial proportions: the views' size hints would otherwise give the table nearly all.
    bottom->setSizes({560, 420});

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(top);
    splitter->addWidget(bottom);
    splitter->setSizes({260, 220});
    splitter->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(splitter);
}

QString TreesPage::coverHint() {
    return tr("Drag across the timeline to see the minimal cover of a window.");
}

void TreesPage::resetVaultState() {
    coverJob_->cancel();
    marksJob_->cancel();
    model_->setTrees({}, {});
    model_->setGrades({}, {});
    model_->setHeat({});
    timeline_->setHistogram({});
    timeline_->setSpans({});
    timeline_->clearSelection();
    cover_->clear();
    coverLabel_->setText(coverHint());
    coverSince_ = coverUntil_ = 0;
    chains_.clear();
    hitTrees_.clear();
    revealPath_.clear();
    updateButtons();
}

void TreesPage::onVaultOpened() {
    const VaultOverviewData& data = vault_->overview();
    model_->setTrees(data.ref, data.trees);
    timeline_->setHistogram(data.histogram);
    timeline_->setSpans({});
    timeline_->clearSelection();
    cover_->clear();
    coverSince_ = coverUntil_ = 0;
    chains_.clear();
    hitTrees_.clear();
    revealPath_.clear();
    coverJob_->cancel();
    marksJob_->cancel();
}

void TreesPage::onQueryFinished() {
    if (workbench_->gradedQuery().isEmpty())
        model_->setGrades({}, {}); // a drill-down or a walk: no question to grade against
    std::vector<std::string> ids;
    QHash<QString, QString> trees;
    for (const HitRow& row : workbench_->session()->outcome().rows) {
        ids.push_back(row.hit.node_id);
        trees.insert(qs(row.hit.node_id), qs(row.hit.tree_id));
    }
    const VaultRef ref = vault_->ref();
    marksJob_->start(
        [ref, ids, trees](const std::atomic_bool&) {
            MarksResult r;
            r.hitTrees = trees;
            for (const auto& id : ids)
                r.hits.insert(qs(id));
            auto vault = workerVault(ref);
            if (!vault)
                return r;
            auto chains = node_ancestry(**vault, ids);
            if (!chains)
                return r;
            for (const auto& [id, chain] : *chains) {
                QStringList list;
                for (const auto& a : chain) {
                    list << qs(a);
                    r.ancestors.insert(qs(a));
                }
                r.chains.insert(qs(id), list);
            }
            for (const QString& t : std::as_const(r.hitTrees))
                if (!t.isEmpty())
                    r.trees.insert(t);
            return r;
        },
        [this](MarksResult r) {
            chains_ = std::move(r.chains);
            hitTrees_ = std::move(r.hitTrees);
            model_->setMarks(r.hits, r.ancestors, r.trees);
            Q_EMIT marksChanged();
        });
}

void TreesPage::focusTree(const QString& treeId) {
    const QModelIndex index = model_->indexOf(treeId);
    if (!index.isValid())
        return;
    tree_->setCurrentIndex(index);
    tree_->scrollTo(index, QAbstractItemView::PositionAtTop);
    tree_->expand(index);
}

void TreesPage::revealNode(const QString& nodeId) {
    QStringList path;
    const QStringList chain = chains_.value(nodeId);
    QString treeId = hitTrees_.value(nodeId);
    for (auto it = chain.crbegin(); it != chain.crend(); ++it)
        path << *it;
    path << nodeId;
    if (!treeId.isEmpty())
        path.prepend(treeId);
    revealPath_ = path;
    stepReveal();
}

void TreesPage::stepReveal() {
    while (!revealPath_.isEmpty()) {
        const QModelIndex index = model_->indexOf(revealPath_.first());
        if (!index.isValid())
            return; // its parent is still loading; childrenLoaded() brings us back
        if (revealPath_.size() == 1) {
            tree_->setCurrentIndex(index);
            tree_->scrollTo(index, QAbstractItemView::PositionAtCenter);
            revealPath_.clear();
            Q_EMIT revealed(index.data(IdRole).toString());
            return;
        }
        revealPath_.removeFirst();
        tree_->expand(index); // fetches the children when they are not loaded yet
        if (model_->isLoading(index))
            return;
    }
}

void TreesPage::applyTimeFilter(const TimeFilter& filter) {
    if (filter.isSet()) {
        if (filter.sinceMs() != coverSince_ || filter.untilMs() != coverUntil_)
            showCover(filter.sinceMs(), filter.untilMs());
        return;
    }
    coverJob_->cancel();
    coverSince_ = coverUntil_ = 0;
    timeline_->clearSelection();
    timeline_->setSpans({});
    cover_->clear();
    coverLabel_->setText(coverHint());
}

void TreesPage::showCover(qint64 sinceMs, qint64 untilMs) {
    coverSince_ = sinceMs;
    coverUntil_ = untilMs;
    timeline_->setSelection(sinceMs, untilMs);
    coverLabel_->setText(
        tr("Computing the cover of %1 – %2…").arg(formatTime(sinceMs), formatTime(untilMs)));
    const VaultRef ref = vault_->ref();
    coverJob_->start(
        [ref, sinceMs, untilMs](const std::atomic_bool&) {
            CoverResult r;
            r.since = sinceMs;
            r.until = untilMs;
            auto vault = workerVault(ref);
            if (!vault) {
                r.error = formatStatus(vault.status());
                return r;
            }
            CoverWindowOptions opts;
            opts.since_ms = sinceMs;
            opts.until_ms = untilMs;
            auto cover = cover_window(**vault, opts);
            if (!cover) {
                r.error = formatStatus(cover.status());
                return r;
            }
            r.total = cover->total;
            int rank = 0;
            for (RetrievalHit& hit : cover->hits) {
                HitRow row;
                row.rank = ++rank;
                row.snippet = makeSnippet(hit.content, {});
                row.hit = std::move(hit);
                r.rows.push_back(std::move(row));
            }
            return r;
        },
        [this](CoverResult r) {
            if (!r.error.isEmpty()) {
                coverLabel_->setText(tr("cover_window failed: %1").arg(r.error));
                return;
            }
            std::vector<TimelineSpan> spans;
            int summaries = 0;
            for (const HitRow& row : r.rows) {
                spans.push_back({row.hit.time_range_start_ms, row.hit.time_range_end_ms,
                                 static_cast<int>(row.hit.level), qs(row.hit.node_id)});
                summaries += row.hit.node_kind == NodeKind::Summary ? 1 : 0;
            }
            timeline_->setSpans(std::move(spans));
            coverLabel_->setText(
                tr("Minimal cover of %1 – %2 (UTC): %3 — %4 standing in for whole subtrees, "
                   "%5%6.")
                    .arg(
                        formatTime(r.since), formatTime(r.until),
                        tr("%Ln node(s)", nullptr, static_cast<int>(r.rows.size())),
                        tr("%Ln summary(s)", nullptr, summaries),
                        tr("%Ln raw leaf(s)", nullptr, static_cast<int>(r.rows.size()) - summaries))
                    .arg(r.total > r.rows.size()
                             ? tr(" (first %1 of %2)").arg(r.rows.size()).arg(r.total)
                             : QString()));
            cover_->setRows(std::move(r.rows));
            Q_EMIT coverShown();
        });
}

QString TreesPage::selectedId() const {
    const auto* item = model_->itemAt(tree_->currentIndex());
    return item ? item->id : QString();
}

void TreesPage::updateButtons() {
    const auto* item = model_->itemAt(tree_->currentIndex());
    const bool summary = item && item->type == SummaryTreeModel::NodeType::Summary;
    drill_->setEnabled(summary);
    leaves_->setEnabled(
        item && (item->type == SummaryTreeModel::NodeType::Leaf || (summary && item->level == 1)));
}

} // namespace memlens::ui
