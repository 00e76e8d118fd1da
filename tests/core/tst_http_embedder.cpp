// The OpenAI-compatible HTTP embedder against a real HTTP server on 127.0.0.1 (an ephemeral
// port, one std::thread): correct answers, batching, cancellation, and every failure a user
// meets with a local model server (refused, slow, 500, garbage, wrong count or dimension).
#include "testsupport.h"

#include <memlens/embedder.h>

#include <QtTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <nlohmann/json.hpp>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cmath>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

using namespace memlens;

namespace {

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
    std::vector<Request> seen_;
};

// What a well-behaved server answers: for input i, a vector of `dim` numbers derived from the
// text, listed in reverse order with explicit indices (clients must place by index).
Reply embeddings_for(const Request& r, std::size_t dim) {
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

Vector expected_for(const std::string& text, std::size_t dim) {
    Vector v(dim);
    for (std::size_t d = 0; d < dim; ++d)
        v[d] = d == 0 ? float(text.size()) : float(d);
    normalize(v);
    return v;
}

HttpEmbedderOptions options_for(const LoopbackServer& server) {
    HttpEmbedderOptions o;
    o.base_url = server.base_url();
    o.model = "test-model";
    o.timeout_ms = 5000;
    return o;
}

bool mentions(const Status& s, const std::string& what) {
    return s.message().find(what) != std::string::npos;
}

} // namespace

class TestHttpEmbedder : public QObject {
    Q_OBJECT
private slots:
    void embedsInBatchesPlacedByIndex() {
        LoopbackServer server([](const Request& r) { return embeddings_for(r, 8); });
        auto opts = options_for(server);
        opts.batch = 2;
        opts.api_key = "sk-local";
        auto e = make_http_embedder(opts);
        QCOMPARE(e->dim(), std::size_t(0));
        const std::vector<std::string> texts = {"a", "bb", "ccc", "dddd", "eeeee"};
        auto out = e->embed(texts);
        QVERIFY2(out.is_ok(), out.status().to_string().c_str());
        QCOMPARE(out->size(), texts.size());
        for (std::size_t i = 0; i < texts.size(); ++i) {
            const Vector want = expected_for(texts[i], 8);
            QCOMPARE((*out)[i].size(), std::size_t(8));
            for (std::size_t d = 0; d < 8; ++d)
                QVERIFY(std::abs((*out)[i][d] - want[d]) < 1e-6f);
        }
        QCOMPARE(e->dim(), std::size_t(8));
        QCOMPARE(server.requests(), 3);
        for (const Request& r : server.seen()) {
            QCOMPARE(QString::fromStdString(r.path), QStringLiteral("/v1/embeddings"));
            QCOMPARE(QString::fromStdString(r.authorization), QStringLiteral("Bearer sk-local"));
            QCOMPARE(QString::fromStdString(r.body["model"].get<std::string>()),
                     QStringLiteral("test-model"));
            QVERIFY(r.body["input"].is_array() && r.body["input"].size() <= 2);
        }
        QCOMPARE(QString::fromStdString(e->signature()), QStringLiteral("http-v1:test-model"));
    }

    void acceptsABaseEndingInV1AndSendsNoKeyWhenNoneIsSet() {
        LoopbackServer server([](const Request& r) { return embeddings_for(r, 4); });
        auto opts = options_for(server);
        opts.base_url += "/v1/";
        auto e = make_http_embedder(opts);
        QVERIFY(e->embed_one("hello").is_ok());
        QCOMPARE(QString::fromStdString(server.seen().at(0).path),
                 QStringLiteral("/v1/embeddings"));
        QVERIFY(server.seen().at(0).authorization.empty());
    }

    void emptyInputSendsNothing() {
        LoopbackServer server([](const Request& r) { return embeddings_for(r, 4); });
        auto out = make_http_embedder(options_for(server))->embed({});
        QVERIFY(out.is_ok());
        QVERIFY(out->empty());
        QCOMPARE(server.requests(), 0);
    }

    void refusedConnectionNamesTheEndpoint() {
        // A port that was just free: bind, read it, close; nothing listens there now.
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
        socklen_t len = sizeof addr;
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
        ::close(fd);
        HttpEmbedderOptions opts;
        opts.base_url = "http://127.0.0.1:" + std::to_string(ntohs(addr.sin_port));
        opts.model = "m";
        auto r = make_http_embedder(opts)->embed_one("x");
        QCOMPARE(r.status().code(), StatusCode::IoError);
        QVERIFY2(mentions(r.status(), opts.base_url + "/v1/embeddings"),
                 r.status().message().c_str());
        QVERIFY2(mentions(r.status(), "refused"), r.status().message().c_str());
    }

