// The stdio transport (transports.h): one JSON-RPC message a line on stdin, one a line on
// stdout and nothing else there; diagnostics go to stderr.
#include "transports.h"

#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <iostream>
#include <mutex>
#include <string>

namespace memlens::mcp {

namespace {

// Writes all of `text` to fd, retrying short writes; false once the reader is gone.
bool write_all(int fd, std::string_view text) {
    while (!text.empty()) {
        const ssize_t n = ::write(fd, text.data(), text.size());
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        text.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

} // namespace

int serve_stdio(Server& server, int in_fd, int out_fd, const std::atomic_bool* stop) {
    // A client that closes its end while answers are on the way must not kill the server
    // before the audit rows of its calls are written.
    std::signal(SIGPIPE, SIG_IGN);
    auto peer = std::make_shared<Peer>("stdio pid " + std::to_string(::getppid()));
    auto out_mu = std::make_shared<std::mutex>();
    auto reply = [out_fd, out_mu](Reply r) {
        if (r.text.empty() || r.cancelled)
            return; // a notification's, or a cancelled request's: nothing is sent
        r.text.push_back('\n');
        std::lock_guard lock(*out_mu);
        (void)write_all(out_fd, r.text);
    };

    std::string line;
    bool oversized = false; // dropping the rest of a line over the limit
    std::string buffer(1 << 16, '\0');
    for (;;) {
        if (stop != nullptr && stop->load())
            break;
        const ssize_t n = ::read(in_fd, buffer.data(), buffer.size());
        if (n < 0) {
            if (errno == EINTR)
                continue; // the check above ends the loop when a signal asked to stop
            std::cerr << "memlens-cli serve: reading stdin: " << std::strerror(errno) << '\n';
            break;
        }
        if (n == 0)
            break;
        std::string_view chunk(buffer.data(), static_cast<std::size_t>(n));
        while (!chunk.empty()) {
            const auto nl = chunk.find('\n');
            const std::string_view part = chunk.substr(0, nl);
            if (!oversized) {
                if (line.size() + part.size() > kMaxMessageBytes) {
                    oversized = true;
                    line.clear();
                    line.shrink_to_fit();
                } else {
                    line.append(part);
                }
            }
            if (nl == std::string_view::npos)
                break;
            chunk.remove_prefix(nl + 1);
            if (oversized) {
                reply({error_text(nullptr, kInvalidRequest,
                                  "a message over " + std::to_string(kMaxMessageBytes) +
                                      " bytes was dropped"),
                       false});
                oversized = false;
            } else if (!line.empty() && line != "\r") {
                if (line.back() == '\r')
                    line.pop_back();
                server.handle(line, peer, reply);
            }
            line.clear();
        }
    }
    if (!line.empty() && !oversized)
        server.handle(line, peer, reply); // a last message without its newline
    // Stdin closed: the calls already asked for are answered (a client may close its end as
    // soon as it has written), then the log is flushed.
    server.drain();
    return 0;
}

} // namespace memlens::mcp
