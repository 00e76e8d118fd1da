// A cancellable background job with a generation id (hotspot's JobTracker, zeal's
// cancel flag). start() runs work on the thread pool and delivers its value struct back on the
// runner's thread through a queued signal; a later start() or cancel() raises the earlier job's
// cancel flag and makes its late result stale, so it is dropped instead of delivered.
//
// Work receives `const std::atomic_bool& cancel` and should poll it between steps. It must
// capture only values (never widgets or models): it runs on another thread. Exceptions are
// caught at the thread boundary and reported through failed().
#pragma once

#include "core/pools.h"

#include <QCoreApplication>
#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <exception>
#include <memory>
#include <optional>
#include <type_traits>

namespace memlens::ui {

class JobRunner : public QObject {
    Q_OBJECT
public:
    // Jobs run on `pool` (backgroundPool() when null).
    explicit JobRunner(QObject* parent = nullptr, QThreadPool* pool = nullptr);
    ~JobRunner() override;

    template <typename Work, typename Deliver> quint64 start(Work work, Deliver deliver);

    // Raises the running job's cancel flag and drops whatever it delivers later.
    void cancel();
    // Raises the cancel flag but still delivers what the job returns: for jobs that must say
    // how they ended (an import that rolled back).
    void requestStop();

    bool isRunning() const { return running_; }
    quint64 generation() const { return generation_; }

Q_SIGNALS:
    void runningChanged(bool running);
    void failed(const QString& message);

private:
    template <typename T> struct Outcome {
        std::optional<T> value;
        QString error;
    };

    std::shared_ptr<std::atomic_bool> beginJob();
    bool isCurrent(quint64 generation) const { return generation == generation_; }
    void setRunning(bool running);

    QThreadPool* pool_;
    quint64 generation_ = 0;
    std::shared_ptr<std::atomic_bool> cancel_;
    bool running_ = false;
};

template <typename Work, typename Deliver> quint64 JobRunner::start(Work work, Deliver deliver) {
    using T = std::invoke_result_t<Work&, const std::atomic_bool&>;
    auto flag = beginJob();
    const quint64 generation = generation_;

    auto* watcher = new QFutureWatcher<Outcome<T>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this,
            [this, watcher, generation, deliver = std::move(deliver)]() mutable {
                watcher->deleteLater();
                if (!isCurrent(generation))
                    return; // a newer job owns the view now
                setRunning(false);
                Outcome<T> outcome = watcher->result();
                if (!outcome.value) {
                    Q_EMIT failed(outcome.error);
                    return;
                }
                deliver(std::move(*outcome.value));
            });
    watcher->setFuture(
        QtConcurrent::run(pool_, [work = std::move(work), flag]() mutable -> Outcome<T> {
            yieldToGuiThread();
            try {
                return {std::optional<T>(work(*flag)), {}};
            } catch (const std::exception& e) {
                return {std::nullopt, QString::fromUtf8(e.what())};
            } catch (...) {
                return {std::nullopt, QCoreApplication::translate(
                                          "JobRunner", "unknown exception in a background job")};
            }
        }));
    return generation;
}

} // namespace memlens::ui
