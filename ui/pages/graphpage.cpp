#include "pages/graphpage.h"

#include "core/format.h"
#include "core/jobrunner.h"
#include "core/logging.h"
#include "graph/graphscene.h"
#include "graph/graphstyle.h"
#include "graph/graphview.h"
#include "pages/queryworkbench.h"
#include "vault/vaultcontroller.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

namespace memlens::ui {

namespace {
constexpr std::size_t kExpandLimit = 30;
}

GraphPage::GraphPage(VaultController* vault, QueryWorkbench* workbench, QWidget* parent)
    : QWidget(parent)
    , vault_(vault)
    , workbench_(workbench)
    , scene_(new GraphScene(this))
    , view_(new GraphView(scene_, this))
    , loadJob_(new JobRunner(this))
    , expandJob_(new JobRunner(this))
    , search_(new QLineEdit(this))
    , maxNodes_(new QComboBox(this))
    , minWeight_(new QSpinBox(this))
    , hops_(new QSlider(Qt::Horizontal, this))
    , hopsLabel_(new QLabel(this))
    , focus_(new QPushButton(tr("&Focus"), this))
    , clearFocus_(new QPushButton(tr("Clear"), this))
    , queryTopic_(new QPushButton(tr("&Query This Topic"), this))
    , status_(new QLabel(this)) {
    search_->setPlaceholderText(tr("Find an entity… (Enter)"));
    search_->setClearButtonEnabled(true);
    for (int n : {500, 2000, 5000})
        maxNodes_->addItem(tr("%Ln node(s)", nullptr, n), n);
    maxNodes_->setCurrentIndex(1);
    maxNodes_->setToolTip(tr("How many of the most mentioned entities to draw"));
    minWeight_->setRange(1, 100);
    minWeight_->setValue(2);
    minWeight_->setPrefix(tr("weight ≥ "));
    minWeight_->setToolTip(tr("Draw only edges shared by at least this many nodes"));
    hops_->setRange(1, 4);
    hops_->setValue(1);
    hops_->setFixedWidth(90);
    hops_->setToolTip(tr("Hop depth of the focus"));
    hopsLabel_->setText(tr("%n hop(s)", nullptr, hops_->value()));
    focus_->setToolTip(tr("Show the selected entity's neighbourhood and dim the rest"));
    queryTopic_->setToolTip(tr("Run query_topic on the selected entity in the Query page (the "
                               "mode beside the query box stays as it is)"));
    auto* fit = new QPushButton(tr("Fit"), this);
    fit->setToolTip(tr("Fit the whole graph in view (0)"));

    connect(search_, &QLineEdit::returnPressed, this, [this] { find(search_->text()); });
    connect(maxNodes_, &QComboBox::currentIndexChanged, this, &GraphPage::reload);
    connect(minWeight_, &QSpinBox::editingFinished, this, &GraphPage::reload);
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
        scene_->search(QString());
        updateStatus();
    });
    connect(fit, &QPushButton::clicked, view_, &GraphView::fitAll);
    connect(queryTopic_, &QPushButton::clicked, this, &GraphPage::queryTopicOfSelected);
    connect(view_, &GraphView::nodeClicked, this, &GraphPage::selectNode);
    connect(view_, &GraphView::nodeDoubleClicked, this, &GraphPage::expand);
    connect(workbench_, &QueryWorkbench::hitShown, this, [this](const RetrievalHit& hit) {
        QStringList ids;
        for (const auto& e : hit.entities)
            ids << qs(e);
        for (const auto& t : hit.topics)
            ids << (t.find(':') == std::string::npos ? QStringLiteral("topic:") + qs(t) : qs(t));
        litIds_ = ids;
        scene_->setLit(litIds_);
        updateStatus();
    });
    connect(vault_, &VaultController::vaultChanged, this, &GraphPage::resetVaultState);
    connect(vault_, &VaultController::opened, this, [this] {
        needsLoad_ = true;
        if (isVisible())
            reload();
    });

    QStringList legend;
    for (const QString& kind : GraphStyle::legendKinds())
        legend << QStringLiteral("<span style=\"color:%1\">●</span> %2")
                      .arg(GraphStyle::colorFor(kind).name(), kind);
    auto* legendLabel = new QLabel(legend.join(QStringLiteral("&nbsp;&nbsp;")), this);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* row1 = new QHBoxLayout();
    row1->addWidget(search_, 2);
    row1->addWidget(maxNodes_);
    row1->addWidget(minWeight_);
    row1->addSpacing(12);
    row1->addWidget(focus_);
    row1->addWidget(hops_);
    row1->addWidget(hopsLabel_);
    row1->addWidget(clearFocus_);
    row1->addWidget(fit);
    auto* help = new QLabel(tr("Click: select · double-click: add neighbours · drag: pan · "
                               "wheel: zoom"),
                            this);
    help->setForegroundRole(QPalette::PlaceholderText);
    auto* row2 = new QHBoxLayout();
    row2->addWidget(legendLabel);
    row2->addStretch();
    row2->addWidget(help);
    status_->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(row1);
    layout->addLayout(row2);
    layout->addWidget(view_, 1);
    // The action on the selected node sits beside the line that names it.
    auto* bottom = new QHBoxLayout();
    bottom->addWidget(status_, 1);
    bottom->addWidget(queryTopic_);
    layout->addLayout(bottom);
    updateStatus();
}

