#include "pages/graphpage.h"

#include "core/format.h"
#include "graph/communitypanel.h"
#include "graph/entitypanel.h"
#include "graph/graphcontrolspanel.h"
#include "graph/graphloader.h"
#include "graph/graphscene.h"
#include "graph/graphtext.h"
#include "graph/graphtimebar.h"
#include "graph/graphview.h"
#include "graph/nodeitem.h"
#include "pages/aliaspanel.h"
#include "pages/queryworkbench.h"
#include "vault/vaultcontroller.h"
#include "widgets/scrollable.h"

#include <memlens/health.h>

#include <QLabel>
#include <QMenu>
#include <QSplitter>
#include <QTabWidget>
#include <QToolTip>
#include <QVBoxLayout>

namespace memlens::ui {

GraphPage::GraphPage(VaultController* vault, QueryWorkbench* workbench, QWidget* parent)
    : QWidget(parent)
    , vault_(vault)
    , workbench_(workbench)
    , scene_(new GraphScene(this))
    , view_(new GraphView(scene_, this))
    , loader_(new GraphLoader(vault, scene_, this))
    , controls_(new GraphControlsPanel(this))
    , entity_(new EntityPanel(vault, scene_, this))
    , communities_(new CommunityPanel(vault, scene_, this))
    , timeBar_(new GraphTimeBar(vault, scene_, this))
    , aliases_(new AliasPanel(vault, this))
    , status_(new QLabel(this)) {
    connectControls();
    connectPanels();
    connectVault();
    layOut();
    entity_->showSelection();
    updateStatus();
}

// The controls above the drawing, the drawing and the loader.
void GraphPage::connectControls() {
    connect(controls_, &GraphControlsPanel::findRequested, this, &GraphPage::find);
    connect(controls_, &GraphControlsPanel::reloadRequested, this, &GraphPage::reload);
    connect(controls_, &GraphControlsPanel::aroundHitRequested, this, &GraphPage::showAroundHit);
    connect(controls_, &GraphControlsPanel::fitRequested, view_, &GraphView::fitAll);
    connect(controls_, &GraphControlsPanel::sizeMeasureChanged, this,
            [this](NodeSizeMeasure measure) {
                scene_->setSizeMeasure(measure);
                view_->viewport()->update();
            });
    connect(controls_, &GraphControlsPanel::litChanged, this, [this] {
        scene_->setLit(controls_->litIds());
        redraw();
    });
    connect(view_, &GraphView::nodeClicked, this, &GraphPage::selectNode);
    connect(view_, &GraphView::backgroundClicked, this, [this] {
        if (scene_->selectedNode() >= 0)
            selectNode(-1);
    });
    connect(view_, &GraphView::nodeDoubleClicked, this, &GraphPage::expand);
    connect(view_, &GraphView::hovered, this, &GraphPage::showHover);
    connect(view_, &GraphView::contextMenuRequested, this, &GraphPage::showContextMenu);
    connect(loader_, &GraphLoader::statusMessage, status_, &QLabel::setText);
    connect(loader_, &GraphLoader::loaded, this, &GraphPage::graphArrived);
    connect(loader_, &GraphLoader::expanded, this, [this](int added) {
        applyGraph(true);
        Q_EMIT expanded(added);
    });
}

// The selected entity, the communities and the time window.
void GraphPage::connectPanels() {
    connect(entity_, &EntityPanel::queryTopicRequested, this, &GraphPage::queryTopicOfSelected);
    connect(entity_, &EntityPanel::expandRequested, this,
            [this] { expand(scene_->selectedNode()); });
    connect(entity_, &EntityPanel::hideRequested, this, &GraphPage::hideSelected);
    connect(entity_, &EntityPanel::focusRequested, this, &GraphPage::focusSelected);
    connect(entity_, &EntityPanel::clearFocusRequested, this, &GraphPage::clearFocus);
    connect(entity_, &EntityPanel::hopsChanged, this, [this](int hops) {
        if (scene_->focusNode() >= 0) {
            scene_->setFocusNode(scene_->focusNode(), hops);
            updateStatus();
        }
    });
    connect(entity_, &EntityPanel::showNodeRequested, workbench_, &QueryWorkbench::showNode);
    connect(entity_, &EntityPanel::fetchLeavesRequested, workbench_,
            &QueryWorkbench::runFetchLeaves);
    connect(entity_, &EntityPanel::neighboursLoaded, this, &GraphPage::neighboursLoaded);
    connect(entity_, &EntityPanel::sharedLoaded, this, &GraphPage::sharedLoaded);
    connect(communities_, &CommunityPanel::communityPicked, this, &GraphPage::selectCommunity);
    connect(communities_, &CommunityPanel::fetchLeavesRequested, workbench_,
            &QueryWorkbench::runFetchLeaves);
    connect(communities_, &CommunityPanel::statusMessage, status_, &QLabel::setText);
    connect(timeBar_, &GraphTimeBar::windowChanged, this, [this] {
        entity_->timeWindowChanged();
        redraw();
    });
    connect(timeBar_, &GraphTimeBar::edgeTimesLoaded, this, &GraphPage::edgeTimesLoaded);
}

void GraphPage::connectVault() {
    connect(workbench_, &QueryWorkbench::hitShown, controls_, &GraphControlsPanel::setHit);
    connect(vault_, &VaultController::vaultChanged, this, &GraphPage::resetVaultState);
    connect(vault_, &VaultController::opened, this, [this] {
        needsLoad_ = true;
        if (isVisible())
            reload();
    });
}

void GraphPage::layOut() {
    // Right of the graph: the selected entity, the communities and the aliases, as tabs.
    auto* tabs = new QTabWidget(this);
    tabs->addTab(entity_, tr("Selected"));
    tabs->addTab(communities_, tr("Communities"));
    tabs->addTab(aliases_, tr("Aliases"));
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(view_);
    // Its own minimum height would set the window's (a 1280 × 720 screen must hold it): the
    // panel's lists scroll within it instead.
    tabs->setMinimumSize(tabs->minimumSizeHint().width(), 120);
    splitter->addWidget(tabs);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({820, 420});
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    status_->setWordWrap(true);
    // Two lines held whether or not a selection's words fill them: the drawing above must not
    // change size (and so move under the user's hand) when a click adds to the status.
    status_->setMinimumHeight(2 * status_->fontMetrics().lineSpacing() + 2);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(controls_);
    layout->addWidget(splitter, 1);
    layout->addWidget(timeBar_);
    layout->addWidget(status_);
}

void GraphPage::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (needsLoad_)
        reload();
}

