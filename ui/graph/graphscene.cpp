#include "graph/graphscene.h"

#include "graph/edgelayer.h"
#include "graph/nodeitem.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace memlens::ui {

GraphScene::GraphScene(QObject* parent)
    : QGraphicsScene(parent)
    , edges_(new EdgeLayer(&style_)) {
    // Nodes do not move once laid out: a BSP index makes hit tests and exposure queries cheap.
    setItemIndexMethod(QGraphicsScene::BspTreeIndex);
    addItem(edges_);
}

qreal GraphScene::radiusFor(qint64 mentions) {
    return std::min<qreal>(3.0 + 1.8 * std::log2(1.0 + static_cast<double>(mentions)), 18.0);
}

NodeItem* GraphScene::makeItem(int index) {
    const GraphNode& n = data_.nodes[static_cast<std::size_t>(index)];
    const QString label = n.surface.isEmpty() ? n.id : n.surface;
    auto* item = new NodeItem(index, n.kind, label, radiusFor(n.mentions), &style_);
    const LayoutPoint& p = data_.positions[static_cast<std::size_t>(index)];
    item->setPos(p.x, p.y);
    item->setToolTip(tr("%1\n%Ln mention(s)", nullptr, static_cast<int>(n.mentions)).arg(n.id));
    addItem(item);
    return item;
}

void GraphScene::setGraph(GraphData data) {
    removeItem(edges_); // the edge layer lives on; clear() deletes every other item
    clear();
    addItem(edges_);
    items_.clear();
    index_.clear();
    data_ = std::move(data);
    selected_ = focus_ = -1;
    const std::size_t n = data_.nodes.size();
    inFocus_.assign(n, false);
    lit_.assign(n, false);
    match_.assign(n, false);
    items_.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        index_.insert(data_.nodes[i].id, static_cast<int>(i));
        items_.push_back(makeItem(static_cast<int>(i)));
    }
    rebuildEdges();
    setSceneRect(itemsBoundingRect().adjusted(-60, -60, 60, 60));
}

int GraphScene::addExpansion(const GraphExpansion& expansion) {
    const int centre = indexOf(expansion.centre);
    if (centre < 0)
        return 0;
    const LayoutPoint c = data_.positions[static_cast<std::size_t>(centre)];
    int added = 0;
    const std::size_t count = expansion.nodes.size();
    for (std::size_t i = 0; i < count; ++i) {
        const GraphNode& node = expansion.nodes[i];
        int index = indexOf(node.id);
        if (index < 0) {
            // New neighbours ring their centre, in the order co_occurring_entities gave.
            const double angle =
                2.0 * std::numbers::pi * static_cast<double>(i) / static_cast<double>(count);
            const double r = LayoutOptions{}.spacing * 2.0;
            index = static_cast<int>(data_.nodes.size());
            data_.nodes.push_back(node);
            data_.positions.push_back({c.x + r * std::cos(angle), c.y + r * std::sin(angle)});
            index_.insert(node.id, index);
            inFocus_.push_back(false);
            lit_.push_back(false);
            match_.push_back(false);
            items_.push_back(makeItem(index));
            ++added;
        }
        data_.edges.push_back({static_cast<std::uint32_t>(centre),
                               static_cast<std::uint32_t>(index), expansion.weights[i].second});
    }
    rebuildEdges();
    if (focus_ >= 0)
        setFocusNode(focus_, focusHops_);
    setSceneRect(itemsBoundingRect().adjusted(-60, -60, 60, 60));
    return added;
}

int GraphScene::edgeCount() const {
    return edges_->edgeCount();
}

NodeItem* GraphScene::nodeItem(int index) const {
    if (index < 0 || index >= nodeCount())
        return nullptr;
    return items_[static_cast<std::size_t>(index)];
}

QPointF GraphScene::positionOf(int index) const {
    const NodeItem* item = nodeItem(index);
    return item ? item->pos() : QPointF();
}

void GraphScene::rebuildEdges() {
    edges_->setEdges(data_.positions, data_.edges);
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
        for (std::uint32_t v : neighbourhood(data_.nodes.size(), data_.edges,
                                             static_cast<std::uint32_t>(index), hops))
            inFocus_[v] = true;
    }
    refreshStates();
}

int GraphScene::focusSize() const {
    return static_cast<int>(std::count(inFocus_.begin(), inFocus_.end(), true));
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
    return static_cast<int>(std::count(lit_.begin(), lit_.end(), true));
}

QList<int> GraphScene::search(const QString& text) {
    QList<int> found;
    std::fill(match_.begin(), match_.end(), false);
    const QString needle = text.trimmed();
    if (!needle.isEmpty()) {
        for (std::size_t i = 0; i < data_.nodes.size(); ++i) {
            const GraphNode& n = data_.nodes[i];
            if (n.id.contains(needle, Qt::CaseInsensitive) ||
                n.surface.contains(needle, Qt::CaseInsensitive)) {
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

QRectF GraphScene::boundsOf(const QList<int>& nodes) const {
    QRectF r;
    for (int i : nodes) {
        if (const NodeItem* item = nodeItem(i))
            r = r.united(item->sceneBoundingRect());
    }
    return r;
}

void GraphScene::refreshStates() {
    const bool focused = focus_ >= 0;
    std::vector<bool> emphasised(items_.size(), false);
    bool anyLit = false;
    for (std::size_t i = 0; i < items_.size(); ++i) {
        quint8 s = 0;
        if (focused && !inFocus_[i])
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
        emphasised[i] = focused ? inFocus_[i] : lit_[i];
    }
    if (focused || anyLit)
        edges_->setHighlight(data_.positions, data_.edges, emphasised, focused);
    else
        edges_->setHighlight(data_.positions, data_.edges, {}, false);
}

} // namespace memlens::ui
