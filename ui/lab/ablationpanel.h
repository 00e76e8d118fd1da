// The lab's ablation (labpage.h): the logged row ranked by each leg alone, then with one signal
// added at a time, each hit's rank per column and where the logged ranking first appears; and
// the same over every logged search. Both run off the GUI thread.
#pragma once

#include "vault/vaultref.h"

#include <memlens/lab.h>

#include <QWidget>

#include <memory>
#include <optional>

class QLabel;
class QPushButton;
class QTableWidget;

namespace memlens::ui {

class JobRunner;
struct AblationLogOutcome;
struct AblationOutcome;

class AblationPanel : public QWidget {
    Q_OBJECT
public:
    explicit AblationPanel(QWidget* parent = nullptr);
    ~AblationPanel() override;

    // The row to rank (its ablation is then stale until runAblation).
    void setRow(const std::shared_ptr<const LabRow>& row);
    // The row could not be opened: nothing to rank.
    void clearRow() { row_.reset(); }
    void runAblation();
    // runAblation() when the row changed since the last.
    void runIfStale();
    // The ablation over every logged search (the table under the query's).
    void runAblationOverLog();
    void resetVaultState(const VaultRef& ref);
    void setVault(const VaultRef& ref) { ref_ = ref; }

    const std::optional<AblationMatrix>& ablation() const { return ablation_; }
    QLabel* ablationVerdictLabel() const { return ablationVerdict_; }
    QTableWidget* ablationTable() const { return ablationTable_; }
    QTableWidget* ablationLogTable() const { return ablationLogTable_; }
    QLabel* ablationLogLabel() const { return ablationLogLabel_; }

Q_SIGNALS:
    // An ablation was shown (tests wait on these).
    void ablationShown();
    void ablationLogShown();

private:
    void showAblation(const AblationOutcome& outcome);
    void showAblationVerdict(const AblationMatrix& m);
    void fillAblationTable(const AblationMatrix& m, const AblationOutcome& outcome);
    void showAblationLog(const AblationLogOutcome& outcome);

    VaultRef ref_;
    std::shared_ptr<const LabRow> row_;
    std::optional<AblationMatrix> ablation_;
    bool ablationStale_ = true;
    JobRunner* ablationJob_;
    JobRunner* ablationLogJob_;
    QLabel* ablationVerdict_;
    QTableWidget* ablationTable_;
    QPushButton* ablationLogButton_;
    QLabel* ablationLogLabel_;
    QTableWidget* ablationLogTable_;
};

} // namespace memlens::ui
