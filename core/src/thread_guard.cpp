#include <memlens/thread_guard.h>

#include <atomic>

namespace memlens {

namespace {
// Every thread reads these at each core entry point while the UI may install or remove them,
// so they are atomics. A handler is published before its predicate (release/acquire), so a
// check that sees a predicate sees the handler installed with it or a later one.
std::atomic<ThreadPredicate> g_is_ui_thread{nullptr};
std::atomic<ViolationHandler> g_on_violation{nullptr};
std::atomic<int> g_violations{0};
} // namespace

void install_ui_thread_guard(ThreadPredicate is_ui_thread, ViolationHandler on_violation) {
    if (is_ui_thread != nullptr) {
        g_on_violation.store(on_violation, std::memory_order_release);
        g_is_ui_thread.store(is_ui_thread, std::memory_order_release);
    } else {
        g_is_ui_thread.store(nullptr, std::memory_order_release);
        g_on_violation.store(on_violation, std::memory_order_release);
    }
}

void check_off_ui_thread(const char* entry_point) {
    const ThreadPredicate is_ui_thread = g_is_ui_thread.load(std::memory_order_acquire);
    if (is_ui_thread != nullptr && is_ui_thread()) {
        g_violations.fetch_add(1, std::memory_order_relaxed);
        if (const ViolationHandler on_violation = g_on_violation.load(std::memory_order_acquire))
            on_violation(entry_point);
    }
}

int ui_thread_violations() {
    return g_violations.load(std::memory_order_relaxed);
}

} // namespace memlens
