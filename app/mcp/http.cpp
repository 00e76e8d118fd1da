// The Streamable HTTP transport (transports.h) on cpp-httplib, Debian's libcpp-httplib: a
// maintained, packaged HTTP/1.1 server with a thread pool, keep-alive, request size limits and
// timeouts, so no socket code of our own parses requests from other processes.
//
// One endpoint (POST; DELETE ends a handshake-era session; GET has no stream to offer: 405).
// Every request must carry the bearer token; a browser's request must come from a local
// Origin (DNS rebinding: a page of another site resolving its name to 127.0.0.1). Each POST
// holds one JSON-RPC message: a request is answered with application/json, a notification or
// response with 202 Accepted.
#include "transports.h"

#include <fcntl.h>
#include <httplib.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <future>
#include <iostream>
#include <random>
#include <thread>

namespace memlens::mcp {

namespace {

constexpr std::size_t kMaxSessions = 1024;

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

void json_error(httplib::Response& res, int status, int code, const std::string& message) {
    res.status = status;
    res.set_content(error_text(nullptr, code, message), "application/json");
}

class HttpServer {
public:
    HttpServer(Server& server, const HttpOptions& options)
        : server_(server)
        , opts_(options) {}

    int run() {
        http_.new_task_queue = [] { return new httplib::ThreadPool(8); };
        http_.set_payload_max_length(kMaxMessageBytes);
        http_.set_read_timeout(30, 0);
        http_.set_write_timeout(30, 0);
        http_.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
            return guard(req, res) ? httplib::Server::HandlerResponse::Unhandled
                                   : httplib::Server::HandlerResponse::Handled;
        });
        http_.Post(opts_.path,
                   [this](const httplib::Request& req, httplib::Response& res) { post(req, res); });
        http_.Delete(opts_.path, [this](const httplib::Request& req, httplib::Response& res) {
            end_session(req, res);
        });
        http_.Get(opts_.path, [](const httplib::Request&, httplib::Response& res) {
            res.status = 405;
            res.set_header("Allow", "POST, DELETE");
            res.set_content("memlens serves no event stream: send requests with POST\n",
                            "text/plain");
        });
        int port = opts_.port;
        if (port == 0) {
            port = http_.bind_to_any_port(opts_.host);
            if (port < 0) {
                std::cerr << "memlens-cli serve: cannot listen on " << opts_.host << '\n';
                return 1;
            }
        } else if (!http_.bind_to_port(opts_.host, port)) {
            std::cerr << "memlens-cli serve: cannot listen on " << opts_.host << ':' << port
                      << " (in use, or not an address of this machine)\n";
            return 1;
        }
        port_ = port;
        std::thread stopper;
        if (opts_.stop)
            stopper = std::thread([this] {
                while (!opts_.stop->load())
                    std::this_thread::sleep_for(std::chrono::milliseconds(100));
                http_.stop();
            });
        if (opts_.on_listening)
            opts_.on_listening(port);
        const bool ok = http_.listen_after_bind();
        if (stopper.joinable())
            stopper.join();
        server_.drain();
        return ok ? 0 : 1;
    }

private:
    // The checks before any route: a local Origin, then the token.
    bool guard(const httplib::Request& req, httplib::Response& res) {
        if (req.has_header("Origin")) {
            const std::string origin = req.get_header_value("Origin");
            const bool allowed =
                local_origin(origin) ||
                std::find(opts_.allowed_origins.begin(), opts_.allowed_origins.end(), origin) !=
                    opts_.allowed_origins.end();
            if (!allowed) {
                json_error(res, 403, kInvalidRequest,
                           "origin '" + origin +
                               "' is not allowed: only local pages (localhost, 127.0.0.1, "
                               "[::1]) and those given with --allow-origin may call this server");
                return false;
            }
        }
        const std::string auth = req.get_header_value("Authorization");
        const std::string prefix = "Bearer ";
        if (auth.size() <= prefix.size() || lower(auth.substr(0, prefix.size())) != "bearer ") {
            res.set_header("WWW-Authenticate", "Bearer realm=\"memlens\"");
            json_error(res, 401, kInvalidRequest,
                       "missing bearer token: send 'Authorization: Bearer TOKEN' with the token "
                       "memlens-cli serve printed (kept in its token file)");
            return false;
        }
        if (!same_secret(auth.substr(prefix.size()), opts_.token)) {
            res.set_header("WWW-Authenticate", "Bearer realm=\"memlens\", error=\"invalid_token\"");
            json_error(res, 401, kInvalidRequest, "wrong bearer token");
            return false;
        }
        return true;
    }

