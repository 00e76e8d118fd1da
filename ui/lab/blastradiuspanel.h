// The lab's blast radius (labpage.h): every logged search (of one caller, the newest N, between
// two days) re-ranked with the settings on screen, off the GUI thread with progress and Cancel:
// how many would change, a histogram of their overlap with what was logged, and the changed
// ones, worst first (a double-click opens one in the what-if).
#pragma once

#include "lab/labsettingspanel.h"
#include "vault/vaultref.h"

#include <memlens/judgments.h>
#include <memlens/lab.h>

#include <QWidget>

#include <memory>
#include <optional>

class QBarSet;
class QChartView;
class QCheckBox;
class QComboBox;
class QDateEdit;
class QLabel;
class QLayout;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QSpinBox;
class QStandardItemModel;
class QTableView;
class QTimer;

namespace memlens::ui {

class JobRunner;
struct BlastOutcome;
struct BlastProgress;

class BlastRadiusPanel : public QWidget {
    Q_OBJECT
public:
    explicit BlastRadiusPanel(QWidget* parent = nullptr);
    ~BlastRadiusPanel() override;

    void runBlast();
    void cancelBlast();
    // The settings to re-rank with (a copy of the settings panel's).
    void setSettings(const LabSettings& settings) { settings_ = settings; }
    // Reads the log's callers for the filter, once per vault.
    void loadCallers();
    void resetVaultState(const VaultRef& ref);
    void setVault(const VaultRef& ref);

    const std::optional<BlastReport>& blastReport() const { return blast_; }
    // The blast's judged searches: NDCG@10 as logged and re-ranked (none: no judgments).
    const std::optional<BlastMetrics>& blastMetrics() const { return judged_; }
    bool isBlasting() const;
    QLabel* blastVerdictLabel() const { return blastVerdict_; }
    QTableView* blastTable() const { return blastTable_; }
    QCheckBox* windowBox() const { return windowBox_; }
    QDateEdit* sinceEdit() const { return sinceEdit_; }
    QDateEdit* untilEdit() const { return untilEdit_; }
    QChartView* blastChart() const { return chart_; }

Q_SIGNALS:
    // A blast radius was shown (tests wait on it).
    void blastShown();
    // A changed query was double-clicked: open it in the what-if.
    void openRowRequested(qint64 id);

private:
    // The constructor's parts.
    void setupTable();
    QLayout* buildBlastBar();
    void showProgress();
    void showBlast(const BlastOutcome& outcome);
    void clearBlast(); // no report, no changed rows, no chart
    void showBlastVerdict(const BlastReport& r);
    void fillBlastChart(const BlastReport& r);
    void fillBlastTable(const BlastReport& r);
    void updateButtons();

    VaultRef ref_;
    LabSettings settings_;
    std::optional<BlastReport> blast_;
    std::optional<BlastMetrics> judged_;
    // The log the last blast radius read, kept for the next one over the same rows.
    std::shared_ptr<const LabLog> log_;
    QString logKey_; // its filter and row limit
    JobRunner* blastJob_;
    QTimer* blastTimer_;
    std::shared_ptr<BlastProgress> blastProgress_;

    QComboBox* clientBox_;
    QSpinBox* blastLimit_;
    QCheckBox* windowBox_; // only the rows logged between two days
    QDateEdit* sinceEdit_;
    QDateEdit* untilEdit_;
    QPushButton* runBlast_;
    QPushButton* cancelBlast_;
    QProgressBar* blastBar_;
    QLabel* blastVerdict_;
    QChartView* chart_;
    QBarSet* bars_ = nullptr;
    QStandardItemModel* blastModel_;
    QSortFilterProxyModel* blastProxy_;
    QTableView* blastTable_;
};

} // namespace memlens::ui
