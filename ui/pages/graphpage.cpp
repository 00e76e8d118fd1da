#include "pages/graphpage.h"

#include "core/format.h"
#include "core/jobrunner.h"
#include "core/logging.h"
#include "graph/graphscene.h"
#include "graph/graphstyle.h"
#include "graph/graphview.h"
#include "graph/nodeitem.h"
#include "pages/aliaspanel.h"
#include "pages/queryworkbench.h"
#include "vault/vaultcontroller.h"
#include "vault/workervault.h"

#include <memlens/graph.h>

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPainter>
#include <QPixmap>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QToolTip>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <map>
#include <set>

namespace memlens::ui {

namespace {

constexpr std::size_t kExpandLimit = 30;
constexpr std::size_t kNeighbourLimit = 50;
constexpr std::size_t kSharedLimit = 200;
// "Show Its Chunks in Query": the newest chunks naming two of a community's most mentioned.
constexpr std::size_t kCommunityChunkMembers = 12;
constexpr std::size_t kCommunityChunkLimit = 20;
constexpr int kTimeSteps = 1000;
constexpr int kIdRole = Qt::UserRole;
constexpr int kIndexRole = Qt::UserRole + 1;

// What the panel lists for a selected entity: its neighbours in the vault (drawn or not), each
// with what they share.
struct NeighbourRows {
    QString subject;
    std::vector<EntityPairDetail> rows;
    QString error;
};

struct SharedRows {
    QString a;
    QString b;
    std::vector<SharedNode> nodes; // the oldest kSharedLimit
    qint64 total = 0;              // every chunk that mentions both
    QString error;
};

struct CommunityChunks {
    QStringList chunkIds;
    QString error;
};

QIcon swatch(const QColor& color) {
    QPixmap pm(12, 12);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Qt::NoPen);
    p.setBrush(color);
    p.drawEllipse(1, 1, 10, 10);
    return QIcon(pm);
}

QString shapeLegend() {
    return GraphPage::tr("● person  ■ organisation  ◆ topic  ▲ other kinds · colour: community");
}

} // namespace

GraphPage::GraphPage(VaultController* vault, QueryWorkbench* workbench, QWidget* parent)
    : QWidget(parent)
    , vault_(vault)
    , workbench_(workbench)
    , scene_(new GraphScene(this))
    , view_(new GraphView(scene_, this))
    , loadJob_(new JobRunner(this))
    , expandJob_(new JobRunner(this))
    , neighbourJob_(new JobRunner(this))
    , sharedJob_(new JobRunner(this))
    , timesJob_(new JobRunner(this))
    , communityJob_(new JobRunner(this))
    , search_(new QLineEdit(this))
    , scopeBox_(new QComboBox(this))
    , minWeight_(new QSpinBox(this))
    , sizeBox_(new QComboBox(this))
    , aroundHit_(new QPushButton(tr("Around the &Hit"), this))
    , hops_(new QSlider(Qt::Horizontal, this))
    , hopsLabel_(new QLabel(this))
    , focus_(new QPushButton(tr("&Focus"), this))
    , clearFocus_(new QPushButton(tr("Clear"), this))
    , queryTopic_(new QPushButton(tr("&Query This Topic"), this))
    , expand_(new QPushButton(tr("&Expand"), this))
    , hide_(new QPushButton(tr("Hide"), this))
    , selectedTitle_(new QLabel(this))
    , selectedFacts_(new QLabel(this))
    , neighbours_(new QTreeWidget(this))
    , sharedTitle_(new QLabel(this))
    , shared_(new QListWidget(this))
    , sharedToQuery_(new QPushButton(tr("Show in Query"), this))
    , communities_(new QTreeWidget(this))
    , communityChunks_(new QPushButton(tr("Show Its Chunks in Query"), this))
    , timeBox_(new QCheckBox(tr("&Time window"), this))
    , timeFrom_(new QSlider(Qt::Horizontal, this))
    , timeUntil_(new QSlider(Qt::Horizontal, this))
    , timeLabel_(new QLabel(this))
    , status_(new QLabel(this))
    , aliases_(new AliasPanel(vault, this)) {
    setupControls();
    setupPanel();
    connectControls();
    connect(workbench_, &QueryWorkbench::hitShown, this, [this](const RetrievalHit& hit) {
        QStringList ids;
        for (const auto& e : hit.entities)
            ids << qs(e);
        for (const auto& t : hit.topics)
            ids << (t.find(':') == std::string::npos ? QStringLiteral("topic:") + qs(t) : qs(t));
        litIds_ = ids;
        aroundHit_->setEnabled(!litIds_.isEmpty());
        scene_->setLit(litIds_);
        view_->viewport()->update();
        updateStatus();
    });
    connect(vault_, &VaultController::vaultChanged, this, &GraphPage::resetVaultState);
    connect(vault_, &VaultController::opened, this, [this] {
        needsLoad_ = true;
        if (isVisible())
            reload();
    });

    layOut();
    updatePanel();
    updateStatus();
}

