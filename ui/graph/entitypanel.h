// The graph page's selected entity (graphpage.h, the "Selected" tab): its name, kind, mentions,
// links, PageRank place and community; its actions (query_topic, expand, hide, focus within N
// hops); its neighbours in the vault, drawn or not, with what they share; and the chunks a
// chosen neighbour shares with it ("why are these two linked?"). Both lists are read off the GUI
// thread, and an answer for an entity no longer asked about is dropped. With the graph's time
// window on, every count is the window's (mentions, links, shared chunks, first and last) and
// the panel names the window.
#pragma once

#include <QString>
#include <QStringList>
#include <QWidget>

#include <optional>
#include <utility>

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
    // The scene's time window changed: the counts are read again for it.
    void timeWindowChanged();
    void resetVaultState();
    int hops() const;

    QSlider* hopsSlider() const { return hops_; }
    QPushButton* queryTopicButton() const { return queryTopic_; }
    QTreeWidget* neighbourList() const { return neighbours_; }
    QListWidget* sharedList() const { return shared_; }
    QString sharedTitleText() const;
    QString factsText() const;
    // What the counts cover: the time window's dates, or empty for all time.
    QString windowText() const;

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
    // The selected entity's facts: its counts over all time, or in the scene's time window.
    void showFacts();

    const VaultController* vault_;
    const GraphScene* scene_;
    JobRunner* neighbourJob_;
    JobRunner* sharedJob_;
    QString neighbourSubject_;
    std::optional<std::pair<qint64, qint64>> neighbourWindow_; // the window listed for
    std::optional<qint64> windowMentions_; // neighbourSubject_'s chunks in neighbourWindow_
    QString sharedSubject_;
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
    QLabel* windowNote_;
    QTreeWidget* neighbours_;
    QLabel* sharedTitle_;
    QListWidget* shared_;
    QPushButton* sharedToQuery_;
};

} // namespace memlens::ui
