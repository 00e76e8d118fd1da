#include "background_priority.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace memlens::detail {

void run_behind_interactive_work() {
    constexpr int kNicer = 10;
    constexpr int kNicest = 19;
    const auto tid = static_cast<id_t>(::syscall(SYS_gettid));
    errno = 0;
    const int nice_now = ::getpriority(PRIO_PROCESS, tid);
    if (errno == 0) // a failure leaves the thread as it was: only its order on a busy core
        ::setpriority(PRIO_PROCESS, tid, std::min(kNicest, nice_now + kNicer));
}

} // namespace memlens::detail
