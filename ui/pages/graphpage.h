// The entity co-occurrence graph: the most mentioned entities laid out by force off the GUI
// thread, node size by mentions and edge width by weight; a weight threshold, search, focus on
// one entity with a hop-depth slider, neighbours added on double-click, pan and zoom. Clicking
// an entity selects it; "Query This Topic" runs query_topic on it (without changing the mode of
// the query box); the entities of the hit in the detail docks light up.
#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSlider;
class QSpinBox;

namespace memlens::ui {

class GraphScene;
class GraphView;
class JobRunner;
class QueryWorkbench;
class VaultController;

class GraphPage : public QWidget {
    Q_OBJECT
public:
    GraphPage(VaultController* vault, QueryWorkbench* workbench, QWidget* parent = nullptr);

    void reload();
    // Selects a node (the status line names it); runs nothing.
    void selectNode(int index);
    // Runs query_topic on the selected node in the workbench (the explicit action).
    void queryTopicOfSelected();
    // Forgets the previous vault's graph, selection, focus, search and lit entities.
    void resetVaultState();
    void focusSelected();
    void expand(int index);
    // Selects and centres the best match of `text`; false when nothing matches.
    bool find(const QString& text);

    GraphScene* scene() const { return scene_; }
    GraphView* view() const { return view_; }
    QSlider* hopsSlider() const { return hops_; }
    QSpinBox* weightBox() const { return minWeight_; }
    QComboBox* sizeBox() const { return maxNodes_; }
    QLabel* statusLabel() const { return status_; }
    QPushButton* queryTopicButton() const { return queryTopic_; }
    QLineEdit* searchEdit() const { return search_; }

Q_SIGNALS:
    void graphLoaded();
    void expanded(int added);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void updateStatus();

    VaultController* vault_;
    QueryWorkbench* workbench_;
    GraphScene* scene_;
    GraphView* view_;
    JobRunner* loadJob_;
    JobRunner* expandJob_;
    bool needsLoad_ = false;
    QStringList litIds_; // entities of the hit in the detail docks

    QLineEdit* search_;
    QComboBox* maxNodes_;
    QSpinBox* minWeight_;
    QSlider* hops_;
    QLabel* hopsLabel_;
    QPushButton* focus_;
    QPushButton* clearFocus_;
    QPushButton* queryTopic_;
    QLabel* status_;
};

} // namespace memlens::ui
