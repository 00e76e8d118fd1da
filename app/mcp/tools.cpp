// The MCP tools (tools.h): schemas, argument checks, and the core calls behind them. Every
// answer is built from the core's own JSON (json_writer.h, search_response_json, why_not_json)
// so an agent reads the same fields as `memlens-cli ... --json`.
#include "tools.h"

#include <memlens/audit.h>
#include <memlens/brief.h>
#include <memlens/forget.h>
#include <memlens/health.h>
#include <memlens/import.h>
#include <memlens/ingest.h>
#include <memlens/json_writer.h>
#include <memlens/judgments.h>
#include <memlens/memories.h>
#include <memlens/node_ref.h>
#include <memlens/query_context.h>
#include <memlens/query_options.h>
#include <memlens/retrieval.h>
#include <memlens/scoring.h>
#include <memlens/settings.h>
#include <memlens/text.h>
#include <memlens/time_util.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

namespace memlens::mcp {

namespace {

// The time arguments' range: what the CLI accepts (cli.h kMinTimeMs / kMaxTimeMs).
constexpr std::int64_t kMinTime = 0;                     // 1970-01-01
constexpr std::int64_t kMaxTime = 253'402'300'799'999LL; // 9999-12-31T23:59:59.999Z
constexpr std::size_t kMaxStoreBytes = 1 << 20;          // one stored message: 1 MiB of text
constexpr std::size_t kMaxIdBytes = 512;                 // ids and names an agent passes

// The schemas are written for a model's context (docs/agents.md, "What each tool costs"): the
// whole tools/list stays within kToolListTokens (tools.h). A description says what is taken
// and what comes back; a property has a description only where its name and type do not say
// it, and an enum wherever the set of values is closed.
json str(const std::string& description = {}) {
    json j = {{"type", "string"}};
    if (!description.empty())
        j["description"] = description;
    return j;
}
json integer(std::int64_t lo, std::int64_t hi) {
    return {{"type", "integer"}, {"minimum", lo}, {"maximum", hi}};
}
json strings(json items = {{"type", "string"}}) {
    return {{"type", "array"}, {"items", std::move(items)}};
}
json string_enum(const std::vector<std::string>& values) {
    return {{"type", "string"}, {"enum", values}};
}
// An object of these properties; an open one takes more, which the description names.
json open_object_schema(json properties, const std::vector<std::string>& required = {}) {
    json j = {{"type", "object"}, {"properties", std::move(properties)}};
    if (!required.empty())
        j["required"] = required;
    return j;
}
json object_schema(json properties, const std::vector<std::string>& required = {}) {
    json j = open_object_schema(std::move(properties), required);
    j["additionalProperties"] = false;
    return j;
}
// What structuredContent holds: an object, whose members docs/agents.md gives (`required`
// names them here for the reader of this file; the list does not carry them, for its cost).
json output(const std::vector<std::string>& required) {
    (void)required;
    return {{"type", "object"}};
}

std::vector<std::string> mode_names() {
    std::vector<std::string> out;
    for (SearchMode m : kSearchModes)
        out.emplace_back(to_string(m));
    return out;
}
std::vector<std::string> kind_names() {
    return {kSourceKinds.begin(), kSourceKinds.end()};
}
std::vector<std::string> detail_names() {
    return {kDetailNames.begin(), kDetailNames.end()};
}

// A list of tags (memories.h: at most kMaxMemoryTags).
json tags_arg() {
    json j = strings();
    j["maxItems"] = kMaxMemoryTags;
    return j;
}

// Said once in the descriptions that take times and a query to rank by.
constexpr const char* kTimes = " Times: RFC 3339 or epoch ms.";
constexpr const char* kRanked = " Newest first, or by similarity to query.";
// The retrieval primitives: the "primitives" set of `serve --tools` (tools.h).
constexpr std::array<std::string_view, 8> kPrimitives = {
    "query_source",    "query_global", "query_topic",  "cover_window",
    "search_entities", "drill_down",   "fetch_leaves", "walk"};
constexpr const char* kSearchArgs = " Also takes memory_search's other arguments.";

json search_properties(const std::vector<std::string>& profiles) {
    const auto max_limit = static_cast<std::int64_t>(query_option(QueryOptionId::Limit).max);
    return {{"query", str()},
            {"limit", integer(1, max_limit)},
            {"mode", string_enum(mode_names())},
            {"source_kinds", strings(string_enum(kind_names()))},
            {"topics", strings()},
            {"tags", tags_arg()},
            {"since", str()},
            {"until", str()},
            {"profile", string_enum(profiles)},
            {"detail", string_enum(detail_names())}};
}

// memory_search: the hybrid search.
void add_search_spec(std::vector<ToolSpec>& specs, const std::vector<std::string>& profiles) {
    {
        json props = search_properties(profiles);
        props["explain"] = {{"type", "boolean"}};
        specs.push_back(
            {"memory_search", "Search memory",
             std::string("Hybrid keyword+vector search. A hit: id, text, author, time, source, "
                         "tags, superseded, verdict (why it ranks there); detail=full adds the "
                         "scores, explain=true each hit's explanation. profile fuses by weights "
                         "instead of RRF.") +
                 kTimes,
             object_schema(props, {"query"}), output({"hits"})});
    }
}

// The primitives over sources, time windows and entities (retrieval.h).
void add_window_specs(std::vector<ToolSpec>& specs) {
    specs.push_back({"query_source", "Summaries of a source",
                     std::string("Summaries of source_id (e.g. chat:agent) or of every source "
                                 "of source_kind in the last days.") +
                         kRanked,
                     object_schema({{"source_id", str()},
                                    {"source_kind", string_enum(kind_names())},
                                    {"days", integer(1, 36500)},
                                    {"query", str()},
                                    {"limit", integer(1, kMaxQueryLimit)}}),
                     output({"hits"})});
    specs.push_back(
        {"query_global", "Summaries of a time window",
         std::string("Summaries of every source overlapping since..until.") + kRanked + kTimes,
         object_schema({{"since", str()},
                        {"until", str()},
                        {"source_kind", string_enum(kind_names())},
                        {"query", str()},
                        {"limit", integer(1, kMaxQueryLimit)}},
                       {"since", "until"}),
         output({"hits"})});
    specs.push_back(
        {"query_topic", "Nodes about an entity",
         std::string("Chunks and summaries mentioning entity_id (from search_entities, e.g. "
                     "person:alice).") +
             kRanked + kTimes,
         object_schema({{"entity_id", str()},
                        {"since", str()},
                        {"until", str()},
                        {"query", str()},
                        {"limit", integer(1, kMaxQueryLimit)}},
                       {"entity_id"}),
         output({"hits"})});
    specs.push_back({"cover_window", "Everything in a time window",
                     std::string("The fewest nodes covering every chunk in since..until: sealed "
                                 "summaries where they fit, chunks elsewhere.") +
                         kTimes,
                     object_schema({{"since", str()},
                                    {"until", str()},
                                    {"source_id", str()},
                                    {"source_kind", string_enum(kind_names())},
                                    {"limit", integer(1, 10000)}},
                                   {"since", "until"}),
                     output({"hits"})});
}

// The primitives that find entities, open summaries, read chunks and walk the graph.
void add_navigation_specs(std::vector<ToolSpec>& specs) {
    specs.push_back(
        {"search_entities", "Find entities",
         "Entities whose id or name contains query, most mentioned first: canonical_id, kind, "
         "surface, mention_count.",
         object_schema(
             {{"query", str()}, {"kinds", strings()}, {"limit", integer(1, kMaxQueryLimit)}},
             {"query"}),
         output({"entities"})});
    specs.push_back({"drill_down", "Open a summary",
                     std::string("The nodes below summary node_id, max_depth levels down, in "
                                 "tree order or by similarity to query."),
                     object_schema({{"node_id", str()},
                                    {"max_depth", integer(1, 8)},
                                    {"query", str()},
                                    {"limit", integer(1, 1000)}},
                                   {"node_id"}),
                     output({"hits"})});
    specs.push_back({"fetch_leaves", "Read chunks", std::string("The full text of chunks by id."),
                     object_schema({{"chunk_ids",
                                     {{"type", "array"},
                                      {"items", {{"type", "string"}}},
                                      {"minItems", 1},
                                      {"maxItems", kFetchBatchLimit}}}},
                                   {"chunk_ids"}),
                     output({"hits"})});
    specs.push_back({"walk", "Walk the entity graph",
                     std::string("Nodes linked to the entities query names, within max_hops "
                                 "graph hops and the last days; else a dense ranking."),
                     object_schema({{"query", str()},
                                    {"limit", integer(1, kMaxQueryLimit)},
                                    {"max_hops", integer(1, kMaxGraphHops)},
                                    {"days", integer(1, 36500)}},
                                   {"query"}),
                     output({"hits"})});
}

// why_not and explain.
void add_follow_specs(std::vector<ToolSpec>& specs, const std::vector<std::string>& profiles) {
    // why_not and explain follow a node through the search memory_search would run: they
    // take its arguments, which their descriptions name instead of listing them again (the
    // checks take them from `also_takes`).
    {
        json props = search_properties(profiles);
        const json listed = {
            {"query", props["query"]}, {"node_id", str()}, {"detail", props["detail"]}};
        for (const auto& key : {"query", "detail"})
            props.erase(key);
        auto follows = [&](std::string name, std::string title, const char* description,
                           const std::vector<std::string>& answers) {
            ToolSpec t{std::move(name), std::move(title), std::string(description) + kSearchArgs,
                       open_object_schema(listed, {"query", "node_id"}), output(answers)};
            t.also_takes = props;
            specs.push_back(std::move(t));
        };
        follows("why_not", "Why was a node not returned?",
                "Why memory_search did not return node_id (an id, or a source reference such as "
                "a turn or message id): the stage that dropped it, in words, then its numbers "
                "(detail=full: all of them).",
                {"node_id", "stage", "verdict"});
        follows("explain", "Why was a node returned where it was?",
                "What placed node_id where memory_search ranks it, in words (why_not's answer "
                "when it is not returned); detail=full adds the explanation.",
                {"node_id", "returned", "verdict"});
    }
}

// The tools that write: store and update.
void add_write_specs(std::vector<ToolSpec>& specs) {
    specs.push_back(
        {"memory_store", "Remember",
         std::string("Stores one message, atomically. source: platform:name (chat, email or "
                     "document; default chat:agent); time: default now; supersedes: the "
                     "message_id or id it replaces. The same message stored again returns its "
                     "id, duplicate=true.") +
             kTimes,
         object_schema({{"text", str()},
                        {"source", str()},
                        {"author", str()},
                        {"time", str()},
                        {"message_id", str()},
                        {"supersedes", str()},
                        {"tags", tags_arg()}},
                       {"text"}),
         output({"stored", "node_ids"}), true, false});
    // Edit, list, get (memories.h): a memory is a chunk, named by its node id.
    specs.push_back({"memory_update", "Edit a memory",
                     "Stores a new version of memory id, superseding it; author and tags "
                     "default to the old one's, time to now.",
                     object_schema({{"id", str()},
                                    {"text", str()},
                                    {"author", str()},
                                    {"tags", tags_arg()},
                                    {"time", str()}},
                                   {"id", "text"}),
                     output({"old_id", "new_ids"}), true, false});
}

// List, get and forget (memories.h, forget.h).
void add_memory_specs(std::vector<ToolSpec>& specs) {
    specs.push_back({"memory_list", "List memories",
                     std::string("Memories newest first, superseded ones left out; tags match "
                                 "any. Pass next_cursor as cursor for the next page.") +
                         kTimes,
                     object_schema({{"source", str()},
                                    {"author", str()},
                                    {"tags", tags_arg()},
                                    {"since", str()},
                                    {"until", str()},
                                    {"cursor", str()},
                                    {"limit", integer(1, kMaxMemoryListLimit)}}),
                     output({"memories"})});
    specs.push_back({"memory_get", "Read memories",
                     "Memories by id, with what superseded them and what they supersede.",
                     object_schema({{"ids",
                                     [] {
                                         json j = strings();
                                         j["minItems"] = 1;
                                         j["maxItems"] = kMaxMemoryGetIds;
                                         return j;
                                     }()}},
                                   {"ids"}),
                     output({"memories"})});
    specs.push_back({"memory_forget", "Forget",
                     std::string("Forgets memories for good, by ids or all of source and/or before "
                                 "a time: text, vectors, entity mentions, the summaries built "
                                 "from them (re-sealed), their text in the audit log. Cannot be "
                                 "undone.") +
                         kTimes,
                     object_schema({{"ids",
                                     [] {
                                         json j = strings();
                                         j["maxItems"] = kMaxForgetIds;
                                         return j;
                                     }()},
                                    {"source", str()},
                                    {"before", str()}}),
                     output({"forgotten", "summaries_resealed", "summaries_removed"}), true, true,
                     true});
    specs.push_back({"memory_feedback", "Grade a hit",
                     "Grades node_id as a hit your memory_search for query returned: 0 not "
                     "relevant, 1 related, 2 relevant, 3 answers it. Kept under your name.",
                     object_schema({{"query", str()},
                                    {"node_id", str()},
                                    {"grade", integer(kMinGrade, kMaxGrade)},
                                    {"reason", str()}},
                                   {"query", "node_id", "grade"}),
                     output({"query_id", "node_id", "grade", "audit_id"}), true, true});
}

// Every tool, in the order tools/list gives them.
std::vector<ToolSpec> all_specs(const std::vector<std::string>& profiles) {
    std::vector<ToolSpec> specs;
    add_search_spec(specs, profiles);
    add_window_specs(specs);
    add_navigation_specs(specs);
    add_follow_specs(specs, profiles);
    add_write_specs(specs);
    add_memory_specs(specs);
    {
        ToolSpec health{"memory_health", "Vault health",
                        std::string("Memories no logged search returned, by source and age, and "
                                    "magnets: memories returned for many unrelated questions, with "
                                    "the questions. since/until keep the searches logged then.") +
                            kTimes,
                        object_schema({{"since", str()}, {"until", str()}}),
                        output({"never_returned", "magnets"})};
        health.outside_memory_set = true;
        specs.push_back(std::move(health));
    }
    return specs;
}

// ---- argument checks ---------------------------------------------------------------------

std::string shown(const json& v) {
    std::string s = v.dump(-1, ' ', false, json::error_handler_t::replace);
    return s.size() > 60 ? s.substr(0, 57) + "..." : s;
}

std::optional<std::string> check_value(const std::string& name, const json& schema, const json& v) {
    const std::string type = schema.value("type", std::string());
    if (type == "string") {
        if (!v.is_string())
            return name + ": expected a string, not " + shown(v);
        const auto& s = v.get_ref<const std::string&>();
        if (schema.contains("enum")) {
            const auto& values = schema["enum"];
            if (std::find(values.begin(), values.end(), v) == values.end()) {
                std::string list;
                for (const auto& e : values)
                    list += (list.empty() ? "" : ", ") + e.get<std::string>();
                return name + ": expected one of " + list + ", not " + shown(v);
            }
        }
        if (!is_valid_utf8(s))
            return name + ": not valid UTF-8";
    } else if (type == "integer") {
        if (!v.is_number_integer() && !(v.is_number_float() && std::isfinite(v.get<double>()) &&
                                        std::floor(v.get<double>()) == v.get<double>()))
            return name + ": expected an integer, not " + shown(v);
        const double d = v.get<double>();
        const auto lo = schema.value("minimum", std::numeric_limits<std::int64_t>::min());
        const auto hi = schema.value("maximum", std::numeric_limits<std::int64_t>::max());
        if (d < static_cast<double>(lo) || d > static_cast<double>(hi))
            return name + ": expected an integer from " + std::to_string(lo) + " to " +
                   std::to_string(hi) + ", not " + shown(v);
    } else if (type == "boolean") {
        if (!v.is_boolean())
            return name + ": expected true or false, not " + shown(v);
    } else if (type == "array") {
        if (!v.is_array())
            return name + ": expected an array, not " + shown(v);
        if (schema.contains("minItems") && v.size() < schema["minItems"].get<std::size_t>())
            return name + ": expected at least " + schema["minItems"].dump() + " item(s)";
        if (schema.contains("maxItems") && v.size() > schema["maxItems"].get<std::size_t>())
            return name + ": expected at most " + schema["maxItems"].dump() + " items, got " +
                   std::to_string(v.size());
        std::size_t i = 0;
        for (const auto& item : v) {
            if (auto bad = check_value(name + "[" + std::to_string(i) + "]", schema["items"], item))
                return bad;
            ++i;
        }
    }
    return std::nullopt;
}

// Arguments as the core takes them.
std::optional<std::string> opt_string(const json& args, const char* key) {
    if (!args.contains(key))
        return std::nullopt;
    std::string s = args[key].get<std::string>();
    if (s.find_first_not_of(" \t\r\n") == std::string::npos)
        return std::nullopt;
    return s;
}
std::size_t opt_size(const json& args, const char* key) {
    return args.contains(key) ? static_cast<std::size_t>(args[key].get<double>()) : 0;
}
Result<std::optional<std::int64_t>> opt_time(const json& args, const char* key) {
    if (!args.contains(key))
        return std::optional<std::int64_t>{};
    auto t = parse_time_arg(args[key].get<std::string>());
    if (!t)
        return Status::invalid(std::string(key) + ": " + t.status().message());
    if (*t < kMinTime || *t > kMaxTime)
        return Status::invalid(std::string(key) + ": expected a time from " +
                               format_rfc3339(kMinTime) + " to " + format_rfc3339(kMaxTime));
    return std::optional<std::int64_t>{*t};
}
std::vector<std::string> opt_strings(const json& args, const char* key) {
    std::vector<std::string> out;
    if (args.contains(key))
        for (const auto& v : args[key])
            out.push_back(v.get<std::string>());
    return out;
}

using ojson = nlohmann::ordered_json;

// The detail an answer is written in: brief unless the call asks for full.
Detail detail_of(const json& args) {
    return detail_from_string(args.value("detail", std::string("brief"))).value_or(Detail::Brief);
}

json parsed(const std::string& text) {
    return json::parse(text, nullptr, false);
}

json hits_json(const std::vector<RetrievalHit>& hits) {
    json out = parsed(to_json(hits));
    int rank = 0;
    for (auto& h : out)
        h["rank"] = ++rank;
    return out;
}
std::vector<std::string> ids_of(const std::vector<RetrievalHit>& hits) {
    std::vector<std::string> ids;
    ids.reserve(hits.size());
    for (const auto& h : hits)
        ids.push_back(h.node_id);
    return ids;
}
ToolOutcome response_outcome(const QueryResponse& r, std::string summary) {
    ToolOutcome o;
    o.structured = {{"hits", hits_json(r.hits)},
                    {"total", r.total},
                    {"truncated", r.truncated},
                    {"degraded", parsed(to_json(r.degraded))}};
    o.node_ids = ids_of(r.hits);
    o.summary = std::move(summary);
    return o;
}
ToolOutcome failed(const Status& s, std::string summary = {}) {
    ToolOutcome o;
    o.error = s.message();
    o.summary = std::move(summary);
    return o;
}

} // namespace

std::vector<std::string> builtin_profiles() {
    return WeightProfile::names({});
}

std::vector<ToolSpec> tool_specs(bool read_only, const std::vector<std::string>& profiles) {
    std::vector<ToolSpec> specs = all_specs(profiles);
    for (ToolSpec& s : specs)
        s.primitive =
            std::find(kPrimitives.begin(), kPrimitives.end(), s.name) != kPrimitives.end();
    if (read_only)
        std::erase_if(specs, [](const ToolSpec& s) { return s.writes; });
    return specs;
}

bool in_memory_set(const ToolSpec& spec) {
    return !spec.outside_memory_set && (!spec.primitive || spec.name == "drill_down");
}

Result<std::vector<std::string>> select_tools(std::string_view list) {
    const std::vector<ToolSpec> specs = tool_specs(false);
    std::string sets;
    for (const char* set : kToolSets)
        sets += std::string(sets.empty() ? "" : ", ") + set;
    std::vector<bool> chosen(specs.size(), false);
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t comma = std::min(list.find(',', start), list.size());
        std::string_view w = list.substr(start, comma - start);
        while (!w.empty() && w.front() == ' ')
            w.remove_prefix(1);
        while (!w.empty() && w.back() == ' ')
            w.remove_suffix(1);
        const std::string word(w);
        start = comma + 1;
        if (word.empty())
            continue;
        bool known = false;
        for (std::size_t i = 0; i < specs.size(); ++i) {
            const ToolSpec& s = specs[i];
            const bool in = word == "all" || word == s.name ||
                            (word == "primitives" && s.primitive) ||
                            (word == "memory" && in_memory_set(s));
            chosen[i] = chosen[i] || in;
            known = known || in || word == "primitives" || word == "memory";
        }
        if (!known) {
            std::string names = sets;
            for (const ToolSpec& s : specs)
                names += ", " + s.name;
            return Status::invalid("--tools: unknown tool or set '" + word + "' (known: " + names +
                                   ")");
        }
    }
    std::vector<std::string> out;
    for (std::size_t i = 0; i < specs.size(); ++i)
        if (chosen[i])
            out.push_back(specs[i].name);
    if (out.empty())
        return Status::invalid("--tools: names no tool (known sets: " + sets + ")");
    return out;
}

