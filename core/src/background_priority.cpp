#include "background_priority.h"

#include <memlens/thread_priority.h>

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace memlens {

void lower_thread_priority(int steps) {
    thread_local int lowered = 0;
    if (steps <= lowered)
        return;
    constexpr int kNicest = 19;
    const auto tid = static_cast<id_t>(::syscall(SYS_gettid));
    errno = 0;
    const int nice_now = ::getpriority(PRIO_PROCESS, tid);
    if (errno == 0)
        ::setpriority(PRIO_PROCESS, tid, std::min(kNicest, nice_now + steps - lowered));
    lowered = steps;
}

namespace detail {

void run_behind_interactive_work() {
    lower_thread_priority(10);
}

} // namespace detail

} // namespace memlens
