// The query workbench's state: runs queries on the query thread (a newer one cancels and
// supersedes an older one), keeps the last outcome, and feeds the models that show it.
#pragma once

#include "query/queryoutcome.h"
#include "vault/vaultref.h"

#include <QObject>

namespace memlens::ui {

class EntityMatchModel;
class JobRunner;
class MmrModel;
class ResultsModel;

class QuerySession : public QObject {
    Q_OBJECT
public:
    explicit QuerySession(QObject* parent = nullptr);

    void setVault(const VaultRef& ref);
    const VaultRef& vault() const { return ref_; }

    // Starts the query; finished() follows unless a newer run() or cancel() comes first.
    void run(const QueryRequest& request);
    void cancel();
    bool isRunning() const;

    const QueryOutcome& outcome() const { return outcome_; }
    // Shows an outcome as if its query had just finished (finished() follows), without running
    // anything: the answer a rebuilt window carries over (MainWindow, a language switch).
    void show(QueryOutcome outcome);
    ResultsModel* results() const { return results_; }
    EntityMatchModel* entities() const { return entities_; }
    MmrModel* mmr() const { return mmr_; }

Q_SIGNALS:
    void started(const memlens::ui::QueryRequest& request);
    void finished();
    void cancelled();
    void runningChanged(bool running);

private:
    VaultRef ref_;
    JobRunner* jobs_;
    ResultsModel* results_;
    EntityMatchModel* entities_;
    MmrModel* mmr_;
    QueryOutcome outcome_;
};

} // namespace memlens::ui
