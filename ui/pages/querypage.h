// The query workbench: query text with history, the mode it runs in (next to it, the same choice
// as the form's), run and cancel, and the answer as a sortable, filterable table (or the entity
// matches of search_entities) under a header that names what ran, with a line that says how the
// legs ran. Parameters live in the QueryForm dock; hit details in the detail docks.
#pragma once

#include "query/queryoutcome.h"

#include <QWidget>

class QCheckBox;
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

    // Runs the form's request with the text in the query box, in the mode shown beside it.
    void run();
    // Runs a request another view built (query_topic of a graph node, drill_down of a summary):
    // the mode shown stays as it is, the header names what ran.
    void runRequest(const QueryRequest& request);
    // Forgets what belonged to the previous vault: the query text, the answer's header and
    // status line, the filter.
    void resetVaultState();
    void setQueryText(const QString& text);
    QString queryText() const;
    void focusQuery();

    QTreeView* resultsView() const { return results_; }
    QTreeView* entitiesView() const { return entities_; }
    ResultsProxy* resultsProxy() const { return proxy_; }
    QLabel* infoLabel() const { return info_; }
    // "Show older versions (N)": the older versions the supersession penalty kept out, greyed
    // after the hits (shown only when the last query kept some out).
    QCheckBox* olderToggle() const { return older_; }
    QLabel* headerLabel() const { return header_; }
    QComboBox* modeBox() const { return mode_; }
    // The selected hits' rows in the results model, in rank order (ctrl-click selects more
    // than one: two are compared).
    QList<int> selectedRows() const;

    // "No match." and why: the words the vault lacks, how close the nearest memory came.
    static QString noMatchText(const SearchResponse& r);
    // One line about how the query ran: counts, legs, timing, audit.
    static QString describe(const QueryOutcome& outcome);
    // What ran, as the answer's header: "hybrid “launch budget”", "query_topic on person:alice".
    static QString describeRequest(const QueryRequest& request);

Q_SIGNALS:
    void hitSelected(const memlens::RetrievalHit& hit, const QStringList& terms);
    void resultSelectionChanged();
    void entityActivated(const QString& entityId);

private:
    // The constructor's parts (querypage.cpp).
    void setupQueryBox();
    void setupFilter();
    void setupResults();
    void setupEntities();
    void setupStack();
    void layOut();
    void onStarted(const QueryRequest& request);
    void onFinished();
    void remember(const QString& text);
    void selectFirst();

    QuerySession* session_;
    QueryForm* form_;
    QComboBox* query_;
    QComboBox* mode_; // mirrors the form's mode: what Enter runs
    QPushButton* runButton_;
    QPushButton* cancelButton_;
    QLineEdit* filter_;
    QComboBox* kindFilter_;
    QCheckBox* older_;
    QStackedWidget* stack_;
    QTreeView* results_;
    QTreeView* entities_;
    QLabel* refused_; // in place of the lists when the query was refused or failed
    QLabel* header_;  // what ran: mode and text, or the primitive and its node
    ResultsProxy* proxy_;
    QLabel* info_;
};

} // namespace memlens::ui
