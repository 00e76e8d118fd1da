#include "writer_turns.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <thread>

namespace memlens::detail {

WriterTurns::~WriterTurns() {
    if (fd_ >= 0)
        ::close(fd_); // drops any lock
}

bool WriterTurns::open_file(bool create) {
    if (fd_ < 0)
        fd_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC | (create ? O_CREAT : 0), 0644);
    return fd_ >= 0;
}

void WriterTurns::announce() {
    // Non-blocking: only a writer checking for waiters holds it exclusively, for an instant;
    // the next busy try announces again.
    if (!announced_ && open_file(true))
        announced_ = ::flock(fd_, LOCK_SH | LOCK_NB) == 0;
}

void WriterTurns::withdraw() {
    if (announced_) {
        (void)::flock(fd_, LOCK_UN);
        announced_ = false;
    }
}

bool WriterTurns::others_waiting() {
    if (announced_ || !open_file(false))
        return false; // this connection waits itself, or no writer has ever waited here
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0)
        return errno == EWOULDBLOCK; // another error says nothing about waiters
    (void)::flock(fd_, LOCK_UN);
    return false;
}

void WriterTurns::let_waiting_writers_in(std::chrono::milliseconds at_most) {
    withdraw();
    const auto until = std::chrono::steady_clock::now() + at_most;
    for (;;) {
        if (!others_waiting())
            return;
        if (std::chrono::steady_clock::now() >= until)
            return;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

} // namespace memlens::detail
