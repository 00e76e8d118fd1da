#include <memlens/thread_guard.h>

#include <atomic>

namespace memlens {

namespace {
ThreadPredicate g_is_ui_thread = nullptr;
ViolationHandler g_on_violation = nullptr;
std::atomic<int> g_violations{0};
} // namespace

void install_ui_thread_guard(ThreadPredicate is_ui_thread, ViolationHandler on_violation) {
    g_is_ui_thread = is_ui_thread;
    g_on_violation = on_violation;
}

void check_off_ui_thread(const char* entry_point) {
    if (g_is_ui_thread != nullptr && g_is_ui_thread()) {
        g_violations.fetch_add(1, std::memory_order_relaxed);
        if (g_on_violation != nullptr)
            g_on_violation(entry_point);
    }
}

int ui_thread_violations() {
    return g_violations.load(std::memory_order_relaxed);
}

} // namespace memlens
