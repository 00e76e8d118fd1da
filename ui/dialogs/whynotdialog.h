// Query › Why Not…: why the current query (the one that ran last on the Query page, with the
// mode, form and Retrieval Settings values it ran with) did not return a node. The engine's
// answer (SearchEngine::why_not, run on the query thread, cancellable) is shown as its verdict
// line first, then its numbers as a table, the query terms the node lacks and holds, and for a
// node the beam never reached, its topic path beside the paths the beam reached. A modeless
// inspector: the other views stay usable and ask it about their nodes ("Why Not Returned?").
#pragma once

#include "query/queryrequest.h"
#include "query/whynotrunner.h"
#include "vault/vaultref.h"

#include <QDialog>

#include <optional>

class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QTreeWidget;

namespace memlens::ui {

class JobRunner;
class QuerySession;

class WhyNotDialog : public QDialog {
    Q_OBJECT
public:
    explicit WhyNotDialog(QuerySession* session, QWidget* parent = nullptr);

    // The query a why-not question is about: the last outcome of the session when it is a
    // search (hybrid, keyword, semantic) that ran; otherwise nullopt and, in `why`, what is
    // missing, in words.
    static std::optional<QueryRequest> currentQuery(const QuerySession* session,
                                                    QString* why = nullptr);
    // 1-based rank of the node among the current query's hits, 0 when it is not one.
    static int hitRank(const QuerySession* session, const QString& nodeId);

    // Shows the dialog with this id in its box, ready to ask (the menu's "Why Not…").
    void prepare(const QString& nodeId);
    // Shows the dialog and asks about this node (a view's "Why Not Returned?").
    void ask(const QString& nodeId);
    void cancel();
    bool isRunning() const;

    // Forgets the previous vault's question and answer (VaultController::vaultChanged).
    void resetVaultState();

    // What is shown, for tests: the answer (nullopt before one or after an error), the verdict
    // or the message in its place, the stage key.
    const std::optional<WhyNotOutcome>& outcome() const { return outcome_; }
    QString verdictText() const;
    QString stageText() const;
    QLineEdit* nodeEdit() const { return nodeEdit_; }
    QPushButton* askButton() const { return ask_; }
    QTableWidget* factsTable() const { return facts_; }
    QLabel* termsLabel() const { return terms_; }
    QTreeWidget* topicsView() const { return topics_; }
    // The nodes a typed reference or words named, when they named several: activating one asks
    // about it.
    QListWidget* picker() const { return picker_; }

Q_SIGNALS:
    // An answer (or a message in its place) is shown.
    void answered();
    // The user wants to see a node in the detail docks (a hit's row is selected).
    void showNodeRequested(const QString& nodeId);

private:
    // The constructor's parts (whynotdialog.cpp).
    void setupAskRow();
    void setupAnswer();
    void layOut();
    void connectParts();
    void askTyped();
    void showMessage(const QString& text);
    void showOutcome(WhyNotOutcome outcome);
    void showChoices(const WhyNotOutcome& outcome);
    void clearAnswer();
    void setBusy(bool busy);

    QuerySession* session_;
    JobRunner* job_;
    std::optional<WhyNotOutcome> outcome_;
    int queryGeneration_ = 0; // the session's finished() count, to notice a newer query
    int answeredGeneration_ = -1;

    QLabel* asked_; // which query and node the answer is about
    QLineEdit* nodeEdit_;
    QPushButton* ask_;
    QPushButton* cancel_;
    QProgressBar* busy_;
    QLabel* verdict_;
    QLabel* stage_;
    QLabel* stale_;
    QTableWidget* facts_;
    QLabel* terms_;
    QLabel* topicsTitle_;
    QTreeWidget* topics_;
    QListWidget* picker_;
    QPushButton* showNode_;
};

} // namespace memlens::ui