const ToolSpec* find_tool(const std::vector<ToolSpec>& specs, std::string_view name) {
    for (const ToolSpec& s : specs)
        if (s.name == name)
            return &s;
    return nullptr;
}

std::optional<std::string> check_arguments(const ToolSpec& spec, const json& arguments) {
    if (!arguments.is_object())
        return "arguments: expected an object, not " + shown(arguments);
    const json& props = spec.input_schema["properties"];
    const json& more = spec.also_takes;
    for (const auto& [key, value] : arguments.items()) {
        const bool listed = props.contains(key);
        if (!listed && !more.contains(key)) {
            std::string known;
            for (const json* set : {&props, &more})
                for (const auto& [k, v] : set->items())
                    known += (known.empty() ? "" : ", ") + k;
            return "unknown argument '" + key + "' (" + spec.name + " takes " + known + ")";
        }
        if (auto bad = check_value(key, listed ? props[key] : more[key], value))
            return bad;
    }
    if (spec.input_schema.contains("required"))
        for (const auto& r : spec.input_schema["required"])
            if (!arguments.contains(r.get<std::string>()))
                return "missing required argument '" + r.get<std::string>() + "'";
    return std::nullopt;
}

// ---- the runner --------------------------------------------------------------------------

Result<std::unique_ptr<ToolRunner>> ToolRunner::open(const std::filesystem::path& vault_dir,
                                                     bool read_only, const ToolRunner* checked) {
    std::unique_ptr<ToolRunner> r(new ToolRunner());
    r->dir_ = vault_dir;
    r->read_only_ = read_only;
    auto vault = Vault::open(vault_dir, read_only);
    if (!vault)
        return vault.status();
    r->vault_ = std::move(vault).value();
    // A damaged vault is served for reading, never written: every write (memory_store, the
    // audit log) is refused with what the check found, and the server says so at start and in
    // its instructions (Server::instructions).
    if (checked != nullptr) {
        if (auto damage = checked->damage())
            r->vault_->mark_damaged(*damage);
    } else if (Status sound = r->vault_->quick_check(); !sound.is_ok()) {
        if (sound.code() != StatusCode::Corruption)
            return sound;
        r->vault_->mark_damaged(sound.message());
    }
    auto embedder = make_embedder_for(*r->vault_);
    if (!embedder)
        return embedder.status();
    r->embedder_ = std::move(embedder).value();
    MEMLENS_TRY(r->ensure_engine());
    if (!read_only)
        r->folder_ = std::make_unique<TopicFolder>(vault_dir, r->embedder_->signature());
    return r;
}

