// A real HTTP/1.1 server on 127.0.0.1 (an ephemeral port, one std::thread) for the tests of
// the HTTP embedder and of what the query paths do when it fails or hangs. One connection at a
// time; each request goes to a handler; it counts accepted connections, so a test can prove a
// path never connected (not by timing).
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <nlohmann/json.hpp>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace memlens::test {

struct Request {
    std::string path;
    std::string authorization;
    nlohmann::json body;
};

struct Reply {
    int status = 200;
    std::string body;
    int delay_ms = 0;
};

// A one-connection-at-a-time HTTP/1.1 server on loopback; each request goes to `handler`.
class LoopbackServer {
public:
    using Handler = std::function<Reply(const Request&)>;

    explicit LoopbackServer(Handler handler)
        : handler_(std::move(handler)) {
        listen_fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        addr.sin_port = 0;
        ::bind(listen_fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
        ::listen(listen_fd_, 8);
        socklen_t len = sizeof addr;
        ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&addr), &len);
        port_ = ntohs(addr.sin_port);
        thread_ = std::thread([this] { run(); });
    }

    ~LoopbackServer() {
        {
            std::lock_guard lock(mutex_);
            stop_ = true;
        }
        wake_.notify_all();
        thread_.join();
        ::close(listen_fd_);
    }

    std::string base_url() const { return "http://127.0.0.1:" + std::to_string(port_); }
    int requests() const { return requests_.load(); }
    // Connections accepted so far, whether or not a request arrived on them.
    int accepted() const { return accepted_.load(); }
    std::vector<Request> seen() const {
        std::lock_guard lock(mutex_);
        return seen_;
    }

private:
    bool stopping() const {
        std::lock_guard lock(mutex_);
        return stop_;
    }

    void run() {
        while (!stopping()) {
            pollfd p{listen_fd_, POLLIN, 0};
            if (::poll(&p, 1, 20) <= 0)
                continue;
            const int fd = ::accept(listen_fd_, nullptr, nullptr);
            if (fd >= 0) {
                ++accepted_;
                serve(fd);
                ::close(fd);
            }
        }
    }

    void serve(int fd) {
        timeval tv{5, 0};
        ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        std::string data;
        char buf[4096];
        std::size_t header_end = std::string::npos;
        std::size_t content_length = 0;
        for (;;) {
            if (header_end != std::string::npos && data.size() >= header_end + 4 + content_length)
                break;
            const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
            if (n <= 0)
                return;
            data.append(buf, std::size_t(n));
            if (header_end == std::string::npos &&
                (header_end = data.find("\r\n\r\n")) != std::string::npos) {
                content_length =
                    std::stoul(header_value(data.substr(0, header_end), "content-length", "0"));
            }
        }
        const std::string head = data.substr(0, header_end);
        Request request;
        const auto first_space = head.find(' ');
        request.path =
            head.substr(first_space + 1, head.find(' ', first_space + 1) - first_space - 1);
        request.authorization = header_value(head, "authorization", "");
        request.body = nlohmann::json::parse(data.substr(header_end + 4), nullptr, false);
        {
            std::lock_guard lock(mutex_);
            seen_.push_back(request);
        }
        ++requests_;
        const Reply reply = handler_(request);
        if (reply.delay_ms > 0) {
            std::unique_lock lock(mutex_);
            wake_.wait_for(lock, std::chrono::milliseconds(reply.delay_ms),
                           [this] { return stop_; });
        }
        const std::string out = "HTTP/1.1 " + std::to_string(reply.status) +
                                " X\r\nContent-Type: application/json\r\nContent-Length: " +
                                std::to_string(reply.body.size()) +
                                "\r\nConnection: close\r\n\r\n" + reply.body;
        ::send(fd, out.data(), out.size(), MSG_NOSIGNAL);
    }

    static std::string header_value(const std::string& head, const std::string& name,
                                    const std::string& fallback) {
        std::string lower = head;
        for (char& c : lower)
            c = char(std::tolower(static_cast<unsigned char>(c)));
        const auto at = lower.find("\r\n" + name + ":");
        if (at == std::string::npos)
            return fallback;
        const auto start = head.find_first_not_of(' ', at + 3 + name.size());
        return head.substr(start, head.find("\r\n", start) - start);
    }

    Handler handler_;
    int listen_fd_ = -1;
    int port_ = 0;
    std::thread thread_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    bool stop_ = false;
    std::atomic<int> requests_{0};
    std::atomic<int> accepted_{0};
    std::vector<Request> seen_;
};

// What a well-behaved server answers: for input i, a vector of `dim` numbers derived from the
// text, listed in reverse order with explicit indices (clients must place by index).
inline Reply embeddings_for(const Request& r, std::size_t dim) {
    nlohmann::json data = nlohmann::json::array();
    const auto& input = r.body["input"];
    for (std::size_t i = input.size(); i-- > 0;) {
        nlohmann::json v = nlohmann::json::array();
        const std::string text = input[i].get<std::string>();
        for (std::size_t d = 0; d < dim; ++d)
            v.push_back(d == 0 ? double(text.size()) : double(d));
        data.push_back({{"object", "embedding"}, {"index", i}, {"embedding", v}});
    }
    return {200, nlohmann::json{{"object", "list"}, {"data", data}}.dump(), 0};
}

// A port on 127.0.0.1 where nothing listens (bound, then closed): a connection is refused.
inline int refused_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
    socklen_t len = sizeof addr;
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
    ::close(fd);
    return ntohs(addr.sin_port);
}

} // namespace memlens::test
