// The query workbench: query text with history, run and cancel, and the answer as a sortable,
// filterable table (or the entity matches of search_entities), with a line that says how the
// legs ran. Parameters live in the QueryForm dock; hit details in the detail docks.
#pragma once

#include "query/queryoutcome.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QStackedWidget;
class QTreeView;

namespace memlens::ui {

class QueryForm;
class QuerySession;
class ResultsProxy;

class QueryPage : public QWidget {
    Q_OBJECT
public:
    QueryPage(QuerySession* session, QueryForm* form, QWidget* parent = nullptr);

    // Runs the form's request with the text in the query box.
    void run();
    void setQueryText(const QString& text);
    QString queryText() const;
    void focusQuery();

    QTreeView* resultsView() const { return results_; }
    QTreeView* entitiesView() const { return entities_; }
    ResultsProxy* resultsProxy() const { return proxy_; }
    QLabel* infoLabel() const { return info_; }

    // One line about how the query ran: counts, legs, timing, audit.
    static QString describe(const QueryOutcome& outcome);

Q_SIGNALS:
    void hitSelected(const memlens::RetrievalHit& hit, const QStringList& terms);
    void entityActivated(const QString& entityId);

private:
    void onStarted();
    void onFinished();
    void remember(const QString& text);
    void selectFirst();

    QuerySession* session_;
    QueryForm* form_;
    QComboBox* query_;
    QPushButton* runButton_;
    QPushButton* cancelButton_;
    QLineEdit* filter_;
    QComboBox* kindFilter_;
    QStackedWidget* stack_;
    QTreeView* results_;
    QTreeView* entities_;
    QLabel* refused_; // in place of the lists when the query was refused or failed
    ResultsProxy* proxy_;
    QLabel* info_;
};

} // namespace memlens::ui
