// The MCP tools (tools.h): schemas, argument checks, and the core calls behind them. Every
// answer is built from the core's own JSON (json_writer.h, search_response_json, why_not_json)
// so an agent reads the same fields as `memlens-cli ... --json`.
#include "tools.h"

#include <memlens/audit.h>
#include <memlens/forget.h>
#include <memlens/import.h>
#include <memlens/ingest.h>
#include <memlens/json_writer.h>
#include <memlens/query_context.h>
#include <memlens/retrieval.h>
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

json str(const std::string& description) {
    return {{"type", "string"}, {"description", description}};
}
json integer(std::int64_t lo, std::int64_t hi, const std::string& description) {
    return {{"type", "integer"}, {"minimum", lo}, {"maximum", hi}, {"description", description}};
}
json time_arg(const std::string& description) {
    return {{"type", "string"},
            {"description", description + " (RFC 3339, e.g. 2026-03-01T09:00:00Z, or epoch ms)"}};
}
json string_enum(const std::vector<std::string>& values, const std::string& description) {
    return {{"type", "string"}, {"enum", values}, {"description", description}};
}
json object_schema(json properties, std::vector<std::string> required = {}) {
    json j = {{"type", "object"}, {"properties", std::move(properties)}};
    if (!required.empty())
        j["required"] = std::move(required);
    j["additionalProperties"] = false;
    return j;
}
json nullable(const char* type) {
    return {{"type", json::array({type, "null"})}};
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

// A hit as json_writer.h writes it (one shape everywhere), with the agent's rank.
json hit_schema(bool with_verdict) {
    json props = {{"rank", {{"type", "integer"}}},
                  {"node_id", {{"type", "string"}}},
                  {"node_kind", {{"type", "string"}}},
                  {"level", {{"type", "integer"}}},
                  {"tree_scope", {{"type", "string"}}},
                  {"content", {{"type", "string"}}},
                  {"time_range_start", {{"type", "string"}}},
                  {"time_range_end", {{"type", "string"}}},
                  {"score", {{"type", "number"}}},
                  {"source_ref", nullable("string")}};
    std::vector<std::string> required = {"rank",    "node_id",          "node_kind",
                                         "content", "time_range_start", "score"};
    if (with_verdict) {
        props["verdict"] = {{"type", "string"}};
        props["explanation"] = {{"type", "object"}};
        required.emplace_back("verdict");
    }
    return {{"type", "object"}, {"properties", props}, {"required", required}};
}
json hits_output(bool with_verdict, json extra = json::object()) {
    json props = {{"hits", {{"type", "array"}, {"items", hit_schema(with_verdict)}}},
                  {"total", {{"type", "integer"}}},
                  {"truncated", {{"type", "boolean"}}},
                  {"degraded", {{"type", json::array({"object", "null"})}}}};
    for (auto& [k, v] : extra.items())
        props[k] = v;
    return {{"type", "object"}, {"properties", props}, {"required", {"hits"}}};
}

json search_properties() {
    return {
        {"query", str("What to look for, in words (a question or keywords)")},
        {"limit", integer(1, kMaxSearchLimit,
                          "How many hits at most (default: the vault's "
                          "search.limit setting)")},
        {"mode", string_enum(mode_names(), "hybrid (both legs, fused), keyword (FTS5 only) or "
                                           "semantic (vectors only); default hybrid")},
        {"source_kinds",
         {{"type", "array"},
          {"items", string_enum(kind_names(), "a source kind")},
          {"description", "Only these kinds of source"}}},
        {"topics",
         {{"type", "array"},
          {"items", {{"type", "string"}}},
          {"description", "Only nodes tagged with or about these topics"}}},
        {"since", time_arg("Only what overlaps the time from here")},
        {"until", time_arg("Only what overlaps the time up to here")},
        {"profile", str("A weight profile: balanced, recency, graph, keyword, semantic or the "
                        "vault's own (profile fusion)")},
    };
}

json entities_output() {
    json entity = {{"type", "object"},
                   {"properties",
                    {{"canonical_id", {{"type", "string"}}},
                     {"kind", {{"type", "string"}}},
                     {"surface", {{"type", "string"}}},
                     {"mention_count", {{"type", "integer"}}}}}};
    json props = {{"entities", {{"type", "array"}, {"items", entity}}}};
    return {{"type", "object"}, {"properties", props}, {"required", {"entities"}}};
}

std::vector<ToolSpec> all_specs() {
    std::vector<ToolSpec> specs;
    {
        json props = search_properties();
        props["explain"] = {{"type", "boolean"},
                            {"description", "Include each hit's full explanation (the legs' "
                                            "ranks, RRF terms, recency, MMR); default false"}};
        specs.push_back(
            {"memory_search", "Search memory",
             "Hybrid search of the memory vault: keyword (FTS5, BM25F) and vector "
             "legs fused by reciprocal rank, with recency, graph context and MMR "
             "diversity. Each hit has its node id, text, time, source, score and a "
             "one-line verdict saying what decided its place.",
             object_schema(props, {"query"}),
             hits_output(true, {{"query", {{"type", "string"}}}, {"mode", {{"type", "string"}}}})});
    }
    specs.push_back(
        {"query_source", "Summaries of a source",
         "Level-1+ summaries of one source (source_id) or of every source of a kind, newest "
         "first, or ranked by similarity to query.",
         object_schema({{"source_id", str("One source, e.g. chat:agent or slack:#eng")},
                        {"source_kind", string_enum(kind_names(), "Every source of this kind")},
                        {"days", integer(1, 36500, "Only summaries overlapping the last N days")},
                        {"query", str("Rank by similarity to this text")},
                        {"limit", integer(1, kMaxQueryLimit, "At most this many (default 10)")}}),
         hits_output(false)});
    specs.push_back(
        {"query_global", "Summaries of a time window",
         "Summaries of every source overlapping [since, until], newest first or ranked by "
         "similarity to query.",
         object_schema({{"since", time_arg("Window start")},
                        {"until", time_arg("Window end")},
                        {"source_kind", string_enum(kind_names(), "Only this kind of source")},
                        {"query", str("Rank by similarity to this text")},
                        {"limit", integer(1, kMaxQueryLimit, "At most this many (default 10)")}},
                       {"since", "until"}),
         hits_output(false)});
    specs.push_back(
        {"query_topic", "Nodes about an entity",
         "The chunks and summaries the entity index lists for one entity (an id from "
         "search_entities, e.g. person:alice or topic:launch).",
         object_schema({{"entity_id", str("Canonical entity id")},
                        {"since", time_arg("Only mentions from here")},
                        {"until", time_arg("Only mentions up to here")},
                        {"query", str("Rank by similarity to this text")},
                        {"limit", integer(1, kMaxQueryLimit, "At most this many (default 10)")}},
                       {"entity_id"}),
         hits_output(false)});
    specs.push_back(
        {"cover_window", "Everything in a time window",
         "The fewest nodes that cover every chunk inside [since, until]: whole sealed summaries "
         "where they fit, raw chunks elsewhere.",
         object_schema({{"since", time_arg("Window start")},
                        {"until", time_arg("Window end")},
                        {"source_id", str("Only this source")},
                        {"source_kind", string_enum(kind_names(), "Only this kind of source")},
                        {"limit", integer(1, 10000, "At most this many (default 200)")}},
                       {"since", "until"}),
         hits_output(false)});
    specs.push_back(
        {"search_entities", "Find entities",
         "Entities (people, topics, places, ...) whose id or name contains the text, most "
         "mentioned first.",
         object_schema({{"query", str("Part of a name or id")},
                        {"kinds",
                         {{"type", "array"},
                          {"items", {{"type", "string"}}},
                          {"description", "Only these entity kinds (person, topic, ...)"}}},
                        {"limit", integer(1, kMaxQueryLimit, "At most this many (default 5)")}},
                       {"query"}),
         entities_output()});
    specs.push_back(
        {"drill_down", "Open a summary",
         "The children of a summary node (max_depth levels down), in tree order or ranked by "
         "similarity to query.",
         object_schema({{"node_id", str("A summary's node id")},
                        {"max_depth", integer(1, 8, "Levels to descend (default 1)")},
                        {"query", str("Rank the visited nodes by similarity to this text")},
                        {"limit", integer(1, 1000, "At most this many")}},
                       {"node_id"}),
         hits_output(false)});
    specs.push_back({"fetch_leaves", "Read chunks",
                     "The full text of raw chunks by id (at most 20), in the order asked.",
                     object_schema({{"chunk_ids",
                                     {{"type", "array"},
                                      {"items", {{"type", "string"}}},
                                      {"minItems", 1},
                                      {"maxItems", kFetchBatchLimit},
                                      {"description", "Chunk ids"}}}},
                                   {"chunk_ids"}),
                     hits_output(false)});
    specs.push_back(
        {"walk", "Walk the entity graph",
         "The deterministic graph walk: the query's entities, nodes indexed under related "
         "pairs of them within max_hops, else a dense ranking.",
         object_schema({{"query", str("A question naming people, topics, places")},
                        {"limit", integer(1, kMaxQueryLimit, "At most this many (default 10)")},
                        {"max_hops", integer(1, kMaxGraphHops, "Graph hops (default 2)")},
                        {"days", integer(1, 36500, "Only the last N days")}},
                       {"query"}),
         hits_output(false,
                     {{"route", {{"type", "string"}}},
                      {"query_entities", {{"type", "array"}, {"items", {{"type", "string"}}}}}})});
    {
        json props = search_properties();
        props["node_id"] = str("The chunk or summary that was expected");
        specs.push_back({"why_not",
                         "Why was a node not returned?",
                         "Runs the search again (nothing is logged as a search) and follows one "
                         "node through its stages: the first stage that dropped it, in one line, "
                         "and the numbers it decided by.",
                         object_schema(props, {"query", "node_id"}),
                         {{"type", "object"},
                          {"properties",
                           {{"node_id", {{"type", "string"}}},
                            {"stage", {{"type", "string"}}},
                            {"verdict", {{"type", "string"}}},
                            {"facts", {{"type", "array"}}}}},
                          {"required", {"node_id", "stage", "verdict"}}}});
    }
    {
        json props = search_properties();
        props["node_id"] = str("The hit to explain");
        specs.push_back({"explain",
                         "Why was a node returned where it was?",
                         "Runs the search and gives one node's full explanation: its rank in "
                         "each leg, RRF terms, recency and graph factors, MMR step; or, when "
                         "it was not returned, why not.",
                         object_schema(props, {"query", "node_id"}),
                         {{"type", "object"},
                          {"properties",
                           {{"node_id", {{"type", "string"}}},
                            {"returned", {{"type", "boolean"}}},
                            {"rank", nullable("integer")},
                            {"verdict", {{"type", "string"}}},
                            {"explanation", {{"type", json::array({"object", "null"})}}},
                            {"why_not", {{"type", json::array({"object", "null"})}}}}},
                          {"required", {"node_id", "returned", "verdict"}}}});
    }
    specs.push_back(
        {"memory_store",
         "Remember",
         "Stores one message or note in the vault through the normal ingest path (chunked, "
         "indexed, embedded, sealed into its source's summary tree), atomically. The same text "
         "from the same source at the same time is stored once.",
         object_schema(
             {{"text", str("What to remember")},
              {"source", str("The source it belongs to, platform:name (default chat:agent); "
                             "its platform decides its kind (chat, email, document)")},
              {"author", str("Who said or wrote it")},
              {"time", time_arg("When it was said (default now)")},
              {"message_id", str("Your own id for it, so that a later message can supersede it")},
              {"supersedes", str("The message_id (or chunk id) this one replaces")}},
             {"text"}),
         {{"type", "object"},
          {"properties",
           {{"stored", {{"type", "boolean"}}},
            {"node_ids", {{"type", "array"}, {"items", {{"type", "string"}}}}},
            {"source", {{"type", "string"}}},
            {"duplicate", {{"type", "boolean"}}},
            {"summaries_sealed", {{"type", "integer"}}}}},
          {"required", {"stored", "node_ids"}}},
         true,
         false});
    {
        json list = {{"type", "array"}, {"items", {{"type", "string"}}}};
        specs.push_back(
            {"memory_forget",
             "Forget",
             "Forgets memories for good: by ids, or every memory of a source and/or stored "
             "before a time. Removes their text, vectors and entity mentions, re-seals the "
             "summaries built from them (removing those with nothing left) and replaces their "
             "text in the audit log with \"" +
                 std::string(kForgottenMarker) + "\". Says what it removed. Cannot be undone.",
             object_schema(
                 {{"ids",
                   {{"type", "array"},
                    {"items", {{"type", "string"}}},
                    {"maxItems", kMaxForgetIds},
                    {"description", "The memories' node ids (not with source or before)"}}},
                  {"source", str("Every memory of this source (platform:name)")},
                  {"before", time_arg("Every memory stored before this time")}}),
             {{"type", "object"},
              {"properties",
               {{"forgotten", list},
                {"summaries_resealed", list},
                {"summaries_removed", list},
                {"entities_removed", list},
                {"edges_changed", {{"type", "integer"}}},
                {"audit_rows", {{"type", "integer"}}},
                {"pending_audit_rows", {{"type", "integer"}}},
                {"wal_truncated", {{"type", "boolean"}}},
                {"revision", {{"type", "integer"}}}}},
              {"required", {"forgotten", "summaries_resealed", "summaries_removed"}}},
             true,
             true,
             true});
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

std::vector<ToolSpec> tool_specs(bool read_only) {
    std::vector<ToolSpec> specs = all_specs();
    if (read_only)
        std::erase_if(specs, [](const ToolSpec& s) { return s.writes; });
    return specs;
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
    for (const auto& [key, value] : arguments.items()) {
        if (!props.contains(key)) {
            std::string known;
            for (const auto& [k, v] : props.items())
                known += (known.empty() ? "" : ", ") + k;
            return "unknown argument '" + key + "' (" + spec.name + " takes " + known + ")";
        }
        if (auto bad = check_value(key, props[key], value))
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
                                                     bool read_only) {
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
    if (Status sound = r->vault_->quick_check(); !sound.is_ok()) {
        if (sound.code() != StatusCode::Corruption)
            return sound;
        r->vault_->mark_damaged(sound.message());
    }
    auto embedder = make_embedder_for(*r->vault_);
    if (!embedder)
        return embedder.status();
    r->embedder_ = std::move(embedder).value();
    MEMLENS_TRY(r->ensure_engine());
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

Result<QueryOptions> ToolRunner::search_options(const json& args) {
    QueryOptions o;
    if (args.contains("mode"))
        o.mode = search_mode_from_string(args["mode"].get<std::string>());
    o.limit = static_cast<int>(opt_size(args, "limit"));
    o.scope.source_kinds = opt_strings(args, "source_kinds");
    o.scope.topics = opt_strings(args, "topics");
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
    o.node_ids = ids_of(r.result.hits);
    o.summary = text;
    o.logged = r.audit.enabled;
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
    o.structured = parsed(why_not_json(*answer, -1));
    o.node_ids = {node};
    o.summary = summary;
    return o;
}

ToolOutcome ToolRunner::explain(const json& args, const AuditCaller& caller,
                                const std::atomic_bool* cancel) {
    const std::string text = args["query"].get<std::string>();
    const std::string node = args["node_id"].get<std::string>();
    const std::string summary = "explain " + node + ": " + text;
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
    Ingestor ingestor(*vault_, *embedder_, opts);
    auto report = ingestor.ingest({src}, {}, cancel);
    if (!report)
        return failed(report.status(), summary);
    ToolOutcome o;
    o.structured = {{"stored", !report->chunk_ids.empty()},
                    {"node_ids", report->chunk_ids},
                    {"source", source},
                    {"duplicate", report->duplicates > 0},
                    {"summaries_sealed", report->summaries}};
    o.node_ids = report->chunk_ids;
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
    if (!r)
        return failed(r.status(), summary);
    ToolOutcome o;
    o.structured = parsed(forget_report_json(*r));
    o.node_ids = r->memories;
    o.summary = summary;
    return o;
}

ToolOutcome ToolRunner::primitive(const std::string& name, const json& args) {
    Embedder* embedder = embedder_.get();
    if (name == "query_source") {
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
    if (name == "query_global" || name == "cover_window") {
        auto since = opt_time(args, "since");
        auto until = opt_time(args, "until");
        const std::string summary = name + " " + args["since"].get<std::string>() + " .. " +
                                    args["until"].get<std::string>();
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
    if (name == "query_topic") {
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
        auto r = query_topic(*vault_, o, o.query ? embedder : nullptr);
        return r ? response_outcome(*r, o.entity_id) : failed(r.status(), o.entity_id);
    }
    if (name == "search_entities") {
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
    if (name == "drill_down") {
        DrillDownOptions o;
        o.node_id = args["node_id"].get<std::string>();
        o.max_depth =
            args.contains("max_depth") ? static_cast<int>(opt_size(args, "max_depth")) : 1;
        o.query = opt_string(args, "query");
        if (args.contains("limit"))
            o.limit = opt_size(args, "limit");
        std::optional<DegradedRanking> degraded;
        auto r = drill_down(*vault_, o, o.query ? embedder : nullptr, &degraded);
        const std::string summary = "drill_down " + o.node_id;
        if (!r)
            return failed(r.status(), summary);
        QueryResponse resp = QueryResponse::make(std::move(r).value(), 0);
        resp.total = resp.hits.size();
        resp.truncated = false;
        resp.degraded = degraded;
        return response_outcome(resp, summary);
    }
    if (name == "fetch_leaves") {
        const auto ids = opt_strings(args, "chunk_ids");
        std::string summary = "fetch_leaves";
        for (const auto& id : ids)
            summary += " " + id;
        auto r = fetch_leaves(*vault_, ids);
        if (!r)
            return failed(r.status(), summary);
        QueryResponse resp = QueryResponse::make(std::move(r).value(), 0);
        resp.total = resp.hits.size();
        resp.truncated = false;
        return response_outcome(resp, summary);
    }
    if (name == "walk") {
        WalkOptions o;
        o.query = args["query"].get<std::string>();
        o.limit = opt_size(args, "limit");
        o.max_hops = static_cast<int>(opt_size(args, "max_hops"));
        if (args.contains("days"))
            o.time_window_days = static_cast<int>(opt_size(args, "days"));
        WalkTrace trace;
        auto r = walk(*vault_, o, embedder, &trace);
        if (!r)
            return failed(r.status(), o.query);
        ToolOutcome out = response_outcome(*r, o.query);
        out.structured["route"] = to_wire(trace.route);
        out.structured["query_entities"] = trace.query_entities;
        return out;
    }
    return failed(Status::internal("no such tool: " + name));
}

ToolOutcome ToolRunner::run(const ToolSpec& spec, const json& arguments, const AuditCaller& caller,
                            const std::atomic_bool* cancel) {
    if (Status s = ensure_engine(); !s)
        return failed(s);
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
    if (spec.name == "memory_forget") {
        if (read_only_)
            return failed(Status::invalid("the server is read-only (--read-only): it forgets "
                                          "nothing"));
        return forget(arguments);
    }
    return primitive(spec.name, arguments);
}

} // namespace memlens::mcp
