// The MCP server (app/mcp, docs/agents.md): the protocol cases a client relies on, in process
// on one generated vault, and the transports through the real `memlens-cli serve` process:
// stdio framing, and over HTTP the bearer token, the Origin check and sessions.
#include "testsupport.h"

#include <memlens/audit.h>
#include <memlens/embedder.h>
#include <memlens/generate.h>
#include <memlens/ingest.h>
#include <memlens/vault.h>

#include <QProcess>
#include <QtTest>

#include <httplib.h>
#include <server.h>
#include <sys/stat.h>
#include <transports.h>

#include <condition_variable>
#include <future>
#include <mutex>

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

} // namespace

class TestMcp : public QObject {
    Q_OBJECT
private:
    test::TempDir tmp_;
    std::filesystem::path vault_;
    std::unique_ptr<Server> server_;
    std::shared_ptr<Peer> peer_ = std::make_shared<Peer>("test peer");

    // Sends one message and waits for the server's answer (parsed; null for none).
    Reply send_raw(const std::string& text, const std::shared_ptr<Peer>& peer) {
        std::promise<Reply> p;
        auto f = p.get_future();
        server_->handle(text, peer, [&p](Reply r) { p.set_value(std::move(r)); });
        return f.get();
    }
    json send(const json& msg, const std::shared_ptr<Peer>& peer = nullptr) {
        const Reply r = send_raw(msg.dump(), peer ? peer : peer_);
        return r.text.empty() ? json() : json::parse(r.text);
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
        for (const auto& t : tools["result"]["tools"]) {
            QVERIFY(t["inputSchema"]["type"] == "object");
            QVERIFY(t["outputSchema"]["type"] == "object");
            QVERIFY(t["annotations"].contains("readOnlyHint"));
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
        QCOMPARE(hits[0]["node_id"].get<std::string>(), id);
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

        const json leaves = send(call(5, "fetch_leaves", {{"chunk_ids", {id}}}));
        QCOMPARE(leaves["result"]["structuredContent"]["hits"][0]["content"].get<std::string>(),
                 std::string("The quokka vaccination is on Thursday"));
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
        QCOMPARE(store_rows, 1);
        QCOMPARE(search_rows, 2);
    }

    // notifications/cancelled stops a call: held at its start, cancelled, it answers as
    // cancelled (stdio then sends nothing) and its audit row says so.
    void aCancelledCallAnswersAsCancelled() {
        std::mutex mu;
        std::condition_variable cv;
        bool started = false, go = false;
        ServerOptions o;
        o.vault_dir = vault_;
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
        o.read_only = true;
        auto server = Server::start(o);
        QVERIFY2(server.is_ok(), server.status().to_string().c_str());
        QVERIFY(find_tool((*server)->tools(), "memory_store") == nullptr);
        QVERIFY(find_tool((*server)->tools(), "memory_search") != nullptr);
        std::promise<Reply> p;
        (*server)->handle(call(1, "memory_store", {{"text", "x"}}).dump(), peer_,
                          [&p](Reply r) { p.set_value(std::move(r)); });
        const json r = json::parse(p.get_future().get().text);
        QCOMPARE(r["error"]["code"].get<int>(), kInvalidParams);
        QVERIFY(r["error"]["message"].get<std::string>().find("read-only") != std::string::npos);
    }

    // The real process over stdio: one message a line in, one a line out, nothing else on
    // stdout; a malformed line is answered and the next one served.
    void stdioServesLineByLine() {
        QProcess p;
        p.start(QString::fromStdString(test::cli_path()),
                {QStringLiteral("serve"), QStringLiteral("--vault"),
                 QString::fromStdString(vault_.string())});
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
        QVERIFY(json::parse(ok->body)["result"]["tools"].size() >= 12);
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
        const auto remote = test::run_cli({QStringLiteral("serve"), QStringLiteral("--vault"),
                                           QString::fromStdString(vault_.string()),
                                           QStringLiteral("--http"), QStringLiteral("0.0.0.0:0")});
        QCOMPARE(remote.exit_code, 1);
        QVERIFY(remote.err.find("--allow-remote") != std::string::npos);
    }

    void cleanupTestCase() { server_.reset(); }
};

QTEST_GUILESS_MAIN(TestMcp)
#include "tst_mcp.moc"
