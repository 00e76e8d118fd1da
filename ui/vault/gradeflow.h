// Grades in the GUI (judgments.h, docs/judgments.md): the grades a person gave the hits of the
// query shown, read after each search, and a grade set from the results (the keys 0–3 on a
// selected hit). Both run on the background pool with that thread's own connection
// (workervault.h), never on the GUI thread; a read-only vault shows its grades and refuses to
// change them with a message box that says why.
#pragma once

#include "vault/vaultref.h"

#include <QHash>
#include <QObject>
#include <QString>

class QWidget;

namespace memlens::ui {

class JobRunner;

class GradeFlow : public QObject {
    Q_OBJECT
public:
    explicit GradeFlow(QWidget* dialogParent);

    void setVault(const VaultRef& ref);
    // Reads the grades that count for each node judged for `queryText` (gradesLoaded).
    void load(const QString& queryText);
    // A person's grade 0..3 of `nodeId` for `queryText` (graded, or failed and a message box).
    void grade(const QString& queryText, const QString& nodeId, int grade);

Q_SIGNALS:
    void gradesLoaded(const QString& queryText, const QHash<QString, int>& grades);
    void graded(const QString& queryText, const QString& nodeId, int grade);
    // One line for the status bar.
    void message(const QString& text);

private:
    QWidget* dialogParent_;
    VaultRef ref_;
    JobRunner* load_;
    JobRunner* write_;
};

} // namespace memlens::ui
