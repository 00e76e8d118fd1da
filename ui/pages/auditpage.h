// The audit log (retrieval_log) through the core's reader, loaded in row ranges and filterable
// (text, mode, agent, session), following the log live when asked (an agent's calls through
// `memlens-cli serve` appear as they happen); a
// row can be replayed with the settings it was logged with, or diffed against the settings on
// screen (Query Parameters › Retrieval Settings), naming each setting that moved a hit;
// and the rerun is shown side by side with what was logged, with the cause of any movement.
#pragma once

#include <QWidget>

#include <optional>
#include <utility>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTimer;
class QTreeView;

namespace memlens::ui {

class AuditModel;
class JobRunner;
class QueryWorkbench;
class ReplayDiffModel;
class VaultController;
struct ReplayOutcome;

class AuditPage : public QWidget {
    Q_OBJECT
public:
    AuditPage(VaultController* vault, QueryWorkbench* workbench, QWidget* parent = nullptr);

    void refresh();
    // Forgets the previous vault's log, filter, selection and replay (header and diff).
    void resetVaultState();
    // Replays the selected row (withLoggedSettings) or diffs it against the current settings.
    void replaySelected(bool withLoggedSettings);

    AuditModel* model() const { return model_; }
    ReplayDiffModel* diffModel() const { return diff_; }
    QTreeView* logView() const { return log_; }
    QLabel* replayLabel() const { return replayLabel_; }
    QLineEdit* filterEdit() const { return filter_; }
    // The shared time filter (core/timefilter.h): only searches logged in [sinceMs, untilMs];
    // nullopt: all of them.
    void setTimeWindow(std::optional<std::pair<qint64, qint64>> window);
    QPushButton* labButton() const { return lab_; }
    QPushButton* workbenchButton() const { return rerun_; }
    QComboBox* modeBox() const { return mode_; }
    QComboBox* agentBox() const { return agent_; }
    QComboBox* sessionBox() const { return session_; }
    QCheckBox* followBox() const { return follow_; }
    // Follow mode: the rows an agent (or anyone) logs appear on top within a second.
    void setFollowing(bool on);
    bool isFollowing() const;
    // Reads the distinct agents and sessions of the log into the filter lists (off the GUI
    // thread), keeping the current choice.
    void refreshAgents();

Q_SIGNALS:
    void replayed();
    // "Open in Lab": the selected row, to re-rank with other settings (the Lab tab).
    void openInLabRequested(qint64 id);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void applyFilter();
    void followTick();
    void showReplay(const ReplayOutcome& outcome);
    void updateButtons();
    // The constructor's parts (auditpage.cpp).
    void setupFilters();
    void setupLog();
    void setupActions();
    void setupDiff();
    void layOut();
    static QString replayHint();

    VaultController* vault_;
    QueryWorkbench* workbench_;
    AuditModel* model_;
    ReplayDiffModel* diff_;
    JobRunner* replayJob_;
    QTimer* refreshLater_;
    bool dirty_ = true;
    bool wasAtTop_ = true;

    QLineEdit* filter_;
    QComboBox* mode_;
    QComboBox* agent_;
    QComboBox* session_;
    QCheckBox* follow_;
    QTimer* followTimer_;
    JobRunner* agentsJob_;
    QLabel* countLabel_;
    std::optional<std::pair<qint64, qint64>> window_; // the shared time filter's range
    // The count line: rows logged (in the time filter's range) and loaded.
    QString countText() const;
    QTreeView* log_;
    QPushButton* replay_;
    QPushButton* diffButton_;
    QPushButton* rerun_;
    QPushButton* lab_;
    QLabel* replayLabel_;
    QTreeView* diffView_;
};

} // namespace memlens::ui