ToolRunner::~ToolRunner() {
    flush_audit();
}

Status ToolRunner::ensure_engine() {
    if (engine_)
        return Status::ok();
    auto engine = SearchEngine::open(*vault_, *embedder_);
    if (!engine)
        return engine.status();
    engine_ = std::move(engine).value();
    return Status::ok();
}

void ToolRunner::flush_audit(std::chrono::milliseconds max_wait) {
    if (engine_ && engine_->audit_writer())
        (void)engine_->audit_writer()->flush(max_wait);
}

void ToolRunner::log(const AuditCaller& caller, const ToolOutcome& outcome, double elapsed_ms) {
    if (outcome.logged || !engine_ || !engine_->audit_writer())
        return;
    engine_->audit_writer()->submit(
        make_tool_audit_record(caller, outcome.summary.empty() ? caller.tool : outcome.summary,
                               outcome.node_ids, elapsed_ms, vault_->revision(), outcome.error));
}

std::vector<std::string> ToolRunner::profile_names() const {
    return WeightProfile::names(vault_->all_settings());
}

Result<QueryOptions> ToolRunner::search_options(const json& args) {
    QueryOptions o;
    if (args.contains("mode"))
        o.mode = search_mode_from_string(args["mode"].get<std::string>());
    o.limit = static_cast<int>(opt_size(args, "limit"));
    o.scope.source_kinds = opt_strings(args, "source_kinds");
    o.scope.topics = opt_strings(args, "topics");
    o.scope.tags = opt_strings(args, "tags");
    auto since = opt_time(args, "since");
    if (!since)
        return since.status();
    auto until = opt_time(args, "until");
    if (!until)
        return until.status();
    o.scope.since_ms = *since;
    o.scope.until_ms = *until;
    if (auto profile = opt_string(args, "profile")) {
        const auto names = WeightProfile::names(vault_->all_settings());
        if (std::find(names.begin(), names.end(), *profile) == names.end()) {
            std::string list;
            for (const auto& n : names)
                list += (list.empty() ? "" : ", ") + n;
            return Status::invalid("profile: expected one of " + list + ", not '" + *profile + "'");
        }
        o.profile = *profile;
    }
    return o;
}

