// What the window shows before a vault is open: open, demo, recent vaults, and a hint that a
// folder can be dropped on the window.
#pragma once

#include <QWidget>

class QListWidget;

namespace memlens::ui {

class WelcomePage : public QWidget {
    Q_OBJECT
public:
    explicit WelcomePage(QWidget* parent = nullptr);
    void refreshRecent();

Q_SIGNALS:
    void openRequested();
    void demoRequested();
    void recentRequested(const QString& dir);

private:
    QListWidget* recent_;
};

} // namespace memlens::ui
