// The Streamable HTTP transport (transports.h) on GNU libmicrohttpd (Debian's
// libmicrohttpd-dev): a maintained, packaged HTTP/1.1 server whose one event loop (epoll)
// holds every connection, so a slow or idle client costs a slot, never a thread, and no
// socket code of our own parses requests from other processes. It caps connections overall
// and per client address; memlens adds deadlines for a request's head and body (a reaper
// thread shuts down connections that hold a slot without sending), suspends a connection while
// its tool call runs and resumes it with the answer.
//
// One endpoint (POST; DELETE ends a handshake-era session; GET has no stream to offer: 405).
// Every request must carry the bearer token and name this server's own address in Host; a
// browser's request must come from a local Origin (DNS rebinding: a page of another site
// resolving its name to 127.0.0.1). Each POST holds one JSON-RPC message: a request is
// answered with application/json, a notification or response with 202 Accepted.
#include "transports.h"

#include <memlens/text.h>

#include <arpa/inet.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

namespace memlens::mcp {

namespace {

constexpr std::size_t kMaxSessions = 1024;
// Connections held at once, overall and from one client address; more are refused at once.
constexpr unsigned kMaxConnections = 256;
constexpr unsigned kMaxConnectionsPerClient = 16;
// A connection silent for kIdleSeconds closes; the head and body deadlines are HttpOptions'.
// A slow or idle client holds a slot that long at most, and holds no thread at all.
constexpr unsigned kIdleSeconds = 30;
// The memory MHD keeps for one connection's head and buffers.
constexpr std::size_t kHeadBytes = 64 * 1024;
// A handshake-era session unused this long is ended to make room for new ones.
constexpr std::chrono::hours kSessionIdle{1};

std::string random_hex(std::size_t bytes) {
    std::string raw(bytes, '\0');
    std::size_t got = 0;
    while (got < bytes) {
        const ssize_t n = ::getrandom(raw.data() + got, bytes - got, 0);
        if (n > 0)
            got += static_cast<std::size_t>(n);
    }
    static const char* kHex = "0123456789abcdef";
    std::string out;
    for (unsigned char c : raw) {
        out.push_back(kHex[c >> 4]);
        out.push_back(kHex[c & 15]);
    }
    return out;
}

// Compares in time independent of where the strings differ.
bool same_secret(const std::string& a, const std::string& b) {
    unsigned char diff = a.size() == b.size() ? 0 : 1;
    const std::size_t n = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i)
        diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0;
}

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

// http(s)://localhost, 127.0.0.1 or [::1], with any port.
bool local_origin(const std::string& origin) {
    std::string o = lower(origin);
    for (const char* scheme : {"http://", "https://"}) {
        if (o.rfind(scheme, 0) != 0)
            continue;
        std::string host = o.substr(std::string(scheme).size());
        if (host.rfind("[::1]", 0) == 0)
            host = host.substr(5);
        else if (host.rfind("localhost", 0) == 0)
            host = host.substr(9);
        else if (host.rfind("127.0.0.1", 0) == 0)
            host = host.substr(9);
        else
            return false;
        if (host.empty())
            return true;
        if (host[0] != ':' || host.size() < 2)
            return false;
        return std::all_of(host.begin() + 1, host.end(),
                           [](unsigned char c) { return std::isdigit(c) != 0; });
    }
    return false;
}

// A response to queue: status, JSON or text body, extra headers.
struct Answer {
    unsigned status = 200;
    std::string body;
    std::string content_type = "application/json";
    std::vector<std::pair<std::string, std::string>> headers;
};

Answer json_error(unsigned status, int code, const std::string& message) {
    return {status, error_text(nullptr, code, message), "application/json", {}};
}

// What one connection is doing, for the deadlines: reading a request's head, reading its
// body, or neither (the server is working on it, or answering).
enum class Phase { Head, Body, Working };

struct ConnectionState {
    int fd = -1;
    std::string client; // the peer's address, for the per-client cap
    Phase phase = Phase::Head;
    std::chrono::steady_clock::time_point since;
    bool cut = false; // shut down by the reaper; MHD closes it
};

// One request, from its head to its answer (MHD's con_cls).
struct Exchange {
    std::string body;
    bool too_big = false;
    bool started = false;    // handed to the server
    std::string new_session; // an initialize that opens a session, when it succeeds
    bool parse_failure = false;
    // Shared with the reply callback, which may run on the server's worker thread.
    struct Pending {
        std::mutex mu;
        std::optional<Reply> reply;
        bool suspended = false;
    };
    std::shared_ptr<Pending> pending = std::make_shared<Pending>();
};

std::string header(MHD_Connection* c, const char* name) {
    const char* v = MHD_lookup_connection_value(c, MHD_HEADER_KIND, name);
    return v ? std::string(v) : std::string();
}

bool has_header(MHD_Connection* c, const char* name) {
    return MHD_lookup_connection_value(c, MHD_HEADER_KIND, name) != nullptr;
}

std::string address_of(const sockaddr* addr) {
    char text[INET6_ADDRSTRLEN] = {};
    if (addr == nullptr)
        return {};
    if (addr->sa_family == AF_INET)
        inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(addr)->sin_addr, text,
                  sizeof text);
    else if (addr->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6*>(addr)->sin6_addr, text,
                  sizeof text);
    return text;
}