ToolOutcome ToolRunner::search(const json& args, const AuditCaller& caller,
                               const std::atomic_bool* cancel) {
    const std::string text = args["query"].get<std::string>();
    auto options = search_options(args);
    if (!options)
        return failed(options.status(), text);
    options->caller = caller;
    auto answer = engine_->query(text, *options, cancel);
    if (!answer)
        return failed(answer.status(), text);
    const SearchResponse& r = answer->response;
    const bool explain = args.value("explain", false);
    ToolOutcome o;
    o.node_ids = ids_of(r.result.hits);
    o.summary = text;
    o.logged = r.audit.enabled;
    if (!explain && detail_of(args) == Detail::Brief) {
        auto briefs = brief_hits(*vault_, r.result.hits);
        if (!briefs) {
            ToolOutcome f = failed(briefs.status(), text);
            f.logged = o.logged;
            return f;
        }
        std::string hits;
        for (const BriefHit& b : *briefs)
            hits += (hits.empty() ? "" : ",") + to_json(b);
        // "truncated" (a budget cut the list) and "degraded" only when they happened.
        o.text = "{\"hits\":[" + hits + "],\"total\":" + std::to_string(r.result.total);
        if (r.result.truncated)
            o.text += ",\"truncated\":true";
        if (r.result.degraded)
            o.text += ",\"degraded\":" + to_json(r.result.degraded);
        // Candidates the vault's no-match threshold held back (search.min_score).
        if (r.below_min_score > 0)
            o.text += ",\"below_min_score\":" + std::to_string(r.below_min_score);
        // Nothing matched: said in words, so a model answers "I don't remember" rather than
        // reading noise.
        if (r.no_match)
            o.text += ",\"no_match\":" +
                      json(r.no_match->reason).dump(-1, ' ', false, json::error_handler_t::replace);
        o.text += "}";
        o.structured = parsed(o.text);
        return o;
    }
    json hits = json::array();
    int rank = 0;
    for (const RetrievalHit& h : r.result.hits) {
        json j = parsed(to_json(h));
        j["rank"] = ++rank;
        j["verdict"] = h.explanation ? h.explanation->verdict : std::string();
        if (!explain)
            j.erase("explanation");
        hits.push_back(std::move(j));
    }
    o.structured = {{"query", text},
                    {"mode", to_string(r.settings.mode)},
                    {"hits", std::move(hits)},
                    {"total", r.result.total},
                    {"truncated", r.result.truncated},
                    {"degraded", parsed(to_json(r.result.degraded))}};
    // Older versions the supersession penalty kept out of the hits, when there are any.
    if (!r.superseded_out.empty())
        o.structured["superseded_out"] = parsed(to_json(r.superseded_out));
    if (r.below_min_score > 0)
        o.structured["below_min_score"] = {{"count", r.below_min_score},
                                           {"threshold", r.settings.min_score}};
    if (r.no_match)
        o.structured["no_match"] = {{"reason", r.no_match->reason},
                                    {"unknown_terms", r.no_match->unknown_terms},
                                    {"best_similarity", r.no_match->best_similarity},
                                    {"noise_floor", r.no_match->noise_floor}};
    return o;
}

