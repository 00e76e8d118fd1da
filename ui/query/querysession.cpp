#include "query/querysession.h"

#include "core/jobrunner.h"
#include "core/logging.h"
#include "core/pools.h"
#include "models/entitymatchmodel.h"
#include "models/mmrmodel.h"
#include "models/resultsmodel.h"
#include "query/queryrunner.h"

namespace memlens::ui {

QuerySession::QuerySession(QObject* parent)
    : QObject(parent)
    , jobs_(new JobRunner(this, queryPool()))
    , results_(new ResultsModel(this))
    , entities_(new EntityMatchModel(this))
    , mmr_(new MmrModel(this)) {
    connect(jobs_, &JobRunner::runningChanged, this, &QuerySession::runningChanged);
    connect(jobs_, &JobRunner::failed, this, [this](const QString& message) {
        outcome_ = {};
        outcome_.error = message;
        Q_EMIT finished();
    });
}

void QuerySession::setVault(const VaultRef& ref) {
    if (ref_ == ref)
        return;
    jobs_->cancel();
    ref_ = ref;
    outcome_ = {};
    results_->clear();
    entities_->setMatches({});
    mmr_->setOutcome(outcome_);
}

void QuerySession::run(const QueryRequest& request) {
    if (!ref_.isValid())
        return;
    qCDebug(lcQuery) << "run" << queryKindName(request.kind)
                     << QString::fromStdString(request.text);
    Q_EMIT started(request);
    const VaultRef ref = ref_;
    jobs_->start(
        [ref, request](const std::atomic_bool& cancel) { return runQuery(ref, request, cancel); },
        [this](QueryOutcome outcome) {
            qCDebug(lcQuery) << "finished in" << outcome.elapsedMs << "ms:" << outcome.rows.size()
                             << "hits" << outcome.error;
            show(std::move(outcome));
        });
}

void QuerySession::show(QueryOutcome outcome) {
    results_->setRows(outcome.rows, outcome.supersededOut);
    entities_->setMatches(outcome.entities);
    mmr_->setOutcome(outcome);
    outcome_ = std::move(outcome);
    Q_EMIT finished();
}

void QuerySession::cancel() {
    if (!jobs_->isRunning())
        return;
    jobs_->cancel();
    Q_EMIT cancelled();
}

bool QuerySession::isRunning() const {
    return jobs_->isRunning();
}

} // namespace memlens::ui
