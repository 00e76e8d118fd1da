// Metrics… (Query menu): the vault's ranking measured over its judged queries (judgments.h,
// docs/judgments.md) — NDCG@k, recall@k, precision@k and MRR, each with its 95% bootstrap
// interval in words and numbers, and each query's own figures, worst first. Computed on the
// background pool (every judged query is asked again); the dialog says so meanwhile.
#pragma once

#include "vault/vaultref.h"

#include <QDialog>

class QLabel;
class QPushButton;
class QSpinBox;
class QTreeWidget;

namespace memlens {
struct MetricsReport;
}

namespace memlens::ui {

class JobRunner;

class MetricsDialog : public QDialog {
    Q_OBJECT
public:
    explicit MetricsDialog(QWidget* parent = nullptr);

    void setVault(const VaultRef& ref);
    // Measures again at the k shown.
    void measure();

    QLabel* summary() const { return summary_; }
    QTreeWidget* figures() const { return figures_; }
    QTreeWidget* queries() const { return queries_; }
    QSpinBox* kBox() const { return k_; }

Q_SIGNALS:
    void measured();

private:
    void present(const MetricsReport& r);

    VaultRef ref_;
    QLabel* summary_;
    QSpinBox* k_;
    QPushButton* run_;
    QTreeWidget* figures_;
    QTreeWidget* queries_;
    JobRunner* job_;
};

} // namespace memlens::ui
