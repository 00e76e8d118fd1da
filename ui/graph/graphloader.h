// Reads and lays out the graph page's graph off the GUI thread (loadGraph, expandGraph in
// graphdata.h) and puts it into the scene: a newer request cancels an older one.
#pragma once

#include "graph/graphdata.h"

#include <QObject>
#include <QString>

namespace memlens::ui {

class GraphScene;
class JobRunner;
class VaultController;

class GraphLoader : public QObject {
    Q_OBJECT
public:
    GraphLoader(const VaultController* vault, GraphScene* scene, QObject* parent = nullptr);

    // Reads and lays out what `request` asks for (nothing without an open vault).
    void load(const GraphRequest& request);
    // Adds the neighbours of the drawn entity `index`, lighter edges included down to minWeight.
    void expand(int index, std::int64_t minWeight);
    void cancel();

Q_SIGNALS:
    // The scene holds a new graph.
    void loaded();
    // The scene's graph grew by `added` entities.
    void expanded(int added);
    // What the loader is doing or why it failed, for the status line.
    void statusMessage(const QString& text);

private:
    const VaultController* vault_;
    GraphScene* scene_;
    JobRunner* loadJob_;
    JobRunner* expandJob_;
};

} // namespace memlens::ui
