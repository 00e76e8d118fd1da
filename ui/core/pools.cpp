#include "core/pools.h"

#include <QCoreApplication>
#include <QThreadPool>

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

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

namespace {

// Lowers the calling thread's priority to `by` nice steps below where it started (Linux keeps
// one per thread); never raises it again.
void lowerThisThread(int by) {
    thread_local int lowered = 0;
    if (by <= lowered)
        return;
    constexpr int kNicest = 19;
    const auto tid = static_cast<id_t>(::syscall(SYS_gettid));
    errno = 0;
    const int now = ::getpriority(PRIO_PROCESS, tid);
    if (errno == 0) // a failure leaves the thread as it was: only its order on a busy core
        ::setpriority(PRIO_PROCESS, tid, std::min(kNicest, now + by - lowered));
    lowered = by;
}

} // namespace

void yieldToGuiThread() {
    lowerThisThread(5);
}

void yieldToEveryone() {
    lowerThisThread(10);
}

} // namespace memlens::ui