// The row of what to draw and how, and the focus and selection buttons.
void GraphPage::setupControls() {
    search_->setPlaceholderText(tr("Find an entity… (Enter)"));
    search_->setClearButtonEnabled(true);
    scopeBox_->addItem(tr("Around the most mentioned"), 0);
    for (int n : {500, 2000, 5000})
        scopeBox_->addItem(tr("%Ln most mentioned", nullptr, n), n);
    scopeBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    scopeBox_->setMinimumContentsLength(16);
    scopeBox_->setToolTip(tr("What to draw: a readable neighbourhood of the most mentioned "
                             "entities, or the N most mentioned entities of the vault"));
    minWeight_->setRange(1, 100);
    minWeight_->setValue(2);
    minWeight_->setPrefix(tr("weight ≥ "));
    minWeight_->setToolTip(
        tr("Draw only edges whose two entities share at least this many chunks"));
    sizeBox_->addItem(tr("Size: mentions"), static_cast<int>(NodeSizeMeasure::Mentions));
    sizeBox_->addItem(tr("Size: degree"), static_cast<int>(NodeSizeMeasure::Degree));
    sizeBox_->addItem(tr("Size: PageRank"), static_cast<int>(NodeSizeMeasure::PageRank));
    sizeBox_->setToolTip(tr("What a node's size shows: how many nodes mention it, how many "
                            "drawn entities it is linked to, or its PageRank over the weights"));
    aroundHit_->setToolTip(tr("Draw the neighbourhood of the entities of the hit shown in the "
                              "detail docks"));
    aroundHit_->setEnabled(false);
    hops_->setRange(1, 4);
    hops_->setValue(1);
    hops_->setFixedWidth(80);
    hops_->setToolTip(tr("Hop depth of the focus"));
    hopsLabel_->setText(tr("%n hop(s)", nullptr, hops_->value()));
    focus_->setToolTip(tr("Show the selected entity's neighbourhood and dim the rest"));
    queryTopic_->setToolTip(tr("Run query_topic on the selected entity in the Query page (the "
                               "mode beside the query box stays as it is)"));
    expand_->setToolTip(tr("Add the selected entity's neighbours to the graph (double-click)"));
    hide_->setToolTip(tr("Take the selected entity off the drawing (Fit or a reload brings it "
                         "back)"));
}

// The selected entity's panel, the communities and the time window.
void GraphPage::setupPanel() {
    selectedTitle_->setTextFormat(Qt::RichText);
    selectedTitle_->setWordWrap(true);
    selectedFacts_->setWordWrap(true);
    selectedFacts_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    neighbours_->setColumnCount(4);
    // Dates only in the columns (the time is in each cell's tooltip), so all four fit beside
    // the graph at 1280 pixels.
    neighbours_->setHeaderLabels({tr("Neighbour"), tr("Shared"), tr("First"), tr("Last")});
    neighbours_->headerItem()->setToolTip(1, tr("Chunks that mention both"));
    neighbours_->headerItem()->setToolTip(2, tr("The first chunk that mentions both"));
    neighbours_->headerItem()->setToolTip(3, tr("The last chunk that mentions both"));
    neighbours_->setRootIsDecorated(false);
    neighbours_->setUniformRowHeights(true);
    neighbours_->header()->setStretchLastSection(false);
    neighbours_->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int c = 1; c < 4; ++c)
        neighbours_->header()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    neighbours_->setToolTip(tr("Entities that share chunks with the selected one (the edge's "
                               "weight), most shared first; pick one to see those chunks"));
    sharedTitle_->setWordWrap(true);
    shared_->setToolTip(tr("Click a chunk to show it in Hit Detail"));
    sharedToQuery_->setToolTip(tr("List these chunks in the Query page (fetch_leaves, the "
                                  "first 20)"));
    sharedToQuery_->setEnabled(false);
    communities_->setColumnCount(3);
    communities_->setHeaderLabels({tr("Community"), tr("Entities"), tr("Most mentioned")});
    communities_->setRootIsDecorated(false);
    communities_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    communities_->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    communities_->setToolTip(tr("Groups of entities linked more among themselves than to the "
                                "rest (Louvain over the co-occurrence weights); pick one to "
                                "dim the others"));
    communityChunks_->setToolTip(tr("List in the Query page the chunks where the community's "
                                    "most mentioned entities occur together (the newest 20)"));
    communityChunks_->setEnabled(false);
    timeFrom_->setRange(0, kTimeSteps);
    timeUntil_->setRange(0, kTimeSteps);
    timeUntil_->setValue(kTimeSteps);
    timeFrom_->setEnabled(false);
    timeUntil_->setEnabled(false);
    timeBox_->setEnabled(false);
    timeBox_->setToolTip(tr("Show the graph as it stood between two dates: each edge drawn "
                            "with the chunks it shares inside the window"));
}

