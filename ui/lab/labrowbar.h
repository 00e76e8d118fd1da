// The lab's logged query (labpage.h): the audit row the what-if, the settings' budget and the
// ablation work on, chosen by number or as the newest search that kept its candidates, read off
// the GUI thread. It owns the row; the page hands it to the panels.
#pragma once

#include "vault/vaultref.h"

#include <memlens/lab.h>

#include <QWidget>

#include <memory>

class QLabel;
class QPushButton;
class QSpinBox;

namespace memlens::ui {

class JobRunner;

class LabRowBar : public QWidget {
    Q_OBJECT
public:
    explicit LabRowBar(QWidget* parent = nullptr);

    // Loads a logged row (0: the newest search that kept its candidates). A row the user asked
    // for that cannot be read is said in a message box too; one opened for them (the page's
    // first visit) only in the bar.
    void openRow(qint64 id, bool askedFor = true);
    // Forgets the row; `ref` is the vault now open (or none).
    void resetVaultState(const VaultRef& ref);
    // The vault was (re)opened.
    void setVault(const VaultRef& ref);

    const std::shared_ptr<const LabRow>& row() const { return row_; }
    qint64 rowId() const { return row_ ? row_->record.id : 0; }
    bool isLoading() const;
    // The row number shown in the box (0, shown as "row #—", before one is opened).
    int shownRowNumber() const;

Q_SIGNALS:
    // The row was read; `vaultSettings` are the vault's settings now.
    void rowOpened(const std::shared_ptr<const LabRow>& row,
                   const memlens::RetrievalSettings& vaultSettings);
    // It could not be read (noPools: it keeps no candidate pools); the bar says why.
    void rowFailed(const QString& error, bool noPools);

private:
    void showRow(const LabRow& row);
    void updateButtons();

    VaultRef ref_;
    std::shared_ptr<const LabRow> row_;
    JobRunner* rowJob_;
    QSpinBox* rowBox_;
    QPushButton* openRow_;
    QPushButton* newestRow_;
    QLabel* query_;
};

} // namespace memlens::ui
