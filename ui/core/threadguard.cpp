#include "core/threadguard.h"

#include "core/logging.h"

#include <memlens/thread_guard.h>

#include <QCoreApplication>
#include <QThread>

#include <atomic>
#include <cstdlib>

namespace memlens::ui {

namespace {

bool isUiThread() {
    // Workers may still call in while the application object is being torn down.
    const QCoreApplication* app = QCoreApplication::instance();
    return app != nullptr && QThread::currentThread() == app->thread();
}

// Read once per install, on the GUI thread, so the handler never touches the environment.
std::atomic_bool g_strict{false};

bool strictThreads() {
    return g_strict.load(std::memory_order_relaxed);
}

void onViolation(const char* entryPoint) {
    qCCritical(lcThreads, "core entry point %s ran on the GUI thread", entryPoint);
    if (strictThreads())
        std::abort();
}

} // namespace

void installUiThreadGuard() {
    g_strict.store(qEnvironmentVariableIntValue("MEMLENS_STRICT_THREADS") == 1);
    memlens::install_ui_thread_guard(&isUiThread, &onViolation);
}

} // namespace memlens::ui
