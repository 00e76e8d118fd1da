// memlens as an MCP server (docs/agents.md): JSON-RPC 2.0 messages in, responses out, over
// any transport (stdio.cpp, http.cpp). Two eras of the protocol are spoken side by side:
// - 2026-07-28, stateless: no handshake; every request names its protocol version, the
//   client's capabilities and (optionally) the client in params._meta; server/discover says
//   what the server supports;
// - 2025-11-25 and 2025-06-18: initialize negotiates the version once per connection (an HTTP
//   session), notifications/initialized follows, and later requests rely on it.
// Tool calls run one at a time on a worker thread that owns the vault (tools.h); every other
// method is answered at once on the caller's thread, so a ping or a cancellation is never
// stuck behind a long search.
#pragma once

#include "tools.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

namespace memlens::mcp {

// The revisions spoken, newest first. The first one is the stateless era.
inline constexpr std::string_view kStatelessVersion = "2026-07-28";
inline constexpr std::array<std::string_view, 2> kHandshakeVersions = {"2025-11-25", "2025-06-18"};
std::vector<std::string> supported_versions();

// JSON-RPC and MCP error codes used here.
inline constexpr int kParseError = -32700;
inline constexpr int kInvalidRequest = -32600;
inline constexpr int kMethodNotFound = -32601;
inline constexpr int kInvalidParams = -32602;
inline constexpr int kInternalError = -32603;
inline constexpr int kRequestCancelled = -32800; // answered over HTTP, where a reply is owed
inline constexpr int kServerBusy = -32000;
// The request's protocol version is not one this server speaks (2026-07-28's stateless era,
// UnsupportedProtocolVersion; data lists the supported ones).
inline constexpr int kUnsupportedVersion = -32022;
// 2026-07-28 over HTTP: an Mcp-Method or Mcp-Name header that disagrees with the body.
inline constexpr int kHeaderMismatch = -32020;

// The biggest message read: one stored message is at most 1 MiB of text, which JSON escaping
// can make six times longer.
inline constexpr std::size_t kMaxMessageBytes = 16u << 20;
// What an error reply (a JSON-RPC error's message, a tool error's text) keeps at most.
inline constexpr std::size_t kMaxErrorMessageBytes = 2048;
// How long a call's audit row may wait for the vault's write lock before its answer is sent;
// after that the row is kept in the pending file (AuditWriter), and the answer goes out.
inline constexpr std::chrono::milliseconds kAuditWaitBeforeAnswer{2000};

// What the server knows of one connection (a stdio process, an HTTP session). Filled by
// initialize in the handshake era; in the stateless era each request names its own client.
struct Peer {
    explicit Peer(std::string name)
        : connection(std::move(name)) {}
    const std::string connection; // "stdio pid 4242", "http session 3f2a9c01"
    std::mutex mu;
    std::string version; // negotiated by initialize; empty before
    std::string client;  // "name version" from initialize's clientInfo
    bool initialized = false;
};

// The server's answer to one message: the response text (one JSON value, no newline), or
// none for a notification or a response. `cancelled` marks the answer to a request the
// client cancelled: stdio sends nothing for it, HTTP owes its POST an answer.
struct Reply {
    std::string text;
    bool cancelled = false;
};
using ReplyFn = std::function<void(Reply)>;

struct ServerOptions {
    std::filesystem::path vault_dir;
    bool read_only = false;
    // The tools offered (select_tools, tools.h): the "memory" set unless told otherwise.
    std::string tools = kDefaultToolSet;
    std::size_t max_queued_calls = 4096; // tool calls waiting for the worker; more are refused
    // Called on the worker just before a call runs, with the tool's name. Tests hold the
    // worker here to cancel a call in flight at a known point.
    std::function<void(const std::string& tool)> before_call;
};

class Server {
public:
    // Opens the vault (read-only when asked) and starts the worker. The vault's errors come
    // back as they are (what and where).
    static Result<std::unique_ptr<Server>> start(const ServerOptions& options);
    ~Server(); // finishes the queued calls and flushes the audit log
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    // Handles one message. `reply` is called exactly once: at once for everything but a tool
    // call, or on the worker thread when the call is done.
    void handle(std::string_view text, const std::shared_ptr<Peer>& peer, const ReplyFn& reply);
    // The connection is gone: its queued and running calls are cancelled.
    void cancel_all(const Peer& peer);
    // Waits until every queued call has been answered and its audit row written.
    void drain();

    const std::vector<ToolSpec>& tools() const { return specs_; }
    bool read_only() const { return options_.read_only; }

    // What the integrity check at start found wrong with the vault, if anything.
    std::optional<std::string> damage() const { return runner_->damage(); }

private:
    struct Call;
    Server() = default;
    // One worker's loop: takes calls from `queue` and runs them on `runner`.
    void work(ToolRunner& runner, std::deque<std::shared_ptr<Call>>& queue);
    // handle() once the text parsed: the checks of the message's shape, then request() or
    // notification().
    void dispatch(const json& msg, const std::shared_ptr<Peer>& peer, const ReplyFn& reply);
    void request(const json& msg, const std::shared_ptr<Peer>& peer, const ReplyFn& reply);
    bool request_era(const json& id, const std::string& method, const json& meta,
                     const std::shared_ptr<Peer>& peer, const ReplyFn& reply, std::string& version,
                     std::string& client);
    void initialize(const json& id, const json& params, const std::shared_ptr<Peer>& peer,
                    const ReplyFn& reply);
    void notification(const json& msg, const std::shared_ptr<Peer>& peer);
    void call_tool(const json& id, const json& params, const std::string& version,
                   const std::string& client, const std::shared_ptr<Peer>& peer,
                   const ReplyFn& reply);
    json discover_result() const;
    // What initialize and server/discover tell the client: what the tools are for, and
    // whether its calls are logged (a read-only server logs none).
    std::string instructions() const;
    json capabilities() const;

    ServerOptions options_;
    std::vector<ToolSpec> specs_;
    // Calls that write (memory_store, …) run one at a time on the writer, with its own vault
    // connection; every other call on one of the readers, each with a connection, an engine
    // and an embedder of its own, so a search never waits behind a store (WAL readers see the
    // last commit) and reads answer side by side, in whatever order they finish.
    std::unique_ptr<ToolRunner> runner_;
    std::vector<std::unique_ptr<ToolRunner>> readers_;
    std::mutex mu_;
    std::condition_variable cv_;
    std::condition_variable idle_cv_;
    std::deque<std::shared_ptr<Call>> queue_;      // calls for the writer
    std::deque<std::shared_ptr<Call>> read_queue_; // calls for the readers
    // Queued and running calls by (connection, request id), for notifications/cancelled.
    std::map<std::pair<const Peer*, std::string>, std::shared_ptr<Call>> live_;
    std::size_t busy_ = 0; // calls running
    bool stopping_ = false;
    std::thread worker_;
    std::vector<std::thread> reader_threads_;
};

// How many calls that only read run at once beside the writer's (each reader holds a vault
// connection and a search engine).
inline constexpr std::size_t kReadWorkers = 2;

// A response or error object as text.
std::string result_text(const json& id, const json& result);
std::string error_text(const json& id, int code, const std::string& message,
                       const json& data = nullptr);

} // namespace memlens::mcp
