#include "graph/entitypanel.h"

#include "core/format.h"
#include "core/jobrunner.h"
#include "graph/graphscene.h"
#include "graph/graphtext.h"
#include "vault/vaultcontroller.h"
#include "vault/workervault.h"

#include <memlens/graph.h>

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSlider>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace memlens::ui {

namespace {

constexpr std::size_t kNeighbourLimit = 50;
// With a time window the neighbours are ranked by what they share inside it, from this many of
// the strongest over all time.
constexpr std::size_t kWindowNeighbourPool = 500;
constexpr std::size_t kSharedLimit = 200;
constexpr int kIdRole = Qt::UserRole;

using PanelWindow = std::optional<std::pair<qint64, qint64>>;

std::optional<ChunkTimeWindow> chunkWindow(const PanelWindow& window) {
    if (!window)
        return std::nullopt;
    return ChunkTimeWindow{window->first, window->second};
}

} // namespace

// What the panel lists for a selected entity: its neighbours in the vault (drawn or not), each
// with what they share.
struct EntityPanel::NeighbourRows {
    QString subject;
    PanelWindow window; // what the counts cover; nullopt: all time
    std::vector<EntityPairDetail> rows;
    std::optional<qint64> windowMentions; // the subject's chunks in the window
    QString error;
};

struct EntityPanel::SharedRows {
    QString a;
    QString b;
    PanelWindow window;
    std::vector<SharedNode> nodes; // the oldest kSharedLimit
    qint64 total = 0;              // every chunk that mentions both
    QString error;
};

EntityPanel::EntityPanel(const VaultController* vault, const GraphScene* scene, QWidget* parent)
    : QWidget(parent)
    , vault_(vault)
    , scene_(scene)
    , neighbourJob_(new JobRunner(this))
    , sharedJob_(new JobRunner(this))
    , focus_(new QPushButton(tr("&Focus"), this))
    , hops_(new QSlider(Qt::Horizontal, this))
    , hopsLabel_(new QLabel(this))
    , clearFocus_(new QPushButton(tr("Clear"), this))
    , queryTopic_(new QPushButton(tr("&Query This Topic"), this))
    , expand_(new QPushButton(tr("&Expand"), this))
    , hide_(new QPushButton(tr("Hide"), this))
    , selectedTitle_(new QLabel(this))
    , selectedFacts_(new QLabel(this))
    , windowNote_(new QLabel(this))
    , neighbours_(new QTreeWidget(this))
    , sharedTitle_(new QLabel(this))
    , shared_(new QListWidget(this))
    , sharedToQuery_(new QPushButton(tr("Show in Query"), this)) {
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
    selectedTitle_->setTextFormat(Qt::RichText);
    selectedTitle_->setWordWrap(true);
    selectedFacts_->setWordWrap(true);
    selectedFacts_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    windowNote_->setWordWrap(true);
    windowNote_->setVisible(false);
    setupLists();
    layOut();
    connectControls();
    showSelection();
}

EntityPanel::~EntityPanel() = default;

// The neighbours and the chunks a chosen one shares.
void EntityPanel::setupLists() {
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
}

void EntityPanel::layOut() {
    auto* sel = new QVBoxLayout(this);
    sel->setContentsMargins(0, 0, 0, 0);
    sel->addWidget(selectedTitle_);
    sel->addWidget(selectedFacts_);
    sel->addWidget(windowNote_);
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
}

void EntityPanel::connectControls() {
    connect(hops_, &QSlider::valueChanged, this, [this](int hops) {
        hopsLabel_->setText(tr("%n hop(s)", nullptr, hops));
        Q_EMIT hopsChanged(hops);
    });
    connect(focus_, &QPushButton::clicked, this, &EntityPanel::focusRequested);
    connect(clearFocus_, &QPushButton::clicked, this, &EntityPanel::clearFocusRequested);
    connect(queryTopic_, &QPushButton::clicked, this, &EntityPanel::queryTopicRequested);
    connect(expand_, &QPushButton::clicked, this, &EntityPanel::expandRequested);
    connect(hide_, &QPushButton::clicked, this, &EntityPanel::hideRequested);
    connect(neighbours_, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        if (item != nullptr && !neighbourSubject_.isEmpty())
            explainIds(neighbourSubject_, item->data(0, kIdRole).toString());
    });
    connect(shared_, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
        Q_EMIT showNodeRequested(item->data(kIdRole).toString());
    });
    connect(sharedToQuery_, &QPushButton::clicked, this, [this] {
        QStringList chunks;
        for (int i = shared_->count() - 1; i >= 0 && chunks.size() < 20; --i)
            chunks << shared_->item(i)->data(kIdRole).toString();
        if (!chunks.isEmpty())
            Q_EMIT fetchLeavesRequested(chunks);
    });
}

