// The MCP server's transports: stdio (stdio.cpp) and Streamable HTTP (http.cpp).
#pragma once

#include "server.h"

#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace memlens::mcp {

// Serves one client on in_fd / out_fd until in_fd reaches end of file, then answers the calls
// still queued and returns 0.
// `stop`, when given and set by a signal handler installed without SA_RESTART, ends the reading
// as stdin's end does: the calls already read are answered and the audit log flushed.
int serve_stdio(Server& server, int in_fd, int out_fd, const std::atomic_bool* stop = nullptr);

struct HttpOptions {
    std::string host = "127.0.0.1";
    int port = 0;                             // 0: a free port, chosen by the system
    std::string token;                        // the bearer token every request must carry
    std::vector<std::string> allowed_origins; // besides http(s)://localhost|127.0.0.1|[::1][:port]
    // A request's Host must name the listening address and port (localhost for a loopback
    // one) unless this is set: serve --allow-remote, where clients name the machine their way.
    bool allow_any_host = false;
    // A request's head must arrive within head_timeout of its connection opening (or of the
    // last answer on it), its body within body_timeout of its head, or the connection closes.
    std::chrono::milliseconds head_timeout{10000};
    std::chrono::milliseconds body_timeout{30000};
    std::string path = "/mcp"; // the one endpoint
    // Called once the socket listens, with the port, before any request is served.
    std::function<void(int port)> on_listening;
    // Stops the server when set (checked a few times a second).
    const std::atomic_bool* stop = nullptr;
};

// Serves Streamable HTTP until `stop` is set or the process is signalled; returns non-zero
// with a message on stderr when the address cannot be bound.
int serve_http(Server& server, const HttpOptions& options);

// The token kept in `file` (mode 0600), created with 32 random bytes (hex) when there is
// none. A file readable by others is refused rather than trusted.
Result<std::string> load_or_create_token(const std::filesystem::path& file, bool& created);

} // namespace memlens::mcp
