// The UI-thread guard of thread_guard.h: a violation is counted and handed to the handler only
// on the thread the predicate names, and the guard may be installed and removed while other
// threads are checking. (That these reads are free of data races is what ThreadSanitizer
// checks; this test gives it the interleaving to look at.)
#include "suite.h"

#include <memlens/thread_guard.h>

#include <QtTest>

#include <atomic>
#include <thread>
#include <vector>

namespace tst_thread_guard {

using namespace memlens;

namespace {

std::atomic<std::thread::id> g_guarded;
std::atomic<int> g_handled{0};

bool onGuardedThread() {
    return std::this_thread::get_id() == g_guarded.load();
}

bool always() {
    return true;
}

void handle(const char*) {
    g_handled.fetch_add(1);
}

} // namespace

class TestThreadGuard : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { install_ui_thread_guard(nullptr, nullptr); }

    void onlyTheNamedThreadIsAViolation() {
        g_guarded = std::this_thread::get_id();
        install_ui_thread_guard(&onGuardedThread, &handle);
        const int violations = ui_thread_violations();
        const int handled = g_handled.load();
        std::thread([] { check_off_ui_thread("worker"); }).join();
        QCOMPARE(ui_thread_violations(), violations);
        check_off_ui_thread("guarded");
        QCOMPARE(ui_thread_violations(), violations + 1);
        QCOMPARE(g_handled.load(), handled + 1);
        install_ui_thread_guard(nullptr, nullptr);
        check_off_ui_thread("guarded, after removal");
        QCOMPARE(ui_thread_violations(), violations + 1);
        QCOMPARE(g_handled.load(), handled + 1);
    }

    void installingWhileWorkersCheck() {
        std::atomic<bool> stop{false};
        std::atomic<long> checks{0};
        std::vector<std::thread> workers;
        for (int i = 0; i < 4; ++i)
            workers.emplace_back([&] {
                while (!stop.load()) {
                    check_off_ui_thread("worker");
                    checks.fetch_add(1);
                }
            });
        const int violations = ui_thread_violations();
        const int handled = g_handled.load();
        // The workers must be checking while the guard comes and goes: under the sanitizers a
        // thread can take longer to start than the loop below takes to run.
        while (checks.load() < 4)
            std::this_thread::yield();
        for (int i = 0; i < 2000 || checks.load() < 2000; ++i) {
            install_ui_thread_guard(&always, &handle);
            install_ui_thread_guard(nullptr, nullptr);
        }
        stop = true;
        for (auto& w : workers)
            w.join();
        QVERIFY(checks.load() > 0);
        // A check that saw the predicate may find the handler already removed, never the
        // other way round: every handler call was a counted violation.
        QVERIFY(g_handled.load() - handled <= ui_thread_violations() - violations);
        const int after = ui_thread_violations();
        std::thread([] { check_off_ui_thread("worker, after removal"); }).join();
        QCOMPARE(ui_thread_violations(), after);
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestThreadGuard)
#include "tst_thread_guard.moc"
} // namespace tst_thread_guard
