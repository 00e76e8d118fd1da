#include "graph/graphtext.h"

#include "core/format.h"
#include "graph/graphscene.h"

#include <QStringList>

#include <algorithm>
#include <utility>
#include <vector>

namespace memlens::ui {

QString GraphText::status(const GraphScene& scene, int minWeight, int hops) {
    const GraphData& d = scene.data();
    int heavy = 0;
    int light = 0;
    for (std::size_t i = 0; i < d.edges.size(); ++i) {
        if (scene.shownWeight(static_cast<int>(i)) <= 0)
            continue;
        (d.edges[i].weight >= minWeight ? heavy : light) += 1;
    }
    QString text = tr("%1 of %Ln entity(s)", nullptr, static_cast<int>(d.totalEntities))
                       .arg(formatCount(scene.nodeCount()));
    if (scene.timeWindow())
        text += tr(" · %Ln edge(s) with co-occurrences in the window", nullptr, heavy + light);
    else
        text += tr(" · %1 of %Ln edge(s) at weight ≥ %2", nullptr, static_cast<int>(d.totalEdges))
                    .arg(formatCount(heavy))
                    .arg(minWeight);
    if (light > 0 && !scene.timeWindow())
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
    if (scene.hiddenCount() > 0)
        text += tr(" · %Ln hidden", nullptr, scene.hiddenCount());
    if (scene.focusNode() >= 0)
        text +=
            tr(" · focus: %1 within %n hop(s)", nullptr, hops).arg(formatCount(scene.focusSize()));
    if (scene.litCount() > 0)
        text += tr(" · %Ln lit by the selected hit", nullptr, scene.litCount());
    const int selected = scene.selectedNode();
    if (selected >= 0)
        text += QStringLiteral(" · ") + d.nodes[static_cast<std::size_t>(selected)].id;
    return text;
}

QString GraphText::recall(const GraphScene& scene, const GraphNode& node) {
    const GraphRecall& r = scene.recall();
    if (!r.known || node.recallQueries < 0)
        return {};
    const QString range = r.range.isEmpty() ? QString() : QLatin1Char(' ') + r.range;
    if (r.distinctQueries == 0)
        return r.range.isEmpty() ? tr("no search logged yet")
                                 : tr("no search logged%1 (the time filter)").arg(range);
    if (node.recallQueries == 0)
        return tr("none of its memories was returned by the %n question(s) logged%1", nullptr,
                  r.distinctQueries)
            .arg(range);
    return tr("%Ln of its memories returned", nullptr, static_cast<int>(node.recalledMemories)) +
           tr(", by %Ln question(s) of the %1 logged%2", nullptr,
              static_cast<int>(node.recallQueries))
               .arg(r.distinctQueries)
               .arg(range);
}

QString GraphText::hover(const GraphScene& scene, int node, int edge) {
    const GraphData& d = scene.data();
    QString text;
    if (node >= 0) {
        const GraphNode& n = d.nodes[static_cast<std::size_t>(node)];
        // The drawn neighbours, heaviest edge first.
        std::vector<std::pair<double, int>> around;
        for (std::size_t i = 0; i < d.edges.size(); ++i) {
            const LayoutEdge& e = d.edges[i];
            if (scene.shownWeight(static_cast<int>(i)) <= 0)
                continue;
            if (static_cast<int>(e.a) == node)
                around.emplace_back(scene.shownWeight(static_cast<int>(i)), e.b);
            else if (static_cast<int>(e.b) == node)
                around.emplace_back(scene.shownWeight(static_cast<int>(i)), e.a);
        }
        std::stable_sort(around.begin(), around.end(),
                         [](const auto& x, const auto& y) { return x.first > y.first; });
        QStringList lines;
        lines << QStringLiteral("%1 (%2)").arg(scene.labelOf(node), n.kind);
        lines << tr("mentioned by %Ln node(s)", nullptr, static_cast<int>(n.mentions));
        if (const QString reached = GraphText::recall(scene, n); !reached.isEmpty())
            lines << reached;
        for (std::size_t i = 0; i < around.size() && i < 6; ++i)
            lines << tr("  %1: %Ln shared", nullptr, static_cast<int>(around[i].first))
                         .arg(scene.labelOf(around[i].second));
        if (around.size() > 6)
            lines << tr("  and %n more (select it for the whole list)", nullptr,
                        static_cast<int>(around.size() - 6));
        text = lines.join(QLatin1Char('\n'));
    } else if (edge >= 0) {
        const LayoutEdge& e = d.edges[static_cast<std::size_t>(edge)];
        const int shown = static_cast<int>(scene.shownWeight(edge));
        QStringList lines;
        // With kinds: a hashtag and the topic it names share a surface ("#launch").
        const GraphNode& na = d.nodes[e.a];
        const GraphNode& nb = d.nodes[e.b];
        lines << QStringLiteral("%1 (%2) — %3 (%4)")
                     .arg(scene.labelOf(static_cast<int>(e.a)), na.kind,
                          scene.labelOf(static_cast<int>(e.b)), nb.kind);
        lines << tr("%Ln chunk(s) mention both", nullptr, static_cast<int>(e.weight));
        if (scene.timeWindow())
            lines << tr("%Ln of them in the time window", nullptr, shown);
        if (scene.hasEdgeTimes() && static_cast<std::size_t>(edge) < scene.edgeTimes().size() &&
            !scene.edgeTimes()[static_cast<std::size_t>(edge)].empty()) {
            const auto& t = scene.edgeTimes()[static_cast<std::size_t>(edge)];
            lines << tr("first %1, last %2").arg(formatTime(t.front()), formatTime(t.back()));
        } else {
            lines << tr("times loading…");
        }
        lines << tr("right-click: why are these two linked?");
        text = lines.join(QLatin1Char('\n'));
    }
    return text;
}

} // namespace memlens::ui
