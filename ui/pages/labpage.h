// The ranking lab (core/include/memlens/lab.h, docs/lab.md): one logged query re-ranked from its
// stored candidates as the settings on the left move (what-if), shown side by side with the
// ranking it is compared with, each move attributed; the blast radius of the settings on screen
// over the whole log; and the query's ablation matrix. Every re-rank runs off the GUI thread,
// the newest request wins; the blast radius shows progress and can be cancelled. The settings
// can be saved to the vault with an undo (refused, with the reason, for a read-only vault).
#pragma once

#include "vault/vaultref.h"

#include <memlens/lab.h>

#include <QWidget>

#include <map>
#include <memory>
#include <optional>
#include <string>

class QCheckBox;
class QComboBox;
class QDateEdit;
class QDoubleSpinBox;
class QGridLayout;
class QLabel;
class QLayout;
class QProgressBar;
class QPushButton;
class QSlider;
class QSortFilterProxyModel;
class QSpinBox;
class QStandardItemModel;
class QTabWidget;
class QTableView;
class QTableWidget;
class QTimer;

class QChartView;
class QBarSet;

namespace memlens::ui {

class JobRunner;
enum class LabLeft; // lab/labjobs.h
class QueryWorkbench;
class SideBySideView;
class VaultController;
struct BlastProgress;
struct WhatIfOutcome;
struct BlastOutcome;
struct AblationOutcome;

class LabPage : public QWidget {
    Q_OBJECT
public:
    // The workbench's docks (hit detail, score breakdown) show the hit selected in the moves
    // table, as it ranks on the right.
    LabPage(VaultController* vault, QueryWorkbench* workbench, QWidget* parent = nullptr);
    ~LabPage() override;

    // Loads a logged row (0: the newest search that kept its candidates) and re-ranks it with the
    // settings on screen.
    void openRow(qint64 id);
    // Sets one setting as text (the editors do the same); false when the core refuses the value.
    bool setSetting(const std::string& key, const QString& text);
    // The vault's settings again.
    void resetSettings();
    void saveSettings();
    void undoSave();
    void runBlast();
    void cancelBlast();
    void runAblation();
    // The ablation over every logged search (the table under the query's).
    void runAblationOverLog();
    void resetVaultState();