class HttpServer {
public:
    HttpServer(Server& server, const HttpOptions& options)
        : server_(server)
        , opts_(options) {}

    int run() {
        // The listening address: IPv4 or IPv6 (a literal; "localhost" is 127.0.0.1).
        sockaddr_storage addr = {};
        socklen_t addr_len = 0;
        unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME;
        const std::string host = opts_.host == "localhost" ? "127.0.0.1" : opts_.host;
        auto* v4 = reinterpret_cast<sockaddr_in*>(&addr);
        auto* v6 = reinterpret_cast<sockaddr_in6*>(&addr);
        if (inet_pton(AF_INET, host.c_str(), &v4->sin_addr) == 1) {
            v4->sin_family = AF_INET;
            v4->sin_port = htons(static_cast<std::uint16_t>(opts_.port));
            addr_len = sizeof(sockaddr_in);
        } else if (inet_pton(AF_INET6, host.c_str(), &v6->sin6_addr) == 1) {
            v6->sin6_family = AF_INET6;
            v6->sin6_port = htons(static_cast<std::uint16_t>(opts_.port));
            addr_len = sizeof(sockaddr_in6);
            flags |= MHD_USE_IPv6;
        } else {
            std::cerr << "memlens-cli serve: cannot listen on " << opts_.host
                      << " (not an IPv4 or IPv6 address of this machine)\n";
            return 1;
        }
        (void)addr_len;
        daemon_ = MHD_start_daemon(
            flags, static_cast<std::uint16_t>(opts_.port), &HttpServer::accept_policy, this,
            &HttpServer::access, this, MHD_OPTION_SOCK_ADDR, reinterpret_cast<sockaddr*>(&addr),
            MHD_OPTION_CONNECTION_LIMIT, static_cast<unsigned>(kMaxConnections),
            MHD_OPTION_PER_IP_CONNECTION_LIMIT, static_cast<unsigned>(kMaxConnectionsPerClient),
            // Idle keep-alive connections close after this many seconds without a byte.
            MHD_OPTION_CONNECTION_TIMEOUT, static_cast<unsigned>(kIdleSeconds),
            MHD_OPTION_CONNECTION_MEMORY_LIMIT, static_cast<std::size_t>(kHeadBytes),
            MHD_OPTION_NOTIFY_CONNECTION, &HttpServer::notify_connection, this,
            MHD_OPTION_NOTIFY_COMPLETED, &HttpServer::request_completed, this, MHD_OPTION_END);
        if (daemon_ == nullptr) {
            std::cerr << "memlens-cli serve: cannot listen on " << opts_.host << ':' << opts_.port
                      << " (in use, or not an address of this machine)\n";
            return 1;
        }
        const MHD_DaemonInfo* info = MHD_get_daemon_info(daemon_, MHD_DAEMON_INFO_BIND_PORT);
        port_ = info ? info->port : opts_.port;
        reaper_ = std::thread([this] { reap(); });
        if (opts_.on_listening)
            opts_.on_listening(port_);
        while (opts_.stop == nullptr || !opts_.stop->load())
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        shut_down();
        return 0;
    }

private:
    // The stop sequence: no new connection, no new call; the calls already made are answered
    // (their connections resumed); then the daemon stops with nothing suspended.
    void shut_down() {
        // The listening socket is ours to close once MHD lets go of it.
        const MHD_socket listening = MHD_quiesce_daemon(daemon_);
        {
            std::lock_guard lock(mu_);
            closing_ = true;
        }
        server_.drain();
        {
            std::lock_guard lock(mu_);
            reaping_ = false;
        }
        reap_cv_.notify_all();
        if (reaper_.joinable())
            reaper_.join();
        MHD_stop_daemon(daemon_);
        daemon_ = nullptr;
        if (listening != MHD_INVALID_SOCKET)
            ::close(listening);
        server_.drain();
    }