ToolOutcome ToolRunner::why_not(const json& args, const std::atomic_bool* cancel) {
    const std::string text = args["query"].get<std::string>();
    const std::string node = args["node_id"].get<std::string>();
    const std::string summary = "why_not " + node + ": " + text;
    auto options = search_options(args);
    if (!options)
        return failed(options.status(), summary);
    options->audit = false;
    auto answer = engine_->why_not(text, node, *options, cancel);
    if (!answer)
        return failed(answer.status(), summary);
    ToolOutcome o;
    if (detail_of(args) == Detail::Brief) {
        o.text = brief_why_not_json(*answer);
        o.structured = parsed(o.text);
    } else {
        o.structured = parsed(why_not_json(*answer, -1));
    }
    o.node_ids = {node};
    o.summary = summary;
    return o;
}

ToolOutcome ToolRunner::explain(const json& args, const AuditCaller& caller,
                                const std::atomic_bool* cancel) {
    const std::string text = args["query"].get<std::string>();
    const std::string node = args["node_id"].get<std::string>();
    const std::string summary = "explain " + node + ": " + text;
    const bool brief = detail_of(args) == Detail::Brief;
    auto options = search_options(args);
    if (!options)
        return failed(options.status(), summary);
    options->audit = false; // the explain call's own row names the tool and the node
    (void)caller;
    auto answer = engine_->query(text, *options, cancel);
    if (!answer)
        return failed(answer.status(), summary);
    ToolOutcome o;
    o.summary = summary;
    o.node_ids = {node};
    const auto& hits = answer->response.result.hits;
    for (std::size_t i = 0; i < hits.size(); ++i) {
        if (hits[i].node_id != node || !hits[i].explanation)
            continue;
        if (brief) {
            // The verdict in words first: the hit's own line, which names its ranks.
            const ojson j = {{"verdict", hits[i].explanation->verdict},
                             {"node_id", node},
                             {"returned", true},
                             {"rank", static_cast<int>(i + 1)}};
            o.text = j.dump(-1, ' ', false, json::error_handler_t::replace);
            o.structured = parsed(o.text);
            return o;
        }
        o.structured = {{"node_id", node},
                        {"returned", true},
                        {"rank", static_cast<int>(i + 1)},
                        {"verdict", hits[i].explanation->verdict},
                        {"explanation", parsed(to_json(*hits[i].explanation))},
                        {"why_not", nullptr}};
        return o;
    }
    auto why = engine_->why_not(text, node, *options, cancel);
    if (!why)
        return failed(why.status(), summary);
    if (brief) {
        // why_not's brief answer, marked as not returned after the node.
        const ojson w = ojson::parse(brief_why_not_json(*why));
        ojson j;
        for (const auto& [k, v] : w.items()) {
            j[k] = v;
            if (k == "node_id")
                j["returned"] = false;
        }
        o.text = j.dump(-1, ' ', false, json::error_handler_t::replace);
        o.structured = parsed(o.text);
        return o;
    }
    o.structured = {{"node_id", node},        {"returned", false},
                    {"rank", nullptr},        {"verdict", why->verdict},
                    {"explanation", nullptr}, {"why_not", parsed(why_not_json(*why, -1))}};
    return o;
}

