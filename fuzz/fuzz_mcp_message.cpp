// The MCP server (app/mcp) on arbitrary messages from a hostile client: every input gets
// exactly one answer that is a JSON-RPC response (or none, for a notification), the server
// never crashes, and it still answers a ping afterwards. Tool calls run for real on a small
// vault made once per process.
#include "fuzz_support.h"

#include <memlens/embedder.h>
#include <memlens/import.h>
#include <memlens/ingest.h>
#include <memlens/vault.h>

#include <server.h>

#include <cstdint>
#include <future>

namespace {

memlens::mcp::Server& server() {
    static std::unique_ptr<memlens::mcp::Server> s = [] {
        using namespace memlens;
        const auto dir = fuzz::scratch_dir() / "vault";
        auto vault = Vault::create(dir);
        fuzz::require(vault.is_ok(), "the fuzz vault is created");
        auto embedder = make_embedder_for(**vault);
        fuzz::require(embedder.is_ok(), "the fuzz vault has an embedder");
        IngestSource src;
        src.source_id = "chat:fuzz";
        src.source_kind = "chat";
        src.platform = "chat";
        src.format = "jsonl";
        for (int i = 0; i < 40; ++i) {
            IngestItem item;
            item.text = "Alice asked Bob about the launch budget, note " + std::to_string(i);
            item.author = i % 2 ? "Alice" : "Bob";
            item.ts_ms = 1'704'067'200'000 + i * 3'600'000LL;
            src.items.push_back(item);
        }
        Ingestor ingestor(**vault, **embedder);
        fuzz::require(ingestor.ingest({src}).is_ok(), "the fuzz vault is filled");
        vault->reset();
        mcp::ServerOptions o;
        o.vault_dir = dir;
        auto started = mcp::Server::start(o);
        fuzz::require(started.is_ok(), "the server starts");
        return std::move(started).value();
    }();
    return *s;
}

memlens::mcp::Reply ask(std::string_view text, const std::shared_ptr<memlens::mcp::Peer>& peer) {
    std::promise<memlens::mcp::Reply> p;
    auto f = p.get_future();
    server().handle(text, peer, [&p](memlens::mcp::Reply r) { p.set_value(std::move(r)); });
    return f.get();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace memlens;
    static auto peer = std::make_shared<mcp::Peer>("fuzz");
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const mcp::Reply r = ask(text, peer);
    if (!r.text.empty()) {
        const auto answer = nlohmann::json::parse(r.text, nullptr, false);
        fuzz::require(answer.is_object() && answer.value("jsonrpc", "") == "2.0",
                      "every answer is a JSON-RPC 2.0 object");
        fuzz::require(answer.contains("result") != answer.contains("error"),
                      "an answer holds a result or an error");
    }
    const mcp::Reply ping = ask(R"({"jsonrpc":"2.0","id":"p","method":"ping","params":{"_meta":{)"
                                R"("io.modelcontextprotocol/protocolVersion":"2026-07-28",)"
                                R"("io.modelcontextprotocol/clientCapabilities":{}}}})",
                                peer);
    fuzz::require(ping.text.find("\"result\"") != std::string::npos, "the server still answers");
    return 0;
}