    // What the page shows, for tests and screenshots.
    qint64 rowId() const;
    const RetrievalSettings& settingsOnScreen() const { return panel_; }
    const std::optional<LabComparison>& comparison() const { return comparison_; }
    const std::optional<BlastReport>& blastReport() const { return blast_; }
    const std::optional<AblationMatrix>& ablation() const { return ablation_; }
    bool isReranking() const;
    bool isBlasting() const;
    QLabel* verdictLabel() const { return verdict_; }
    QLabel* blastVerdictLabel() const { return blastVerdict_; }
    QLabel* ablationVerdictLabel() const { return ablationVerdict_; }
    QTableWidget* movesTable() const { return moves_; }
    QTableWidget* ablationTable() const { return ablationTable_; }
    QTableWidget* ablationLogTable() const { return ablationLogTable_; }
    QLabel* ablationLogLabel() const { return ablationLogLabel_; }
    QTableView* blastTable() const { return blastTable_; }
    SideBySideView* sideBySide() const { return sideBySide_; }
    QPushButton* saveButton() const { return save_; }
    QPushButton* undoButton() const { return undo_; }
    QPushButton* retrieveButton() const { return retrieve_; }
    QComboBox* leftBox() const { return leftBox_; }
    QCheckBox* windowBox() const { return windowBox_; }
    QDateEdit* sinceEdit() const { return sinceEdit_; }
    QDateEdit* untilEdit() const { return untilEdit_; }
    QSpinBox* otherRowBox() const { return otherRow_; }
    QSpinBox* maxUnitsBox() const { return maxUnits_; }
    QSpinBox* maxCharsBox() const { return maxChars_; }
    QTabWidget* tabs() const { return tabs_; }
    QChartView* blastChart() const { return chart_; }

Q_SIGNALS:
    // The vault's settings were written (saved or undone): the other views re-read them.
    void settingsSaved();
    // A re-rank, blast or ablation was shown (tests wait on these).
    void whatIfShown();
    void blastShown();
    void ablationShown();
    void ablationLogShown();

protected:
    void showEvent(QShowEvent* event) override;

private:
    // showBlast()'s parts.
    void showBlastVerdict(const BlastReport& r);
    void fillBlastChart(const BlastReport& r);
    void fillBlastTable(const BlastReport& r);
    // showWhatIf()'s parts.
    QString whatIfWords(const LabComparison& c) const;
    QString whatIfNumbers(const LabComparison& c, LabLeft left) const;
    void fillMoves(const LabComparison& c);
    // The constructor's parts (labpage.cpp).
    void setupTimers();
    QLayout* buildRowBar();
    QWidget* buildSettingsBox();
    QWidget* buildWhatIf();
    void connectMoves();
    QWidget* buildBlast();
    QLayout* buildBlastBar();
    QWidget* buildAblation();
    void connectVault();
    static QString skippedRowsText(std::size_t noPools, std::size_t other, std::size_t damaged);
    struct Editor {
        QLabel* label = nullptr;
        QSlider* slider = nullptr;
        QDoubleSpinBox* spin = nullptr;
        QComboBox* combo = nullptr;
        QCheckBox* check = nullptr;
        double scale = 1.0; // slider units per value unit
    };
    void addNumberEditor(QGridLayout* grid, QWidget* host, int row, const std::string& key,
                         Editor& e);
    void buildSettings(QWidget* host);
    void showSettings();
    void onEdited(const std::string& key, const QString& text);
    void scheduleRerank();
    void rerank(bool retrieve = false);
    void showWhatIf(const WhatIfOutcome& outcome);
    void showBlast(const BlastOutcome& outcome);
    void clearBlast(); // no report, no changed rows, no chart
    void showAblation(const AblationOutcome& outcome);
    void updateButtons();
    void loadOtherRow();
    void showError(const QString& title, const QString& text);
    RetrievalSettings rightSettings() const;
    SearchBudget rightBudget() const;

    VaultController* vault_;
    QueryWorkbench* workbench_;
    VaultRef ref_;
    bool readOnly_ = false;
    std::optional<LabRow> row_;
    std::optional<LabRow> other_;
    RetrievalSettings vaultSettings_;
    RetrievalSettings panel_;
    bool panelSet_ = false;
    std::optional<RetrievalSettings> undoTo_;
    std::optional<LabComparison> comparison_;
    std::optional<BlastReport> blast_;
    // The log the last blast radius read, kept for the next one over the same rows.
    std::shared_ptr<const LabLog> log_;
    QString logKey_; // its filter and row limit
    std::optional<AblationMatrix> ablation_;
    bool ablationStale_ = true;
    std::map<std::string, Editor> editors_;
    bool updatingEditors_ = false;

    JobRunner* rowJob_;
    JobRunner* otherJob_;
    JobRunner* whatIfJob_;
    JobRunner* blastJob_;
    JobRunner* ablationJob_;
    JobRunner* saveJob_;
    QTimer* rerankTimer_;
    QTimer* blastTimer_;
    std::shared_ptr<BlastProgress> blastProgress_;

    QSpinBox* rowBox_;
    QPushButton* openRow_;
    QPushButton* newestRow_;
    QLabel* query_;
    QLabel* ownChoices_;
    QSpinBox* maxUnits_; // the query's budget on the right side (a request's, never saved)
    QSpinBox* maxChars_;
    QPushButton* reset_;
    QPushButton* save_;
    QPushButton* undo_;
    QPushButton* retrieve_;
    QLabel* settingsNote_;
    QTabWidget* tabs_;
    QComboBox* leftBox_;
    QSpinBox* otherRow_;
    QLabel* verdict_;
    SideBySideView* sideBySide_;
    QTableWidget* moves_;
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
    QLabel* ablationVerdict_;
    QTableWidget* ablationTable_;
    QPushButton* ablationLogButton_;
    QLabel* ablationLogLabel_;
    QTableWidget* ablationLogTable_;
    JobRunner* ablationLogJob_;
};

} // namespace memlens::ui
