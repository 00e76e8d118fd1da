#include "core/pools.h"

#include <memlens/thread_priority.h>

#include <QCoreApplication>
#include <QThreadPool>

namespace memlens::ui {

namespace {

// Parented to the application so that the pools finish their jobs, and their threads run
// thread_local destructors (closing SQLite connections), before the application goes away.
QThreadPool* makePool(const char* name, int threads) {
    auto* pool = new QThreadPool(QCoreApplication::instance());
    pool->setObjectName(QString::fromLatin1(name));
    pool->setMaxThreadCount(threads);
    pool->setExpiryTimeout(-1);
    return pool;
}

} // namespace

QThreadPool* queryPool() {
    static QThreadPool* pool = makePool("memlens-query", 1);
    return pool;
}

QThreadPool* backgroundPool() {
    static QThreadPool* pool = makePool("memlens-background", 2);
    return pool;
}

QThreadPool* checksPool() {
    static QThreadPool* pool = makePool("memlens-checks", 1);
    return pool;
}

void yieldToGuiThread() {
    lower_thread_priority(5);
}

void yieldToEveryone() {
    lower_thread_priority(10);
}

} // namespace memlens::ui