int EntityPanel::hops() const {
    return hops_->value();
}

QString EntityPanel::sharedTitleText() const {
    return sharedTitle_->text();
}

QString EntityPanel::factsText() const {
    return selectedFacts_->text();
}

QString EntityPanel::windowText() const {
    return windowNote_->isVisibleTo(this) ? windowNote_->text() : QString();
}

void EntityPanel::forgetSubject() {
    neighbourSubject_.clear();
}

void EntityPanel::graphReplaced(bool grown) {
    if (!grown) {
        neighbourSubject_.clear();
        neighbourWindow_.reset();
        sharedSubject_.clear();
        sharedPeer_.clear();
    }
}

void EntityPanel::timeWindowChanged() {
    if (scene_->selectedNode() < 0 || neighbourSubject_.isEmpty() ||
        scene_->timeWindow() == neighbourWindow_)
        return;
    showFacts();
    const QString subject = sharedSubject_;
    const QString peer = sharedPeer_;
    loadNeighbours();
    if (!subject.isEmpty() && !peer.isEmpty())
        explainIds(subject, peer);
}

void EntityPanel::resetVaultState() {
    neighbourJob_->cancel();
    sharedJob_->cancel();
    neighbourSubject_.clear();
    neighbourWindow_.reset();
    sharedSubject_.clear();
    sharedPeer_.clear();
}

void EntityPanel::showSelection() {
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
        windowNote_->setVisible(false);
        neighbours_->clear();
        shared_->clear();
        sharedTitle_->clear();
        sharedToQuery_->setEnabled(false);
        return;
    }
    const GraphData& d = scene_->data();
    const GraphNode& n = d.nodes[static_cast<std::size_t>(index)];
    selectedTitle_->setText(QStringLiteral("<b>%1</b> &nbsp;<span style=\"color:gray\">%2</span>")
                                .arg(scene_->labelOf(index).toHtmlEscaped(), n.id.toHtmlEscaped()));
    showFacts();
}

void EntityPanel::showFacts() {
    const int index = scene_->selectedNode();
    if (index < 0)
        return;
    const GraphData& d = scene_->data();
    const GraphNode& n = d.nodes[static_cast<std::size_t>(index)];
    const PanelWindow window = scene_->timeWindow();
    // The entity's chunks in the window come with its neighbours (loadNeighbours).
    const std::optional<qint64> windowMentions =
        n.id == neighbourSubject_ && window == neighbourWindow_ ? windowMentions_ : std::nullopt;
    // PageRank as a place among the drawn entities: the number itself means little to a reader.
    int rank = 1;
    for (const GraphNode& other : d.nodes)
        rank += other.pagerank > n.pagerank ? 1 : 0;
    QString community;
    if (n.community >= 0 && n.community < static_cast<int>(d.communities.size()))
        community = tr("community %1").arg(n.community + 1);
    QString counts;
    if (!window) {
        counts =
            tr("%1 · mentioned by %Ln node(s)", nullptr, static_cast<int>(n.mentions)).arg(n.kind) +
            tr(" · linked to %Ln drawn entity(s)", nullptr, n.degree);
    } else {
        // Inside the window: its chunks, and the drawn entities it shares one of them with.
        int linked = 0;
        for (std::size_t i = 0; i < d.edges.size(); ++i)
            if ((static_cast<int>(d.edges[i].a) == index ||
                 static_cast<int>(d.edges[i].b) == index) &&
                scene_->shownWeight(static_cast<int>(i)) > 0)
                ++linked;
        counts = (windowMentions ? tr("%1 · mentioned by %Ln chunk(s) in the window", nullptr,
                                      static_cast<int>(*windowMentions))
                                       .arg(n.kind)
                                 : tr("%1 · counting its chunks in the window…").arg(n.kind)) +
                 tr(" · linked to %Ln drawn entity(s) in the window", nullptr, linked);
    }
    const QString recall = GraphText::recall(*scene_, n);
    selectedFacts_->setText(counts +
                            tr(" · PageRank #%1 of %2 drawn").arg(rank).arg(d.nodes.size()) +
                            (community.isEmpty() ? QString() : QStringLiteral(" · ") + community) +
                            (recall.isEmpty() ? QString() : QStringLiteral(" · ") + recall));
    windowNote_->setVisible(window.has_value());
    windowNote_->setText(window ? tr("Counts in the time window %1 only")
                                      .arg(formatRange(window->first, window->second))
                                : QString());
}

