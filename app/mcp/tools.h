// The MCP server's tools (docs/agents.md): each one's JSON Schemas and the core call it makes.
// A tool runs on the server's one worker thread, which owns the vault connection, the search
// engine and the embedder (a Vault and a SearchEngine are used by one thread at a time).
#pragma once

#include <memlens/embedder.h>
#include <memlens/search.h>
#include <memlens/status.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <array>
#include <atomic>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace memlens::mcp {

using nlohmann::json;

struct ToolSpec {
    std::string name;
    std::string title;
    std::string description;
    json input_schema;  // JSON Schema of the arguments object
    json output_schema; // JSON Schema of structuredContent
    bool writes = false;
    bool idempotent = true;
    bool destructive = false; // removes what the vault held (memory_forget)
    // One of the retrieval primitives (the "primitives" set of `serve --tools`).
    bool primitive = false;
    // Offered with --tools all or by name, not in the "memory" set (memory_health: a question
    // about the vault an agent asks now and then, not on every turn).
    bool outside_memory_set = false;
    // Properties the tool takes besides input_schema's, which its description names instead
    // of listing them (why_not and explain take memory_search's); checked as the listed ones.
    json also_takes = json::object();
};

// What the tools/list result may cost a model's context, in context_tokens (memlens/brief.h):
// the whole result as the server sends it (tst_mcp holds it).
inline constexpr std::size_t kToolListTokens = 1500;

// Whether `spec` is in the "memory" set (kDefaultToolSet): every tool but the primitives,
// and drill_down.
bool in_memory_set(const ToolSpec& spec);

// Every tool, in the order tools/list gives them; `read_only` leaves out the writing ones.
// `profiles` is the enum of the `profile` argument: the weight profiles a search may name
// (WeightProfile::names of the vault's settings; the built-in ones by default).
std::vector<std::string> builtin_profiles();
std::vector<ToolSpec> tool_specs(bool read_only,
                                 const std::vector<std::string>& profiles = builtin_profiles());
const ToolSpec* find_tool(const std::vector<ToolSpec>& specs, std::string_view name);

// What a server offers (`serve --tools`, ServerOptions::tools): a comma-separated list of sets
// and tool names. Every tool's schema costs the model's context on every turn, so a server
// offers the "memory" set unless told otherwise: the memory_* tools, why_not, explain, and
// drill_down, which opens a summary a search returns. "primitives" are the eight retrieval
// primitives (drill_down among them); "all" is every tool.
inline constexpr const char* kDefaultToolSet = "memory";
inline constexpr std::array<const char*, 3> kToolSets = {"memory", "primitives", "all"};
// The names of the tools `list` selects, in tools/list order; an unknown word is an error
// naming it and what is known.
Result<std::vector<std::string>> select_tools(std::string_view list);

// Why the arguments do not fit the tool's input schema, naming the argument ("limit: expected
// an integer from 1 to 100, not \"ten\""); nullopt when they fit. Checks what the schemas
// state: the object, required members, no unknown members, each member's type, enum and range.
std::optional<std::string> check_arguments(const ToolSpec& spec, const json& arguments);

// What a tool call gives back: structuredContent, or the one-line error of a failed call (an
// MCP tool error). node_ids are the nodes the result names, in order, for the audit row.
struct ToolOutcome {
    json structured;
    std::optional<std::string> error;
    std::vector<std::string> node_ids;
    std::string summary; // what the call was about, for the audit row's query column
    bool logged = false; // the call's audit row is written already (memory_search's own)
    // The text content when it is not the compact dump of `structured`: a brief answer, the
    // same JSON in reading order (the verdict before the numbers).
    std::string text;
};

// The worker thread's state: the vault, opened once, and what is built on it.
class ToolRunner {
public:
    // With `checked`, the vault's integrity check is that runner's (a server's readers take
    // its writer's) instead of one more PRAGMA quick_check.
    static Result<std::unique_ptr<ToolRunner>> open(const std::filesystem::path& vault_dir,
                                                    bool read_only,
                                                    const ToolRunner* checked = nullptr);
    ~ToolRunner();

    // Runs one checked call. `caller` attributes its audit row; `cancel` stops a search or a
    // store between stages (the call then fails with "cancelled").
    ToolOutcome run(const ToolSpec& spec, const json& arguments, const AuditCaller& caller,
                    const std::atomic_bool* cancel);
    // Writes the audit row of a call that did not log itself (every tool but memory_search,
    // and memory_search when it failed before its search ran).
    void log(const AuditCaller& caller, const ToolOutcome& outcome, double elapsed_ms);
    // Waits until the audit rows submitted so far are written, at most `max_wait` for the
    // vault's write lock; a row still waiting then is kept in the pending file (synced), so on
    // return every row is on disk either way.
    void flush_audit(std::chrono::milliseconds max_wait = std::chrono::seconds(30));
    bool read_only() const { return read_only_; }
    // The weight profiles a search may name in this vault (WeightProfile::names).
    std::vector<std::string> profile_names() const;
    // What the integrity check at open found wrong with the vault (nothing is written to it).
    std::optional<std::string> damage() const { return vault_->damage(); }

private:
    ToolRunner() = default;
    Status ensure_engine();
    ToolOutcome search(const json& args, const AuditCaller& caller, const std::atomic_bool* c);
    ToolOutcome why_not(const json& args, const std::atomic_bool* cancel);
    ToolOutcome explain(const json& args, const AuditCaller& caller, const std::atomic_bool* c);
    ToolOutcome store(const json& args, const std::atomic_bool* cancel);
    // memory_update, memory_list, memory_get (memories.h).
    ToolOutcome update(const json& args, const std::atomic_bool* cancel);
    ToolOutcome list(const json& args);
    ToolOutcome feedback(const json& args, const AuditCaller& caller);
    ToolOutcome health(const json& args);
    ToolOutcome get(const json& args);
    ToolOutcome forget(const json& args);
    ToolOutcome primitive(const std::string& name, const json& args);
    // primitive()'s tools, one each (query_global and cover_window share their window).
    ToolOutcome source_tool(const json& args);
    ToolOutcome window_tool(const std::string& name, const json& args);
    ToolOutcome topic_tool(const json& args);
    ToolOutcome entities_tool(const json& args);
    ToolOutcome drill_tool(const json& args);
    ToolOutcome leaves_tool(const json& args);
    ToolOutcome walk_tool(const json& args);
    Result<QueryOptions> search_options(const json& args);
    // The arguments with every id given by its short form (memories.h, "Short ids") whole.
    Result<json> whole_ids(json args) const;

    std::filesystem::path dir_;
    bool read_only_ = false;
    std::unique_ptr<Vault> vault_;
    std::unique_ptr<Embedder> embedder_;
    std::unique_ptr<SearchEngine> engine_;
    // Folds what the stores list beside the index file on a thread of its own, so that no
    // store waits for it (a writable runner only).
    std::unique_ptr<TopicFolder> folder_;
};

} // namespace memlens::mcp
