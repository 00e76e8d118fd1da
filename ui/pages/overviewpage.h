// The first page of an open vault: what it is, how much it holds, and when; and its health from
// the audit log (health.h): the memories no logged search returned, and the magnets, read on the
// background pool when the vault opens and again on Refresh. Dragging across the chart of chunks
// over time sets the shared time filter (core/timefilter.h); health then reads only the
// searches logged in it.
#pragma once

#include <QWidget>

#include <memory>

class QChart;
class QChartView;
class QLabel;
class QLayout;
class QPushButton;
class QTreeWidget;

namespace memlens {
struct HealthReport;
}

namespace memlens::ui {

class JobRunner;
class StatTile;
class TimeFilter;
class TimelineView;
class VaultController;
struct VaultOverviewData;

class OverviewPage : public QWidget {
    Q_OBJECT
public:
    OverviewPage(VaultController* vault, TimeFilter* filter, QWidget* parent = nullptr);

    // For tests and screenshots: the tile showing `caption`'s value ("Chunks" → "5,000").
    QString tileValue(const QString& caption) const;
    // The health section: its summary line and the magnets' list (one row per magnet).
    QLabel* healthSummary() const { return healthSummary_; }
    QTreeWidget* magnets() const { return magnets_; }
    TimelineView* timeline() const { return timeline_; }
    // Reads the health again (the Refresh button).
    void refreshHealth();

Q_SIGNALS:
    // A magnet's row was activated: show that memory.
    void nodeRequested(const QString& nodeId);
    // The health section shows a fresh reading (or why there is none).
    void healthShown();
    // The reading behind it, with each returned node's and entity's questions
    // (HealthOptions::per_node) for the trees' heat and the graph's recall; null when there is
    // none (no vault, a workspace, an error). `range`: the time filter's range it kept, or "".
    void healthRead(const std::shared_ptr<const memlens::HealthReport>& report,
                    const QString& range);

private:
    void show(const VaultOverviewData& data);
    // The shared filter changed: its range on the chart, the health read for it.
    void applyTimeFilter();
    void showKinds(const VaultOverviewData& data);
    void showHealth(const std::shared_ptr<const HealthReport>& r, const QString& error);
    // The health section's widgets, set up and laid out.
    QLayout* healthSection();

    VaultController* vault_;
    QLabel* title_;
    QLabel* details_;
    QList<QPair<QString, StatTile*>> tiles_;
    TimeFilter* filter_;
    TimelineView* timeline_;
    QChart* kinds_;
    QLabel* healthSummary_;
    QPushButton* refreshHealth_;
    QTreeWidget* magnets_;
    JobRunner* healthJob_;
};

} // namespace memlens::ui
