// A memory's biography (biography.h, docs/judgments.md): every logged search that returned it,
// on a time axis (its rank each time) and as a table with who asked, the legs' ranks and, for
// the newest, the verdict a rerun gives; its grades; what superseded it. Read on the background
// pool (workervault.h); the dialog shows "Reading…" until then.
#pragma once

#include "vault/vaultref.h"

#include <QDialog>

class QChart;
class QLabel;
class QTreeWidget;

namespace memlens {
struct Biography;
}

namespace memlens::ui {

class JobRunner;

class BiographyDialog : public QDialog {
    Q_OBJECT
public:
    explicit BiographyDialog(QWidget* parent = nullptr);

    // Reads and shows `nodeId`'s biography in `ref`.
    void showNode(const VaultRef& ref, const QString& nodeId);

    QLabel* summary() const { return summary_; }
    QTreeWidget* appearances() const { return appearances_; }
    QTreeWidget* grades() const { return grades_; }

Q_SIGNALS:
    // The biography is on screen (or why it is not).
    void shown();

private:
    void present(const Biography& b);
    void showChart(const Biography& b);

    QLabel* summary_;
    QChart* chart_;
    QTreeWidget* appearances_;
    QTreeWidget* grades_;
    QLabel* gradesLabel_;
    JobRunner* job_;
};

} // namespace memlens::ui
