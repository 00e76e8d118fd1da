// The protocol side of the MCP server (server.h): message checks, the two eras, the worker.
#include "server.h"

#include <memlens/text.h>

#include <algorithm>
#include <chrono>

namespace memlens::mcp {

namespace {

constexpr const char* kMetaVersion = "io.modelcontextprotocol/protocolVersion";
constexpr const char* kMetaCapabilities = "io.modelcontextprotocol/clientCapabilities";
constexpr const char* kMetaClient = "io.modelcontextprotocol/clientInfo";
constexpr const char* kMetaServerInfo = "io.modelcontextprotocol/serverInfo";
// How long a 2026-07-28 client may keep server/discover's and tools/list's answers: the tools
// are fixed for the life of the process.
constexpr std::int64_t kListTtlMs = 3'600'000;

json server_info() {
    return {{"name", "memlens"}, {"title", "memlens"}, {"version", MEMLENS_VERSION}};
}
constexpr std::size_t kMaxClientText = 200;
constexpr int kMaxNesting = 64; // tool arguments nest three levels at most

constexpr const char* kInstructions =
    "memlens is a memory vault: conversations, notes and documents as chunks, sealed into "
    "summary trees, with an entity index. memory_search answers most questions (each hit says "
    "in one line why it ranked where it did); drill_down opens a summary it returns; "
    "memory_store remembers a message; why_not and explain reason about a search.";
constexpr const char* kPrimitivesOffered =
    " The other primitives browse the trees by source, time window or entity.";
constexpr const char* kLogged =
    " Every call is written to the vault's audit log with this client's name.";
constexpr const char* kNotLogged =
    " This server opened the vault read-only: it stores nothing and writes no audit log, so "
    "its calls are not logged.";

std::string compact(const json& j) {
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

// A client's own words, made safe for a log line: no control characters, at most 200 bytes.
std::string printable(std::string s) {
    for (char& c : s)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            c = ' ';
    if (s.size() > kMaxClientText) {
        s.resize(kMaxClientText);
        while (!s.empty() && !is_valid_utf8(s))
            s.pop_back();
    }
    return s;
}

std::string client_of(const json& info) {
    if (!info.is_object())
        return {};
    std::string name = info.contains("name") && info["name"].is_string()
                           ? info["name"].get<std::string>()
                           : std::string("unnamed client");
    if (info.contains("version") && info["version"].is_string())
        name += " " + info["version"].get<std::string>();
    return printable(name);
}

// How deeply the text's arrays and objects nest (outside strings), stopping once past `limit`:
// a hostile client's megabytes of '[' would otherwise cost a hundred times their size parsed.
int nesting(std::string_view text, int limit) {
    int depth = 0, deepest = 0;
    bool in_string = false, escaped = false;
    for (char c : text) {
        if (in_string) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
            if (deepest > limit)
                return deepest;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return deepest;
}

bool is_handshake_version(std::string_view v) {
    for (auto h : kHandshakeVersions)
        if (h == v)
            return true;
    return false;
}

// Only the hints that differ from MCP's defaults (readOnlyHint false, destructiveHint true),
// which a client assumes for the rest: every byte of tools/list is in the model's context
// (kToolListTokens). The title is left to the name for the same reason.
json annotations(const ToolSpec& s) {
    if (!s.writes)
        return {{"readOnlyHint", true}};
    json a = json::object(); // destructiveHint is true by MCP's default
    if (!s.destructive)
        a["destructiveHint"] = false;
    if (s.idempotent)
        a["idempotentHint"] = true;
    return a;
}

json tool_json(const ToolSpec& s) {
    return {{"name", s.name},
            {"description", s.description},
            {"inputSchema", s.input_schema},
            {"outputSchema", s.output_schema},
            {"annotations", annotations(s)}};
}

json text_content(const std::string& text) {
    return json::array({{{"type", "text"}, {"text", text}}});
}

} // namespace

struct Server::Call {
    json id;
    std::string key;
    const ToolSpec* spec = nullptr;
    json arguments;
    std::string version;
    AuditCaller caller;
    std::shared_ptr<Peer> peer;
    ReplyFn reply;
    std::atomic_bool cancel{false};
    std::optional<std::string> invalid; // the arguments' error, answered as a tool error
};

std::vector<std::string> supported_versions() {
    std::vector<std::string> out{std::string(kStatelessVersion)};
    for (auto v : kHandshakeVersions)
        out.emplace_back(v);
    return out;
}

std::string result_text(const json& id, const json& result) {
    return compact({{"jsonrpc", "2.0"}, {"id", id}, {"result", result}});
}

std::string error_text(const json& id, int code, const std::string& message, const json& data) {
    // A message may quote what the client sent (an argument's name, a value); it is cut to a
    // bound rather than sending megabytes of the client's own input back.
    json error = {{"code", code}, {"message", cut_utf8(message, kMaxErrorMessageBytes)}};
    if (!data.is_null())
        error["data"] = data;
    return compact({{"jsonrpc", "2.0"}, {"id", id}, {"error", error}});
}

Result<std::unique_ptr<Server>> Server::start(const ServerOptions& options) {
    std::unique_ptr<Server> s(new Server());
    s->options_ = options;
    auto runner = ToolRunner::open(options.vault_dir, options.read_only);
    if (!runner)
        return runner.status();
    s->runner_ = std::move(runner).value();
    auto offered = select_tools(options.tools);
    if (!offered)
        return offered.status();
    s->specs_ = tool_specs(options.read_only, s->runner_->profile_names());
    std::erase_if(s->specs_, [&](const ToolSpec& t) {
        return std::find(offered->begin(), offered->end(), t.name) == offered->end();
    });
    // The readers take the writer's integrity check rather than running their own.
    for (std::size_t i = 0; i < kReadWorkers; ++i) {
        auto reader = ToolRunner::open(options.vault_dir, options.read_only, s->runner_.get());
        if (!reader)
            return reader.status();
        s->readers_.push_back(std::move(reader).value());
    }
    s->worker_ = std::thread([p = s.get()] { p->work(*p->runner_, p->queue_); });
    for (auto& reader : s->readers_)
        s->reader_threads_.emplace_back(
            [p = s.get(), r = reader.get()] { p->work(*r, p->read_queue_); });
    return s;
}

Server::~Server() {
    {
        std::lock_guard lock(mu_);
        stopping_ = true;
    }
    cv_.notify_all();
    if (worker_.joinable())
        worker_.join();
    for (auto& t : reader_threads_)
        t.join();
    readers_.clear();
    runner_.reset(); // flushes the audit writer
}

void Server::drain() {
    std::unique_lock lock(mu_);
    idle_cv_.wait(lock, [&] { return queue_.empty() && read_queue_.empty() && busy_ == 0; });
    lock.unlock();
    // The workers own the runners, but they are idle now and nothing else queues meanwhile in
    // the callers that drain (shutdown, tests).
    runner_->flush_audit();
    for (auto& reader : readers_)
        reader->flush_audit();
}

void Server::cancel_all(const Peer& peer) {
    std::lock_guard lock(mu_);
    for (auto& [key, call] : live_)
        if (key.first == &peer)
            call->cancel = true;
}

std::string Server::instructions() const {
    if (auto damage = runner_->damage())
        return std::string(kInstructions) + " The vault failed its integrity check (" + *damage +
               "): it is served for reading only, nothing is stored and no call is logged.";
    const bool primitives = std::any_of(specs_.begin(), specs_.end(),
                                        [](const ToolSpec& t) { return !in_memory_set(t); });
    return std::string(kInstructions) + (primitives ? kPrimitivesOffered : "") +
           (options_.read_only ? kNotLogged : kLogged);
}

json Server::capabilities() const {
    return {{"tools", {{"listChanged", false}}}};
}

json Server::discover_result() const {
    // The server names itself in the result's _meta at 2026-07-28; what it offers cannot change
    // while it runs, so a client may cache it for an hour (per client: the token decides).
    return {{"supportedVersions", supported_versions()},
            {"capabilities", capabilities()},
            {"instructions", instructions()},
            {"ttlMs", kListTtlMs},
            {"cacheScope", "private"},
            {"_meta", {{kMetaServerInfo, server_info()}}}};
}

void Server::handle(std::string_view text, const std::shared_ptr<Peer>& peer,
                    const ReplyFn& reply) {
    if (text.size() > kMaxMessageBytes) {
        reply({error_text(nullptr, kInvalidRequest,
                          "message of " + std::to_string(text.size()) +
                              " bytes is over the limit of " + std::to_string(kMaxMessageBytes)),
               false});
        return;
    }
    if (nesting(text, kMaxNesting) > kMaxNesting) {
        reply({error_text(nullptr, kInvalidRequest,
                          "message nested deeper than " + std::to_string(kMaxNesting) +
                              " levels of arrays and objects"),
               false});
        return;
    }
    json msg;
    try {
        msg = json::parse(text);
    } catch (const json::parse_error& e) {
        // e.byte is where the parser stopped; the message names what it expected there.
        reply({error_text(nullptr, kParseError,
                          "parse error at byte " + std::to_string(e.byte) + ": " +
                              std::string(e.what()).substr(std::string(e.what()).find(':') + 2)),
               false});
        return;
    } catch (const json::exception& e) {
        // Well-formed JSON this server cannot hold: a number beyond a double (1e400) is the
        // one case nlohmann/json reports as out_of_range while parsing.
        reply({error_text(nullptr, kParseError,
                          "parse error: " +
                              std::string(e.what()).substr(std::string(e.what()).find(']') + 2) +
                              " (numbers must fit a double)"),
               false});
        return;
    }
    try {
        dispatch(msg, peer, reply);
    } catch (const json::exception& e) {
        // A value of a type nothing checked before reading it: the message is answered with an
        // error and the server goes on, as for any other message it cannot serve.
        const json id = msg.is_object() && msg.contains("id") &&
                                (msg["id"].is_string() || msg["id"].is_number_integer())
                            ? msg["id"]
                            : json(nullptr);
        reply({error_text(id, kInvalidParams,
                          std::string("invalid message: ") +
                              std::string(e.what()).substr(std::string(e.what()).find(']') + 2)),
               false});
    }
}

void Server::dispatch(const json& msg, const std::shared_ptr<Peer>& peer, const ReplyFn& reply) {
    if (msg.is_array()) {
        reply({error_text(nullptr, kInvalidRequest,
                          "a batch (JSON array) is not accepted: MCP 2025-06-18 and later send "
                          "one message at a time"),
               false});
        return;
    }
    const json id = msg.is_object() && msg.contains("id") ? msg["id"] : json(nullptr);
    const bool id_ok = id.is_string() || id.is_number_integer();
    if (!msg.is_object() || msg.value("jsonrpc", json()) != "2.0") {
        reply({error_text(id_ok ? id : json(nullptr), kInvalidRequest,
                          "not a JSON-RPC 2.0 message: expected an object with \"jsonrpc\": "
                          "\"2.0\""),
               false});
        return;
    }
    if (!msg.contains("method")) {
        // A response or an error from the client: this server sends no requests.
        reply({{}, false});
        return;
    }
    if (!msg["method"].is_string()) {
        reply(
            {error_text(id_ok ? id : json(nullptr), kInvalidRequest, "\"method\" must be a string"),
             false});
        return;
    }
    if (msg.contains("params") && !msg["params"].is_object()) {
        reply({error_text(id_ok ? id : json(nullptr), kInvalidRequest,
                          "\"params\" must be an object"),
               false});
        return;
    }
    if (!msg.contains("id")) {
        notification(msg, peer);
        reply({{}, false});
        return;
    }
    if (!id_ok) {
        reply({error_text(nullptr, kInvalidRequest,
                          "\"id\" must be a string or an integer, not " + compact(id)),
               false});
        return;
    }
    request(msg, peer, reply);
}

void Server::notification(const json& msg, const std::shared_ptr<Peer>& peer) {
    const std::string method = msg["method"].get<std::string>();
    const json params = msg.value("params", json::object());
    if (method == "notifications/initialized") {
        std::lock_guard lock(peer->mu);
        peer->initialized = true;
    } else if (method == "notifications/cancelled" && params.contains("requestId")) {
        const std::string key = compact(params["requestId"]);
        std::lock_guard lock(mu_);
        if (auto it = live_.find({peer.get(), key}); it != live_.end())
            it->second->cancel = true;
    }
    // Anything else (progress, roots changed, unknown) needs nothing from this server.
}

void Server::request(const json& msg, const std::shared_ptr<Peer>& peer, const ReplyFn& reply) {
    const json& id = msg["id"];
    const std::string method = msg["method"].get<std::string>();
    const json params = msg.value("params", json::object());
    const json meta =
        params.contains("_meta") && params["_meta"].is_object() ? params["_meta"] : json::object();

    // Which era this request is of: a stateless request names its version in _meta.
    std::string version;
    std::string client;
    if (!request_era(id, method, meta, peer, reply, version, client))
        return;

    if (method == "initialize") {
        initialize(id, params, peer, reply);
        return;
    }
    const bool stateless = version == kStatelessVersion;
    auto answer = [&](json result) {
        if (stateless)
            result["resultType"] = "complete";
        reply({result_text(id, result), false});
    };
    if (method == "ping") {
        answer(json::object());
        return;
    }
    if (method == "server/discover") {
        answer(discover_result());
        return;
    }
    if (method == "tools/list") {
        json tools = json::array();
        for (const ToolSpec& s : specs_)
            tools.push_back(tool_json(s));
        json result = {{"tools", tools}};
        if (stateless) {
            result["ttlMs"] = kListTtlMs;
            result["cacheScope"] = "private";
        }
        answer(std::move(result));
        return;
    }
    if (method == "tools/call") {
        call_tool(id, params, version, client, peer, reply);
        return;
    }
    reply(
        {error_text(id, kMethodNotFound, "method not found: '" + printable(method) + "'"), false});
}

// The protocol revision and client of a request: the one its _meta names (2026-07-28), or the
// one its session's initialize chose. False when it answered with an error instead.
bool Server::request_era(const json& id, const std::string& method, const json& meta,
                         const std::shared_ptr<Peer>& peer, const ReplyFn& reply,
                         std::string& version, std::string& client) {
    if (meta.contains(kMetaVersion)) {
        if (!meta[kMetaVersion].is_string()) {
            reply({error_text(id, kInvalidParams,
                              std::string("_meta.") + kMetaVersion + " must be a string"),
                   false});
            return false;
        }
        version = meta[kMetaVersion].get<std::string>();
        if (version != kStatelessVersion) {
            reply({error_text(id, kUnsupportedVersion,
                              "unsupported protocol version '" + printable(version) +
                                  "': this server speaks " + std::string(kStatelessVersion) +
                                  " without a handshake, or 2025-11-25 and 2025-06-18 after "
                                  "initialize",
                              {{"supported", supported_versions()}, {"requested", version}}),
                   false});
            return false;
        }
        if (!meta.contains(kMetaCapabilities) || !meta[kMetaCapabilities].is_object()) {
            reply({error_text(id, kInvalidParams,
                              std::string("_meta.") + kMetaCapabilities +
                                  " is required (an object) on every " +
                                  std::string(kStatelessVersion) + " request"),
                   false});
            return false;
        }
        client = meta.contains(kMetaClient) ? client_of(meta[kMetaClient]) : std::string();
    } else if (method != "initialize" && method != "ping" && method != "server/discover") {
        std::lock_guard lock(peer->mu);
        if (peer->version.empty()) {
            reply({error_text(id, kInvalidRequest,
                              "'" + printable(method) +
                                  "' before initialize: send initialize first (2025-11-25, "
                                  "2025-06-18), or name the protocol version in params._meta "
                                  "(2026-07-28)",
                              {{"supported", supported_versions()}}),
                   false});
            return false;
        }
        version = peer->version;
        client = peer->client;
    }
    return true;
}

void Server::initialize(const json& id, const json& params, const std::shared_ptr<Peer>& peer,
                        const ReplyFn& reply) {
    if (!params.contains("protocolVersion") || !params["protocolVersion"].is_string()) {
        reply({error_text(id, kInvalidParams,
                          "initialize: \"protocolVersion\" (a string) is required"),
               false});
        return;
    }
    const std::string asked = params["protocolVersion"].get<std::string>();
    // The newest handshake revision when the client asks for one this server does not
    // speak in a handshake (2026-07-28 has none): the client decides whether it goes on.
    const std::string chosen =
        is_handshake_version(asked) ? asked : std::string(kHandshakeVersions.front());
    {
        std::lock_guard lock(peer->mu);
        peer->version = chosen;
        peer->client = client_of(params.value("clientInfo", json()));
    }
    reply({result_text(id, {{"protocolVersion", chosen},
                            {"capabilities", capabilities()},
                            {"serverInfo", server_info()},
                            {"instructions", instructions()}}),
           false});
}

void Server::call_tool(const json& id, const json& params, const std::string& version,
                       const std::string& client, const std::shared_ptr<Peer>& peer,
                       const ReplyFn& reply) {
    if (!params.contains("name") || !params["name"].is_string()) {
        reply(
            {error_text(id, kInvalidParams, "tools/call: \"name\" (a string) is required"), false});
        return;
    }
    const std::string name = params["name"].get<std::string>();
    const ToolSpec* spec = find_tool(specs_, name);
    if (!spec) {
        const std::vector<ToolSpec> every = tool_specs(false);
        const ToolSpec* known = find_tool(every, name);
        std::string why = "unknown tool: '" + printable(name) + "'";
        if (known != nullptr && known->writes && options_.read_only)
            why = "tool '" + name + "' is not offered: the server is read-only (--read-only)";
        else if (known != nullptr)
            why = "tool '" + name + "' is not offered: this server offers --tools " +
                  options_.tools + " (serve --tools all offers every tool)";
        reply({error_text(id, kInvalidParams, why), false});
        return;
    }
    json arguments = params.contains("arguments") ? params["arguments"] : json::object();
    auto call = std::make_shared<Call>();
    call->id = id;
    call->key = compact(id);
    call->spec = spec;
    call->version = version;
    call->peer = peer;
    call->reply = reply;
    call->caller.client = client;
    call->caller.session = peer->connection;
    call->caller.tool = name;
    call->caller.arguments = compact(arguments);
    if (auto bad = check_arguments(*spec, arguments)) {
        // 2025-06-18 calls arguments that do not fit the schema a protocol error; later
        // revisions make it a tool error, which the model reads and can correct.
        if (version == "2025-06-18") {
            reply({error_text(id, kInvalidParams, name + ": " + *bad), false});
            return;
        }
        call->invalid = *bad;
    }
    call->arguments = std::move(arguments);
    {
        std::lock_guard lock(mu_);
        const std::size_t waiting = queue_.size() + read_queue_.size();
        if (waiting >= options_.max_queued_calls) {
            reply({error_text(id, kServerBusy,
                              "server busy: " + std::to_string(waiting) +
                                  " tool calls are waiting; try again later"),
                   false});
            return;
        }
        if (live_.count({peer.get(), call->key})) {
            reply({error_text(id, kInvalidRequest,
                              "request id " + call->key +
                                  " is already in use by a call in "
                                  "progress on this connection"),
                   false});
            return;
        }
        live_[{peer.get(), call->key}] = call;
        (spec->writes ? queue_ : read_queue_).push_back(call);
    }
    cv_.notify_all();
}

void Server::work(ToolRunner& runner, std::deque<std::shared_ptr<Call>>& queue) {
    for (;;) {
        std::shared_ptr<Call> call;
        {
            std::unique_lock lock(mu_);
            cv_.wait(lock, [&] { return stopping_ || !queue.empty(); });
            if (queue.empty()) {
                if (stopping_)
                    return;
                continue;
            }
            call = queue.front();
            queue.pop_front();
            ++busy_;
        }
        if (options_.before_call)
            options_.before_call(call->spec->name);
        const auto t0 = std::chrono::steady_clock::now();
        ToolOutcome outcome;
        if (call->invalid) {
            outcome.error = *call->invalid;
        } else if (call->cancel) {
            outcome.error = "cancelled by the client before it started";
        } else {
            outcome = runner.run(*call->spec, call->arguments, call->caller, &call->cancel);
            if (outcome.error && call->cancel)
                outcome.error = "cancelled by the client: " + *outcome.error;
        }
        const double ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                .count();
        runner.log(call->caller, outcome, ms);
        // The row is on disk before the answer leaves: a server killed right after it answered
        // (SIGKILL included, which no handler sees) has logged every call it answered. A row
        // that cannot get the write lock soon (an import holds it) is kept in the pending file,
        // synced, and the next writer moves it into the log.
        runner.flush_audit(kAuditWaitBeforeAnswer);

        json result;
        if (outcome.error) {
            // One line naming the tool once, as the CLI's errors name their command.
            const std::string& e = *outcome.error;
            const std::string& tool = call->spec->name;
            result = {{"content",
                       text_content(cut_utf8(e.rfind(tool + ": ", 0) == 0 ? e : tool + ": " + e,
                                             kMaxErrorMessageBytes))},
                      {"isError", true}};
        } else {
            result = {{"content", text_content(outcome.text.empty() ? compact(outcome.structured)
                                                                    : outcome.text)},
                      {"structuredContent", outcome.structured},
                      {"isError", false}};
        }
        if (call->version == kStatelessVersion)
            result["resultType"] = "complete";
        Reply reply{result_text(call->id, result), call->cancel.load()};
        if (reply.cancelled)
            reply.text = error_text(call->id, kRequestCancelled, "request cancelled by the client");
        {
            std::lock_guard lock(mu_);
            live_.erase({call->peer.get(), call->key});
        }
        call->reply(std::move(reply));
        {
            std::lock_guard lock(mu_);
            --busy_;
        }
        idle_cv_.notify_all();
    }
}

} // namespace memlens::mcp