    // The per-client cap (MHD's own) counts connections; this one only logs nothing and lets
    // MHD decide: every address may connect, the listening address is a loopback one unless
    // --allow-remote.
    static MHD_Result accept_policy(void*, const sockaddr*, socklen_t) { return MHD_YES; }

    static void notify_connection(void* cls, MHD_Connection* c, void** socket_context,
                                  MHD_ConnectionNotificationCode code) {
        auto* self = static_cast<HttpServer*>(cls);
        if (code == MHD_CONNECTION_NOTIFY_STARTED) {
            auto state = std::make_unique<ConnectionState>();
            if (const auto* fd = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD))
                state->fd = fd->connect_fd;
            if (const auto* a = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS))
                state->client = address_of(a->client_addr);
            // Answers go out at once: without it, a request after the first on a kept-alive
            // connection waited for the client's delayed ACK (about 40 ms).
            if (state->fd >= 0) {
                const int one = 1;
                ::setsockopt(state->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            }
            state->since = std::chrono::steady_clock::now();
            std::lock_guard lock(self->mu_);
            self->connections_[c] = state.get();
            *socket_context = state.release();
        } else {
            auto* state = static_cast<ConnectionState*>(*socket_context);
            {
                std::lock_guard lock(self->mu_);
                self->connections_.erase(c);
            }
            delete state;
            *socket_context = nullptr;
        }
    }

    void set_phase(MHD_Connection* c, Phase phase) {
        std::lock_guard lock(mu_);
        if (auto it = connections_.find(c); it != connections_.end()) {
            it->second->phase = phase;
            it->second->since = std::chrono::steady_clock::now();
        }
    }

    // Cuts connections that hold a slot without sending: a request's head must arrive within
    // head_timeout of the connection opening (or of the last answer on it), its body within
    // body_timeout of its head. shutdown() makes MHD see the end of the connection and close it
    // on its own thread, so no descriptor is closed under it.
    void reap() {
        std::unique_lock lock(mu_);
        while (reaping_) {
            const auto now = std::chrono::steady_clock::now();
            for (auto& [c, state] : connections_) {
                const auto limit = state->phase == Phase::Head   ? opts_.head_timeout
                                   : state->phase == Phase::Body ? opts_.body_timeout
                                                                 : std::chrono::milliseconds(0);
                if (state->cut || limit.count() == 0 || now - state->since < limit || state->fd < 0)
                    continue;
                ::shutdown(state->fd, SHUT_RDWR);
                state->cut = true;
            }
            reap_cv_.wait_for(lock, std::chrono::milliseconds(50));
        }
    }

    static void request_completed(void* cls, MHD_Connection* c, void** con_cls,
                                  MHD_RequestTerminationCode) {
        auto* self = static_cast<HttpServer*>(cls);
        delete static_cast<Exchange*>(*con_cls);
        *con_cls = nullptr;
        // The next request's head is awaited from now on.
        self->set_phase(c, Phase::Head);
    }

    static MHD_Result access(void* cls, MHD_Connection* c, const char* url, const char* method,
                             const char*, const char* upload_data, std::size_t* upload_size,
                             void** con_cls) {
        auto* self = static_cast<HttpServer*>(cls);
        auto* ex = static_cast<Exchange*>(*con_cls);
        if (ex == nullptr) {
            // The head is complete: check it before reading a byte of the body.
            ex = new Exchange();
            *con_cls = ex;
            self->set_phase(c, Phase::Body);
            // A refusal goes out before the body is read: a client without the token cannot
            // make the server take in 16 MiB.
            if (auto refused = self->check_head(c, url, method))
                return self->send(c, *refused);
            return MHD_YES;
        }
        if (*upload_size != 0) {
            if (!ex->too_big) {
                if (ex->body.size() + *upload_size > kMaxMessageBytes) {
                    ex->too_big = true;
                    ex->body.clear();
                    ex->body.shrink_to_fit();
                } else {
                    ex->body.append(upload_data, *upload_size);
                }
            }
            *upload_size = 0;
            return MHD_YES;
        }
        // The whole request has arrived (or the answer to it is ready after a resume).
        self->set_phase(c, Phase::Working);
        if (ex->too_big)
            return self->send(c, json_error(413, kInvalidRequest,
                                            "a message over " + std::to_string(kMaxMessageBytes) +
                                                " bytes is not accepted"));
        if (std::string_view(method) == "GET")
            return self->send(c, {405,
                                  "memlens serves no event stream: send requests with POST\n",
                                  "text/plain",
                                  {{"Allow", "POST, DELETE"}}});
        if (std::string_view(method) == "DELETE")
            return self->send(c, self->end_session(c));
        if (!ex->started) {
            ex->started = true;
            if (auto refused = self->route(c, *ex))
                return self->send(c, *refused);
            // route() handed the message to the server; its answer may already be here.
        }
        std::unique_lock lock(ex->pending->mu);
        if (!ex->pending->reply) {
            ex->pending->suspended = true;
            MHD_suspend_connection(c);
            return MHD_YES;
        }
        Reply reply = std::move(*ex->pending->reply);
        lock.unlock();
        return self->send(c, self->answer_for(*ex, std::move(reply)));
    }

    // The checks on a request's head: path, method, Host, Origin, token; nullopt when it may
    // go on.
    std::optional<Answer> check_head(MHD_Connection* c, const char* url, const char* method) {
        {
            std::lock_guard lock(mu_);
            if (closing_)
                return json_error(503, kServerBusy, "the server is shutting down");
        }
        if (std::string_view(url) != opts_.path)
            return Answer{
                404, "not found: memlens serves MCP at " + opts_.path + "\n", "text/plain", {}};
        const std::string_view m(method);
        if (m != "POST" && m != "GET" && m != "DELETE")
            return Answer{405, "method not allowed\n", "text/plain", {{"Allow", "POST, DELETE"}}};
        if (!opts_.allow_any_host && !host_allowed(header(c, "Host")))
            return json_error(403, kInvalidRequest,
                              "Host '" + cut_utf8(header(c, "Host"), 200) +
                                  "' is not the address this server listens on (" +
                                  listen_authority() +
                                  "): a page that renamed a site to this machine is refused");
        if (has_header(c, "Origin")) {
            const std::string origin = header(c, "Origin");
            const bool allowed =
                local_origin(origin) ||
                std::find(opts_.allowed_origins.begin(), opts_.allowed_origins.end(), origin) !=
                    opts_.allowed_origins.end();
            if (!allowed)
                return json_error(403, kInvalidRequest,
                                  "origin '" + cut_utf8(origin, 200) +
                                      "' is not allowed: only local pages (localhost, "
                                      "127.0.0.1, [::1]) and those given with --allow-origin "
                                      "may call this server");
        }
        if (has_header(c, "Content-Length")) {
            const std::string n = header(c, "Content-Length");
            if (n.size() > 12 || std::strtoull(n.c_str(), nullptr, 10) > kMaxMessageBytes)
                return json_error(413, kInvalidRequest,
                                  "a message of " + cut_utf8(n, 20) +
                                      " bytes is over the limit of " +
                                      std::to_string(kMaxMessageBytes));
        }
        const std::string auth = header(c, "Authorization");
        const std::string prefix = "Bearer ";
        if (auth.size() <= prefix.size() || lower(auth.substr(0, prefix.size())) != "bearer ") {
            Answer a = json_error(401, kInvalidRequest,
                                  "missing bearer token: send 'Authorization: Bearer TOKEN' with "
                                  "the token memlens-cli serve printed (kept in its token file)");
            a.headers.emplace_back("WWW-Authenticate", "Bearer realm=\"memlens\"");
            return a;
        }
        if (!same_secret(auth.substr(prefix.size()), opts_.token)) {
            Answer a = json_error(401, kInvalidRequest, "wrong bearer token");
            a.headers.emplace_back("WWW-Authenticate",
                                   "Bearer realm=\"memlens\", error=\"invalid_token\"");
            return a;
        }
        return std::nullopt;
    }

    // "127.0.0.1:8765" for the listening address (brackets for IPv6).
    std::string listen_authority() const {
        const bool v6 = opts_.host.find(':') != std::string::npos;
        return (v6 ? "[" + opts_.host + "]" : opts_.host) + ":" + std::to_string(port_);
    }

    // The Host a request names must be the address this server listens on, by number or, for
    // the loopback addresses, by name ("localhost"), with the port it listens on (DNS
    // rebinding: a foreign site's name resolved to this machine keeps its own name in Host).
    bool host_allowed(const std::string& host_header) const {
        const std::string h = lower(host_header);
        const std::string port = ":" + std::to_string(port_);
        if (h.size() <= port.size() || h.compare(h.size() - port.size(), port.size(), port) != 0)
            return false;
        const std::string name = h.substr(0, h.size() - port.size());
        const std::string listen = lower(opts_.host);
        const bool loopback4 = listen == "127.0.0.1" || listen == "localhost";
        const bool loopback6 = listen == "::1";
        if (loopback4)
            return name == "127.0.0.1" || name == "localhost";
        if (loopback6)
            return name == "[::1]" || name == "localhost";
        return name == listen || name == "[" + listen + "]";
    }

    MHD_Result send(MHD_Connection* c, const Answer& a) {
        MHD_Response* r = MHD_create_response_from_buffer(
            a.body.size(), const_cast<char*>(a.body.data()), MHD_RESPMEM_MUST_COPY);
        if (r == nullptr)
            return MHD_NO;
        if (!a.body.empty())
            MHD_add_response_header(r, "Content-Type", a.content_type.c_str());
        for (const auto& [k, v] : a.headers)
            MHD_add_response_header(r, k.c_str(), v.c_str());
        const MHD_Result ok = MHD_queue_response(c, a.status, r);
        MHD_destroy_response(r);
        return ok;
    }

    // Each stateless request (or unparsable message) is a peer of its own, named by the token.
    std::shared_ptr<Peer> stateless_peer() const {
        return std::make_shared<Peer>("http token " + opts_.token.substr(0, 8));
    }

    std::shared_ptr<Peer> session(const std::string& id) {
        std::lock_guard lock(mu_);
        auto it = sessions_.find(id);
        if (it == sessions_.end())
            return nullptr;
        it->second.last_used = std::chrono::steady_clock::now();
        return it->second.peer;
    }

    // A new session, making room when the table is full: sessions idle for kSessionIdle are
    // gone, and at the cap the one idle longest (with no call in progress) makes room.
    std::optional<std::string> open_session(std::shared_ptr<Peer>& peer) {
        std::lock_guard lock(mu_);
        const auto now = std::chrono::steady_clock::now();
        std::erase_if(sessions_, [&](const auto& kv) {
            return now - kv.second.last_used > kSessionIdle && kv.second.peer.use_count() == 1;
        });
        if (sessions_.size() >= kMaxSessions) {
            auto oldest = sessions_.end();
            for (auto it = sessions_.begin(); it != sessions_.end(); ++it)
                if (it->second.peer.use_count() == 1 &&
                    (oldest == sessions_.end() || it->second.last_used < oldest->second.last_used))
                    oldest = it;
            if (oldest == sessions_.end())
                return std::nullopt;
            sessions_.erase(oldest);
        }
        const std::string id = random_hex(16);
        peer = std::make_shared<Peer>("http session " + id.substr(0, 8));
        sessions_[id] = {peer, now};
        return id;
    }

    // 2026-07-28 mirrors the method (and a tool call's name) in headers so that proxies can
    // route on them: a header that disagrees with the body is refused.
    static std::optional<Answer> mirrored_header_mismatch(MHD_Connection* c, const json& msg,
                                                          const std::string& method) {
        if (has_header(c, "Mcp-Method") && header(c, "Mcp-Method") != method)
            return json_error(400, kHeaderMismatch,
                              "the Mcp-Method header '" + cut_utf8(header(c, "Mcp-Method"), 200) +
                                  "' does not match the body's method '" + cut_utf8(method, 200) +
                                  "'");
        if (method == "tools/call" && has_header(c, "Mcp-Name")) {
            const json& params = msg["params"];
            const std::string name = params.contains("name") && params["name"].is_string()
                                         ? params["name"].get<std::string>()
                                         : std::string();
            if (header(c, "Mcp-Name") != name)
                return json_error(400, kHeaderMismatch,
                                  "the Mcp-Name header '" + cut_utf8(header(c, "Mcp-Name"), 200) +
                                      "' does not match the tool called, '" + cut_utf8(name, 200) +
                                      "'");
        }
        return std::nullopt;
    }

    // The peer of the session `sid` names, whose negotiated version the request's
    // MCP-Protocol-Version header (if any) must match; or the answer refusing the request.
    std::optional<Answer> session_peer(MHD_Connection* c, const std::string& sid,
                                       std::shared_ptr<Peer>& peer) {
        if (sid.empty())
            return json_error(400, kInvalidRequest,
                              "missing Mcp-Session-Id: send initialize first (2025-11-25, "
                              "2025-06-18), or name the protocol version in params._meta "
                              "(2026-07-28)");
        peer = session(sid);
        if (!peer)
            return json_error(404, kInvalidRequest,
                              "unknown or ended session '" + cut_utf8(sid, 64) +
                                  "': initialize a new one");
        if (has_header(c, "MCP-Protocol-Version")) {
            std::lock_guard lock(peer->mu);
            const std::string v = header(c, "MCP-Protocol-Version");
            if (!peer->version.empty() && v != peer->version)
                return json_error(400, kInvalidRequest,
                                  "MCP-Protocol-Version '" + cut_utf8(v, 64) +
                                      "' is not the version this session negotiated ('" +
                                      peer->version + "')");
        }
        return std::nullopt;
    }

    // Routes a whole POST to the server (nullopt) or refuses it with an answer.
    std::optional<Answer> route(MHD_Connection* c, Exchange& ex) {
        json msg = json::parse(ex.body, nullptr, false);
        // What the transport needs to route the message; the server checks the rest.
        const bool object = msg.is_object();
        const std::string method = object && msg.contains("method") && msg["method"].is_string()
                                       ? msg["method"].get<std::string>()
                                       : std::string();
        const bool is_request = object && msg.contains("id") && !method.empty();
        const bool stateless =
            object && msg.contains("params") && msg["params"].is_object() &&
            msg["params"].contains("_meta") && msg["params"]["_meta"].is_object() &&
            msg["params"]["_meta"].contains("io.modelcontextprotocol/protocolVersion");
        ex.parse_failure = msg.is_discarded() || !object;

        std::shared_ptr<Peer> peer;
        const std::string sid = header(c, "Mcp-Session-Id");
        if (stateless) {
            if (auto refused = mirrored_header_mismatch(c, msg, method))
                return refused;
            // Each stateless request is its own peer: two agents sharing the token share no
            // request ids, and neither can cancel the other's call.
            peer = stateless_peer();
        } else if (method == "initialize" && is_request) {
            auto id = open_session(peer);
            if (!id)
                return json_error(503, kServerBusy,
                                  "too many sessions with calls in progress (" +
                                      std::to_string(kMaxSessions) + "): try again later");
            ex.new_session = *id;
        } else if (!ex.parse_failure) {
            if (auto refused = session_peer(c, sid, peer))
                return refused;
        } else {
            // Unparsable: the server answers with the parse error.
            peer = stateless_peer();
        }

        auto pending = ex.pending;
        server_.handle(ex.body, peer, [pending, c](Reply r) {
            std::lock_guard lock(pending->mu);
            pending->reply = std::move(r);
            if (pending->suspended) {
                pending->suspended = false;
                MHD_resume_connection(c);
            }
        });
        return std::nullopt;
    }

    Answer answer_for(const Exchange& ex, Reply reply) {
        Answer a;
        if (!ex.new_session.empty()) {
            if (reply.text.find("\"error\"") == std::string::npos) {
                a.headers.emplace_back("Mcp-Session-Id", ex.new_session);
            } else {
                std::lock_guard lock(mu_);
                sessions_.erase(ex.new_session);
            }
        }
        if (reply.text.empty()) {
            a.status = 202;
            return a;
        }
        a.status = ex.parse_failure ? 400 : 200;
        a.body = std::move(reply.text);
        return a;
    }

    Answer end_session(MHD_Connection* c) {
        const std::string sid = header(c, "Mcp-Session-Id");
        std::shared_ptr<Peer> peer;
        {
            std::lock_guard lock(mu_);
            auto it = sessions_.find(sid);
            if (it != sessions_.end()) {
                peer = it->second.peer;
                sessions_.erase(it);
            }
        }
        if (!peer)
            return json_error(404, kInvalidRequest, "unknown session '" + cut_utf8(sid, 64) + "'");
        server_.cancel_all(*peer);
        return {204, {}, {}, {}};
    }

    struct Session {
        std::shared_ptr<Peer> peer;
        std::chrono::steady_clock::time_point last_used;
    };

    Server& server_;
    HttpOptions opts_;
    MHD_Daemon* daemon_ = nullptr;
    int port_ = 0;
    std::mutex mu_;
    std::condition_variable reap_cv_;
    bool reaping_ = true;
    bool closing_ = false;
    std::thread reaper_;
    std::map<MHD_Connection*, ConnectionState*> connections_;
    std::map<std::string, Session> sessions_;
};

} // namespace

