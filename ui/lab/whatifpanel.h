// The lab's what-if (labpage.h): the logged row re-ranked from its stored candidates with the
// settings on screen, beside the ranking it is compared with (as logged, the vault's settings
// now, or another row), and each hit's move with the signal and the settings that moved it.
// Every re-rank runs off the GUI thread and the newest request wins.
#pragma once

#include "lab/labsettingspanel.h"
#include "vault/vaultref.h"

#include <memlens/lab.h>

#include <QWidget>

#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QSpinBox;
class QTableWidget;
class QTimer;
class QVBoxLayout;

namespace memlens::ui {

class JobRunner;
class SideBySideView;
enum class LabLeft; // lab/labjobs.h
struct WhatIfOutcome;

class WhatIfPanel : public QWidget {
    Q_OBJECT
public:
    explicit WhatIfPanel(QWidget* parent = nullptr);
    ~WhatIfPanel() override;

    // The row to re-rank (a re-rank follows).
    void setRow(const std::shared_ptr<const LabRow>& row);
    // The row could not be opened: nothing to show, and why.
    void clearRow(const QString& error, bool noPools);
    // The settings the right side ranks with (a copy of the settings panel's).
    void setSettings(const LabSettings& settings) { settings_ = settings; }
    // Compares with the row as logged.
    void compareWithLogged();
    // Re-ranks soon (the settings or the row changed).
    void scheduleRerank();
    // Re-ranks now; retrieve: the right side from a new retrieval.
    void rerank(bool retrieve = false);
    void resetVaultState(const VaultRef& ref);
    void setVault(const VaultRef& ref) { ref_ = ref; }

    const std::optional<LabComparison>& comparison() const { return comparison_; }
    bool isReranking() const;
    QLabel* verdictLabel() const { return verdict_; }
    QTableWidget* movesTable() const { return moves_; }
    SideBySideView* sideBySide() const { return sideBySide_; }
    QComboBox* leftBox() const { return leftBox_; }
    QSpinBox* otherRowBox() const { return otherRow_; }

Q_SIGNALS:
    // A re-rank was shown (tests wait on it).
    void whatIfShown();
    // Whether Retrieve Again would show more than the re-rank shown does.
    void retrievalNeeded(bool needed);
    // The hit of the selected move, as it ranks on the right (or, gone, as it ranked on the
    // left).
    void hitSelected(const memlens::RetrievalHit& hit);

private:
    void buildLeftBar(QVBoxLayout* layout);
    void connectMoves();
    void loadOtherRow();
    void showWhatIf(const WhatIfOutcome& outcome);
    QString whatIfWords(const LabComparison& c) const;
    QString whatIfNumbers(const LabComparison& c, LabLeft left) const;
    void fillMoves(const LabComparison& c);
    void announceRetrieval();
    RetrievalSettings rightSettings() const;
    SearchBudget rightBudget() const;

    VaultRef ref_;
    std::shared_ptr<const LabRow> row_;
    std::optional<LabRow> other_;
    LabSettings settings_;
    std::optional<LabComparison> comparison_;

    JobRunner* otherJob_;
    JobRunner* whatIfJob_;
    QTimer* rerankTimer_;
    QComboBox* leftBox_;
    QSpinBox* otherRow_;
    QLabel* verdict_;
    SideBySideView* sideBySide_;
    QTableWidget* moves_;
};

} // namespace memlens::ui