void GraphPage::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (needsLoad_)
        reload();
}

void GraphPage::reload() {
    if (!vault_->isOpen())
        return;
    needsLoad_ = false;
    GraphRequest request;
    request.maxNodes = static_cast<std::size_t>(maxNodes_->currentData().toInt());
    request.minWeight = minWeight_->value();
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
            scene_->setGraph(std::move(data));
            scene_->setLit(litIds_); // the hit shown before the graph arrived
            view_->fitAll();
            updateStatus();
            Q_EMIT graphLoaded();
        });
}

void GraphPage::selectNode(int index) {
    scene_->setSelectedNode(index);
    updateStatus();
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
    litIds_.clear();
    search_->clear();
    scene_->setGraph({});
    updateStatus();
}

void GraphPage::focusSelected() {
    const int index = scene_->selectedNode();
    if (index < 0)
        return;
    scene_->setFocusNode(index, hops_->value());
    QList<int> members;
    for (std::uint32_t v : neighbourhood(scene_->data().nodes.size(), scene_->data().edges,
                                         static_cast<std::uint32_t>(index), hops_->value()))
        members << static_cast<int>(v);
    view_->fitRect(scene_->boundsOf(members));
    updateStatus();
}

void GraphPage::expand(int index) {
    if (index < 0)
        return;
    selectNode(index);
    const QString id = scene_->data().nodes[static_cast<std::size_t>(index)].id;
    const VaultRef ref = vault_->ref();
    status_->setText(tr("Expanding %1…").arg(id));
    expandJob_->start(
        [ref, id](const std::atomic_bool&) { return expandNode(ref, id, kExpandLimit); },
        [this](GraphExpansion expansion) {
            if (!expansion.error.isEmpty()) {
                status_->setText(tr("Cannot expand: %1").arg(expansion.error));
                return;
            }
            const int added = scene_->addExpansion(expansion);
            updateStatus();
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

void GraphPage::updateStatus() {
    const GraphData& d = scene_->data();
    QString text =
        tr("%1 of %Ln entity(s)", nullptr, static_cast<int>(d.totalEntities))
            .arg(formatCount(scene_->nodeCount())) +
        tr(" · %Ln edge(s) (weight ≥ %1)", nullptr, scene_->edgeCount()).arg(minWeight_->value()) +
        tr(" · layout %1 ms").arg(d.layoutMs, 0, 'f', 0);
    if (d.isolated > 0)
        text += tr(" · %Ln without edges not drawn", nullptr, static_cast<int>(d.isolated));
    if (scene_->focusNode() >= 0)
        text += tr(" · focus: %1 within %n hop(s)", nullptr, hops_->value())
                    .arg(formatCount(scene_->focusSize()));
    if (scene_->litCount() > 0)
        text += tr(" · %Ln lit by the selected hit", nullptr, scene_->litCount());
    const int selected = scene_->selectedNode();
    if (selected >= 0)
        text += QStringLiteral(" · ") + d.nodes[static_cast<std::size_t>(selected)].id;
    status_->setText(text);
    focus_->setEnabled(selected >= 0);
    queryTopic_->setEnabled(selected >= 0);
}

} // namespace memlens::ui