void GraphPage::connectControls() {
    connect(search_, &QLineEdit::returnPressed, this, [this] { find(search_->text()); });
    connect(scopeBox_, &QComboBox::currentIndexChanged, this, &GraphPage::reload);
    connect(minWeight_, &QSpinBox::editingFinished, this, &GraphPage::reload);
    connect(sizeBox_, &QComboBox::currentIndexChanged, this, [this] {
        scene_->setSizeMeasure(static_cast<NodeSizeMeasure>(sizeBox_->currentData().toInt()));
        view_->viewport()->update();
    });
    connect(aroundHit_, &QPushButton::clicked, this, &GraphPage::showAroundHit);
    connect(hops_, &QSlider::valueChanged, this, [this](int hops) {
        hopsLabel_->setText(tr("%n hop(s)", nullptr, hops));
        if (scene_->focusNode() >= 0) {
            scene_->setFocusNode(scene_->focusNode(), hops);
            updateStatus();
        }
    });
    connect(focus_, &QPushButton::clicked, this, &GraphPage::focusSelected);
    connect(clearFocus_, &QPushButton::clicked, this, [this] {
        scene_->setFocusNode(-1, hops_->value());
        scene_->setCommunityFilter(-1);
        communities_->clearSelection();
        scene_->search(QString());
        scene_->showAllNodes();
        updateStatus();
    });
    connect(queryTopic_, &QPushButton::clicked, this, &GraphPage::queryTopicOfSelected);
    connect(expand_, &QPushButton::clicked, this, [this] { expand(scene_->selectedNode()); });
    connect(hide_, &QPushButton::clicked, this, &GraphPage::hideSelected);
    connect(view_, &GraphView::nodeClicked, this, &GraphPage::selectNode);
    connect(view_, &GraphView::nodeDoubleClicked, this, &GraphPage::expand);
    connect(view_, &GraphView::hovered, this, &GraphPage::showHover);
    connect(view_, &GraphView::contextMenuRequested, this, &GraphPage::showContextMenu);
    connect(neighbours_, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        if (item != nullptr && !neighbourSubject_.isEmpty())
            explainIds(neighbourSubject_, item->data(0, kIdRole).toString());
    });
    connect(shared_, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
        workbench_->showNode(item->data(kIdRole).toString());
    });
    connect(sharedToQuery_, &QPushButton::clicked, this, [this] {
        QStringList chunks;
        for (int i = shared_->count() - 1; i >= 0 && chunks.size() < 20; --i)
            chunks << shared_->item(i)->data(kIdRole).toString();
        if (!chunks.isEmpty())
            workbench_->runFetchLeaves(chunks);
    });
    connect(communities_, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        if (item != nullptr)
            selectCommunity(item->data(0, kIndexRole).toInt());
    });
    connect(communityChunks_, &QPushButton::clicked, this, &GraphPage::showCommunityChunks);
    connect(timeBox_, &QCheckBox::toggled, this, &GraphPage::setTimeWindowEnabled);
    connect(timeFrom_, &QSlider::valueChanged, this, [this](int v) {
        if (v > timeUntil_->value())
            timeUntil_->setValue(v);
        applyTimeWindow();
    });
    connect(timeUntil_, &QSlider::valueChanged, this, [this](int v) {
        if (v < timeFrom_->value())
            timeFrom_->setValue(v);
        applyTimeWindow();
    });
}

// Right of the graph: the selected entity, the communities and the aliases, as tabs.
QTabWidget* GraphPage::buildSidePanel() {
    // Right: the selected entity and the communities.
    auto* selectedPane = new QWidget(this);
    auto* sel = new QVBoxLayout(selectedPane);
    sel->setContentsMargins(0, 0, 0, 0);
    sel->addWidget(selectedTitle_);
    sel->addWidget(selectedFacts_);
    auto* actions = new QHBoxLayout();
    actions->addWidget(queryTopic_);
    actions->addWidget(expand_);
    actions->addWidget(hide_);
    actions->addStretch();
    sel->addLayout(actions);
    auto* focusRow = new QHBoxLayout();
    focusRow->addWidget(focus_);
    focusRow->addWidget(hops_);
    focusRow->addWidget(hopsLabel_);
    focusRow->addWidget(clearFocus_);
    focusRow->addStretch();
    sel->addLayout(focusRow);
    // The neighbours and the chunks a chosen one shares, one above the other, resizable.
    auto* sharedPane = new QWidget(this);
    auto* sharedBox = new QVBoxLayout(sharedPane);
    sharedBox->setContentsMargins(0, 0, 0, 0);
    sharedBox->addWidget(sharedTitle_);
    sharedBox->addWidget(shared_, 1);
    sharedBox->addWidget(sharedToQuery_, 0, Qt::AlignLeft);
    auto* lists = new QSplitter(Qt::Vertical, this);
    lists->addWidget(neighbours_);
    lists->addWidget(sharedPane);
    lists->setChildrenCollapsible(false);
    neighbours_->setMinimumHeight(90);
    shared_->setMinimumHeight(60);
    sel->addWidget(lists, 1);
    auto* communityPane = new QWidget(this);
    auto* com = new QVBoxLayout(communityPane);
    com->setContentsMargins(0, 0, 0, 0);
    com->addWidget(communities_, 1);
    com->addWidget(communityChunks_, 0, Qt::AlignLeft);
    auto* tabs = new QTabWidget(this);
    tabs->addTab(selectedPane, tr("Selected"));
    tabs->addTab(communityPane, tr("Communities"));
    tabs->addTab(aliases_, tr("Aliases"));
    return tabs;
}

