// The ranking lab (core/include/memlens/lab.h, docs/lab.md): a logged query (lab/labrowbar.h)
// and the settings on the left (lab/labsettingspanel.h), then three tabs: the what-if
// (lab/whatifpanel.h: the query re-ranked as the settings move, side by side with the ranking it
// is compared with, each move attributed), the blast radius of the settings over the whole log
// (lab/blastradiuspanel.h) and the query's ablation matrix (lab/ablationpanel.h). Each panel
// owns its widgets, its state and the jobs it runs off the GUI thread; the page lays them out
// and wires them to each other, to the vault and to the workbench's docks.
#pragma once

#include <QWidget>

class QTabWidget;

namespace memlens::ui {

class AblationPanel;
class BlastRadiusPanel;
class LabRowBar;
class LabSettingsPanel;
class QueryWorkbench;
class VaultController;
class WhatIfPanel;

class LabPage : public QWidget {
    Q_OBJECT
public:
    // The workbench's docks (hit detail, score breakdown) show the hit selected in the moves
    // table, as it ranks on the right.
    LabPage(VaultController* vault, QueryWorkbench* workbench, QWidget* parent = nullptr);

    // Loads a logged row (0: the newest search that kept its candidates) and re-ranks it with the
    // settings on screen.
    void openRow(qint64 id);
    // Every panel forgets the vault shown before.
    void resetVaultState();

    // What the page shows, for tests and screenshots.
    qint64 rowId() const;
    bool isReranking() const;
    QTabWidget* tabs() const { return tabs_; }
    LabRowBar* rowBar() const { return rowBar_; }
    LabSettingsPanel* settingsPanel() const { return settings_; }
    WhatIfPanel* whatIfPanel() const { return whatIf_; }
    BlastRadiusPanel* blastRadiusPanel() const { return blast_; }
    AblationPanel* ablationPanel() const { return ablation_; }

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
    void layOut();
    void connectVault();
    void connectRow();
    void connectPanels();

    VaultController* vault_;
    QueryWorkbench* workbench_;
    LabRowBar* rowBar_;
    LabSettingsPanel* settings_;
    QTabWidget* tabs_;
    WhatIfPanel* whatIf_;
    BlastRadiusPanel* blast_;
    AblationPanel* ablation_;
};

} // namespace memlens::ui