void GraphPage::reload() {
    load(controls_->request());
}

void GraphPage::showAroundHit() {
    if (controls_->litIds().isEmpty())
        return;
    load(controls_->aroundHitRequest());
}

void GraphPage::load(const GraphRequest& request) {
    if (!vault_->isOpen())
        return;
    needsLoad_ = false;
    requested_ = request;
    loader_->load(request);
}

void GraphPage::graphArrived() {
    // Read again for the same request (the vault reloaded): the layout is the same, so the
    // user's zoom and place still show what they showed, and the selection comes back.
    const bool again = shown_.has_value() && shown_ == requested_;
    const bool keepView = again && view_->touched();
    // The scene is filled again: its bounds, and so the scroll bars' ranges, change on the way,
    // which can scroll the view. The place the user looked at is put back.
    const QPointF looking = view_->mapToScene(view_->viewport()->rect().center());
    shown_ = requested_;
    applyGraph(false);
    const int kept = again ? scene_->indexOf(selectedId_) : -1;
    if (kept >= 0)
        selectNode(kept);
    else
        selectedId_.clear();
    if (!keepView)
        view_->fitAll();
    else
        view_->centerOn(looking);
    Q_EMIT graphLoaded();
}

void GraphPage::applyGraph(bool grown) {
    scene_->setSizeMeasure(controls_->sizeMeasure());
    scene_->setLit(controls_->litIds()); // the hit shown before the graph arrived
    entity_->graphReplaced(grown);
    timeBar_->graphReplaced();
    communities_->fill();
    entity_->showSelection();
    updateStatus();
}

void GraphPage::clearTimeWindow() {
    timeBar_->setTimeWindowEnabled(false);
}

void GraphPage::showTimeWindow(qint64 sinceMs, qint64 untilMs) {
    timeBar_->showTimeWindow(sinceMs, untilMs);
}

void GraphPage::selectNode(int index) {
    if (index < 0)
        entity_->forgetSubject(); // selecting the same entity again lists its neighbours again
    else
        view_->markTouched(); // the user is looking at this node: no automatic fit moves it
    scene_->setSelectedNode(index);
    selectedId_ = index >= 0 ? scene_->data().nodes[static_cast<std::size_t>(index)].id : QString();
    view_->viewport()->update();
    entity_->showSelection();
    updateStatus();
    entity_->loadNeighbours();
}

void GraphPage::explainLink(int a, int b) {
    const auto n = static_cast<int>(scene_->data().nodes.size());
    if (a < 0 || b < 0 || a >= n || b >= n)
        return;
    if (scene_->selectedNode() != a)
        selectNode(a);
    entity_->explainIds(scene_->data().nodes[static_cast<std::size_t>(a)].id,
                        scene_->data().nodes[static_cast<std::size_t>(b)].id);
}

void GraphPage::selectCommunity(int community) {
    scene_->setCommunityFilter(community);
    communities_->communityShown(community);
    if (community >= 0 && community < static_cast<int>(scene_->data().communities.size())) {
        QList<int> members;
        for (std::uint32_t v :
             scene_->data().communities[static_cast<std::size_t>(community)].members)
            members << static_cast<int>(v);
        view_->fitRect(scene_->boundsOf(members));
    }
    redraw();
}