    std::shared_ptr<Peer> session(const std::string& id) {
        std::lock_guard lock(mu_);
        auto it = sessions_.find(id);
        return it == sessions_.end() ? nullptr : it->second;
    }

    void post(const httplib::Request& req, httplib::Response& res) {
        json msg = json::parse(req.body, nullptr, false);
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

        std::shared_ptr<Peer> peer;
        std::string new_session;
        const std::string sid = req.get_header_value("Mcp-Session-Id");
        if (stateless) {
            // 2026-07-28 mirrors the method (and a tool call's name) in headers so that
            // proxies can route on them: a header that disagrees with the body is refused.
            if (req.has_header("Mcp-Method") && req.get_header_value("Mcp-Method") != method) {
                json_error(res, 400, kHeaderMismatch,
                           "the Mcp-Method header '" + req.get_header_value("Mcp-Method") +
                               "' does not match the body's method '" + method + "'");
                return;
            }
            if (method == "tools/call" && req.has_header("Mcp-Name")) {
                const json& params = msg["params"];
                const std::string name = params.contains("name") && params["name"].is_string()
                                             ? params["name"].get<std::string>()
                                             : std::string();
                if (req.get_header_value("Mcp-Name") != name) {
                    json_error(res, 400, kHeaderMismatch,
                               "the Mcp-Name header '" + req.get_header_value("Mcp-Name") +
                                   "' does not match the tool called, '" + name + "'");
                    return;
                }
            }
            peer = stateless_peer_;
        } else if (method == "initialize" && is_request) {
            std::lock_guard lock(mu_);
            if (sessions_.size() >= kMaxSessions) {
                json_error(res, 503, kServerBusy,
                           "too many open sessions (" + std::to_string(kMaxSessions) +
                               "): end one with DELETE first");
                return;
            }
            new_session = random_hex(16);
            peer = std::make_shared<Peer>("http session " + new_session.substr(0, 8));
            sessions_[new_session] = peer;
        } else if (!msg.is_discarded() && object) {
            if (sid.empty()) {
                json_error(res, 400, kInvalidRequest,
                           "missing Mcp-Session-Id: send initialize first (2025-11-25, "
                           "2025-06-18), or name the protocol version in params._meta "
                           "(2026-07-28)");
                return;
            }
            peer = session(sid);
            if (!peer) {
                json_error(res, 404, kInvalidRequest,
                           "unknown or ended session '" + sid + "': initialize a new one");
                return;
            }
            if (req.has_header("MCP-Protocol-Version")) {
                std::lock_guard lock(peer->mu);
                const std::string v = req.get_header_value("MCP-Protocol-Version");
                if (!peer->version.empty() && v != peer->version) {
                    json_error(res, 400, kInvalidRequest,
                               "MCP-Protocol-Version '" + v +
                                   "' is not the version this "
                                   "session negotiated ('" +
                                   peer->version + "')");
                    return;
                }
            }
        } else {
            peer = stateless_peer_; // unparsable: the server answers with the parse error
        }

        std::promise<Reply> promise;
        auto answered = promise.get_future();
        server_.handle(req.body, peer, [&promise](Reply r) { promise.set_value(std::move(r)); });
        Reply reply = answered.get();
        if (!new_session.empty()) {
            const bool ok = reply.text.find("\"error\"") == std::string::npos;
            if (ok) {
                res.set_header("Mcp-Session-Id", new_session);
            } else {
                std::lock_guard lock(mu_);
                sessions_.erase(new_session);
            }
        }
        if (reply.text.empty()) {
            res.status = 202;
            return;
        }
        const bool parse_failure = msg.is_discarded() || !object;
        res.status = parse_failure ? 400 : 200;
        res.set_content(reply.text, "application/json");
    }

    void end_session(const httplib::Request& req, httplib::Response& res) {
        const std::string sid = req.get_header_value("Mcp-Session-Id");
        std::shared_ptr<Peer> peer;
        {
            std::lock_guard lock(mu_);
            auto it = sessions_.find(sid);
            if (it != sessions_.end()) {
                peer = it->second;
                sessions_.erase(it);
            }
        }
        if (!peer) {
            json_error(res, 404, kInvalidRequest, "unknown session '" + sid + "'");
            return;
        }
        server_.cancel_all(*peer);
        res.status = 204;
    }

    Server& server_;
    HttpOptions opts_;
    httplib::Server http_;
    int port_ = 0;
    std::mutex mu_;
    std::map<std::string, std::shared_ptr<Peer>> sessions_;
    // Stateless requests name their own client; they share the connection name of the token.
    std::shared_ptr<Peer> stateless_peer_ =
        std::make_shared<Peer>("http token " + opts_.token.substr(0, 8));
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
