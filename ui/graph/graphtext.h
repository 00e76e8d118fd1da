// What the graph page says about the graph in words: the status line under it and the tooltip
// of a hovered node or edge, both from the scene's state.
#pragma once

#include <QCoreApplication>
#include <QString>

namespace memlens::ui {

class GraphScene;
struct GraphNode;

class GraphText {
    Q_DECLARE_TR_FUNCTIONS(GraphText)
public:
    // The counts drawn and in the vault, the window, the focus, the lit and selected entities;
    // minWeight: the drawn edges' minimum weight; hops: the focus's depth.
    static QString status(const GraphScene& scene, int minWeight, int hops);
    // A hovered node's kind, mentions and heaviest drawn neighbours, or an edge's weight and
    // times; empty for neither.
    static QString hover(const GraphScene& scene, int node, int edge);
    // What the logged searches reached of the entity's memories (the Overview's health
    // reading), in words; empty before a reading.
    static QString recall(const GraphScene& scene, const GraphNode& node);
};

} // namespace memlens::ui