void GraphPage::queryTopicOfSelected() {
    const int index = scene_->selectedNode();
    if (index < 0)
        return;
    workbench_->runTopic(scene_->data().nodes[static_cast<std::size_t>(index)].id, false);
}

void GraphPage::setHealth(const std::shared_ptr<const HealthReport>& report, const QString& range) {
    GraphRecall recall;
    if (report) {
        recall.known = true;
        recall.distinctQueries = static_cast<int>(report->distinct_queries);
        recall.range = range;
        recall.entities.reserve(static_cast<qsizetype>(report->entity_recall.size()));
        for (const auto& [id, r] : report->entity_recall)
            recall.entities.insert(
                qs(id), {static_cast<qint64>(r.returned), static_cast<qint64>(r.queries)});
    }
    scene_->setRecall(std::move(recall));
    entity_->showSelection();
    redraw();
}

void GraphPage::resetVaultState() {
    loader_->cancel();
    scene_->setRecall({});
    requested_.reset();
    shown_.reset();
    selectedId_.clear();
    entity_->resetVaultState();
    controls_->resetVaultState();
    scene_->setGraph({});
    communities_->resetVaultState();
    timeBar_->resetVaultState();
    entity_->showSelection();
    updateStatus();
}

void GraphPage::focusSelected() {
    const int index = scene_->selectedNode();
    if (index < 0)
        return;
    scene_->setFocusNode(index, entity_->hops());
    QList<int> members;
    for (int i = 0; i < static_cast<int>(scene_->data().nodes.size()); ++i)
        if (scene_->isShown(i) && !(scene_->nodeItem(i)->states() & NodeItem::Dimmed))
            members << i;
    view_->fitRect(scene_->boundsOf(members));
    updateStatus();
}

void GraphPage::clearFocus() {
    scene_->setFocusNode(-1, entity_->hops());
    scene_->setCommunityFilter(-1);
    communities_->clearSelection();
    scene_->search(QString());
    scene_->showAllNodes();
    updateStatus();
}

void GraphPage::hideSelected() {
    const int index = scene_->selectedNode();
    if (index < 0)
        return;
    scene_->hideNode(index);
    selectedId_.clear();
    entity_->forgetSubject();
    entity_->showSelection();
    updateStatus();
}

void GraphPage::expand(int index) {
    loader_->expand(index, controls_->minWeight());
}

bool GraphPage::find(const QString& text) {
    const QList<int> matches = scene_->search(text);
    if (matches.isEmpty()) {
        status_->setText(tr("No drawn entity matches “%1”").arg(text));
        return false;
    }
    selectNode(matches.first());
    view_->fitRect(scene_->boundsOf(matches.mid(0, 12)));
    updateStatus();
    return true;
}

void GraphPage::showHover(int node, int edge, const QPoint& globalPos) {
    const QString text = GraphText::hover(*scene_, node, edge);
    if (text.isEmpty())
        QToolTip::hideText();
    else {
        QToolTip::showText(globalPos, text, view_);
        Q_EMIT hoverShown(text);
    }
}

void GraphPage::showContextMenu(int node, int edge, const QPoint& globalPos) {
    QMenu menu(this);
    if (node >= 0) {
        const int selected = scene_->selectedNode();
        selectNode(node);
        const QString name = scene_->labelOf(node);
        menu.addAction(tr("Query This Topic: %1").arg(name), this,
                       &GraphPage::queryTopicOfSelected);
        menu.addAction(tr("Expand (add neighbours)"), this, [this, node] { expand(node); });
        menu.addAction(tr("Focus"), this, &GraphPage::focusSelected);
        menu.addAction(tr("Hide"), this, &GraphPage::hideSelected);
        if (selected >= 0 && selected != node)
            menu.addAction(tr("Why Are %1 and %2 Linked?").arg(scene_->labelOf(selected), name),
                           this, [this, selected, node] { explainLink(node, selected); });
    } else if (edge >= 0) {
        const LayoutEdge e = scene_->data().edges[static_cast<std::size_t>(edge)];
        menu.addAction(tr("Why Are %1 and %2 Linked?")
                           .arg(scene_->labelOf(static_cast<int>(e.a)),
                                scene_->labelOf(static_cast<int>(e.b))),
                       this, [this, e] {
                           selectNode(static_cast<int>(e.a));
                           explainLink(static_cast<int>(e.a), static_cast<int>(e.b));
                       });
    } else {
        menu.addAction(tr("Fit"), view_, &GraphView::fitAll);
        if (scene_->hiddenCount() > 0)
            menu.addAction(tr("Show Hidden Entities"), this, [this] {
                scene_->showAllNodes();
                updateStatus();
            });
    }
    menu.exec(globalPos);
}

void GraphPage::redraw() {
    view_->viewport()->update();
    updateStatus();
}

void GraphPage::updateStatus() {
    status_->setText(GraphText::status(*scene_, controls_->minWeight(), entity_->hops()));
}

} // namespace memlens::ui
