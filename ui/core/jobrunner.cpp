#include "core/jobrunner.h"

#include "core/pools.h"

namespace memlens::ui {

JobRunner::JobRunner(QObject* parent, QThreadPool* pool)
    : QObject(parent)
    , pool_(pool != nullptr ? pool : backgroundPool()) {}

JobRunner::~JobRunner() {
    // The worker may outlive us (the pool owns it); let it stop early. Its result is dropped
    // because the watcher, our child, goes with us.
    if (cancel_)
        cancel_->store(true);
}

std::shared_ptr<std::atomic_bool> JobRunner::beginJob() {
    if (cancel_)
        cancel_->store(true);
    cancel_ = std::make_shared<std::atomic_bool>(false);
    ++generation_;
    setRunning(true);
    return cancel_;
}

void JobRunner::cancel() {
    if (cancel_)
        cancel_->store(true);
    cancel_.reset();
    ++generation_;
    setRunning(false);
}

void JobRunner::requestStop() {
    if (cancel_)
        cancel_->store(true);
}

void JobRunner::setRunning(bool running) {
    if (running_ == running)
        return;
    running_ = running;
    Q_EMIT runningChanged(running);
}

} // namespace memlens::ui