void GraphPage::layOut() {
    auto* fit = new QPushButton(tr("Fit"), this);
    fit->setToolTip(tr("Frame the shown nodes (0)"));
    connect(fit, &QPushButton::clicked, view_, &GraphView::fitAll);
    // Top: what to draw and how.
    auto* row1 = new QHBoxLayout();
    row1->addWidget(search_, 2);
    row1->addWidget(scopeBox_);
    row1->addWidget(minWeight_);
    row1->addWidget(sizeBox_);
    row1->addWidget(aroundHit_);
    row1->addWidget(fit);
    auto* legend = new QLabel(shapeLegend(), this);
    auto* help = new QLabel(tr("Click: select · double-click: add neighbours · right-click: "
                               "actions · drag: pan · wheel: zoom"),
                            this);
    help->setForegroundRole(QPalette::PlaceholderText);
    // Both lines wrap rather than widen the window (German runs long).
    legend->setWordWrap(true);
    help->setWordWrap(true);
    help->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    auto* row2 = new QHBoxLayout();
    row2->addWidget(legend, 1);
    row2->addWidget(help, 1);

    QTabWidget* tabs = buildSidePanel();
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(view_);
    splitter->addWidget(tabs);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({820, 420});

    auto* timeRow = new QHBoxLayout();
    timeRow->addWidget(timeBox_);
    timeRow->addWidget(timeFrom_, 1);
    timeRow->addWidget(timeUntil_, 1);
    timeRow->addWidget(timeLabel_);

    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    status_->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(row1);
    layout->addLayout(row2);
    layout->addWidget(splitter, 1);
    layout->addLayout(timeRow);
    layout->addWidget(status_);
}

void GraphPage::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (needsLoad_)
        reload();
}

void GraphPage::reload() {
    GraphRequest request;
    const int n = scopeBox_->currentData().toInt();
    request.scope = n > 0 ? GraphScope::MostMentioned : GraphScope::Neighbourhood;
    request.maxNodes = static_cast<std::size_t>(std::max(n, 1));
    request.minWeight = minWeight_->value();
    load(std::move(request));
}

void GraphPage::showAroundHit() {
    if (litIds_.isEmpty())
        return;
    GraphRequest request;
    request.scope = GraphScope::Neighbourhood;
    request.seeds = litIds_;
    request.minWeight = minWeight_->value();
    load(std::move(request));
}

void GraphPage::load(GraphRequest request) {
    if (!vault_->isOpen())
        return;
    needsLoad_ = false;
    status_->setText(tr("Loading and laying out the graph…"));
    const VaultRef ref = vault_->ref();
    loadJob_->start(
        [ref, request](const std::atomic_bool& cancel) { return loadGraph(ref, request, cancel); },
        [this](GraphData data) {
            if (!data.error.isEmpty()) {
                status_->setText(tr("Cannot load the graph: %1").arg(data.error));
                return;
            }
            qCDebug(lcGraph) << data.nodes.size() << "nodes laid out in" << data.layoutMs << "ms";
            applyGraph(std::move(data), false);
            view_->fitAll();
            Q_EMIT graphLoaded();
        });
}

void GraphPage::applyGraph(GraphData data, bool grown) {
    timesJob_->cancel();
    if (grown)
        scene_->setGrownGraph(std::move(data));
    else
        scene_->setGraph(std::move(data));
    scene_->setSizeMeasure(static_cast<NodeSizeMeasure>(sizeBox_->currentData().toInt()));
    scene_->setLit(litIds_); // the hit shown before the graph arrived
    if (!grown) {
        neighbourSubject_.clear();
        sharedPeer_.clear();
    }
    timeBox_->blockSignals(true);
    timeBox_->setChecked(false);
    timeBox_->blockSignals(false);
    timeBox_->setEnabled(false);
    timeFrom_->setEnabled(false);
    timeUntil_->setEnabled(false);
    timeLabel_->setText(tr("times loading…"));
    fillCommunities();
    updatePanel();
    updateStatus();
    loadEdgeTimes();
}

void GraphPage::loadEdgeTimes() {
    const VaultRef ref = vault_->ref();
    GraphData copy = scene_->data();
    timesJob_->start(
        [ref, copy = std::move(copy)](const std::atomic_bool& cancel) {
            return ui::loadEdgeTimes(ref, copy, cancel);
        },
        [this](EdgeTimesResult result) {
            if (!result.error.isEmpty()) {
                timeLabel_->setText(tr("no times: %1").arg(result.error));
                return;
            }
            scene_->setEdgeTimes(std::move(result.times));
            const bool any = scene_->timeSpan().has_value();
            timeBox_->setEnabled(any);
            timeLabel_->setText(any ? QString() : tr("no dated co-occurrences"));
            if (any && sharedWindow_)
                applySharedWindow();
            Q_EMIT edgeTimesLoaded();
        });
}

void GraphPage::setTimeWindowEnabled(bool on) {
    timeFrom_->setEnabled(on);
    timeUntil_->setEnabled(on);
    if (timeBox_->isChecked() != on) {
        timeBox_->blockSignals(true);
        timeBox_->setChecked(on);
        timeBox_->blockSignals(false);
    }
    applyTimeWindow();
}

void GraphPage::showTimeWindow(qint64 sinceMs, qint64 untilMs) {
    sharedWindow_ = std::make_pair(std::min(sinceMs, untilMs), std::max(sinceMs, untilMs));
    if (scene_->hasEdgeTimes() && scene_->timeSpan())
        applySharedWindow();
}

