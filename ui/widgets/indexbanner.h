// A bar above the pages while the open vault's topic index file (topic-index.bin) is missing,
// stale or damaged: what is wrong, what it costs, and Rebuild Index, which writes it again off
// the GUI thread (VaultController::rebuildTopicIndex). Hidden while the file is current.
#pragma once

#include <QFrame>

class QLabel;
class QPushButton;

namespace memlens::ui {

class VaultController;

class IndexBanner : public QFrame {
    Q_OBJECT
public:
    IndexBanner(VaultController* vault, QWidget* parent = nullptr);

    QString text() const;
    QPushButton* rebuildButton() const { return rebuild_; }

Q_SIGNALS:
    void message(const QString& text, int timeoutMs);

private:
    void showProblem(const QString& problem);
    void onRebuilt(const QString& error, const QString& summary);

    VaultController* vault_;
    QLabel* label_;
    QPushButton* rebuild_;
    QString problem_;
};

} // namespace memlens::ui
