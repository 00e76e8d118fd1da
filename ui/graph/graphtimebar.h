// The graph page's time window (graphpage.h), under the drawing: a check box and two sliders
// over the span of the drawn edges' co-occurrences, read off the GUI thread after every new
// graph, or a window dragged on the Trees page's timeline; the scene then weighs each edge by
// its co-occurrences inside the window.
#pragma once

#include <QWidget>

#include <optional>
#include <utility>

class QCheckBox;
class QLabel;
class QSlider;

namespace memlens::ui {

class GraphScene;
class JobRunner;
class VaultController;

class GraphTimeBar : public QWidget {
    Q_OBJECT
public:
    GraphTimeBar(const VaultController* vault, GraphScene* scene, QWidget* parent = nullptr);

    // The scene holds a new graph: no window until its edges' times are read (started here).
    void graphReplaced();
    void setTimeWindowEnabled(bool on);
    // Shows the graph as it stood in [sinceMs, untilMs]: applied as soon as the edges' times
    // are read (now, or when they arrive).
    void showTimeWindow(qint64 sinceMs, qint64 untilMs);
    // No window, no times (the scene is emptied by the page).
    void resetVaultState();

    QCheckBox* timeBox() const { return timeBox_; }
    QSlider* timeFrom() const { return timeFrom_; }
    QSlider* timeUntil() const { return timeUntil_; }

Q_SIGNALS:
    // The scene's window changed: redraw, restate.
    void windowChanged();
    void edgeTimesLoaded();

private:
    void loadEdgeTimes();
    void applyTimeWindow();
    void applySharedWindow();

    const VaultController* vault_;
    GraphScene* scene_;
    JobRunner* timesJob_;
    // A window from the Trees timeline, kept until the edges' times are read.
    std::optional<std::pair<qint64, qint64>> sharedWindow_;
    QCheckBox* timeBox_;
    QSlider* timeFrom_;
    QSlider* timeUntil_;
    QLabel* timeLabel_;
};

} // namespace memlens::ui