void GraphPage::applySharedWindow() {
    const auto span = scene_->timeSpan();
    if (!sharedWindow_ || !span)
        return;
    const auto [from, until] = *sharedWindow_;
    sharedWindow_.reset();
    // The sliders show where the window lies in the graph's span; the window itself is the
    // exact one from the timeline until a slider moves.
    const double width = std::max<double>(1.0, static_cast<double>(span->second - span->first));
    auto step = [&](qint64 t) {
        const double v = static_cast<double>(t - span->first) / width * kTimeSteps;
        return static_cast<int>(std::clamp(std::lround(v), 0L, static_cast<long>(kTimeSteps)));
    };
    for (QSlider* s : {timeFrom_, timeUntil_})
        s->blockSignals(true);
    timeFrom_->setValue(step(from));
    timeUntil_->setValue(step(until));
    for (QSlider* s : {timeFrom_, timeUntil_})
        s->blockSignals(false);
    timeBox_->blockSignals(true);
    timeBox_->setChecked(true);
    timeBox_->blockSignals(false);
    timeFrom_->setEnabled(true);
    timeUntil_->setEnabled(true);
    scene_->setTimeWindow(std::make_pair(from, until));
    timeLabel_->setText(tr("%1 (from the Trees timeline)").arg(formatRange(from, until)));
    view_->viewport()->update();
    updateStatus();
}

void GraphPage::applyTimeWindow() {
    const auto span = scene_->timeSpan();
    if (!timeBox_->isChecked() || !span) {
        if (scene_->timeWindow())
            scene_->setTimeWindow(std::nullopt);
        if (span)
            timeLabel_->setText(tr("all time: %1").arg(formatRange(span->first, span->second)));
        view_->viewport()->update();
        updateStatus();
        return;
    }
    const double width = static_cast<double>(span->second - span->first);
    auto at = [&](int v) {
        return span->first + static_cast<qint64>(width * v / static_cast<double>(kTimeSteps));
    };
    const qint64 from = at(timeFrom_->value());
    const qint64 until = timeUntil_->value() >= kTimeSteps ? span->second : at(timeUntil_->value());
    scene_->setTimeWindow(std::make_pair(from, until));
    timeLabel_->setText(formatRange(from, until));
    view_->viewport()->update();
    updateStatus();
}

void GraphPage::selectNode(int index) {
    if (index < 0)
        neighbourSubject_.clear(); // selecting the same entity again lists its neighbours again
    scene_->setSelectedNode(index);
    view_->viewport()->update();
    updatePanel();
    updateStatus();
    loadNeighbours();
}

QString GraphPage::sharedTitleText() const {
    return sharedTitle_->text();
}

QString GraphPage::nodeLabel(int index) const {
    return scene_->labelOf(index);
}

void GraphPage::updatePanel() {
    const int index = scene_->selectedNode();
    const bool any = index >= 0;
    focus_->setEnabled(any);
    queryTopic_->setEnabled(any);
    expand_->setEnabled(any);
    hide_->setEnabled(any);
    if (!any) {
        selectedTitle_->setText(tr("<i>Click an entity to see its neighbours and what they "
                                   "share.</i>"));
        selectedFacts_->clear();
        neighbours_->clear();
        shared_->clear();
        sharedTitle_->clear();
        sharedToQuery_->setEnabled(false);
        return;
    }
    const GraphData& d = scene_->data();
    const GraphNode& n = d.nodes[static_cast<std::size_t>(index)];
    selectedTitle_->setText(QStringLiteral("<b>%1</b> &nbsp;<span style=\"color:gray\">%2</span>")
                                .arg(nodeLabel(index).toHtmlEscaped(), n.id.toHtmlEscaped()));
    // PageRank as a place among the drawn entities: the number itself means little to a reader.
    int rank = 1;
    for (const GraphNode& other : d.nodes)
        rank += other.pagerank > n.pagerank ? 1 : 0;
    QString community;
    if (n.community >= 0 && n.community < static_cast<int>(d.communities.size()))
        community = tr("community %1").arg(n.community + 1);
    selectedFacts_->setText(
        tr("%1 · mentioned by %Ln node(s)", nullptr, static_cast<int>(n.mentions)).arg(n.kind) +
        tr(" · linked to %Ln drawn entity(s)", nullptr, n.degree) +
        tr(" · PageRank #%1 of %2 drawn").arg(rank).arg(d.nodes.size()) +
        (community.isEmpty() ? QString() : QStringLiteral(" · ") + community));
}