ToolOutcome ToolRunner::store(const json& args, const std::atomic_bool* cancel) {
    IngestItem item;
    item.text = args["text"].get<std::string>();
    const std::string source = opt_string(args, "source").value_or("chat:agent");
    // The row's query column: what was stored, its start when it is long.
    std::string summary = item.text.substr(0, 200);
    while (!summary.empty() && !is_valid_utf8(summary))
        summary.pop_back();
    if (item.text.find_first_not_of(" \t\r\n") == std::string::npos)
        return failed(Status::invalid("text: blank: there is nothing to remember"), summary);
    if (item.text.size() > kMaxStoreBytes)
        return failed(Status::invalid("text: " + std::to_string(item.text.size()) +
                                      " bytes, over the limit of " +
                                      std::to_string(kMaxStoreBytes) + " for one message"),
                      summary);
    if (source.size() > kMaxIdBytes)
        return failed(Status::invalid("source: longer than 512 bytes"), summary);
    const auto kind = source_kind_for(source);
    if (!kind)
        return failed(Status::invalid("source: '" + source +
                                      "' names no known platform: use platform:name with a "
                                      "platform such as chat, email, document, slack, gmail"),
                      summary);
    item.author = opt_string(args, "author").value_or("");
    auto when = opt_time(args, "time");
    if (!when)
        return failed(when.status(), summary);
    item.ts_ms = when->value_or(now_ms());
    item.message_id = opt_string(args, "message_id");
    item.supersedes = opt_string(args, "supersedes");
    item.tags = opt_strings(args, "tags");
    if (Status tags = check_memory_tags(item.tags); !tags)
        return failed(tags, summary);
    item.source_ref = item.message_id.value_or("");
    IngestSource src;
    src.source_id = source;
    src.source_kind = *kind;
    const auto colon = source.find(':');
    src.platform = colon == std::string::npos ? source : source.substr(0, colon);
    src.title = source;
    src.format = "mcp";
    if (!item.author.empty())
        src.persons.push_back(item.author);
    src.items.push_back(std::move(item));
    IngestOptions opts;
    opts.report_chunk_ids = true;
    opts.fold_here = false; // folder_ folds, on its own thread
    Ingestor ingestor(*vault_, *embedder_, opts);
    auto report = ingestor.ingest({src}, {}, cancel);
    if (!report)
        return failed(report.status(), summary);
    if (report->fold_due)
        folder_->request();
    ToolOutcome o;
    o.node_ids = report->chunk_ids;
    const bool duplicate = report->duplicates > 0;
    if (duplicate && o.node_ids.empty()) {
        // Already stored: the agent gets the id it would have got the first time.
        auto existing = stored_message_chunks(*vault_, source, src.items.front().ts_ms,
                                              src.items.front().text, src.items.front().message_id);
        if (!existing)
            return failed(existing.status(), summary);
        o.node_ids = std::move(existing).value();
    }
    o.structured = {{"stored", !report->chunk_ids.empty()},
                    {"node_ids", o.node_ids},
                    {"source", source},
                    {"duplicate", duplicate},
                    {"summaries_sealed", report->summaries}};
    if (duplicate && report->chunk_ids.empty())
        o.structured["note"] = "already stored" +
                               (o.node_ids.empty() ? std::string() : " as " + o.node_ids.front()) +
                               ": nothing new was written";
    o.summary = summary;
    return o;
}

ToolOutcome ToolRunner::update(const json& args, const std::atomic_bool* cancel) {
    MemoryUpdate u;
    u.id = args["id"].get<std::string>();
    u.text = args["text"].get<std::string>();
    const std::string summary = "memory_update " + u.id;
    if (u.text.size() > kMaxStoreBytes)
        return failed(Status::invalid("text: " + std::to_string(u.text.size()) +
                                      " bytes, over the limit of " +
                                      std::to_string(kMaxStoreBytes) + " for one message"),
                      summary);
    u.author = opt_string(args, "author");
    if (args.contains("tags"))
        u.tags = opt_strings(args, "tags");
    auto when = opt_time(args, "time");
    if (!when)
        return failed(when.status(), summary);
    u.time_ms = *when;
    auto r = update_memory(*vault_, *embedder_, u, cancel, false);
    if (folder_)
        folder_->request(); // folds if the update took the list past the bound
    if (!r)
        return failed(r.status(), summary);
    ToolOutcome o;
    o.structured = parsed(to_json(*r));
    o.node_ids = {r->old_id};
    o.node_ids.insert(o.node_ids.end(), r->new_ids.begin(), r->new_ids.end());
    o.summary = summary;
    return o;
}

ToolOutcome ToolRunner::list(const json& args) {
    MemoryListOptions l;
    l.source = opt_string(args, "source");
    l.author = opt_string(args, "author");
    l.tags = opt_strings(args, "tags");
    l.cursor = opt_string(args, "cursor").value_or("");
    if (args.contains("limit"))
        l.limit = static_cast<int>(opt_size(args, "limit"));
    const std::string summary = "memory_list";
    auto since = opt_time(args, "since");
    auto until = opt_time(args, "until");
    if (!since || !until)
        return failed(!since ? since.status() : until.status(), summary);
    l.since_ms = *since;
    l.until_ms = *until;
    auto page = list_memories(*vault_, l);
    if (!page)
        return failed(page.status(), summary);
    ToolOutcome o;
    o.structured = parsed(to_json(*page));
    for (const Memory& m : page->memories)
        o.node_ids.push_back(m.id);
    o.summary = summary;
    return o;
}

