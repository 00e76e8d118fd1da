// The MCP server (app/mcp, docs/agents.md): the protocol cases a client relies on, in process
// on one generated vault, and the transports through the real `memlens-cli serve` process:
// stdio framing, and over HTTP the bearer token, the Origin check and sessions.
#include "suite.h"
#include "testsupport.h"

#include <memlens/audit.h>
#include <memlens/brief.h>
#include <memlens/embedder.h>
#include <memlens/forget.h>
#include <memlens/generate.h>
#include <memlens/ingest.h>
#include <memlens/memories.h>
#include <memlens/scoring.h>
#include <memlens/vault.h>

#include <QProcess>
#include <QtTest>

#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <poll.h>
#include <server.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <transports.h>
#include <unistd.h>

#include <condition_variable>
#include <future>
#include <mutex>

namespace tst_mcp {

using namespace memlens;
using namespace memlens::mcp;

namespace {

json meta(const std::string& version = "2026-07-28") {
    return {{"io.modelcontextprotocol/protocolVersion", version},
            {"io.modelcontextprotocol/clientCapabilities", json::object()},
            {"io.modelcontextprotocol/clientInfo", {{"name", "tst-mcp"}, {"version", "1.0"}}}};
}

json request(int id, const std::string& method, json params = json::object()) {
    return {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}};
}

json stateless(int id, const std::string& method, json params = json::object()) {
    params["_meta"] = meta();
    return request(id, method, std::move(params));
}

json call(int id, const std::string& tool, json arguments) {
    return stateless(id, "tools/call", {{"name", tool}, {"arguments", std::move(arguments)}});
}

// A TCP connection to 127.0.0.1:port from the loopback address `from` (127.0.0.2, ...), so
// that one test can be several clients; -1 when it cannot connect.
int connect_from(const char* from, int port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    sockaddr_in src = {};
    src.sin_family = AF_INET;
    ::inet_pton(AF_INET, from, &src.sin_addr);
    sockaddr_in dst = {};
    dst.sin_family = AF_INET;
    dst.sin_port = htons(static_cast<std::uint16_t>(port));
    ::inet_pton(AF_INET, "127.0.0.1", &dst.sin_addr);
    if (::bind(fd, reinterpret_cast<sockaddr*>(&src), sizeof src) != 0 ||
        ::connect(fd, reinterpret_cast<sockaddr*>(&dst), sizeof dst) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

bool send_text(int fd, const std::string& text) {
    return ::send(fd, text.data(), text.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(text.size());
}

// True when the server has closed `fd` (end of stream or reset) within `ms`.
bool closed_within(int fd, int ms) {
    pollfd p = {fd, POLLIN, 0};
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (std::chrono::steady_clock::now() < deadline) {
        if (::poll(&p, 1, 50) > 0) {
            char buf[4096];
            const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
            if (n <= 0)
                return true;
        }
    }
    return false;
}

// serve_http in process on a free loopback port, stopped and joined when it goes.
struct InProcessHttp {
    HttpOptions options;
    std::atomic_bool stop{false};
    std::thread serving;
    int port = 0;

    InProcessHttp(Server& server, HttpOptions o)
        : options(std::move(o)) {
        options.stop = &stop;
        std::promise<int> listening;
        options.on_listening = [&listening](int p) { listening.set_value(p); };
        serving = std::thread([this, &server] { serve_http(server, options); });
        port = listening.get_future().get();
    }
    ~InProcessHttp() {
        stop = true;
        serving.join();
    }
};

} // namespace

class TestMcp : public QObject {
    Q_OBJECT
private:
    test::TempDir tmp_;
    std::filesystem::path vault_;
    std::unique_ptr<Server> server_;
    std::shared_ptr<Peer> peer_ = std::make_shared<Peer>("test peer");

    // Sends one message and waits for the server's answer (parsed; null for none).
    // `text` handled by `server` (the fixture's own by default), its reply waited for.
    Reply send_raw(const std::string& text, const std::shared_ptr<Peer>& peer,
                   Server* server = nullptr) {
        std::promise<Reply> p;
        auto f = p.get_future();
        (server ? server : server_.get())->handle(text, peer, [&p](Reply r) {
            p.set_value(std::move(r));
        });
        return f.get();
    }
    json send(const json& msg, const std::shared_ptr<Peer>& peer = nullptr) {
        const Reply r = send_raw(msg.dump(), peer ? peer : peer_);
        return r.text.empty() ? json() : json::parse(r.text);
    }
    // The id of the first hit of a full memory_search for `query` (empty when none).
    std::string first_hit(const std::string& query) {
        const json r =
            send(call(99, "memory_search", {{"query", query}, {"detail", "full"}, {"limit", 1}}));
        const json hits = r["result"]["structuredContent"]["hits"];
        return hits.empty() ? std::string() : hits[0]["node_id"].get<std::string>();
    }
    static std::vector<AuditRecord> log_rows(const std::filesystem::path& dir) {
        auto v = Vault::open(dir, true);
        if (!v)
            return {};
        auto rows = list_audit((*v)->db(), 1000, 0);
        return rows ? *rows : std::vector<AuditRecord>{};
    }

private slots:
    void initTestCase() {
        vault_ = tmp_.path() / "vault";
        auto vault = Vault::create(vault_);
        QVERIFY(vault.is_ok());
        auto emb = make_embedder_for(**vault);
        QVERIFY(emb.is_ok());
        GenerateOptions g;
        g.chunks = 400;
        g.seed = 3;
        g.days = 30;
        auto sources = generate_sources(g);
        QVERIFY(sources.is_ok());
        Ingestor ing(**vault, **emb);
        QVERIFY(ing.ingest(*sources).is_ok());
        vault->reset();
        ServerOptions o;
        o.vault_dir = vault_;
        o.tools = "all";
        auto server = Server::start(o);
        QVERIFY2(server.is_ok(), server.status().to_string().c_str());
        server_ = std::move(server).value();
    }

    // The handshake era: initialize picks the client's revision when it is one of the
    // handshake revisions, else the newest of them; before it, nothing but ping is served.
    void handshakeNegotiatesTheVersion() {
        auto fresh = std::make_shared<Peer>("fresh");
        const json early = send(request(1, "tools/list"), fresh);
        QCOMPARE(early["error"]["code"].get<int>(), kInvalidRequest);
        QVERIFY(early["error"]["message"].get<std::string>().find("initialize") !=
                std::string::npos);
        for (const std::string v : {"2025-06-18", "2025-11-25"}) {
            auto peer = std::make_shared<Peer>("p " + v);
            const json r = send(request(2, "initialize",
                                        {{"protocolVersion", v},
                                         {"capabilities", json::object()},
                                         {"clientInfo", {{"name", "old"}, {"version", "9"}}}}),
                                peer);
            QCOMPARE(r["result"]["protocolVersion"].get<std::string>(), v);
            QVERIFY(r["result"]["capabilities"].contains("tools"));
            QCOMPARE(r["result"]["serverInfo"]["name"].get<std::string>(), std::string("memlens"));
            QCOMPARE(peer->client, std::string("old 9"));
            QVERIFY(send(json{{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}}, peer)
                        .is_null());
            const json tools = send(request(3, "tools/list"), peer);
            QVERIFY(tools["result"]["tools"].size() >= 12);
            QVERIFY(!tools["result"].contains("resultType")); // a 2026-07-28 field only
        }
        auto future = std::make_shared<Peer>("future");
        const json r =
            send(request(4, "initialize",
                         {{"protocolVersion", "2099-01-01"}, {"capabilities", json::object()}}),
                 future);
        QCOMPARE(r["result"]["protocolVersion"].get<std::string>(), std::string("2025-11-25"));
        const json missing = send(request(5, "initialize", json::object()), fresh);
        QCOMPARE(missing["error"]["code"].get<int>(), kInvalidParams);
    }

    // The stateless era: each request names its version; server/discover lists them all.
    void statelessRequestsNameTheirVersion() {
        auto peer = std::make_shared<Peer>("stateless");
        const json d = send(stateless(1, "server/discover"), peer);
        const auto versions = d["result"]["supportedVersions"].get<std::vector<std::string>>();
        QCOMPARE(versions, supported_versions());
        QCOMPARE(d["result"]["resultType"].get<std::string>(), std::string("complete"));
        QVERIFY(d["result"]["_meta"]["io.modelcontextprotocol/serverInfo"]["name"] == "memlens");
        const json tools = send(stateless(2, "tools/list"), peer);
        QCOMPARE(tools["result"]["resultType"].get<std::string>(), std::string("complete"));
        // The cache hints 2026-07-28 requires on list results.
        QVERIFY(tools["result"]["ttlMs"].get<std::int64_t>() > 0);
        QVERIFY(tools["result"]["cacheScope"] == "private");
        const std::vector<ToolSpec> specs = tool_specs(false);
        for (const auto& t : tools["result"]["tools"]) {
            QVERIFY(t["inputSchema"]["type"] == "object");
            QVERIFY(t["outputSchema"]["type"] == "object");
            // A reading tool says so; a writing one carries MCP's default (not read-only).
            const ToolSpec* spec = find_tool(specs, t["name"].get<std::string>());
            QVERIFY(spec != nullptr);
            QCOMPARE(t["annotations"].value("readOnlyHint", false), !spec->writes);
        }
        json bad = stateless(3, "tools/list");
        bad["params"]["_meta"]["io.modelcontextprotocol/protocolVersion"] = "2099-01-01";
        const json r = send(bad, peer);
        QCOMPARE(r["error"]["code"].get<int>(), kUnsupportedVersion);
        QCOMPARE(r["error"]["data"]["supported"].get<std::vector<std::string>>(),
                 supported_versions());
        json no_caps = stateless(4, "tools/list");
        no_caps["params"]["_meta"].erase("io.modelcontextprotocol/clientCapabilities");
        QCOMPARE(send(no_caps, peer)["error"]["code"].get<int>(), kInvalidParams);
        // The connection learns nothing from a stateless request.
        QVERIFY(peer->version.empty());
    }

    void unknownMethodsAndMalformedMessagesAreProtocolErrors() {
        QCOMPARE(send(stateless(1, "resources/list"))["error"]["code"].get<int>(), kMethodNotFound);
        const Reply garbage = send_raw("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":", peer_);
        const json g = json::parse(garbage.text);
        QCOMPARE(g["error"]["code"].get<int>(), kParseError);
        QVERIFY(g["id"].is_null());
        QVERIFY2(g["error"]["message"].get<std::string>().find("byte") != std::string::npos,
                 g.dump().c_str());
        QCOMPARE(json::parse(send_raw("[1,2]", peer_).text)["error"]["code"].get<int>(),
                 kInvalidRequest);
        QCOMPARE(
            json::parse(send_raw("{\"id\":1,\"method\":\"ping\"}", peer_).text)["error"]["code"]
                .get<int>(),
            kInvalidRequest);
        QCOMPARE(json::parse(send_raw("42", peer_).text)["error"]["code"].get<int>(),
                 kInvalidRequest);
        // Invalid UTF-8 inside a string is a parse error, not a crash or a stored mojibake.
        QCOMPARE(json::parse(send_raw(std::string("{\"a\":\"\xff\"}"), peer_).text)["error"]["code"]
                     .get<int>(),
                 kParseError);
        // A hostile nesting is refused before it is parsed.
        const json deep =
            json::parse(send_raw(std::string(100000, '[') + std::string(100000, ']'), peer_).text);
        QCOMPARE(deep["error"]["code"].get<int>(), kInvalidRequest);
        QVERIFY(deep["error"]["message"].get<std::string>().find("nested") != std::string::npos);
        // ... and the server goes on serving.
        QVERIFY(send(stateless(9, "ping"))["result"].is_object());
    }

    void toolErrorsNameTheArgument() {
        const json r = send(call(1, "memory_search", {{"query", "launch"}, {"limit", "ten"}}));
        QVERIFY(r["result"]["isError"].get<bool>());
        const std::string text = r["result"]["content"][0]["text"].get<std::string>();
        QVERIFY2(text.find("limit") != std::string::npos &&
                     text.find("integer") != std::string::npos,
                 text.c_str());
        const json missing = send(call(2, "memory_search", json::object()));
        QVERIFY(missing["result"]["isError"].get<bool>());
        QVERIFY(missing["result"]["content"][0]["text"].get<std::string>().find("query") !=
                std::string::npos);
        const json extra = send(call(3, "walk", {{"query", "x"}, {"hops", 2}}));
        QVERIFY(extra["result"]["content"][0]["text"].get<std::string>().find("'hops'") !=
                std::string::npos);
        const json time = send(call(4, "query_global", {{"since", "yesterday"}, {"until", "now"}}));
        QVERIFY(time["result"]["isError"].get<bool>());
        QVERIFY(time["result"]["content"][0]["text"].get<std::string>().find("since") !=
                std::string::npos);
        // 2025-06-18 makes arguments that do not fit the schema a protocol error.
        auto old = std::make_shared<Peer>("old");
        send(request(1, "initialize",
                     {{"protocolVersion", "2025-06-18"}, {"capabilities", json::object()}}),
             old);
        const json r0618 = send(
            request(5, "tools/call", {{"name", "memory_search"}, {"arguments", {{"limit", 3}}}}),
            old);
        QCOMPARE(r0618["error"]["code"].get<int>(), kInvalidParams);
        QCOMPARE(send(call(6, "no_such_tool", json::object()))["error"]["code"].get<int>(),
                 kInvalidParams);
        // FTS5 syntax in a query is text, never an error.
        const json fts = send(call(7, "memory_search", {{"query", "launch\" OR NEAR(a b) *"}}));
        QVERIFY(!fts["result"]["isError"].get<bool>());
    }

    // What an agent stores it finds, with its id, through the normal ingest path; both calls
    // are logged with the client and the connection.
    void storeThenSearchFindsIt() {
        const json stored = send(call(1, "memory_store",
                                      {{"text", "The quokka vaccination is on Thursday"},
                                       {"author", "agent"},
                                       {"time", "2024-01-20T10:00:00Z"}}));
        QVERIFY2(!stored["result"]["isError"].get<bool>(), stored.dump().c_str());
        const json sc = stored["result"]["structuredContent"];
        QVERIFY(sc["stored"].get<bool>());
        const std::string id = sc["node_ids"][0].get<std::string>();
        // The text content holds the same JSON (clients that do not read structuredContent).
        QCOMPARE(json::parse(stored["result"]["content"][0]["text"].get<std::string>()), sc);

        const json found = send(call(2, "memory_search", {{"query", "quokka vaccination"}}));
        const json hits = found["result"]["structuredContent"]["hits"];
        QVERIFY(!hits.empty());
        QVERIFY(!found["result"]["structuredContent"].contains("no_match"));
        // Words the vault lacks: no hits, and why, for the model to say it does not remember.
        const json none = send(call(4, "memory_search", {{"query", "zorblaxi quenthor"}}));
        const json nsc = none["result"]["structuredContent"];
        QVERIFY2(nsc["hits"].empty(), nsc.dump().c_str());
        QVERIFY2(nsc["no_match"].get<std::string>().starts_with(
                     "no match: none of the words zorblaxi, quenthor occurs in this vault"),
                 nsc.dump().c_str());
        const json full =
            send(call(5, "memory_search", {{"query", "zorblaxi quenthor"}, {"detail", "full"}}));
        QCOMPARE(full["result"]["structuredContent"]["no_match"]["unknown_terms"].size(),
                 std::size_t{2});
        // A brief hit names its chunk by its short id (memories.h): the start of the id.
        const std::string short_id = hits[0]["id"].get<std::string>();
        QVERIFY2(short_id.size() >= kShortIdChars && short_id.size() < id.size() &&
                     id.starts_with(short_id),
                 short_id.c_str());
        QVERIFY(!hits[0]["verdict"].get<std::string>().empty());
        QVERIFY(!hits[0].contains("explanation"));
        const json explained =
            send(call(3, "memory_search", {{"query", "quokka vaccination"}, {"explain", true}}));
        QVERIFY(explained["result"]["structuredContent"]["hits"][0]["explanation"].is_object());

        const json again = send(call(4, "memory_store",
                                     {{"text", "The quokka vaccination is on Thursday"},
                                      {"author", "agent"},
                                      {"time", "2024-01-20T10:00:00Z"}}));
        QVERIFY(again["result"]["structuredContent"]["duplicate"].get<bool>());

        // Every id argument takes the short id.
        const json leaves = send(call(5, "fetch_leaves", {{"chunk_ids", {short_id}}}));
        QCOMPARE(leaves["result"]["structuredContent"]["hits"][0]["content"].get<std::string>(),
                 std::string("The quokka vaccination is on Thursday"));
        QCOMPARE(leaves["result"]["structuredContent"]["hits"][0]["node_id"].get<std::string>(),
                 id);
        const json ex =
            send(call(6, "explain", {{"query", "quokka vaccination"}, {"node_id", id}}));
        QVERIFY(ex["result"]["structuredContent"]["returned"].get<bool>());
        QCOMPARE(ex["result"]["structuredContent"]["rank"].get<int>(), 1);
        const json wn = send(
            call(7, "why_not", {{"query", "quokka vaccination"}, {"node_id", "no-such-node"}}));
        QCOMPARE(wn["result"]["structuredContent"]["stage"].get<std::string>(),
                 std::string("unknown_node"));

        server_->drain();
        const auto rows = log_rows(vault_);
        int store_rows = 0, search_rows = 0;
        for (const AuditRecord& row : rows) {
            if (row.caller.tool == "memory_store" && row.sources.find(id) != std::string::npos)
                ++store_rows;
            if (row.caller.tool == "memory_search" && row.query == "quokka vaccination") {
                ++search_rows;
                QCOMPARE(row.caller.client, std::string("tst-mcp 1.0"));
                QCOMPARE(row.caller.session, std::string("test peer"));
                QVERIFY(row.sources.find(id) != std::string::npos);
            }
        }
        QCOMPARE(store_rows, 2); // the second store names the node the first one stored
        QCOMPARE(search_rows, 2);
    }

    // Results written for a model (memlens/brief.h): a brief hit is the memory and what placed
    // it, no score, within kBriefHitTokens of its own words; full keeps every field.
    void briefHitsCostLittleBesidesTheirText() {
        const json stored = send(call(1, "memory_store",
                                      {{"text", "Priya moved the wombat census to the 14th"},
                                       {"author", "assistant"},
                                       {"source", "chat:brief-test"},
                                       {"time", "2024-03-02T08:30:00Z"}}));
        QVERIFY2(!stored["result"]["isError"].get<bool>(), stored.dump().c_str());
        const std::string id = stored["result"]["structuredContent"]["node_ids"][0];
        const json r = send(call(2, "memory_search", {{"query", "wombat census"}, {"limit", 5}}));
        QVERIFY2(!r["result"]["isError"].get<bool>(), r.dump().c_str());
        const json hits = r["result"]["structuredContent"]["hits"];
        QVERIFY(hits.size() >= 2);
        const json top = hits[0];
        const std::string short_id = top["id"].get<std::string>();
        QVERIFY2(id.starts_with(short_id) && short_id.size() >= kShortIdChars, short_id.c_str());
        QCOMPARE(top["text"].get<std::string>(),
                 std::string("Priya moved the wombat census to the 14th"));
        QCOMPARE(top["author"].get<std::string>(), std::string("assistant"));
        QCOMPARE(top["time"].get<std::string>(), std::string("2024-03-02T08:30Z")); // minutes
        QCOMPARE(top["source"].get<std::string>(), std::string("chat:brief-test"));
        QVERIFY(!top.contains("superseded"));
        // The verdict keeps the legs' ranks and drops the numbers and its own rank (the hit's
        // place in the list): no score anywhere in brief.
        const std::string verdict = top["verdict"].get<std::string>();
        QVERIFY2(!verdict.starts_with("#") && verdict.find("rank") != std::string::npos &&
                     verdict.find("RRF") == std::string::npos &&
                     verdict.find('.') == std::string::npos,
                 verdict.c_str());
        for (const json& h : hits)
            QVERIFY(!h.contains("score") && !h.contains("explanation"));
        // The text content is that JSON in reading order: id and text first, verdict last.
        const std::string text = r["result"]["content"][0]["text"].get<std::string>();
        QCOMPARE(json::parse(text), r["result"]["structuredContent"]);
        QVERIFY(text.starts_with("{\"hits\":[{\"id\":\"" + short_id + "\",\"text\":"));
        // What the answer costs besides the memories' own words (each hit's id, author, time,
        // source, tags, flag and verdict, the JSON around them, the total), per hit.
        std::size_t own = 0, most = 0;
        for (const json& h : hits) {
            const std::size_t words = context_tokens(h["text"].get<std::string>());
            own += words;
            most = std::max(most, context_tokens(h.dump()) - words);
        }
        const std::size_t per_hit = (context_tokens(text) - own) / hits.size();
        qInfo("brief hits: %zu tokens a hit besides their words (at most %zu)", per_hit, most);
        QVERIFY2(per_hit <= kBriefHitTokens, text.c_str());
        // detail=full is the CLI's hit with its score and the whole verdict line.
        const json full = send(call(
            3, "memory_search", {{"query", "wombat census"}, {"limit", 5}, {"detail", "full"}}));
        const json f0 = full["result"]["structuredContent"]["hits"][0];
        QCOMPARE(f0["node_id"].get<std::string>(), id);
        QVERIFY(f0["score"].is_number());
        QVERIFY(f0["verdict"].get<std::string>().find("RRF") != std::string::npos);
        QVERIFY(!f0.contains("explanation"));
        QCOMPARE(brief_verdict(f0["verdict"].get<std::string>()), verdict);
    }

    // A memory a newer one supersedes says so in its brief hit.
    void aSupersededMemorySaysSo() {
        for (const auto& [text, extra] :
             {std::pair<std::string, json>{"The platypus budget is 40 dollars",
                                           {{"message_id", "platypus-1"}}},
              {"The platypus budget is 55 dollars", {{"supersedes", "platypus-1"}}}}) {
            json args = {{"text", text}, {"source", "chat:brief-test"}};
            args.update(extra);
            const json r = send(call(1, "memory_store", args));
            QVERIFY2(!r["result"]["isError"].get<bool>(), r.dump().c_str());
        }
        const json r = send(call(2, "memory_search", {{"query", "platypus budget"}}));
        bool old_seen = false;
        for (const json& h : r["result"]["structuredContent"]["hits"]) {
            const std::string text = h["text"].get<std::string>();
            if (text.find("40 dollars") != std::string::npos) {
                old_seen = true;
                QVERIFY2(h.value("superseded", false), h.dump().c_str());
            }
            if (text.find("55 dollars") != std::string::npos)
                QVERIFY2(!h.contains("superseded"), h.dump().c_str());
        }
        QVERIFY(old_seen);
    }

    // why_not and explain answer in words first, within kBriefAnswerTokens; full keeps all.
    void whyNotAndExplainAreBriefByDefault() {
        const json ex = send(call(
            1, "explain", {{"query", "wombat census"}, {"node_id", first_hit("wombat census")}}));
        const std::string ex_text = ex["result"]["content"][0]["text"].get<std::string>();
        QVERIFY2(ex_text.starts_with("{\"verdict\":\"#1"), ex_text.c_str());
        QVERIFY(ex["result"]["structuredContent"]["returned"].get<bool>());
        QVERIFY(!ex["result"]["structuredContent"].contains("explanation"));
        QVERIFY2(context_tokens(ex_text) < kBriefAnswerTokens, ex_text.c_str());

        // A chunk of the generated corpus that the query does not return.
        const std::string other = first_hit("launch budget review");
        for (const char* tool : {"why_not", "explain"}) {
            const json r =
                send(call(2, tool, {{"query", "wombat census"}, {"limit", 1}, {"node_id", other}}));
            QVERIFY2(!r["result"]["isError"].get<bool>(), r.dump().c_str());
            const std::string text = r["result"]["content"][0]["text"].get<std::string>();
            QVERIFY2(text.starts_with("{\"verdict\":\"Not returned"), text.c_str());
            QVERIFY2(context_tokens(text) < kBriefAnswerTokens, text.c_str());
            const json sc = r["result"]["structuredContent"];
            QCOMPARE(json::parse(text), sc);
            QVERIFY(!sc["stage"].get<std::string>().empty());
            QCOMPARE(sc["node_id"].get<std::string>(), other);
            const json full = send(call(3, tool,
                                        {{"query", "wombat census"},
                                         {"limit", 1},
                                         {"node_id", other},
                                         {"detail", "full"}}));
            const json fsc = full["result"]["structuredContent"];
            QVERIFY2(context_tokens(full["result"]["content"][0]["text"].get<std::string>()) >
                         context_tokens(text),
                     fsc.dump().c_str());
        }
    }

    // The tools/list a server gives by default (the "memory" set) fits kToolListTokens; each
    // closed set of values is an enum, and profile's is the core's list of profiles.
    void theToolListIsSmallAndSaysWhatItTakes() {
        ServerOptions o;
        o.vault_dir = vault_;
        auto lean = Server::start(o);
        QVERIFY2(lean.is_ok(), lean.status().to_string().c_str());
        auto ask = [&](const json& msg) {
            return json::parse(
                send_raw(msg.dump(), std::make_shared<Peer>("lean"), lean->get()).text);
        };
        const json r = ask(stateless(1, "tools/list"));
        std::vector<std::string> names;
        for (const json& t : r["result"]["tools"])
            names.push_back(t["name"]);
        QCOMPARE(names,
                 (std::vector<std::string>{"memory_search", "drill_down", "why_not", "explain",
                                           "memory_store", "memory_update", "memory_list",
                                           "memory_get", "memory_forget", "memory_feedback"}));
        const std::string text = r["result"].dump();
        const std::size_t cost = context_tokens(text);
        qInfo("tools/list: %zu tools, %zu tokens (every tool: %zu)", names.size(), cost,
              context_tokens(send(stateless(2, "tools/list"))["result"].dump()));
        QVERIFY2(cost <= kToolListTokens, std::to_string(cost).c_str());
        // A tool left out is refused, saying how to offer it.
        const json off = ask(call(3, "query_topic", {{"entity_id", "person:priya"}}));
        QCOMPARE(off["error"]["code"].get<int>(), kInvalidParams);
        QVERIFY2(off["error"]["message"].get<std::string>().find("--tools all") !=
                     std::string::npos,
                 off.dump().c_str());
        // The sets and names --tools takes, and what it refuses.
        const auto both = select_tools("memory, query_topic");
        QVERIFY(both.is_ok());
        QCOMPARE(both->size(), names.size() + 1);
        QCOMPARE(select_tools("all")->size(), tool_specs(false).size());
        QCOMPARE(select_tools("primitives")->size(), std::size_t{8});
        const auto bad_set = select_tools("memory,recall");
        QVERIFY(!bad_set.is_ok());
        QVERIFY2(bad_set.status().message().find("'recall'") != std::string::npos,
                 bad_set.status().message().c_str());
        QVERIFY(!select_tools(" , ").is_ok());
        json search;
        for (const json& t : r["result"]["tools"])
            if (t["name"] == "memory_search")
                search = t["inputSchema"]["properties"];
        std::vector<std::string> profiles = search["profile"]["enum"];
        QCOMPARE(profiles, WeightProfile::names({}));
        QCOMPARE(search["detail"]["enum"], json::array({"brief", "full"}));
        QCOMPARE(search["mode"]["enum"], json::array({"hybrid", "keyword", "semantic"}));
        const json bad = send(call(2, "memory_search", {{"query", "x"}, {"profile", "recency"}}));
        QVERIFY(bad["result"]["isError"].get<bool>());
        QVERIFY(bad["result"]["content"][0]["text"].get<std::string>().find("balanced") !=
                std::string::npos);
    }

    // The estimate every budget is stated in: what it counts, piece by piece.
    void tokensAreEstimatedPieceByPiece() {
        QCOMPARE(context_tokens(""), std::size_t{0});
        QCOMPARE(context_tokens("the cat sat"), std::size_t{3});  // three words
        QCOMPARE(context_tokens("explanations"), std::size_t{2}); // 12 letters
        QCOMPARE(context_tokens("2024"), std::size_t{2});         // 4 digits
        QCOMPARE(context_tokens("\":\""), std::size_t{1});        // 3 marks
        QCOMPARE(context_tokens("Grüße"), std::size_t{4});        // Gr, ü, ß, e
        QCOMPARE(context_tokens("a\n\n  b"), std::size_t{3});     // a, spacing, b
    }

    // Unknown ids are tool errors that name the id, where an empty list would look like an
    // answer.
    void unknownIdsAreErrorsNamingThem() {
        const std::string known = first_hit("launch budget review");
        const json leaves =
            send(call(1, "fetch_leaves", {{"chunk_ids", {known, "no-such-chunk"}}}));
        QVERIFY(leaves["result"]["isError"].get<bool>());
        std::string text = leaves["result"]["content"][0]["text"].get<std::string>();
        QVERIFY2(text.find("'no-such-chunk'") != std::string::npos &&
                     text.find(known) == std::string::npos,
                 text.c_str());
        const json drill = send(call(2, "drill_down", {{"node_id", "no-such-summary"}}));
        QVERIFY(drill["result"]["isError"].get<bool>());
        text = drill["result"]["content"][0]["text"].get<std::string>();
        QVERIFY2(text.find("'no-such-summary'") != std::string::npos, text.c_str());
        const json topic = send(call(3, "query_topic", {{"entity_id", "person:nobody-at-all"}}));
        QVERIFY(topic["result"]["isError"].get<bool>());
        text = topic["result"]["content"][0]["text"].get<std::string>();
        QVERIFY2(text.find("'person:nobody-at-all'") != std::string::npos, text.c_str());
        // Known ids still answer.
        QVERIFY(!send(call(4, "fetch_leaves", {{"chunk_ids", {known}}}))["result"]["isError"]
                     .get<bool>());
        const json entities = send(call(5, "search_entities", {{"query", "a"}, {"limit", 1}}));
        const std::string entity =
            entities["result"]["structuredContent"]["entities"][0]["canonical_id"];
        const json found = send(call(6, "query_topic", {{"entity_id", entity}}));
        QVERIFY2(!found["result"]["isError"].get<bool>(), found.dump().c_str());
        QVERIFY(!found["result"]["structuredContent"]["hits"].empty());
    }

    // The same memory stored twice: the second call names the node the first one stored.
    void aDuplicateStoreNamesTheStoredNode() {
        const json args = {{"text", "The axolotl tank needs a new filter"},
                           {"author", "agent"},
                           {"source", "chat:dup-test"},
                           {"time", "2024-04-01T12:00:00Z"}};
        const json first = send(call(1, "memory_store", args));
        const json sc1 = first["result"]["structuredContent"];
        QVERIFY(sc1["stored"].get<bool>() && !sc1["duplicate"].get<bool>());
        const std::string id = sc1["node_ids"][0];
        const json again = send(call(2, "memory_store", args));
        const json sc2 = again["result"]["structuredContent"];
        QVERIFY(!again["result"]["isError"].get<bool>());
        QVERIFY(!sc2["stored"].get<bool>() && sc2["duplicate"].get<bool>());
        QCOMPARE(sc2["node_ids"], json::array({id}));
        QVERIFY2(sc2["note"].get<std::string>().find("already stored as " + id) !=
                     std::string::npos,
                 sc2.dump().c_str());
        // By message_id as well.
        json with_id = args;
        with_id["text"] = "The axolotl eats bloodworms";
        with_id["message_id"] = "axolotl-food";
        const std::string fed =
            send(call(3, "memory_store", with_id))["result"]["structuredContent"]["node_ids"][0];
        const json fed_again = send(call(4, "memory_store", with_id));
        QCOMPARE(fed_again["result"]["structuredContent"]["node_ids"], json::array({fed}));
    }

    // audit list --agents shows a client that sent no client info, as anonymous; --client
    // takes the name alone as well as "name version".
    void auditListShowsAnonymousAgentsAndMatchesNames() {
        auto anon = std::make_shared<Peer>("anonymous peer");
        json params = {{"name", "search_entities"}, {"arguments", {{"query", "anon-marker"}}}};
        params["_meta"] = meta();
        params["_meta"].erase("io.modelcontextprotocol/clientInfo");
        QVERIFY(!send(request(1, "tools/call", params), anon)["result"]["isError"].get<bool>());
        QVERIFY(!send(call(2, "search_entities", {{"query", "named-marker"}}))["result"]["isError"]
                     .get<bool>());
        server_->drain();
        auto v = Vault::open(vault_, true);
        QVERIFY(v.is_ok());
        AuditFilter agents;
        agents.agents_only = true;
        agents.text = "marker";
        auto rows = list_audit((*v)->db(), agents, 100, 0);
        QVERIFY(rows.is_ok());
        QCOMPARE(rows->size(), std::size_t{2});
        AuditFilter by_name;
        by_name.text = "marker";
        for (const auto& [client, expected] : {std::pair<std::string, std::size_t>{"tst-mcp", 1},
                                               {"tst-mcp 1.0", 1},
                                               {"tst", 0},
                                               {"tst-mcp 1", 0}}) {
            by_name.client = client;
            auto named = list_audit((*v)->db(), by_name, 100, 0);
            QVERIFY(named.is_ok());
            QVERIFY2(named->size() == expected, client.c_str());
        }
        QProcess p;
        p.start(QString::fromStdString(test::cli_path()),
                {QStringLiteral("audit"), QStringLiteral("--vault"),
                 QString::fromStdString(vault_.string()), QStringLiteral("list"),
                 QStringLiteral("--agents"), QStringLiteral("--text"),
                 QStringLiteral("anon-marker")});
        QVERIFY(p.waitForFinished(60000));
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY2(p.exitCode() == 0 && out.contains(QStringLiteral("[anonymous, anonymous peer]")),
                 qPrintable(out));
    }

    // memory_forget removes a stored memory: it says what it removed, no tool returns it
    // afterwards, the store's audit row keeps its id with the marker for its text, and an id
    // the vault does not hold is a tool error naming it.
    void forgetRemovesWhatWasStored() {
        const json stored = send(call(1, "memory_store",
                                      {{"text", "The wombat passport code is Zephyrine"},
                                       {"author", "agent"},
                                       {"time", "2024-01-21T10:00:00Z"}}));
        QVERIFY2(!stored["result"]["isError"].get<bool>(), stored.dump().c_str());
        const std::string id = stored["result"]["structuredContent"]["node_ids"][0];
        const json forgot = send(call(2, "memory_forget", {{"ids", {id}}}));
        QVERIFY2(!forgot["result"]["isError"].get<bool>(), forgot.dump().c_str());
        const json sc = forgot["result"]["structuredContent"];
        QCOMPARE(sc["forgotten"], json::array({id}));
        QVERIFY(sc["summaries_resealed"].is_array());
        QVERIFY(sc["audit_rows"].get<int>() >= 1); // the store's row
        QCOMPARE(json::parse(forgot["result"]["content"][0]["text"].get<std::string>()), sc);

        const json found = send(call(3, "memory_search", {{"query", "wombat passport code"}}));
        for (const auto& h : found["result"]["structuredContent"]["hits"])
            QVERIFY(h["id"].get<std::string>() != id);
        // Read back by id: no hit, or (where an unknown id is a tool error) an error naming it.
        const json leaves = send(call(4, "fetch_leaves", {{"chunk_ids", {id}}}));
        if (leaves["result"].value("isError", false))
            QVERIFY(leaves["result"]["content"][0]["text"].get<std::string>().find(id) !=
                    std::string::npos);
        else
            QVERIFY(leaves["result"]["structuredContent"]["hits"].empty());
        const json again = send(call(5, "memory_forget", {{"ids", {id}}}));
        QVERIFY(again["result"]["isError"].get<bool>());
        QVERIFY(again["result"]["content"][0]["text"].get<std::string>().find(id) !=
                std::string::npos);
        const json both = send(call(6, "memory_forget", {{"ids", {id}}, {"source", "chat:agent"}}));
        QVERIFY(both["result"]["isError"].get<bool>());

        server_->drain();
        int store_rows = 0;
        for (const AuditRecord& row : log_rows(vault_)) {
            QVERIFY(row.query.find("Zephyrine") == std::string::npos);
            QVERIFY(row.caller.arguments.find("Zephyrine") == std::string::npos);
            QVERIFY(row.query_profile.find("Zephyrine") == std::string::npos);
            if (row.caller.tool == "memory_store" && row.sources.find(id) != std::string::npos) {
                ++store_rows;
                QCOMPARE(row.query, std::string(kForgottenMarker));
            }
        }
        QCOMPARE(store_rows, 1);
    }

    // memory_store refuses what the importers refuse (one rule in the ingestor): NUL in the
    // text, author or source, text of Unicode spaces only, a 200 KB author or message id.
    void aStoreRefusesWhatAnImportRefuses() {
        const std::pair<json, std::string> cases[] = {
            {{{"text", std::string("a\0b", 3)}}, "NUL"},
            {{{"text", "fine"}, {"author", std::string("ag\0ent", 6)}}, "author"},
            {{{"text", "fine"}, {"source", std::string("chat:a\0b", 9)}}, "source"},
            {{{"text", "\u3000\u2003\u00a0"}}, "blank"},
            {{{"text", "fine"}, {"author", std::string(200000, 'a')}}, "author"},
            {{{"text", "fine"}, {"message_id", std::string(200000, 'm')}}, "message id"},
        };
        int id = 60;
        for (const auto& [args, what] : cases) {
            const json r = send(call(id++, "memory_store", args));
            QVERIFY2(r["result"]["isError"].get<bool>(), r.dump().substr(0, 300).c_str());
            const std::string text = r["result"]["content"][0]["text"].get<std::string>();
            QVERIFY2(text.find(what) != std::string::npos, text.c_str());
        }
    }

    // Edit, list, get and tags (memories.h): a tagged store is found by its tag in search and
    // list, an update supersedes it and says both ids, get says both ways, and unknown ids and
    // bad arguments are tool errors naming them. Each call is logged with its ids.
    void editListGetAndTags() {
        auto sc = [](const json& r) { return r["result"]["structuredContent"]; };
        auto error_text = [](const json& r) {
            return r["result"]["isError"].get<bool>()
                       ? r["result"]["content"][0]["text"].get<std::string>()
                       : std::string();
        };
        const json stored = send(call(80, "memory_store",
                                      {{"text", "The wombat prefers carrots to lettuce"},
                                       {"source", "chat:zoo"},
                                       {"author", "keeper"},
                                       {"time", "2024-02-01T10:00:00Z"},
                                       {"tags", {"Diet", "wombat"}}}));
        QVERIFY2(!stored["result"]["isError"].get<bool>(), stored.dump().c_str());
        const std::string id = sc(stored)["node_ids"][0].get<std::string>();
        send(call(81, "memory_store",
                  {{"text", "The wombat sleeps through the afternoon"},
                   {"source", "chat:zoo"},
                   {"time", "2024-02-01T11:00:00Z"}}));

        const json tagged =
            send(call(82, "memory_search", {{"query", "wombat"}, {"tags", {"diet"}}}));
        const json hits = sc(tagged)["hits"];
        QCOMPARE(hits.size(), std::size_t{1});
        const std::string short_id = hits[0]["id"].get<std::string>();
        QVERIFY(id.starts_with(short_id));

        // The hit the agent used, graded: a judgment naming the search's audit row.
        server_->drain();
        const json graded = send(call(95, "memory_feedback",
                                      {{"query", "wombat"}, {"node_id", short_id}, {"grade", 3}}));
        QVERIFY2(!graded["result"]["isError"].get<bool>(), graded.dump().c_str());
        QCOMPARE(sc(graded)["node_id"].get<std::string>(), id);
        QVERIFY(sc(graded)["audit_id"].get<std::int64_t>() > 0);
        QVERIFY(error_text(send(call(96, "memory_feedback",
                                     {{"query", "never asked"}, {"node_id", id}, {"grade", 1}})))
                    .find("no logged search") != std::string::npos);
        QVERIFY(error_text(send(call(97, "memory_feedback",
                                     {{"query", "wombat"}, {"node_id", id}, {"grade", 4}})))
                    .find("grade") != std::string::npos);

        // The vault's health over MCP (offered with --tools all): the searches logged so far.
        const json health = send(call(98, "memory_health", json::object()));
        QVERIFY2(!health["result"]["isError"].get<bool>(), health.dump().c_str());
        QVERIFY(sc(health)["searches"].get<int>() >= 1);
        QVERIFY(sc(health)["chunks"].get<int>() > 0);
        QVERIFY(sc(health)["by_age"].is_array());
        QVERIFY(error_text(send(call(99, "memory_health",
                                     {{"since", "2030-01-01T00:00:00Z"},
                                      {"until", "2020-01-01T00:00:00Z"}})))
                    .find("since") != std::string::npos);

        const json listed = send(call(83, "memory_list", {{"source", "chat:zoo"}, {"limit", 1}}));
        QCOMPARE(sc(listed)["memories"].size(), std::size_t{1});
        QCOMPARE(sc(listed)["memories"][0]["text"].get<std::string>(),
                 std::string("The wombat sleeps through the afternoon"));
        const json page2 = send(
            call(84, "memory_list",
                 {{"source", "chat:zoo"}, {"limit", 1}, {"cursor", sc(listed)["next_cursor"]}}));
        QCOMPARE(sc(page2)["memories"][0]["id"].get<std::string>(), id);
        QCOMPARE(sc(page2)["memories"][0]["tags"], json({"Diet", "wombat"}));

        // The hit's short id names the memory to every tool; answers give the whole id.
        const json updated =
            send(call(85, "memory_update",
                      {{"id", short_id}, {"text", "The wombat now prefers sweet potato"}}));
        QVERIFY2(!updated["result"]["isError"].get<bool>(), updated.dump().c_str());
        QCOMPARE(sc(updated)["old_id"].get<std::string>(), id);
        const std::string newer = sc(updated)["new_ids"][0].get<std::string>();

        const json got = send(call(86, "memory_get", {{"ids", {id, newer}}}));
        const json ms = sc(got)["memories"];
        QCOMPARE(ms.size(), std::size_t{2});
        QVERIFY(ms[0]["superseded"].get<bool>());
        QCOMPARE(ms[0]["superseded_by"], json({newer}));
        QCOMPARE(ms[1]["supersedes"].get<std::string>(), id);
        QCOMPARE(ms[1]["author"].get<std::string>(), std::string("keeper"));
        QCOMPARE(ms[1]["tags"], json({"Diet", "wombat"}));
        // The search with the tag finds the new version first; the old one is demoted.
        const json after =
            send(call(87, "memory_search", {{"query", "wombat"}, {"tags", {"Diet"}}}));
        QCOMPARE(sc(after)["hits"].size(), std::size_t{2});
        QVERIFY(newer.starts_with(sc(after)["hits"][0]["id"].get<std::string>()));
        QVERIFY(id.starts_with(sc(after)["hits"][1]["id"].get<std::string>()));

        QVERIFY(error_text(send(call(88, "memory_get", {{"ids", {"no-such-memory"}}})))
                    .find("no-such-memory") != std::string::npos);
        QVERIFY(error_text(send(call(89, "memory_update", {{"id", "gone-id"}, {"text", "x"}})))
                    .find("gone-id") != std::string::npos);
        QVERIFY(error_text(send(call(90, "memory_update", {{"id", id}, {"text", "again"}})))
                    .find(newer) != std::string::npos);
        QVERIFY(error_text(send(call(91, "memory_list", {{"cursor", "3"}}))).find("cursor:") !=
                std::string::npos);
        QVERIFY(error_text(send(call(92, "memory_list", {{"limit", 1000}}))).find("limit") !=
                std::string::npos);
        QVERIFY(error_text(send(call(93, "memory_store", {{"text", "x"}, {"tags", {" "}}})))
                    .find("tags[0]") != std::string::npos);
        QVERIFY(error_text(send(call(94, "memory_get", {{"ids", json::array()}}))).find("ids") !=
                std::string::npos);

        server_->drain();
        bool update_logged = false;
        for (const AuditRecord& row : log_rows(vault_))
            if (row.caller.tool == "memory_update" && !row.error &&
                row.sources.find(id) != std::string::npos &&
                row.sources.find(newer) != std::string::npos)
                update_logged = true;
        QVERIFY(update_logged);
    }

    // What a client sends is kept to a bound: a refused 3 MB store leaves a row of a few KB
    // that says what was cut, and error replies do not echo a 200 KB argument name.
    void auditRowsAndErrorsKeepABoundedPartOfTheInput() {
        const std::string huge(3u << 20, 'x');
        const json refused = send(call(40, "memory_store", {{"text", huge}, {"author", "agent"}}));
        QVERIFY(refused["result"]["isError"].get<bool>());
        QVERIFY(refused.dump().size() < 4096);
        const json named = send(call(41, "search_entities", {{std::string(200000, 'k'), 1}}));
        QVERIFY(named.dump().size() < 4096);
        QVERIFY2(named.dump().find("cut: 200") != std::string::npos, named.dump().c_str());
        server_->drain();
        bool seen = false;
        for (const AuditRecord& row : log_rows(vault_)) {
            QVERIFY2(row.query.size() + row.query_profile.size() + row.error.value_or("").size() <
                         64 * 1024,
                     row.caller.tool.c_str());
            if (row.caller.tool == "memory_store" && row.error &&
                row.error->find(std::to_string(huge.size())) != std::string::npos) {
                seen = true;
                QVERIFY2(row.query_profile.find("[cut: ") != std::string::npos,
                         row.query_profile.substr(0, 200).c_str());
            }
        }
        QVERIFY(seen);
    }

    // Reads never wait behind a write: a memory_store held on the writer at its start, a
    // memory_search and a search_entities sent after it are answered meanwhile (on the readers,
    // each with its own connection); the store then completes and a search finds it.
    void searchesAnswerWhileAStoreRuns() {
        std::mutex mu;
        std::condition_variable cv;
        bool store_started = false, go = false;
        ServerOptions o;
        o.vault_dir = vault_;
        o.tools = "all";
        o.before_call = [&](const std::string& tool) {
            if (tool != "memory_store")
                return;
            std::unique_lock lock(mu);
            store_started = true;
            cv.notify_all();
            cv.wait(lock, [&] { return go; });
        };
        auto server = Server::start(o);
        QVERIFY2(server.is_ok(), server.status().to_string().c_str());
        auto peer = std::make_shared<Peer>("agent");
        std::promise<Reply> stored;
        (*server)->handle(
            call(60, "memory_store", {{"text", "Quillon the heron nests by the old mill pond"}})
                .dump(),
            peer, [&stored](Reply r) { stored.set_value(std::move(r)); });
        {
            std::unique_lock lock(mu);
            QVERIFY(cv.wait_for(lock, std::chrono::seconds(30), [&] { return store_started; }));
        }
        std::promise<Reply> searched, entities;
        (*server)->handle(call(61, "memory_search", {{"query", "launch budget"}}).dump(), peer,
                          [&searched](Reply r) { searched.set_value(std::move(r)); });
        (*server)->handle(call(62, "search_entities", {{"query", "a"}}).dump(), peer,
                          [&entities](Reply r) { entities.set_value(std::move(r)); });
        auto s = searched.get_future();
        auto e = entities.get_future();
        // Generous: only a search stuck behind the held store fails this.
        QVERIFY(s.wait_for(std::chrono::seconds(60)) == std::future_status::ready);
        QVERIFY(e.wait_for(std::chrono::seconds(60)) == std::future_status::ready);
        QVERIFY2(!json::parse(s.get().text)["result"]["isError"].get<bool>(), "search failed");
        QVERIFY2(!json::parse(e.get().text)["result"]["isError"].get<bool>(), "entities failed");
        auto st = stored.get_future();
        QVERIFY(st.wait_for(std::chrono::milliseconds(0)) == std::future_status::timeout);
        {
            std::lock_guard lock(mu);
            go = true;
        }
        cv.notify_all();
        const json store_answer = json::parse(st.get().text);
        QVERIFY2(!store_answer["result"]["isError"].get<bool>(), store_answer.dump().c_str());
        std::promise<Reply> found;
        (*server)->handle(call(63, "memory_search", {{"query", "Quillon heron"}}).dump(), peer,
                          [&found](Reply r) { found.set_value(std::move(r)); });
        const std::string answer = found.get_future().get().text;
        QVERIFY2(answer.find("Quillon") != std::string::npos, answer.substr(0, 400).c_str());
        (*server)->drain();
    }

    // notifications/cancelled stops a call: held at its start, cancelled, it answers as
    // cancelled (stdio then sends nothing) and its audit row says so.
    void aCancelledCallAnswersAsCancelled() {
        std::mutex mu;
        std::condition_variable cv;
        bool started = false, go = false;
        ServerOptions o;
        o.vault_dir = vault_;
        o.tools = "all";
        o.before_call = [&](const std::string&) {
            std::unique_lock lock(mu);
            started = true;
            cv.notify_all();
            cv.wait(lock, [&] { return go; });
        };
        auto server = Server::start(o);
        QVERIFY(server.is_ok());
        auto peer = std::make_shared<Peer>("cancelling peer");
        std::promise<Reply> p;
        auto f = p.get_future();
        (*server)->handle(call(41, "memory_search", {{"query", "launch budget"}}).dump(), peer,
                          [&p](Reply r) { p.set_value(std::move(r)); });
        {
            std::unique_lock lock(mu);
            QVERIFY(cv.wait_for(lock, std::chrono::seconds(30), [&] { return started; }));
        }
        std::promise<Reply> n;
        (*server)->handle(json{{"jsonrpc", "2.0"},
                               {"method", "notifications/cancelled"},
                               {"params", {{"requestId", 41}, {"reason", "user pressed stop"}}}}
                              .dump(),
                          peer, [&n](Reply r) { n.set_value(std::move(r)); });
        QVERIFY(n.get_future().get().text.empty());
        {
            std::lock_guard lock(mu);
            go = true;
        }
        cv.notify_all();
        const Reply r = f.get();
        QVERIFY(r.cancelled);
        QCOMPARE(json::parse(r.text)["error"]["code"].get<int>(), kRequestCancelled);
        (*server)->drain();
        server->reset();
        bool logged = false;
        for (const AuditRecord& row : log_rows(vault_))
            if (row.caller.session == "cancelling peer")
                logged = row.error && row.error->find("cancelled") != std::string::npos;
        QVERIFY(logged);
    }

    void aReadOnlyServerStoresNothing() {
        ServerOptions o;
        o.vault_dir = vault_;
        o.tools = "all";
        o.read_only = true;
        auto server = Server::start(o);
        QVERIFY2(server.is_ok(), server.status().to_string().c_str());
        QVERIFY(find_tool((*server)->tools(), "memory_store") == nullptr);
        QVERIFY(find_tool((*server)->tools(), "memory_update") == nullptr);
        QVERIFY(find_tool((*server)->tools(), "memory_list") != nullptr);
        QVERIFY(find_tool((*server)->tools(), "memory_forget") == nullptr);
        QVERIFY(find_tool((*server)->tools(), "memory_search") != nullptr);
        std::promise<Reply> p;
        (*server)->handle(call(1, "memory_store", {{"text", "x"}}).dump(), peer_,
                          [&p](Reply r) { p.set_value(std::move(r)); });
        const json r = json::parse(p.get_future().get().text);
        QCOMPARE(r["error"]["code"].get<int>(), kInvalidParams);
        QVERIFY(r["error"]["message"].get<std::string>().find("read-only") != std::string::npos);
        // It says that it logs nothing, where the client reads what the server is.
        std::promise<Reply> d;
        (*server)->handle(stateless(2, "server/discover").dump(), peer_,
                          [&d](Reply answer) { d.set_value(std::move(answer)); });
        const std::string said =
            json::parse(d.get_future().get().text)["result"]["instructions"].get<std::string>();
        QVERIFY2(said.find("not logged") != std::string::npos, said.c_str());
        QVERIFY(said.find("Every call is written") == std::string::npos);
    }

    // The real process over stdio: one message a line in, one a line out, nothing else on
    // stdout; a malformed line is answered and the next one served.
    void stdioServesLineByLine() {
        QProcess p;
        p.start(QString::fromStdString(test::cli_path()),
                {QStringLiteral("serve"), QStringLiteral("--vault"),
                 QString::fromStdString(vault_.string()), QStringLiteral("--tools"),
                 QStringLiteral("all")});
        QVERIFY(p.waitForStarted());
        const std::string in = stateless(1, "server/discover").dump() + "\n" + "not json\n" +
                               call(2, "search_entities", {{"query", "a"}}).dump() + "\n";
        p.write(in.data(), static_cast<qint64>(in.size()));
        p.closeWriteChannel();
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QList<QByteArray> lines = p.readAllStandardOutput().trimmed().split('\n');
        QCOMPARE(lines.size(), 3);
        for (const QByteArray& line : lines)
            QVERIFY(json::parse(line.toStdString(), nullptr, false).is_object());
        QCOMPARE(json::parse(lines[1].toStdString())["error"]["code"].get<int>(), kParseError);
        QVERIFY(json::parse(lines[2].toStdString())["result"]["structuredContent"]["entities"]
                    .is_array());
    }

    // A number beyond a double (1e400), as the id or in the arguments, is a parse error, and
    // the next line is answered: one message never ends the server.
    void aNumberBeyondADoubleIsAnErrorAndTheServerGoesOn() {
        QProcess p;
        p.start(QString::fromStdString(test::cli_path()),
                {QStringLiteral("serve"), QStringLiteral("--vault"),
                 QString::fromStdString(vault_.string()), QStringLiteral("--tools"),
                 QStringLiteral("all")});
        QVERIFY(p.waitForStarted());
        const std::string in =
            R"({"jsonrpc":"2.0","id":1e400,"method":"ping"})"
            "\n"
            R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search_entities",)"
            R"("arguments":{"query":"a","limit":1e400},"_meta":{)"
            R"("io.modelcontextprotocol/protocolVersion":"2026-07-28",)"
            R"("io.modelcontextprotocol/clientCapabilities":{}}}})"
            "\n" +
            call(3, "search_entities", {{"query", "a"}}).dump() + "\n";
        p.write(in.data(), static_cast<qint64>(in.size()));
        p.closeWriteChannel();
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QList<QByteArray> lines = p.readAllStandardOutput().trimmed().split('\n');
        QCOMPARE(lines.size(), 3);
        for (int i = 0; i < 2; ++i) {
            const json e = json::parse(lines[i].toStdString());
            QCOMPARE(e["error"]["code"].get<int>(), kParseError);
            QVERIFY2(e["error"]["message"].get<std::string>().find("double") != std::string::npos,
                     lines[i].constData());
        }
        QCOMPARE(json::parse(lines[2].toStdString())["id"].get<int>(), 3);
    }

    // Every call a stdio server answered is in the audit log, however it ends: killed with
    // SIGKILL the moment its answer arrives (no handler runs), or stopped with SIGTERM.
    void answeredCallsAreLoggedHoweverTheServerEnds() {
        for (const int sig : {SIGKILL, SIGKILL, SIGKILL, SIGTERM, SIGINT}) {
            const auto before = log_rows(vault_).size();
            QProcess p;
            p.start(QString::fromStdString(test::cli_path()),
                    {QStringLiteral("serve"), QStringLiteral("--vault"),
                     QString::fromStdString(vault_.string()), QStringLiteral("--tools"),
                     QStringLiteral("all")});
            QVERIFY(p.waitForStarted());
            const std::string in = call(1, "search_entities", {{"query", "a"}}).dump() + "\n" +
                                   call(2, "memory_search", {{"query", "budget"}}).dump() + "\n";
            p.write(in.data(), static_cast<qint64>(in.size()));
            int answers = 0;
            QDeadlineTimer deadline(60000);
            while (answers < 2 && !deadline.hasExpired()) {
                if (!p.canReadLine() && !p.waitForReadyRead(1000))
                    continue;
                while (p.canReadLine()) {
                    (void)p.readLine();
                    ++answers;
                }
            }
            QCOMPARE(answers, 2);
            ::kill(static_cast<pid_t>(p.processId()), sig);
            QVERIFY(p.waitForFinished(30000));
            if (sig != SIGKILL) {
                QCOMPARE(p.exitStatus(), QProcess::NormalExit);
                QCOMPARE(p.exitCode(), 0);
            }
            QCOMPARE(log_rows(vault_).size(), before + 2);
        }
    }

    // Two stateless clients over HTTP that use the same request id at once do not collide:
    // each request is its own peer ("request id 7 is already in use" before).
    void statelessRequestsOverHttpShareNoPeer() {
        std::mutex mu;
        std::condition_variable cv;
        int started = 0;
        bool go = false;
        ServerOptions o;
        o.vault_dir = vault_;
        o.tools = "all";
        o.before_call = [&](const std::string&) {
            std::unique_lock lock(mu);
            ++started;
            cv.notify_all();
            cv.wait(lock, [&] { return go; });
        };
        auto server = Server::start(o);
        QVERIFY2(server.is_ok(), server.status().to_string().c_str());
        HttpOptions options;
        options.token = std::string(64, 'a');
        InProcessHttp http(**server, options);
        const HttpOptions& h = http.options;
        const int p = http.port;
        auto post = [&](int id) {
            httplib::Client c("127.0.0.1", p);
            c.set_read_timeout(60, 0);
            const httplib::Headers headers = {{"Authorization", "Bearer " + h.token}};
            auto r = c.Post("/mcp", headers, call(id, "search_entities", {{"query", "a"}}).dump(),
                            "application/json");
            return r ? json::parse(r->body, nullptr, false) : json();
        };
        auto first = std::async(std::launch::async, post, 7);
        {
            std::unique_lock lock(mu);
            cv.wait(lock, [&] { return started >= 1; });
        }
        auto second = std::async(std::launch::async, post, 7);
        std::this_thread::sleep_for(std::chrono::milliseconds(300)); // queued behind the first
        {
            std::lock_guard lock(mu);
            go = true;
        }
        cv.notify_all();
        const json a = first.get(), b = second.get();
        QVERIFY2(a.contains("result"), a.dump().c_str());
        QVERIFY2(b.contains("result"), b.dump().c_str());
        QCOMPARE(started, 2);
    }

    // Hostile connections hold no one else up: sixteen clients sending a header line every
    // 200 ms from one address, a seventeenth from it (refused at once: sixteen is the cap per
    // address), a body that stops half-way, an idle connection. A client with the token is
    // served all the while, and each hostile connection is closed at its deadline.
    void slowAndIdleConnectionsHoldNoOneElse() {
        HttpOptions options;
        options.token = std::string(64, 'b');
        options.head_timeout = std::chrono::milliseconds(1500);
        options.body_timeout = std::chrono::milliseconds(1500);
        InProcessHttp http(*server_, options);
        const HttpOptions& h = http.options;
        const int p = http.port;
        const std::string host = "Host: 127.0.0.1:" + std::to_string(p) + "\r\n";

        std::vector<int> slow;
        for (int i = 0; i < 16; ++i) {
            const int fd = connect_from("127.0.0.2", p);
            QVERIFY(fd >= 0);
            QVERIFY(send_text(fd, "POST /mcp HTTP/1.1\r\n" + host));
            slow.push_back(fd);
        }
        std::atomic_bool trickling{true};
        std::thread trickle([&] {
            while (trickling) {
                for (int fd : slow)
                    (void)send_text(fd, "X-Slow: 1\r\n");
                std::this_thread::sleep_for(std::chrono::milliseconds(200));
            }
        });
        const int seventeenth = connect_from("127.0.0.2", p);
        QVERIFY(seventeenth >= 0);
        const int half = connect_from("127.0.0.3", p);
        QVERIFY(send_text(half, "POST /mcp HTTP/1.1\r\n" + host + "Authorization: Bearer " +
                                    h.token +
                                    "\r\nContent-Type: application/json\r\n"
                                    "Content-Length: 100\r\n\r\n{\"jsonrpc\":"));
        const int idle = connect_from("127.0.0.4", p);
        QVERIFY(idle >= 0);

        httplib::Client client("127.0.0.1", p);
        client.set_read_timeout(10, 0);
        const httplib::Headers headers = {{"Authorization", "Bearer " + h.token}};
        for (int i = 0; i < 3; ++i) {
            auto r =
                client.Post("/mcp", headers, stateless(100 + i, "ping").dump(), "application/json");
            QVERIFY2(r && r->status == 200, r ? r->body.c_str() : "no answer");
        }
        QVERIFY2(closed_within(seventeenth, 2000), "a seventeenth connection from one address");
        // Each hostile connection is closed by its deadline, the trickling ones included.
        QVERIFY2(closed_within(half, 5000), "a body that stopped half-way");
        QVERIFY2(closed_within(idle, 5000), "an idle connection");
        for (int fd : slow)
            QVERIFY2(closed_within(fd, 5000), "a head sent a line at a time");
        trickling = false;
        trickle.join();
        for (int fd : slow)
            ::close(fd);
        for (int fd : {seventeenth, half, idle})
            ::close(fd);
        // Still serving.
        auto after =
            client.Post("/mcp", headers, stateless(200, "ping").dump(), "application/json");
        QVERIFY(after && after->status == 200);
    }

    // The Host a request names must be the address the server listens on (DNS rebinding: a
    // foreign name resolved to 127.0.0.1 keeps that name in Host), and handshake-era sessions
    // that clients leave without DELETE make room for new ones instead of filling the table.
    void hostMustBeOursAndIdleSessionsMakeRoom() {
        HttpOptions options;
        options.token = std::string(64, 'c');
        InProcessHttp http(*server_, options);
        const HttpOptions& h = http.options;
        const int p = http.port;
        httplib::Client client("127.0.0.1", p);
        const httplib::Headers auth = {{"Authorization", "Bearer " + h.token}};
        const std::string port_text = std::to_string(p);
        for (const std::string& bad :
             std::vector<std::string>{"evil.example:" + port_text, "127.0.0.1:1", "evil.example"}) {
            httplib::Headers with = auth;
            with.emplace("Host", bad);
            auto r = client.Post("/mcp", with, stateless(1, "ping").dump(), "application/json");
            QVERIFY(r);
            QCOMPARE(r->status, 403);
            QVERIFY2(r->body.find("Host") != std::string::npos, r->body.c_str());
        }
        for (const std::string& good :
             std::vector<std::string>{"localhost:" + port_text, "127.0.0.1:" + port_text}) {
            httplib::Headers with = auth;
            with.emplace("Host", good);
            auto r = client.Post("/mcp", with, stateless(2, "ping").dump(), "application/json");
            QVERIFY(r && r->status == 200);
        }
        std::string first, last;
        const json init = request(1, "initialize",
                                  {{"protocolVersion", "2025-06-18"},
                                   {"capabilities", json::object()},
                                   {"clientInfo", {{"name", "leaver"}, {"version", "1"}}}});
        for (int i = 0; i < 1100; ++i) {
            auto r = client.Post("/mcp", auth, init.dump(), "application/json");
            QVERIFY2(r && r->status == 200, r ? r->body.c_str() : "no answer");
            last = r->get_header_value("Mcp-Session-Id");
            QVERIFY(!last.empty());
            if (i == 0)
                first = last;
        }
        auto list = [&](const std::string& sid) {
            httplib::Headers with = auth;
            with.emplace("Mcp-Session-Id", sid);
            return client.Post("/mcp", with, request(2, "tools/list").dump(), "application/json");
        };
        auto newest = list(last);
        QVERIFY(newest && newest->status == 200);
        auto oldest = list(first);
        QVERIFY(oldest);
        QCOMPARE(oldest->status, 404);
    }

    // The real process over HTTP: the token, the Origin check, sessions.
    void httpRequiresTheTokenAndALocalOrigin() {
        const auto token_file = tmp_.path() / "cfg" / "token";
        QProcess p;
        p.start(QString::fromStdString(test::cli_path()),
                {QStringLiteral("serve"), QStringLiteral("--vault"),
                 QString::fromStdString(vault_.string()), QStringLiteral("--http"),
                 QStringLiteral("127.0.0.1:0"), QStringLiteral("--token-file"),
                 QString::fromStdString(token_file.string())});
        QVERIFY(p.waitForStarted());
        QVERIFY(p.waitForReadyRead(30000));
        const QString url = QString::fromUtf8(p.readLine()).trimmed();
        QVERIFY2(url.startsWith(QStringLiteral("http://127.0.0.1:")), qPrintable(url));
        const int port = url.section(u':', 2).section(u'/', 0, 0).toInt();
        struct stat st {};
        QCOMPARE(::stat(token_file.c_str(), &st), 0);
        QCOMPARE(st.st_mode & 0777, 0600u);
        std::string token;
        {
            std::ifstream in(token_file);
            std::getline(in, token);
        }
        QVERIFY(token.size() >= 32);
        QVERIFY(p.readAllStandardError().contains(QByteArray::fromStdString(token)));

        httplib::Client c("127.0.0.1", port);
        const std::string body = stateless(1, "tools/list").dump();
        auto none = c.Post("/mcp", body, "application/json");
        QVERIFY(none);
        QCOMPARE(none->status, 401);
        QVERIFY(none->get_header_value("WWW-Authenticate").find("Bearer") != std::string::npos);
        auto wrong = c.Post("/mcp", {{"Authorization", "Bearer " + std::string(64, 'a')}}, body,
                            "application/json");
        QCOMPARE(wrong->status, 401);
        const httplib::Headers auth = {{"Authorization", "Bearer " + token},
                                       {"Accept", "application/json, text/event-stream"}};
        httplib::Headers evil = auth;
        evil.emplace("Origin", "http://evil.example");
        auto foreign = c.Post("/mcp", evil, body, "application/json");
        QCOMPARE(foreign->status, 403);
        httplib::Headers local = auth;
        local.emplace("Origin", "http://localhost:3000");
        auto ok = c.Post("/mcp", local, body, "application/json");
        QCOMPARE(ok->status, 200);
        QCOMPARE(json::parse(ok->body)["result"]["tools"].size(), std::size_t{10}); // "memory"
        QCOMPARE(c.Get("/mcp", auth)->status, 405);
        // 2026-07-28's routing headers must agree with the body.
        httplib::Headers routed = auth;
        routed.emplace("Mcp-Method", "tools/call");
        routed.emplace("Mcp-Name", "memory_store");
        auto mismatch = c.Post("/mcp", routed, call(2, "memory_search", {{"query", "x"}}).dump(),
                               "application/json");
        QCOMPARE(mismatch->status, 400);
        QCOMPARE(json::parse(mismatch->body)["error"]["code"].get<int>(), kHeaderMismatch);

        // The handshake era: a session id from initialize, required afterwards.
        auto init = c.Post("/mcp", auth,
                           request(1, "initialize",
                                   {{"protocolVersion", "2025-11-25"},
                                    {"capabilities", json::object()},
                                    {"clientInfo", {{"name", "curlish"}}}})
                               .dump(),
                           "application/json");
        QCOMPARE(init->status, 200);
        const std::string sid = init->get_header_value("Mcp-Session-Id");
        QVERIFY(sid.size() >= 16);
        auto no_session = c.Post("/mcp", auth, request(2, "tools/list").dump(), "application/json");
        QCOMPARE(no_session->status, 400);
        httplib::Headers with = auth;
        with.emplace("Mcp-Session-Id", sid);
        auto note = c.Post("/mcp", with,
                           json{{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}}.dump(),
                           "application/json");
        QCOMPARE(note->status, 202);
        auto listed = c.Post("/mcp", with, request(3, "tools/list").dump(), "application/json");
        QCOMPARE(listed->status, 200);
        QCOMPARE(c.Delete("/mcp", with)->status, 204);
        auto ended = c.Post("/mcp", with, request(4, "tools/list").dump(), "application/json");
        QCOMPARE(ended->status, 404);
        p.terminate();
        QVERIFY(p.waitForFinished(30000));

        // A token file others can read is refused, not trusted.
        ::chmod(token_file.c_str(), 0644);
        const auto refused =
            test::run_cli({QStringLiteral("serve"), QStringLiteral("--vault"),
                           QString::fromStdString(vault_.string()), QStringLiteral("--http"),
                           QStringLiteral("127.0.0.1:0"), QStringLiteral("--token-file"),
                           QString::fromStdString(token_file.string())});
        QCOMPARE(refused.exit_code, 1);
        QVERIFY2(refused.err.find("0644") != std::string::npos, refused.err.c_str());
        // So is one of mode 0600 that another user owns (a shared sticky folder). Giving a file
        // away takes root, which CI is.
        ::chmod(token_file.c_str(), 0600);
        QVERIFY2(::chown(token_file.c_str(), 65534, 65534) == 0,
                 "giving the token file to another user needs root");
        const auto not_ours =
            test::run_cli({QStringLiteral("serve"), QStringLiteral("--vault"),
                           QString::fromStdString(vault_.string()), QStringLiteral("--http"),
                           QStringLiteral("127.0.0.1:0"), QStringLiteral("--token-file"),
                           QString::fromStdString(token_file.string())});
        QCOMPARE(not_ours.exit_code, 1);
        QVERIFY2(not_ours.err.find("owned by user id 65534") != std::string::npos,
                 not_ours.err.c_str());
        const auto remote = test::run_cli({QStringLiteral("serve"), QStringLiteral("--vault"),
                                           QString::fromStdString(vault_.string()),
                                           QStringLiteral("--http"), QStringLiteral("0.0.0.0:0")});
        QCOMPARE(remote.exit_code, 1);
        QVERIFY(remote.err.find("--allow-remote") != std::string::npos);
    }

    void cleanupTestCase() { server_.reset(); }
};

MEMLENS_TEST_GUILESS_MAIN(TestMcp)
#include "tst_mcp.moc"
} // namespace tst_mcp