void GraphPage::loadNeighbours() {
    const int index = scene_->selectedNode();
    if (index < 0)
        return;
    const QString id = scene_->data().nodes[static_cast<std::size_t>(index)].id;
    if (id == neighbourSubject_)
        return;
    neighbourSubject_ = id;
    neighbours_->clear();
    shared_->clear();
    sharedTitle_->clear();
    sharedToQuery_->setEnabled(false);
    const VaultRef ref = vault_->ref();
    neighbourJob_->start(
        [ref, id](const std::atomic_bool&) {
            NeighbourRows out;
            out.subject = id;
            auto vault = workerVault(ref);
            if (!vault) {
                out.error = formatStatus(vault.status());
                return out;
            }
            auto edges = co_occurring_entities(**vault, id.toStdString(), kNeighbourLimit);
            if (!edges) {
                out.error = formatStatus(edges.status());
                return out;
            }
            std::vector<std::string> objects;
            for (const GraphEdge& e : *edges)
                objects.push_back(e.object);
            auto details = entity_pair_details(**vault, id.toStdString(), objects);
            if (!details) {
                out.error = formatStatus(details.status());
                return out;
            }
            out.rows = std::move(*details);
            std::stable_sort(out.rows.begin(), out.rows.end(),
                             [](const EntityPairDetail& a, const EntityPairDetail& b) {
                                 return a.shared_chunks > b.shared_chunks;
                             });
            return out;
        },
        [this](NeighbourRows rows) {
            if (rows.subject != neighbourSubject_)
                return;
            if (!rows.error.isEmpty()) {
                sharedTitle_->setText(tr("Cannot list the neighbours: %1").arg(rows.error));
                return;
            }
            for (const EntityPairDetail& r : rows.rows) {
                const QString peer = qs(r.object);
                const int drawn = scene_->indexOf(peer);
                auto* item = new QTreeWidgetItem(neighbours_);
                item->setText(0, drawn >= 0 ? nodeLabel(drawn) : peer);
                item->setData(0, kIdRole, peer);
                item->setToolTip(0, drawn >= 0 ? peer : tr("%1 (not drawn)").arg(peer));
                if (drawn < 0)
                    item->setForeground(0, palette().brush(QPalette::PlaceholderText));
                item->setText(1, formatCount(r.shared_chunks));
                item->setText(2, formatDate(r.first_ms));
                item->setText(3, formatDate(r.last_ms));
                item->setToolTip(2, formatTime(r.first_ms));
                item->setToolTip(3, formatTime(r.last_ms));
                item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
            }
            Q_EMIT neighboursLoaded();
        });
}

void GraphPage::explainLink(int a, int b) {
    const auto n = static_cast<int>(scene_->data().nodes.size());
    if (a < 0 || b < 0 || a >= n || b >= n)
        return;
    if (scene_->selectedNode() != a)
        selectNode(a);
    explainIds(scene_->data().nodes[static_cast<std::size_t>(a)].id,
               scene_->data().nodes[static_cast<std::size_t>(b)].id);
}

void GraphPage::explainIds(const QString& idA, const QString& idB) {
    sharedPeer_ = idB;
    shared_->clear();
    sharedToQuery_->setEnabled(false);
    sharedTitle_->setText(tr("Why %1 and %2 are linked: loading…").arg(idA, idB));
    const VaultRef ref = vault_->ref();
    sharedJob_->start(
        [ref, idA, idB](const std::atomic_bool&) {
            SharedRows out{idA, idB, {}, 0, {}};
            auto vault = workerVault(ref);
            if (!vault) {
                out.error = formatStatus(vault.status());
                return out;
            }
            auto nodes = shared_nodes(**vault, idA.toStdString(), idB.toStdString(), kSharedLimit);
            auto counts = entity_pair_details(**vault, idA.toStdString(), {idB.toStdString()});
            if (!nodes) {
                out.error = formatStatus(nodes.status());
            } else if (!counts) {
                out.error = formatStatus(counts.status());
            } else {
                out.nodes = std::move(*nodes);
                if (!counts->empty()) {
                    out.total = counts->front().shared_chunks;
                }
            }
            return out;
        },
        [this](SharedRows rows) {
            if (rows.b != sharedPeer_)
                return;
            if (!rows.error.isEmpty()) {
                sharedTitle_->setText(tr("Cannot list what they share: %1").arg(rows.error));
                return;
            }
            for (const SharedNode& n : rows.nodes) {
                const QString preview = qs(n.preview).simplified();
                auto* item = new QListWidgetItem(
                    QStringLiteral("%1 · %2").arg(formatTime(n.timestamp_ms), preview), shared_);
                item->setData(kIdRole, qs(n.node_id));
                item->setToolTip(QStringLiteral("%1\n%2").arg(qs(n.node_id), preview));
            }
            // Names as drawn where the entity is drawn, else its id.
            auto name = [this](const QString& id) {
                const int i = scene_->indexOf(id);
                return i >= 0 ? nodeLabel(i) : id;
            };
            QString title = tr("%1 and %2 are linked because %Ln chunk(s) mention both.", nullptr,
                               static_cast<int>(rows.total))
                                .arg(name(rows.a), name(rows.b));
            if (static_cast<qint64>(rows.nodes.size()) < rows.total)
                title += tr(" The oldest %1 are listed.").arg(rows.nodes.size());
            sharedTitle_->setText(title + tr(" Click one to read it."));
            sharedToQuery_->setEnabled(!rows.nodes.empty());
            Q_EMIT sharedLoaded();
        });
}

void GraphPage::fillCommunities() {
    communities_->clear();
    communityChunks_->setEnabled(false);
    const GraphData& d = scene_->data();
    for (std::size_t c = 0; c < d.communities.size(); ++c) {
        const GraphCommunityInfo& info = d.communities[c];
        if (info.members.size() < 2)
            continue; // a lone entity is not a group
        QStringList names;
        for (std::size_t i = 0; i < info.members.size() && i < 4; ++i)
            names << nodeLabel(static_cast<int>(info.members[i]));
        auto* item = new QTreeWidgetItem(communities_);
        item->setIcon(0, swatch(GraphStyle::colorForSlot(info.colorSlot)));
        item->setText(0, QString::number(c + 1));
        item->setData(0, kIndexRole, static_cast<int>(c));
        item->setText(1, formatCount(static_cast<qint64>(info.members.size())));
        item->setText(2, names.join(QStringLiteral(", ")));
        item->setToolTip(2, names.join(QStringLiteral(", ")));
    }
}