int serve_http(Server& server, const HttpOptions& options) {
    HttpServer http(server, options);
    return http.run();
}

Result<std::string> load_or_create_token(const std::filesystem::path& file, bool& created) {
    created = false;
    std::error_code ec;
    const auto parent = file.parent_path();
    if (!parent.empty() && !std::filesystem::exists(parent, ec)) {
        std::filesystem::create_directories(parent, ec);
        if (ec)
            return Status::io("token file " + file.string() +
                              ": cannot create its folder: " + ec.message());
        std::filesystem::permissions(parent, std::filesystem::perms::owner_all, ec);
    }
    struct stat st {};
    if (::lstat(file.c_str(), &st) == 0) {
        if (!S_ISREG(st.st_mode))
            return Status::io("token file " + file.string() + ": not a regular file");
        // Another user's file, however private, is theirs to read and write: in a shared
        // folder (a sticky /tmp) it could hold a token they chose and know.
        if (st.st_uid != ::geteuid())
            return Status::io("token file " + file.string() + ": owned by user id " +
                              std::to_string(st.st_uid) + ", not by this user (" +
                              std::to_string(::geteuid()) +
                              "); use a token file of your own (--token-file)");
        if ((st.st_mode & 077) != 0) {
            char mode[8];
            std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(st.st_mode & 0777));
            return Status::io("token file " + file.string() + ": open to others (mode " + mode +
                              "): make it 0600 (chmod 600 FILE) or remove it");
        }
        std::ifstream in(file);
        std::string token;
        std::getline(in, token);
        while (!token.empty() && (token.back() == '\r' || token.back() == ' '))
            token.pop_back();
        if (token.size() < 32)
            return Status::corruption("token file " + file.string() +
                                      ": holds no token of at least 32 characters");
        return token;
    }
    const std::string token = random_hex(32);
    const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0)
        return Status::io("token file " + file.string() +
                          ": cannot create: " + std::strerror(errno));
    const std::string line = token + "\n";
    const bool ok = ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size()) &&
                    ::fsync(fd) == 0;
    ::close(fd);
    if (!ok) {
        std::filesystem::remove(file, ec);
        return Status::io("token file " + file.string() + ": cannot write it");
    }
    created = true;
    return token;
}

} // namespace memlens::mcp