// A grade is the agent's (judge "agent <client>", judgments.h), of a hit one of its own logged
// searches returned.
ToolOutcome ToolRunner::feedback(const json& args, const AuditCaller& caller) {
    const std::string query = args["query"].get<std::string>();
    const std::string node = args["node_id"].get<std::string>();
    const int grade = static_cast<int>(opt_size(args, "grade"));
    const std::string reason = opt_string(args, "reason").value_or("");
    const std::string summary = "memory_feedback " + node + " " + std::to_string(grade);
    const auto client =
        caller.client.empty() ? std::nullopt : std::optional<std::string_view>(caller.client);
    auto row = find_logged_search(*vault_, query, node, client);
    if (!row)
        return failed(row.status(), summary);
    const std::string judge = "agent " + (caller.client.empty() ? "unnamed" : caller.client);
    auto j = judge_logged_hit(*vault_, *row, node, grade, reason, judge);
    if (!j)
        return failed(j.status(), summary);
    ToolOutcome o;
    o.structured = {{"query_id", j->query_id}, {"node_id", j->node_id},
                    {"grade", j->grade},       {"grade_name", std::string(grade_name(j->grade))},
                    {"judge", j->judge},       {"audit_id", *row}};
    o.node_ids = {j->node_id};
    o.summary = summary;
    return o;
}

ToolOutcome ToolRunner::health(const json& args) {
    HealthOptions h;
    const std::string summary = "memory_health";
    auto since = opt_time(args, "since");
    auto until = opt_time(args, "until");
    if (!since || !until)
        return failed(!since ? since.status() : until.status(), summary);
    h.since_ms = *since;
    h.until_ms = *until;
    h.max_magnets = 10;
    h.max_sources = 10;
    auto r = vault_health(*vault_, h);
    if (!r)
        return failed(r.status(), summary);
    ToolOutcome o;
    o.structured = parsed(to_json(*r));
    for (const Magnet& m : r->magnets)
        o.node_ids.push_back(m.node_id);
    o.summary = summary;
    return o;
}

ToolOutcome ToolRunner::get(const json& args) {
    const auto ids = opt_strings(args, "ids");
    std::string summary = "memory_get";
    for (const auto& id : ids)
        summary += " " + id;
    auto memories = get_memories(*vault_, ids);
    if (!memories)
        return failed(memories.status(), summary);
    ToolOutcome o;
    o.structured = {{"memories", parsed(to_json(*memories))}};
    for (const Memory& m : *memories)
        o.node_ids.push_back(m.id);
    o.summary = summary;
    return o;
}

ToolOutcome ToolRunner::forget(const json& args) {
    ForgetRequest req;
    req.ids = opt_strings(args, "ids");
    req.source = opt_string(args, "source");
    std::string summary = "forget";
    for (const auto& id : req.ids)
        summary += " " + id;
    if (req.source)
        summary += " source " + *req.source;
    if (args.contains("before"))
        summary += " before " + args["before"].get<std::string>();
    auto before = opt_time(args, "before");
    if (!before)
        return failed(before.status(), summary);
    req.before_ms = *before;
    // Rows of earlier calls (a store of what is forgotten now) reach the log first, where the
    // forget redacts them.
    flush_audit();
    auto r = forget_memories(*vault_, *embedder_, req);
    if (folder_)
        folder_->request();
    if (!r)
        return failed(r.status(), summary);
    ToolOutcome o;
    o.structured = parsed(forget_report_json(*r));
    o.node_ids = r->memories;
    o.summary = summary;
    return o;
}

ToolOutcome ToolRunner::primitive(const std::string& name, const json& args) {
    if (name == "query_source")
        return source_tool(args);
    if (name == "query_global" || name == "cover_window")
        return window_tool(name, args);
    if (name == "query_topic")
        return topic_tool(args);
    if (name == "search_entities")
        return entities_tool(args);
    if (name == "drill_down")
        return drill_tool(args);
    if (name == "fetch_leaves")
        return leaves_tool(args);
    if (name == "walk")
        return walk_tool(args);
    return failed(Status::internal("no such tool: " + name));
}

ToolOutcome ToolRunner::source_tool(const json& args) {
    Embedder* embedder = embedder_.get();
    QuerySourceOptions o;
    o.source_id = opt_string(args, "source_id");
    o.source_kind = opt_string(args, "source_kind");
    if (args.contains("days"))
        o.time_window_days = static_cast<int>(opt_size(args, "days"));
    o.query = opt_string(args, "query");
    o.limit = opt_size(args, "limit");
    const std::string summary = o.query.value_or(o.source_id.value_or("query_source"));
    auto r = query_source(*vault_, o, o.query ? embedder : nullptr);
    return r ? response_outcome(*r, summary) : failed(r.status(), summary);
}

ToolOutcome ToolRunner::window_tool(const std::string& name, const json& args) {
    Embedder* embedder = embedder_.get();
    auto since = opt_time(args, "since");
    auto until = opt_time(args, "until");
    const std::string summary =
        name + " " + args["since"].get<std::string>() + " .. " + args["until"].get<std::string>();
    if (!since || !until)
        return failed(!since ? since.status() : until.status(), summary);
    if (name == "query_global") {
        QueryGlobalOptions o;
        o.since_ms = **since;
        o.until_ms = **until;
        o.source_kind = opt_string(args, "source_kind");
        o.query = opt_string(args, "query");
        o.limit = opt_size(args, "limit");
        auto r = query_global(*vault_, o, o.query ? embedder : nullptr);
        return r ? response_outcome(*r, summary) : failed(r.status(), summary);
    }
    CoverWindowOptions o;
    o.since_ms = **since;
    o.until_ms = **until;
    o.source_id = opt_string(args, "source_id");
    o.source_kind = opt_string(args, "source_kind");
    o.limit = opt_size(args, "limit");
    auto r = cover_window(*vault_, o);
    return r ? response_outcome(*r, summary) : failed(r.status(), summary);
}

ToolOutcome ToolRunner::topic_tool(const json& args) {
    Embedder* embedder = embedder_.get();
    QueryTopicOptions o;
    o.entity_id = args["entity_id"].get<std::string>();
    auto since = opt_time(args, "since");
    auto until = opt_time(args, "until");
    if (!since || !until)
        return failed(!since ? since.status() : until.status(), o.entity_id);
    o.since_ms = *since;
    o.until_ms = *until;
    o.query = opt_string(args, "query");
    o.limit = opt_size(args, "limit");
    auto known = entity_known(*vault_, o.entity_id);
    if (!known)
        return failed(known.status(), o.entity_id);
    if (!*known)
        return failed(Status::not_found("entity_id: no entity '" + o.entity_id +
                                        "' in the vault (search_entities finds ids)"),
                      o.entity_id);
    auto r = query_topic(*vault_, o, o.query ? embedder : nullptr);
    return r ? response_outcome(*r, o.entity_id) : failed(r.status(), o.entity_id);
}