void GraphPage::selectCommunity(int community) {
    scene_->setCommunityFilter(community);
    communityChunks_->setEnabled(community >= 0);
    if (community >= 0 && community < static_cast<int>(scene_->data().communities.size())) {
        QList<int> members;
        for (std::uint32_t v :
             scene_->data().communities[static_cast<std::size_t>(community)].members)
            members << static_cast<int>(v);
        view_->fitRect(scene_->boundsOf(members));
    }
    view_->viewport()->update();
    updateStatus();
}

void GraphPage::showCommunityChunks() {
    const int community = scene_->communityFilter();
    if (community < 0 || community >= static_cast<int>(scene_->data().communities.size()))
        return;
    // Its most mentioned members (members come heaviest first); group_chunks finds the newest
    // chunks naming two of them or more.
    std::vector<std::string> ids;
    const auto& members = scene_->data().communities[static_cast<std::size_t>(community)].members;
    for (std::size_t i = 0; i < members.size() && i < kCommunityChunkMembers; ++i)
        ids.push_back(scene_->data().nodes[members[i]].id.toStdString());
    const VaultRef ref = vault_->ref();
    communityJob_->start(
        [ref, ids](const std::atomic_bool& cancel) {
            CommunityChunks out;
            auto vault = workerVault(ref);
            if (!vault) {
                out.error = formatStatus(vault.status());
                return out;
            }
            auto chunks = group_chunks(**vault, ids, kCommunityChunkLimit, &cancel);
            if (!chunks) {
                if (chunks.status().code() != StatusCode::Cancelled)
                    out.error = formatStatus(chunks.status());
                return out;
            }
            for (const GroupChunk& c : *chunks)
                out.chunkIds << qs(c.node_id);
            return out;
        },
        [this](CommunityChunks chunks) {
            if (!chunks.error.isEmpty()) {
                status_->setText(tr("Cannot list the community's chunks: %1").arg(chunks.error));
                return;
            }
            if (chunks.chunkIds.isEmpty()) {
                status_->setText(tr("No chunk names two of this community's most mentioned "
                                    "entities together"));
                return;
            }
            workbench_->runFetchLeaves(chunks.chunkIds);
        });
}

void GraphPage::queryTopicOfSelected() {
    const int index = scene_->selectedNode();
    if (index < 0)
        return;
    workbench_->runTopic(scene_->data().nodes[static_cast<std::size_t>(index)].id, false);
}

void GraphPage::resetVaultState() {
    loadJob_->cancel();
    expandJob_->cancel();
    neighbourJob_->cancel();
    sharedJob_->cancel();
    timesJob_->cancel();
    communityJob_->cancel();
    sharedWindow_.reset();
    litIds_.clear();
    aroundHit_->setEnabled(false);
    neighbourSubject_.clear();
    sharedPeer_.clear();
    search_->clear();
    scene_->setGraph({});
    communities_->clear();
    timeBox_->setChecked(false);
    timeBox_->setEnabled(false);
    timeLabel_->clear();
    updatePanel();
    updateStatus();
}

void GraphPage::focusSelected() {
    const int index = scene_->selectedNode();
    if (index < 0)
        return;
    scene_->setFocusNode(index, hops_->value());
    QList<int> members;
    for (int i = 0; i < static_cast<int>(scene_->data().nodes.size()); ++i)
        if (scene_->isShown(i) && !(scene_->nodeItem(i)->states() & NodeItem::Dimmed))
            members << i;
    view_->fitRect(scene_->boundsOf(members));
    updateStatus();
}

void GraphPage::hideSelected() {
    const int index = scene_->selectedNode();
    if (index < 0)
        return;
    scene_->hideNode(index);
    neighbourSubject_.clear();
    updatePanel();
    updateStatus();
}

