#include "core/threadguard.h"

#include "core/logging.h"

#include <memlens/thread_guard.h>

#include <QCoreApplication>
#include <QThread>

#include <cstdlib>

namespace memlens::ui {

namespace {

bool isUiThread() {
    // Workers may still call in while the application object is being torn down.
    const QCoreApplication* app = QCoreApplication::instance();
    return app != nullptr && QThread::currentThread() == app->thread();
}

bool strictThreads() {
    static const bool strict = qEnvironmentVariableIntValue("MEMLENS_STRICT_THREADS") == 1;
    return strict;
}

void onViolation(const char* entryPoint) {
    qCCritical(lcThreads, "core entry point %s ran on the GUI thread", entryPoint);
    if (strictThreads())
        std::abort();
}

} // namespace

void installUiThreadGuard() {
    (void)strictThreads(); // read the environment once, on the GUI thread
    memlens::install_ui_thread_guard(&isUiThread, &onViolation);
}

} // namespace memlens::ui
