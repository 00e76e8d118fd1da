// memlens-cli serve: the vault as an agent's memory over MCP (app/mcp, docs/agents.md).
#include "cli.h"

#include <server.h>
#include <signal.h>
#include <transports.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <iostream>

namespace memlens::cli {
namespace {

std::atomic_bool g_stop{false};
void on_signal(int) {
    g_stop = true;
}

std::filesystem::path default_token_file() {
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
        return std::filesystem::path(xdg) / "memlens" / "mcp-token";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::filesystem::path(home) / ".config" / "memlens" / "mcp-token";
    return std::filesystem::path(".memlens-mcp-token");
}

bool loopback(const std::string& host) {
    return host == "127.0.0.1" || host == "localhost" || host == "::1" ||
           host.rfind("127.", 0) == 0;
}

// --http HOST:PORT and what goes with it: the host allowed (loopback unless --allow-remote), the
// origins, and the bearer token, read from its file or created there.
Status read_http_options(const Args& a, const std::string& http, mcp::HttpOptions& ho) {
    const auto colon = http.rfind(':');
    if (colon == std::string::npos)
        return Status::invalid("--http: expected HOST:PORT (e.g. 127.0.0.1:8765), not '" + http +
                               "'");
    ho.host = http.substr(0, colon);
    if (ho.host.size() > 2 && ho.host.front() == '[' && ho.host.back() == ']')
        ho.host = ho.host.substr(1, ho.host.size() - 2);
    const std::string port = http.substr(colon + 1);
    char* end = nullptr;
    const long p = std::strtol(port.c_str(), &end, 10);
    if (port.empty() || *end != '\0' || p < 0 || p > 65535)
        return Status::invalid("--http: expected a port from 0 to 65535, not '" + port + "'");
    ho.port = static_cast<int>(p);
    ho.allow_any_host = a.flag("allow-remote");
    if (!loopback(ho.host) && !a.flag("allow-remote"))
        return Status::invalid("--http " + http +
                               ": not a loopback address; other machines could reach the "
                               "vault. Add --allow-remote if that is meant");
    ho.allowed_origins = a.get_all("allow-origin");
    const std::filesystem::path token_file =
        a.get("token-file") ? std::filesystem::path(*a.get("token-file")) : default_token_file();
    bool created = false;
    auto token = mcp::load_or_create_token(token_file, created);
    if (!token)
        return token.status();
    ho.token = *token;
    if (created)
        std::cerr << "memlens-cli serve: a new bearer token, kept in " << token_file.string()
                  << " (mode 0600):\n  " << *token << '\n';
    else
        std::cerr << "memlens-cli serve: the bearer token is in " << token_file.string() << '\n';
    return Status::ok();
}

// Says on stderr when the vault is served for reading only, and why.
void say_read_only(const mcp::Server& server, bool read_only) {
    if (auto damage = server.damage())
        std::cerr << "memlens-cli serve: " << *damage
                  << "; serving it for reading only: memory_store is refused and no call is "
                     "logged\n";
    else if (read_only)
        std::cerr << "memlens-cli serve: read-only: no memory_store, and calls are not written "
                     "to the audit log (the vault is not written at all)\n";
}

// SIGINT and SIGTERM end either transport as a closed input does: the calls already read are
// answered and every audit row is written. No SA_RESTART, so that a read of stdin returns at
// the signal instead of waiting for the next line.
void stop_on_signals() {
    struct sigaction sa = {};
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
}

int run_serve(const Args& a) {
    auto dir = a.get("vault");
    if (!dir && a.positional.size() == 1)
        dir = a.positional.front();
    if (!dir)
        return fail("serve", "--vault DIR is required");
    mcp::ServerOptions so;
    so.vault_dir = *dir;
    so.read_only = a.flag("read-only");
    if (auto tools = a.get("tools"))
        so.tools = *tools;
    auto http = a.get("http");
    mcp::HttpOptions ho;
    if (http) {
        if (Status s = read_http_options(a, *http, ho); !s)
            return fail("serve", s);
    } else if (a.get("token-file") || !a.get_all("allow-origin").empty() ||
               a.flag("allow-remote")) {
        return fail("serve", "--token-file, --allow-origin and --allow-remote go with --http");
    }

    auto server = mcp::Server::start(so);
    if (!server)
        return fail("serve", server.status());
    say_read_only(**server, so.read_only);
    stop_on_signals();
    if (!http)
        return mcp::serve_stdio(**server, STDIN_FILENO, STDOUT_FILENO, &g_stop);

    std::signal(SIGPIPE, SIG_IGN);
    ho.stop = &g_stop;
    ho.on_listening = [&](int port) {
        const std::string host =
            ho.host.find(':') != std::string::npos ? "[" + ho.host + "]" : ho.host;
        // The one line on stdout in HTTP mode, for a script that started it on port 0.
        std::cout << "http://" << host << ':' << port << ho.path << std::endl;
        std::cerr << "memlens-cli serve: MCP (Streamable HTTP) on http://" << host << ':' << port
                  << ho.path << " for " << *dir << (so.read_only ? ", read-only" : "")
                  << "; Ctrl-C stops\n";
    };
    return mcp::serve_http(**server, ho);
}

MEMLENS_CLI_COMMAND(Spec{
    "serve",
    "serve the vault to agents over MCP (stdio, or Streamable HTTP with a bearer token)",
    "Usage: memlens-cli serve --vault DIR [--tools LIST] [--read-only]\n"
    "       memlens-cli serve --vault DIR --http HOST:PORT [--token-file FILE]\n"
    "                         [--allow-origin ORIGIN]... [--allow-remote] [--tools LIST]\n"
    "                         [--read-only]\n\n"
    "An MCP server (protocol revisions 2026-07-28, 2025-11-25 and 2025-06-18). Every call is\n"
    "written to the vault's audit log with the client's name and its connection\n"
    "(docs/agents.md), except under --read-only, which writes nothing.\n\n"
    "--tools LIST: the tools offered, a comma-separated list of sets and tool names\n"
    "(default: memory). Every tool listed costs the model's context on every turn.\n"
    "  memory      memory_search, memory_store, memory_update, memory_forget, memory_list,\n"
    "              memory_get, why_not, explain and drill_down\n"
    "  primitives  query_source, query_global, query_topic, cover_window,\n"
    "              search_entities, drill_down, fetch_leaves, walk\n"
    "  all         every tool\n\n"
    "Without --http: one JSON-RPC message a line on stdin and stdout, until stdin closes.\n"
    "--http HOST:PORT serves POST http://HOST:PORT/mcp (port 0: a free one, printed on\n"
    "stdout). Every request needs 'Authorization: Bearer TOKEN'; the token is made on first\n"
    "start, printed on stderr and kept with mode 0600 in --token-file (default\n"
    "$XDG_CONFIG_HOME/memlens/mcp-token or ~/.config/memlens/mcp-token). A request from a\n"
    "browser page must come from a local origin or one given with --allow-origin. HOST must\n"
    "be a loopback address unless --allow-remote is given, and a request's Host header must\n"
    "name it (127.0.0.1 or localhost, and the port) unless --allow-remote is given. Each client\n"
    "address may hold 16 connections (256 in all); a request's head must arrive within 10 s\n"
    "and its body within 30 s, or the connection is closed.\n"
    "--read-only opens the vault read-only and offers no writing tool (no memory_store).",
    {"vault", "http", "token-file", "allow-origin", "tools"},
    {"read-only", "allow-remote"},
    run_serve});

} // namespace
} // namespace memlens::cli
