// Forget… in the GUI: asks the core what forgetting a memory touches (plan_forget), confirms it
// with the user in words (how many memories and summaries), then forgets it (forget_memories)
// and reloads the vault so that every view reads it without the memory. Both steps run on the
// background pool with that thread's own connection (workervault.h), never on the GUI thread.
#pragma once

#include <QObject>
#include <QString>

class QMenu;
class QAction;
class QWidget;

namespace memlens::ui {

class JobRunner;
class VaultController;

class ForgetFlow : public QObject {
    Q_OBJECT
public:
    ForgetFlow(VaultController* vault, QWidget* dialogParent);

    // Starts the flow for one memory (a chunk id). Does nothing while one is running.
    void forget(const QString& nodeId);
    bool isRunning() const;
    // Whether the open vault can forget at all (open and writable).
    bool available() const;

    // Adds "Forget…" for `nodeId` to a node's context menu (objectName "forgetAction"),
    // disabled with the reason as its tooltip when the vault cannot forget.
    QAction* addAction(QMenu* menu, const QString& nodeId);

    // The flow of the main window, for the views' context menus (set by MainWindow).
    static ForgetFlow* instance();
    static void setInstance(ForgetFlow* flow);

Q_SIGNALS:
    // One line for the status bar: what was forgotten, or why not.
    void message(const QString& text);
    // A forget committed (the vault is being reloaded).
    void forgotten(const QStringList& memories);

private:
    void confirm(const QString& nodeId, int memories, int resealed, int removed);
    void run(const QString& nodeId);

    VaultController* vault_;
    QWidget* dialogParent_;
    JobRunner* job_;
};

} // namespace memlens::ui