    void slowServerTimesOut() {
        LoopbackServer server([](const Request& r) {
            Reply reply = embeddings_for(r, 4);
            reply.delay_ms = 10000;
            return reply;
        });
        auto opts = options_for(server);
        opts.timeout_ms = 200;
        auto r = make_http_embedder(opts)->embed_one("x");
        QCOMPARE(r.status().code(), StatusCode::Timeout);
        QVERIFY2(mentions(r.status(), server.base_url() + "/v1/embeddings"),
                 r.status().message().c_str());
        QVERIFY(mentions(r.status(), "200 ms"));
    }

    void badAnswersAreClearErrors_data() {
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("body");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("mentioned");
        const int io = int(StatusCode::IoError);
        const int invalid = int(StatusCode::InvalidArgument);
        QTest::newRow("500") << 500 << R"({"error":"model 'x' not loaded"})" << io
                             << "HTTP 500: {\"error\":\"model 'x' not loaded\"}";
        QTest::newRow("404 empty") << 404 << "" << io << "HTTP 404: (empty body)";
        QTest::newRow("garbage") << 200 << "<html>gateway oops</html>" << invalid
                                 << "not JSON: <html>gateway oops";
        QTest::newRow("no data") << 200 << R"({"embeddings":[[1,2]]})" << invalid
                                 << "no \"data\" list";
        QTest::newRow("wrong count") << 200 << R"({"data":[{"index":0,"embedding":[1,2]}]})"
                                     << invalid << "expected 2 embeddings, got 1";
        QTest::newRow("inconsistent dims")
            << 200 << R"({"data":[{"index":0,"embedding":[1,2]},{"index":1,"embedding":[1,2,3]}]})"
            << invalid << "embedding 1 has dimension 3, expected 2";
        QTest::newRow("non-finite")
            << 200 << R"({"data":[{"index":0,"embedding":[1,1e39]},{"index":1,"embedding":[1,2]}]})"
            << invalid << "embedding 0 holds a non-finite number";
        QTest::newRow("overflowing double")
            << 200
            << R"({"data":[{"index":0,"embedding":[1,2]},{"index":1,"embedding":[1e400,2]}]})"
            << invalid << "not JSON"; // the parser itself refuses it
        QTest::newRow("string")
            << 200 << R"({"data":[{"index":0,"embedding":"AACAPw=="},{"index":1,"embedding":[1]}]})"
            << invalid << "not a list of numbers";
        QTest::newRow("duplicate index")
            << 200 << R"({"data":[{"index":1,"embedding":[1,2]},{"index":1,"embedding":[1,2]}]})"
            << invalid << "two embeddings claim index 1";
        QTest::newRow("index out of range")
            << 200 << R"({"data":[{"index":0,"embedding":[1,2]},{"index":7,"embedding":[1,2]}]})"
            << invalid << "index out of range";
    }
    void badAnswersAreClearErrors() {
        QFETCH(int, status);
        QFETCH(QString, body);
        QFETCH(int, code);
        QFETCH(QString, mentioned);
        LoopbackServer server([&](const Request&) { return Reply{status, body.toStdString(), 0}; });
        auto r = make_http_embedder(options_for(server))->embed({"one", "two"});
        QCOMPARE(int(r.status().code()), code);
        QVERIFY2(mentions(r.status(), server.base_url() + "/v1/embeddings"),
                 r.status().message().c_str());
        QVERIFY2(mentions(r.status(), mentioned.toStdString()), r.status().message().c_str());
    }

    void declaredDimensionIsEnforced() {
        LoopbackServer server([](const Request& r) { return embeddings_for(r, 9); });
        auto opts = options_for(server);
        opts.dim = 8;
        auto r = make_http_embedder(opts)->embed_one("x");
        QCOMPARE(r.status().code(), StatusCode::InvalidArgument);
        QVERIFY2(mentions(r.status(), "dimension 9, expected 8"), r.status().message().c_str());
    }

    void dimensionMustNotChangeBetweenBatches() {
        std::atomic<int> calls{0};
        LoopbackServer server(
            [&](const Request& r) { return embeddings_for(r, calls++ == 0 ? 8 : 6); });
        auto opts = options_for(server);
        opts.batch = 1;
        auto e = make_http_embedder(opts);
        auto r = e->embed({"a", "b"});
        QCOMPARE(r.status().code(), StatusCode::InvalidArgument);
        QVERIFY2(mentions(r.status(), "dimension 6, expected 8"), r.status().message().c_str());
    }

    void cancelStopsBetweenBatches() {
        std::atomic_bool cancel{false};
        LoopbackServer server([&](const Request& r) {
            cancel = true; // the user presses Cancel while the first batch is in flight
            return embeddings_for(r, 4);
        });
        auto opts = options_for(server);
        opts.batch = 2;
        auto r = make_http_embedder(opts)->embed({"a", "b", "c", "d", "e"}, &cancel);
        QCOMPARE(r.status().code(), StatusCode::Cancelled);
        QCOMPARE(server.requests(), 1);
    }
};

QTEST_GUILESS_MAIN(TestHttpEmbedder)
#include "tst_http_embedder.moc"
