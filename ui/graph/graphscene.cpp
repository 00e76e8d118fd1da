#include "graph/graphscene.h"

#include "graph/edgelayer.h"
#include "graph/nodeitem.h"

#include <QFontMetrics>
#include <QGraphicsLineItem>
#include <QLineF>

#include <algorithm>
#include <cmath>

namespace memlens::ui {

namespace {

double measureOf(const GraphNode& n, NodeSizeMeasure m) {
    switch (m) {
    case NodeSizeMeasure::Degree:
        return n.degree;
    case NodeSizeMeasure::PageRank:
        return n.pagerank;
    case NodeSizeMeasure::Recall:
        return static_cast<double>(std::max<qint64>(n.recallQueries, 0));
    case NodeSizeMeasure::Mentions:
        break;
    }
    return static_cast<double>(n.mentions);
}

qreal distanceToSegment(const QPointF& p, const QPointF& a, const QPointF& b) {
    const QPointF ab = b - a;
    const qreal len2 = QPointF::dotProduct(ab, ab);
    qreal t = len2 > 0 ? QPointF::dotProduct(p - a, ab) / len2 : 0.0;
    t = std::clamp<qreal>(t, 0.0, 1.0);
    return QLineF(p, a + t * ab).length();
}

} // namespace

GraphScene::GraphScene(QObject* parent)
    : QGraphicsScene(parent)
    , edges_(new EdgeLayer(&style_))
    , hoverLine_(new QGraphicsLineItem()) {
    // Nodes do not move once laid out: a BSP index makes hit tests and exposure queries cheap.
    setItemIndexMethod(QGraphicsScene::BspTreeIndex);
    addItem(edges_);
    hoverLine_->setPen(style_.hoverEdgePen);
    hoverLine_->setZValue(0.5); // over the edges, under the nodes
    hoverLine_->setAcceptedMouseButtons(Qt::NoButton);
    hoverLine_->setVisible(false);
    addItem(hoverLine_);
}

qreal GraphScene::radiusFor(double value, double maxValue) {
    return 4.0 + 14.0 * std::sqrt(std::max(0.0, value) / std::max(maxValue, 1e-12));
}

qreal GraphScene::radiusOf(const GraphNode& node) const {
    return radiusFor(measureOf(node, measure_), maxMeasure_);
}

std::vector<double> GraphScene::markExtents(const std::vector<GraphNode>& nodes) {
    std::vector<double> extents(nodes.size(), 0.0);
    for (NodeSizeMeasure m :
         {NodeSizeMeasure::Mentions, NodeSizeMeasure::Degree, NodeSizeMeasure::PageRank}) {
        double maxValue = 0.0;
        for (const GraphNode& n : nodes)
            maxValue = std::max(maxValue, measureOf(n, m));
        for (std::size_t i = 0; i < nodes.size(); ++i)
            extents[i] = std::max(extents[i],
                                  NodeItem::extentFor(NodeItem::shapeFor(nodes[i].kind),
                                                      radiusFor(measureOf(nodes[i], m), maxValue)));
    }
    return extents;
}

void GraphScene::setRecall(GraphRecall recall) {
    recall_ = std::move(recall);
    applyRecall();
    if (measure_ == NodeSizeMeasure::Recall)
        setSizeMeasure(measure_);
}

void GraphScene::applyRecall() {
    for (GraphNode& node : data_.nodes) {
        const auto it = recall_.entities.constFind(node.id);
        node.recalledMemories = !recall_.known                  ? -1
                                : it == recall_.entities.cend() ? 0
                                                                : it->memories;
        node.recallQueries = !recall_.known ? -1 : it == recall_.entities.cend() ? 0 : it->queries;
    }
}

void GraphScene::setGraph(GraphData data) {
    data_ = std::move(data);
    applyRecall();
    times_.clear();
    window_.reset();
    selected_ = focus_ = community_ = hovered_ = -1;
    const std::size_t n = data_.nodes.size();
    inFocus_.assign(n, false);
    lit_.assign(n, false);
    match_.assign(n, false);
    hidden_.assign(n, false);
    rebuildItems();
}

void GraphScene::setGrownGraph(GraphData data) {
    // Nodes keep their indices (an expansion only appends), so selection and focus carry over.
    data_ = std::move(data);
    applyRecall();
    times_.clear(); // the edges changed: times are read again by the page
    window_.reset();
    hovered_ = -1;
    const std::size_t n = data_.nodes.size();
    inFocus_.resize(n, false);
    lit_.resize(n, false);
    match_.resize(n, false);
    hidden_.resize(n, false);
    rebuildItems();
    if (focus_ >= 0)
        setFocusNode(focus_, focusHops_);
}

void GraphScene::rebuildItems() {
    // The edge layer and the hover line live on; clear() deletes every other item.
    removeItem(edges_);
    removeItem(hoverLine_);
    clear();
    addItem(edges_);
    addItem(hoverLine_);
    hoverLine_->setVisible(false);
    items_.clear();
    index_.clear();
    maxMeasure_ = 0.0;
    for (const GraphNode& node : data_.nodes)
        maxMeasure_ = std::max(maxMeasure_, measureOf(node, measure_));
    const std::size_t n = data_.nodes.size();
    items_.reserve(n);
    labels_.clear();
    labels_.reserve(n);
    const QFontMetrics plain(style_.labelFont);
    const QFontMetrics strong(style_.strongLabelFont);
    constexpr int kLabelChars = 32; // longer names are elided
    for (std::size_t i = 0; i < n; ++i) {
        const GraphNode& node = data_.nodes[i];
        index_.insert(node.id, static_cast<int>(i));
        Label label;
        label.text = plain.elidedText(labelOf(static_cast<int>(i)).left(kLabelChars * 2),
                                      Qt::ElideRight, plain.averageCharWidth() * kLabelChars);
        label.plainWidth = plain.horizontalAdvance(label.text);
        label.strongWidth = strong.horizontalAdvance(label.text);
        labels_.push_back(std::move(label));
        const int slot =
            node.community >= 0 && node.community < static_cast<int>(data_.communities.size())
                ? data_.communities[static_cast<std::size_t>(node.community)].colorSlot
                : -1;
        auto* item = new NodeItem(static_cast<int>(i), node.kind, &style_.brushForSlot(slot),
                                  radiusOf(node), &style_);
        item->setPos(data_.positions[i].x, data_.positions[i].y);
        addItem(item);
        items_.push_back(item);
    }
    rebuildEdges();
    setSceneRect(itemsBoundingRect().adjusted(-200, -200, 200, 200));
}

int GraphScene::nodeCount() const {
    return static_cast<int>(std::count(shown_.begin(), shown_.end(), true));
}

int GraphScene::edgeCount() const {
    int count = 0;
    for (std::size_t i = 0; i < data_.edges.size(); ++i)
        count += shownWeight_[i] > 0 ? 1 : 0;
    return count;
}

NodeItem* GraphScene::nodeItem(int index) const {
    if (index < 0 || index >= static_cast<int>(items_.size()))
        return nullptr;
    return items_[static_cast<std::size_t>(index)];
}

QPointF GraphScene::positionOf(int index) const {
    const NodeItem* item = nodeItem(index);
    return item ? item->pos() : QPointF();
}

bool GraphScene::isShown(int index) const {
    return index >= 0 && index < static_cast<int>(shown_.size()) &&
           shown_[static_cast<std::size_t>(index)];
}

QString GraphScene::labelOf(int index) const {
    if (index < 0 || index >= static_cast<int>(data_.nodes.size()))
        return {};
    const GraphNode& n = data_.nodes[static_cast<std::size_t>(index)];
    // A topic is named by its value: its surface is often the hashtag it came from ("#launch"),
    // which would read as the hashtag's own node beside it.
    if (n.kind == QLatin1String("topic") && n.id.startsWith(QLatin1String("topic:")))
        return n.id.mid(6);
    return n.surface.isEmpty() ? n.id : n.surface;
}

void GraphScene::setSizeMeasure(NodeSizeMeasure measure) {
    measure_ = measure;
    maxMeasure_ = 0.0;
    for (const GraphNode& node : data_.nodes)
        maxMeasure_ = std::max(maxMeasure_, measureOf(node, measure_));
    for (std::size_t i = 0; i < items_.size(); ++i)
        items_[i]->setRadius(radiusOf(data_.nodes[i]));
    updateLabelOrder();
    update();
}

void GraphScene::rebuildEdges() {
    const std::size_t n = data_.nodes.size();
    shownWeight_.assign(data_.edges.size(), 0.0);
    std::vector<bool> reached(n, false);
    for (std::size_t i = 0; i < data_.edges.size(); ++i) {
        const LayoutEdge& e = data_.edges[i];
        if (e.a >= n || e.b >= n || hidden_[e.a] || hidden_[e.b])
            continue;
        double w = e.weight;
        if (window_ && i < times_.size()) {
            const auto& t = times_[i];
            w = static_cast<double>(std::upper_bound(t.begin(), t.end(), window_->second) -
                                    std::lower_bound(t.begin(), t.end(), window_->first));
        }
        shownWeight_[i] = w;
        if (w > 0)
            reached[e.a] = reached[e.b] = true;
    }
    shown_.assign(n, false);
    for (std::size_t i = 0; i < n; ++i) {
        shown_[i] = !hidden_[i] && (!window_ || reached[i]);
        items_[i]->setVisible(shown_[i]);
    }
    edges_->setEdges(data_.positions, data_.edges, shownWeight_);
    refreshStates();
}

void GraphScene::setSelectedNode(int index) {
    selected_ = index;
    refreshStates();
}

void GraphScene::setFocusNode(int index, int hops) {
    focus_ = index;
    focusHops_ = hops;
    std::fill(inFocus_.begin(), inFocus_.end(), false);
    if (index >= 0) {
        std::vector<LayoutEdge> shownEdges;
        for (std::size_t i = 0; i < data_.edges.size(); ++i)
            if (shownWeight_[i] > 0)
                shownEdges.push_back(data_.edges[i]);
        for (std::uint32_t v :
             neighbourhood(data_.nodes.size(), shownEdges, static_cast<std::uint32_t>(index), hops))
            inFocus_[v] = true;
    }
    refreshStates();
}

int GraphScene::focusSize() const {
    int count = 0;
    for (std::size_t i = 0; i < inFocus_.size(); ++i)
        count += inFocus_[i] && shown_[i] ? 1 : 0;
    return count;
}

void GraphScene::setCommunityFilter(int community) {
    community_ = community;
    refreshStates();
}

void GraphScene::setLit(const QStringList& entityIds) {
    std::fill(lit_.begin(), lit_.end(), false);
    for (const QString& id : entityIds) {
        const int i = indexOf(id);
        if (i >= 0)
            lit_[static_cast<std::size_t>(i)] = true;
    }
    refreshStates();
}

int GraphScene::litCount() const {
    int count = 0;
    for (std::size_t i = 0; i < lit_.size(); ++i)
        count += lit_[i] && shown_[i] ? 1 : 0;
    return count;
}

QList<int> GraphScene::search(const QString& text) {
    QList<int> found;
    std::fill(match_.begin(), match_.end(), false);
    const QString needle = text.trimmed();
    if (!needle.isEmpty()) {
        for (std::size_t i = 0; i < data_.nodes.size(); ++i) {
            const GraphNode& n = data_.nodes[i];
            if (shown_[i] && (n.id.contains(needle, Qt::CaseInsensitive) ||
                              n.surface.contains(needle, Qt::CaseInsensitive))) {
                match_[i] = true;
                found << static_cast<int>(i);
            }
        }
    }
    std::stable_sort(found.begin(), found.end(), [this](int a, int b) {
        return data_.nodes[static_cast<std::size_t>(a)].mentions >
               data_.nodes[static_cast<std::size_t>(b)].mentions;
    });
    refreshStates();
    return found;
}

void GraphScene::hideNode(int index) {
    if (index < 0 || index >= static_cast<int>(hidden_.size()))
        return;
    hidden_[static_cast<std::size_t>(index)] = true;
    if (selected_ == index)
        selected_ = -1;
    if (focus_ == index)
        focus_ = -1;
    rebuildEdges();
    if (focus_ >= 0)
        setFocusNode(focus_, focusHops_);
}

void GraphScene::showAllNodes() {
    std::fill(hidden_.begin(), hidden_.end(), false);
    rebuildEdges();
}

int GraphScene::hiddenCount() const {
    return static_cast<int>(std::count(hidden_.begin(), hidden_.end(), true));
}

void GraphScene::setEdgeTimes(EdgeTimes times) {
    times_ = std::move(times);
    if (window_)
        rebuildEdges();
}

void GraphScene::setTimeWindow(std::optional<std::pair<qint64, qint64>> window) {
    window_ = window;
    rebuildEdges();
    if (focus_ >= 0)
        setFocusNode(focus_, focusHops_);
}

std::optional<std::pair<qint64, qint64>> GraphScene::timeSpan() const {
    std::optional<std::pair<qint64, qint64>> span;
    for (const auto& t : times_) {
        if (t.empty())
            continue;
        if (!span)
            span = std::make_pair<qint64, qint64>(t.front(), t.back());
        span->first = std::min<qint64>(span->first, t.front());
        span->second = std::max<qint64>(span->second, t.back());
    }
    return span;
}

double GraphScene::shownWeight(int edge) const {
    if (edge < 0 || edge >= static_cast<int>(shownWeight_.size()))
        return 0.0;
    return shownWeight_[static_cast<std::size_t>(edge)];
}

int GraphScene::edgeAt(const QPointF& p, qreal tolerance) const {
    int best = -1;
    qreal bestDistance = tolerance;
    for (std::size_t i = 0; i < data_.edges.size(); ++i) {
        if (shownWeight_[i] <= 0)
            continue;
        const LayoutEdge& e = data_.edges[i];
        const QPointF a(data_.positions[e.a].x, data_.positions[e.a].y);
        const QPointF b(data_.positions[e.b].x, data_.positions[e.b].y);
        const qreal d = distanceToSegment(p, a, b);
        if (d <= bestDistance) {
            bestDistance = d;
            best = static_cast<int>(i);
        }
    }
    return best;
}

void GraphScene::setHoveredEdge(int edge) {
    if (edge == hovered_)
        return;
    hovered_ = edge;
    if (edge >= 0 && edge < static_cast<int>(data_.edges.size())) {
        const LayoutEdge& e = data_.edges[static_cast<std::size_t>(edge)];
        hoverLine_->setLine(QLineF(data_.positions[e.a].x, data_.positions[e.a].y,
                                   data_.positions[e.b].x, data_.positions[e.b].y));
        hoverLine_->setVisible(true);
    } else {
        hoverLine_->setVisible(false);
    }
}

QRectF GraphScene::boundsOf(const QList<int>& nodes) const {
    QRectF r;
    for (int i : nodes) {
        if (const NodeItem* item = nodeItem(i); item != nullptr && isShown(i))
            r = r.united(item->sceneBoundingRect());
    }
    return r;
}

QRectF GraphScene::shownBounds() const {
    QList<int> all;
    for (std::size_t i = 0; i < shown_.size(); ++i)
        if (shown_[i])
            all << static_cast<int>(i);
    return boundsOf(all);
}

void GraphScene::updateLabelOrder() {
    labelOrder_.clear();
    for (std::size_t i = 0; i < items_.size(); ++i)
        if (shown_[i])
            labelOrder_.push_back(static_cast<int>(i));
    auto emphasised = [this](int i) {
        return (items_[static_cast<std::size_t>(i)]->states() &
                (NodeItem::Selected | NodeItem::Lit | NodeItem::Match)) != 0;
    };
    std::stable_sort(labelOrder_.begin(), labelOrder_.end(), [&](int a, int b) {
        const bool ea = emphasised(a);
        const bool eb = emphasised(b);
        if (ea != eb)
            return ea;
        const double ma = measureOf(data_.nodes[static_cast<std::size_t>(a)], measure_);
        const double mb = measureOf(data_.nodes[static_cast<std::size_t>(b)], measure_);
        return ma != mb ? ma > mb : a < b;
    });
}

void GraphScene::refreshStates() {
    const bool focused = focus_ >= 0;
    const bool community = community_ >= 0;
    // A shown selection brings out its links: its edges and its neighbours over shown edges.
    const bool selecting = isShown(selected_);
    std::vector<bool> linked(items_.size(), false);
    if (selecting) {
        linked[static_cast<std::size_t>(selected_)] = true;
        for (std::size_t i = 0; i < data_.edges.size(); ++i) {
            const LayoutEdge& e = data_.edges[i];
            if (shownWeight_[i] > 0 &&
                (static_cast<int>(e.a) == selected_ || static_cast<int>(e.b) == selected_))
                linked[e.a] = linked[e.b] = true;
        }
    }
    // Under a focus or a community the selection dims nothing more: they chose what is bright.
    const bool selectionDims = selecting && !focused && !community;
    std::vector<bool> emphasised(items_.size(), false);
    bool anyLit = false;
    for (std::size_t i = 0; i < items_.size(); ++i) {
        quint8 s = 0;
        const bool inCommunity = !community || data_.nodes[i].community == community_;
        if ((focused && !inFocus_[i]) || !inCommunity || (selectionDims && !linked[i]))
            s |= NodeItem::Dimmed;
        if (lit_[i]) {
            s |= NodeItem::Lit;
            anyLit = true;
        }
        if (match_[i])
            s |= NodeItem::Match;
        if (static_cast<int>(i) == selected_)
            s |= NodeItem::Selected;
        items_[i]->setStates(s);
        emphasised[i] = focused ? inFocus_[i] : (community ? inCommunity : lit_[i]);
    }
    std::vector<bool> highlighted(data_.edges.size(), false);
    for (std::size_t i = 0; i < data_.edges.size(); ++i) {
        const LayoutEdge& e = data_.edges[i];
        const bool ofSelection =
            selecting && (static_cast<int>(e.a) == selected_ || static_cast<int>(e.b) == selected_);
        const bool ofGroup = (focused || community || anyLit) && emphasised[e.a] && emphasised[e.b];
        highlighted[i] = ofSelection || ofGroup;
    }
    edges_->setHighlight(data_.positions, data_.edges, shownWeight_, highlighted,
                         focused || community || selecting);
    updateLabelOrder();
    update();
}

} // namespace memlens::ui