void EntityPanel::loadNeighbours() {
    const int index = scene_->selectedNode();
    if (index < 0)
        return;
    const QString id = scene_->data().nodes[static_cast<std::size_t>(index)].id;
    const PanelWindow window = scene_->timeWindow();
    if (id == neighbourSubject_ && window == neighbourWindow_)
        return;
    neighbourSubject_ = id;
    neighbourWindow_ = window;
    windowMentions_.reset();
    neighbours_->clear();
    shared_->clear();
    sharedTitle_->clear();
    sharedToQuery_->setEnabled(false);
    const VaultRef ref = vault_->ref();
    neighbourJob_->start(
        [ref, id, window](const std::atomic_bool&) {
            NeighbourRows out;
            out.subject = id;
            out.window = window;
            auto vault = workerVault(ref);
            if (!vault) {
                out.error = formatStatus(vault.status());
                return out;
            }
            auto edges = co_occurring_entities(**vault, id.toStdString(),
                                               window ? kWindowNeighbourPool : kNeighbourLimit);
            if (!edges) {
                out.error = formatStatus(edges.status());
                return out;
            }
            std::vector<std::string> objects;
            for (const GraphEdge& e : *edges)
                objects.push_back(e.object);
            auto details =
                entity_pair_details(**vault, id.toStdString(), objects, chunkWindow(window));
            if (!details) {
                out.error = formatStatus(details.status());
                return out;
            }
            out.rows = std::move(*details);
            std::stable_sort(out.rows.begin(), out.rows.end(),
                             [](const EntityPairDetail& a, const EntityPairDetail& b) {
                                 return a.shared_chunks > b.shared_chunks;
                             });
            if (out.rows.size() > kNeighbourLimit)
                out.rows.resize(kNeighbourLimit);
            if (window) {
                auto mentions = chunk_mentions_in(**vault, id.toStdString(), *chunkWindow(window));
                if (!mentions) {
                    out.error = formatStatus(mentions.status());
                    return out;
                }
                out.windowMentions = *mentions;
            }
            return out;
        },
        [this](const NeighbourRows& rows) { showNeighbours(rows); });
}

void EntityPanel::explainIds(const QString& idA, const QString& idB) {
    sharedSubject_ = idA;
    sharedPeer_ = idB;
    const PanelWindow window = scene_->timeWindow();
    shared_->clear();
    sharedToQuery_->setEnabled(false);
    sharedTitle_->setText(tr("Why %1 and %2 are linked: loading…").arg(idA, idB));
    const VaultRef ref = vault_->ref();
    sharedJob_->start(
        [ref, idA, idB, window](const std::atomic_bool&) {
            SharedRows out{idA, idB, window, {}, 0, {}};
            auto vault = workerVault(ref);
            if (!vault) {
                out.error = formatStatus(vault.status());
                return out;
            }
            auto nodes = shared_nodes(**vault, idA.toStdString(), idB.toStdString(), kSharedLimit,
                                      chunkWindow(window));
            auto counts = entity_pair_details(**vault, idA.toStdString(), {idB.toStdString()},
                                              chunkWindow(window));
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
        [this](const SharedRows& rows) { showShared(rows); });
}

void EntityPanel::showNeighbours(const NeighbourRows& rows) {
    if (rows.subject != neighbourSubject_ || rows.window != neighbourWindow_)
        return;
    if (!rows.error.isEmpty()) {
        sharedTitle_->setText(tr("Cannot list the neighbours: %1").arg(rows.error));
        return;
    }
    windowMentions_ = rows.windowMentions;
    showFacts();
    for (const EntityPairDetail& r : rows.rows) {
        const QString peer = qs(r.object);
        const int drawn = scene_->indexOf(peer);
        auto* item = new QTreeWidgetItem(neighbours_);
        item->setText(0, drawn >= 0 ? scene_->labelOf(drawn) : peer);
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
}

void EntityPanel::showShared(const SharedRows& rows) {
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
        return i >= 0 ? scene_->labelOf(i) : id;
    };
    QString title = rows.window ? tr("In the time window, %Ln chunk(s) mention both %1 and %2.",
                                     nullptr, static_cast<int>(rows.total))
                                      .arg(name(rows.a), name(rows.b))
                                : tr("%1 and %2 are linked because %Ln chunk(s) mention both.",
                                     nullptr, static_cast<int>(rows.total))
                                      .arg(name(rows.a), name(rows.b));
    if (static_cast<qint64>(rows.nodes.size()) < rows.total)
        title += tr(" The oldest %1 are listed.").arg(rows.nodes.size());
    sharedTitle_->setText(title + tr(" Click one to read it."));
    sharedToQuery_->setEnabled(!rows.nodes.empty());
    Q_EMIT sharedLoaded();
}

} // namespace memlens::ui
