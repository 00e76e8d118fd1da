// The Graph page's Aliases tab: the names that look like another form of a known person's name
// (propose_entity_merges, docs/entities.md "Alias proposals"), each with its evidence in words,
// and the merge that accepts one (merge_entities: the registry gains the alias, the index is
// re-pointed, all or nothing). Both run off the GUI thread; a merge asks first, says what it
// changed, and reloads the vault's views. A read-only vault lists proposals but cannot merge.
#pragma once

#include <memlens/entity_merge.h>

#include <QWidget>

#include <vector>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace memlens::ui {

class JobRunner;
class VaultController;

class AliasPanel : public QWidget {
    Q_OBJECT
public:
    explicit AliasPanel(VaultController* vault, QWidget* parent = nullptr);

    // Reads the proposals of the open vault (again).
    void refresh();
    // Asks to merge the selected proposal; on yes, merges it. With confirm false (tests), merges
    // without asking.
    void mergeSelected(bool confirm = true);
    void resetVaultState();

    QTreeWidget* list() const { return list_; }
    QPushButton* mergeButton() const { return merge_; }
    QLabel* resultLabel() const { return result_; }
    QLabel* detailLabel() const { return detail_; }
    const std::vector<EntityMergeProposal>& proposals() const { return proposals_; }

Q_SIGNALS:
    void proposalsLoaded();
    // A merge finished (ok or not); the vault's views reload after a successful one.
    void mergeFinished(bool ok);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void fill();
    void merge(const EntityMergeProposal& p);
    void updateButtons();
    void showDetail();
    void showError(const QString& title, const QString& text);

    VaultController* vault_;
    JobRunner* loadJob_;
    JobRunner* mergeJob_;
    bool needsLoad_ = false;
    QString lastMerge_; // what the last merge did, kept above the proposals read after it
    std::vector<EntityMergeProposal> proposals_;
    QLabel* note_;
    QTreeWidget* list_;
    QLabel* detail_; // the selected proposal, its evidence whole
    QPushButton* merge_;
    QPushButton* refresh_;
    QLabel* result_;
};

// The evidence of a proposal in words: "“Mel” starts “Melanie”; Melanie speaks in 3 of the 3
// sources that mention it; 41 chunks name both".
QString proposalEvidence(const EntityMergeProposal& p);

} // namespace memlens::ui
