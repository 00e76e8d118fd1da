// The graph page's selected entity (graphpage.h, the "Selected" tab): its name, kind, mentions,
// links, PageRank place and community; its actions (query_topic, expand, hide, focus within N
// hops); its neighbours in the vault, drawn or not, with what they share; and the chunks a
// chosen neighbour shares with it ("why are these two linked?"). Both lists are read off the GUI
// thread, and an answer for an entity no longer asked about is dropped.
#pragma once

#include <QString>
#include <QStringList>
#include <QWidget>

class QLabel;
class QListWidget;
class QPushButton;
class QSlider;
class QTreeWidget;

namespace memlens::ui {

class GraphScene;
class JobRunner;
class VaultController;

class EntityPanel : public QWidget {
    Q_OBJECT
public:
    EntityPanel(const VaultController* vault, const GraphScene* scene, QWidget* parent = nullptr);
    ~EntityPanel() override;

    // Shows the scene's selected entity (or the hint, with nothing selected).
    void showSelection();
    // Lists the selected entity's neighbours, unless they are listed already.
    void loadNeighbours();
    // The next loadNeighbours() lists them again.
    void forgetSubject();
    // Lists the nodes that mention both entities (the reason they are linked).
    void explainIds(const QString& a, const QString& b);
    // The scene holds a new graph (grown: the same, with neighbours added).
    void graphReplaced(bool grown);
    void resetVaultState();
    int hops() const;

    QSlider* hopsSlider() const { return hops_; }
    QPushButton* queryTopicButton() const { return queryTopic_; }
    QTreeWidget* neighbourList() const { return neighbours_; }
    QListWidget* sharedList() const { return shared_; }
    QString sharedTitleText() const;

Q_SIGNALS:
    void queryTopicRequested();
    void expandRequested();
    void hideRequested();
    void focusRequested();
    void clearFocusRequested();
    void hopsChanged(int hops);
    // A shared chunk was clicked: show it in Hit Detail.
    void showNodeRequested(const QString& nodeId);
    // List these chunks in the Query page.
    void fetchLeavesRequested(const QStringList& chunkIds);
    void neighboursLoaded();
    void sharedLoaded();

private:
    struct NeighbourRows;
    struct SharedRows;
    void setupLists();
    void layOut();
    void connectControls();
    void showNeighbours(const NeighbourRows& rows);
    void showShared(const SharedRows& rows);

    const VaultController* vault_;
    const GraphScene* scene_;
    JobRunner* neighbourJob_;
    JobRunner* sharedJob_;
    QString neighbourSubject_;
    QString sharedPeer_;

    QPushButton* focus_;
    QSlider* hops_;
    QLabel* hopsLabel_;
    QPushButton* clearFocus_;
    QPushButton* queryTopic_;
    QPushButton* expand_;
    QPushButton* hide_;
    QLabel* selectedTitle_;
    QLabel* selectedFacts_;
    QTreeWidget* neighbours_;
    QLabel* sharedTitle_;
    QListWidget* shared_;
    QPushButton* sharedToQuery_;
};

} // namespace memlens::ui