void GraphPage::expand(int index) {
    if (index < 0 || index >= static_cast<int>(scene_->data().nodes.size()))
        return;
    const QString id = scene_->data().nodes[static_cast<std::size_t>(index)].id;
    const VaultRef ref = vault_->ref();
    const std::int64_t minWeight = minWeight_->value();
    status_->setText(tr("Expanding %1…").arg(id));
    GraphData current = scene_->data();
    expandJob_->start(
        [ref, current = std::move(current), id, minWeight](const std::atomic_bool& cancel) {
            return expandGraph(ref, current, id, kExpandLimit, minWeight, cancel);
        },
        [this](GraphExpansion expansion) {
            if (!expansion.error.isEmpty()) {
                status_->setText(tr("Cannot expand: %1").arg(expansion.error));
                return;
            }
            const int added = expansion.added;
            applyGraph(std::move(expansion.data), true);
            Q_EMIT expanded(added);
        });
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
    const GraphData& d = scene_->data();
    QString text;
    if (node >= 0) {
        const GraphNode& n = d.nodes[static_cast<std::size_t>(node)];
        // The drawn neighbours, heaviest edge first.
        std::vector<std::pair<double, int>> around;
        for (std::size_t i = 0; i < d.edges.size(); ++i) {
            const LayoutEdge& e = d.edges[i];
            if (scene_->shownWeight(static_cast<int>(i)) <= 0)
                continue;
            if (static_cast<int>(e.a) == node)
                around.emplace_back(scene_->shownWeight(static_cast<int>(i)), e.b);
            else if (static_cast<int>(e.b) == node)
                around.emplace_back(scene_->shownWeight(static_cast<int>(i)), e.a);
        }
        std::stable_sort(around.begin(), around.end(),
                         [](const auto& x, const auto& y) { return x.first > y.first; });
        QStringList lines;
        lines << QStringLiteral("%1 (%2)").arg(nodeLabel(node), n.kind);
        lines << tr("mentioned by %Ln node(s)", nullptr, static_cast<int>(n.mentions));
        for (std::size_t i = 0; i < around.size() && i < 6; ++i)
            lines << tr("  %1: %Ln shared", nullptr, static_cast<int>(around[i].first))
                         .arg(nodeLabel(around[i].second));
        if (around.size() > 6)
            lines << tr("  and %n more (select it for the whole list)", nullptr,
                        static_cast<int>(around.size() - 6));
        text = lines.join(QLatin1Char('\n'));
    } else if (edge >= 0) {
        const LayoutEdge& e = d.edges[static_cast<std::size_t>(edge)];
        const int shown = static_cast<int>(scene_->shownWeight(edge));
        QStringList lines;
        // With kinds: a hashtag and the topic it names share a surface ("#launch").
        const GraphNode& na = d.nodes[e.a];
        const GraphNode& nb = d.nodes[e.b];
        lines << QStringLiteral("%1 (%2) — %3 (%4)")
                     .arg(nodeLabel(static_cast<int>(e.a)), na.kind,
                          nodeLabel(static_cast<int>(e.b)), nb.kind);
        lines << tr("%Ln chunk(s) mention both", nullptr, static_cast<int>(e.weight));
        if (scene_->timeWindow())
            lines << tr("%Ln of them in the time window", nullptr, shown);
        if (scene_->hasEdgeTimes() && static_cast<std::size_t>(edge) < scene_->edgeTimes().size() &&
            !scene_->edgeTimes()[static_cast<std::size_t>(edge)].empty()) {
            const auto& t = scene_->edgeTimes()[static_cast<std::size_t>(edge)];
            lines << tr("first %1, last %2").arg(formatTime(t.front()), formatTime(t.back()));
        } else {
            lines << tr("times loading…");
        }
        lines << tr("right-click: why are these two linked?");
        text = lines.join(QLatin1Char('\n'));
    }
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
        const QString name = nodeLabel(node);
        menu.addAction(tr("Query This Topic: %1").arg(name), this,
                       &GraphPage::queryTopicOfSelected);
        menu.addAction(tr("Expand (add neighbours)"), this, [this, node] { expand(node); });
        menu.addAction(tr("Focus"), this, &GraphPage::focusSelected);
        menu.addAction(tr("Hide"), this, &GraphPage::hideSelected);
        if (selected >= 0 && selected != node)
            menu.addAction(tr("Why Are %1 and %2 Linked?").arg(nodeLabel(selected), name), this,
                           [this, selected, node] { explainLink(node, selected); });
    } else if (edge >= 0) {
        const LayoutEdge e = scene_->data().edges[static_cast<std::size_t>(edge)];
        menu.addAction(tr("Why Are %1 and %2 Linked?")
                           .arg(nodeLabel(static_cast<int>(e.a)), nodeLabel(static_cast<int>(e.b))),
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

void GraphPage::updateStatus() {
    const GraphData& d = scene_->data();
    int heavy = 0;
    int light = 0;
    for (std::size_t i = 0; i < d.edges.size(); ++i) {
        if (scene_->shownWeight(static_cast<int>(i)) <= 0)
            continue;
        (d.edges[i].weight >= minWeight_->value() ? heavy : light) += 1;
    }
    QString text = tr("%1 of %Ln entity(s)", nullptr, static_cast<int>(d.totalEntities))
                       .arg(formatCount(scene_->nodeCount()));
    if (scene_->timeWindow())
        text += tr(" · %Ln edge(s) with co-occurrences in the window", nullptr, heavy + light);
    else
        text += tr(" · %1 of %Ln edge(s) at weight ≥ %2", nullptr, static_cast<int>(d.totalEdges))
                    .arg(formatCount(heavy))
                    .arg(minWeight_->value());
    if (light > 0 && !scene_->timeWindow())
        text += tr(" · %Ln lighter edge(s) added by expanding", nullptr, light);
    int groups = 0;
    for (const GraphCommunityInfo& c : d.communities)
        groups += c.members.size() >= 2 ? 1 : 0;
    if (groups > 0)
        text += tr(" · %Ln communit(y/ies)", nullptr, groups);
    if (!d.nodes.empty())
        text += tr(" · layout %1 ms").arg(d.layoutMs, 0, 'f', 0);
    if (d.isolated > 0)
        text += tr(" · %Ln without edges not drawn", nullptr, static_cast<int>(d.isolated));
    if (scene_->hiddenCount() > 0)
        text += tr(" · %Ln hidden", nullptr, scene_->hiddenCount());
    if (scene_->focusNode() >= 0)
        text += tr(" · focus: %1 within %n hop(s)", nullptr, hops_->value())
                    .arg(formatCount(scene_->focusSize()));
    if (scene_->litCount() > 0)
        text += tr(" · %Ln lit by the selected hit", nullptr, scene_->litCount());
    const int selected = scene_->selectedNode();
    if (selected >= 0)
        text += QStringLiteral(" · ") + d.nodes[static_cast<std::size_t>(selected)].id;
    status_->setText(text);
}

} // namespace memlens::ui