ToolOutcome ToolRunner::entities_tool(const json& args) {
    SearchEntitiesOptions o;
    o.query = args["query"].get<std::string>();
    o.kinds = opt_strings(args, "kinds");
    o.limit = opt_size(args, "limit");
    auto r = search_entities(*vault_, o);
    if (!r)
        return failed(r.status(), o.query);
    ToolOutcome out;
    out.structured = {{"entities", parsed(to_json(*r))}};
    for (const auto& m : *r)
        out.node_ids.push_back(m.canonical_id);
    out.summary = o.query;
    return out;
}

ToolOutcome ToolRunner::drill_tool(const json& args) {
    Embedder* embedder = embedder_.get();
    DrillDownOptions o;
    o.node_id = args["node_id"].get<std::string>();
    o.max_depth = args.contains("max_depth") ? static_cast<int>(opt_size(args, "max_depth")) : 1;
    o.query = opt_string(args, "query");
    if (args.contains("limit"))
        o.limit = opt_size(args, "limit");
    std::optional<DegradedRanking> degraded;
    const std::string summary = "drill_down " + o.node_id;
    if (auto unknown = unknown_node_ids(*vault_, {o.node_id}); !unknown || !unknown->empty())
        return failed(!unknown
                          ? unknown.status()
                          : Status::not_found("node_id: no node '" + o.node_id + "' in the vault"),
                      summary);
    auto r = drill_down(*vault_, o, o.query ? embedder : nullptr, &degraded);
    if (!r)
        return failed(r.status(), summary);
    QueryResponse resp = QueryResponse::make(std::move(r).value(), 0);
    resp.total = resp.hits.size();
    resp.truncated = false;
    resp.degraded = degraded;
    return response_outcome(resp, summary);
}

ToolOutcome ToolRunner::leaves_tool(const json& args) {
    const auto ids = opt_strings(args, "chunk_ids");
    std::string summary = "fetch_leaves";
    for (const auto& id : ids)
        summary += " " + id;
    auto unknown = unknown_node_ids(*vault_, ids);
    if (!unknown)
        return failed(unknown.status(), summary);
    if (!unknown->empty()) {
        std::string named;
        for (const auto& id : *unknown)
            named += (named.empty() ? "'" : ", '") + id + "'";
        return failed(Status::not_found("chunk_ids: no chunk " + named + " in the vault"), summary);
    }
    auto r = fetch_leaves(*vault_, ids);
    if (!r)
        return failed(r.status(), summary);
    QueryResponse resp = QueryResponse::make(std::move(r).value(), 0);
    resp.total = resp.hits.size();
    resp.truncated = false;
    return response_outcome(resp, summary);
}

ToolOutcome ToolRunner::walk_tool(const json& args) {
    WalkOptions o;
    o.query = args["query"].get<std::string>();
    o.limit = opt_size(args, "limit");
    o.max_hops = static_cast<int>(opt_size(args, "max_hops"));
    if (args.contains("days"))
        o.time_window_days = static_cast<int>(opt_size(args, "days"));
    WalkTrace trace;
    auto r = engine_->walk(o, &trace);
    if (!r)
        return failed(r.status(), o.query);
    ToolOutcome out = response_outcome(*r, o.query);
    out.structured["route"] = to_wire(trace.route);
    out.structured["query_entities"] = trace.query_entities;
    return out;
}

Result<json> ToolRunner::whole_ids(json args) const {
    auto resolve = [&](json& v) -> Status {
        // An id, its start, a turn or message id, a file and line (node_ref.h).
        auto id = resolve_node_ref(*vault_, v.get<std::string>());
        if (!id)
            return id.status();
        v = *id;
        return Status::ok();
    };
    for (const char* key : {"node_id", "id"})
        if (args.contains(key))
            MEMLENS_TRY(resolve(args[key]));
    for (const char* key : {"chunk_ids", "ids"})
        if (args.contains(key))
            for (json& v : args[key])
                MEMLENS_TRY(resolve(v));
    // supersedes names a message id or a chunk's id; a message id is taken as it is.
    if (args.contains("supersedes")) {
        auto st = vault_->db().prepare("SELECT 1 FROM mem_tree_chunks WHERE message_id = ?1");
        if (!st)
            return st.status();
        st->bind(1, args["supersedes"].get<std::string>());
        auto row = st->step();
        if (!row)
            return row.status();
        if (!*row)
            MEMLENS_TRY(resolve(args["supersedes"]));
    }
    return args;
}

ToolOutcome ToolRunner::run(const ToolSpec& spec, const json& given, const AuditCaller& caller,
                            const std::atomic_bool* cancel) {
    if (Status s = ensure_engine(); !s)
        return failed(s);
    auto whole = whole_ids(given);
    if (!whole)
        return failed(whole.status());
    const json& arguments = *whole;
    if (spec.name == "memory_search")
        return search(arguments, caller, cancel);
    if (spec.name == "why_not")
        return why_not(arguments, cancel);
    if (spec.name == "explain")
        return explain(arguments, caller, cancel);
    if (spec.name == "memory_store") {
        if (read_only_)
            return failed(Status::invalid("the server is read-only (--read-only): it stores "
                                          "nothing"));
        return store(arguments, cancel);
    }
    if (spec.name == "memory_update") {
        if (read_only_)
            return failed(Status::invalid("the server is read-only (--read-only): it stores "
                                          "nothing"));
        return update(arguments, cancel);
    }
    if (spec.name == "memory_feedback") {
        if (read_only_)
            return failed(Status::invalid("the server is read-only (--read-only): it stores "
                                          "no grade"));
        return feedback(arguments, caller);
    }
    if (spec.name == "memory_health")
        return health(arguments);
    if (spec.name == "memory_list")
        return list(arguments);
    if (spec.name == "memory_get")
        return get(arguments);
    if (spec.name == "memory_forget") {
        if (read_only_)
            return failed(Status::invalid("the server is read-only (--read-only): it forgets "
                                          "nothing"));
        return forget(arguments);
    }
    return primitive(spec.name, arguments);
}

} // namespace memlens::mcp
