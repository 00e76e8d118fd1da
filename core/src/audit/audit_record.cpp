// What one audit row holds, and the way back from a row to the request that produced it.
#include "audit/candidate_codec.h"
#include "audit/logged_ids.h"
#include "json/string_array.h"

#include <memlens/audit.h>
#include <memlens/text.h>
#include <memlens/time_util.h>

#include <nlohmann/json.hpp>

#include <optional>
#include <string_view>

namespace memlens {

namespace {

using nlohmann::json;

constexpr auto kReplace = json::error_handler_t::replace;

json scope_json(const SearchScope& s) {
    json j = json::object();
    j["namespaces"] = s.namespaces;
    j["topics"] = s.topics;
    j["content_types"] = s.content_types;
    j["source_kinds"] = s.source_kinds;
    if (!s.tags.empty()) // absent on rows of scopes without tags, as before tags existed
        j["tags"] = s.tags;
    j["since_ms"] = s.since_ms ? json(*s.since_ms) : json(nullptr);
    j["until_ms"] = s.until_ms ? json(*s.until_ms) : json(nullptr);
    return j;
}

json leg_json(const LegReport& l) {
    json j = {{"ran", l.ran},
              {"count", l.count},
              {"top_score", l.top_score},
              {"weight", l.weight},
              {"ms", l.ms}};
    if (!l.skipped_reason.empty())
        j["skipped"] = l.skipped_reason;
    return j;
}

template <typename T> void put_optional(json& j, const char* key, const std::optional<T>& v) {
    if (v)
        j[key] = *v;
}

std::vector<std::string> string_list(const json& j, const char* key) {
    return j.contains(key) ? json_string_array(j[key]) : std::vector<std::string>{};
}

SearchRequest request_from_json(const AuditRecord& record, const json& j);

// A leg's candidates as the row keeps them: every field a rerun needs, the factors that are 1
// and the signals that are 0 left out. Doubles are written with the digits that read back to
// the same bits, so a rerun starts from exactly the numbers the query had.
json pool_json(const std::vector<LegCandidate>& pool, bool keyword) {
    json out = json::array();
    for (const auto& c : pool) {
        json e = {{"id", c.node_id}, {"rank", c.rank}, {"raw", c.raw}};
        if (keyword) {
            e["bm25f"] = c.fts_score;
            if (c.coverage != 1.0)
                e["coverage"] = c.coverage;
            if (c.author_factor != 1.0)
                e["author_factor"] = c.author_factor;
            if (c.time_factor != 1.0)
                e["time_factor"] = c.time_factor;
            if (c.question_factor != 1.0)
                e["question_factor"] = c.question_factor;
        }
        if (c.is_summary)
            e["summary"] = true;
        // The topic index keys a node's vector by the node's id.
        e["vector_id"] = c.has_vector ? json(c.node_id) : json(nullptr);
        if (c.query_similarity != 0.0)
            e["similarity"] = c.query_similarity;
        if (c.graph != 0.0)
            e["graph"] = c.graph;
        if (!c.superseded_by.empty())
            e["superseded_by"] = c.superseded_by;
        out.push_back(std::move(e));
    }
    return out;
}

} // namespace

namespace {

json pools_to_json(const CandidatePools& pools) {
    return {{"keyword", pool_json(pools.keyword, true)},
            {"vector", pool_json(pools.vector, false)},
            {"weights", {{"keyword", pools.keyword_weight}, {"vector", pools.vector_weight}}},
            {"vector_index", pools.vector_index},
            {"query_entities", pools.query_entities}};
}

// The request as asked: what a replay sends again.
json request_json(const SearchRequest& req, const SearchResponse& resp) {
    json request = {{"query", req.query},
                    {"analysed", !req.raw_query.empty() && req.raw_query != req.query},
                    {"limit", req.limit},
                    {"exact", req.exact},
                    {"now_ms", resp.now_ms},
                    {"scope", scope_json(req.scope)},
                    {"budget",
                     {{"max_units", req.budget.max_units},
                      {"max_chars", req.budget.max_chars},
                      {"max_ms", req.budget.max_ms}}}};
    if (req.mode)
        request["mode"] = to_string(*req.mode);
    if (req.fusion)
        request["fusion"] = to_string(*req.fusion);
    put_optional(request, "profile", req.profile);
    put_optional(request, "mmr_lambda", req.mmr_lambda);
    put_optional(request, "recency_boost", req.recency_boost);
    put_optional(request, "include_summaries", req.include_summaries);
    // The moment the query is about scales the keyword leg (search.day_boost): a replay without
    // it would rank differently and blame the settings.
    put_optional(request, "about_since_ms", req.about_since_ms);
    put_optional(request, "about_until_ms", req.about_until_ms);
    return request;
}

// The query profile: the request, the settings it ran with, and what each leg did.
json profile_json(const SearchRequest& req, const SearchResponse& resp, const json& request) {
    const auto& s = resp.settings;
    json vector_leg = leg_json(resp.vector);
    vector_leg["exact"] = resp.vector.exact;
    vector_leg["scored"] = resp.vector.scored;
    vector_leg["reached_topics"] = resp.vector.reached_topics;
    json keyword_leg = leg_json(resp.keyword);
    keyword_leg["fts_query"] = resp.keyword.fts_query;
    return {{"request", request},
            {"mode", to_string(s.mode)},
            {"fusion", to_string(s.fusion)},
            {"profile", s.profile.name},
            {"weights", {{"vector", resp.vector.weight}, {"keyword", resp.keyword.weight}}},
            {"profile_weights",
             {{"graph", s.profile.graph},
              {"vector", s.profile.vector},
              {"keyword", s.profile.keyword},
              {"freshness", s.profile.freshness}}},
            {"filters", scope_json(req.scope)},
            {"legs", {{"keyword", keyword_leg}, {"vector", vector_leg}}},
            {"limit", resp.limit},
            {"mmr_lambda", resp.mmr_lambda},
            {"fused", resp.result.total},
            {"returned", resp.result.hits.size()},
            {"truncated", resp.result.truncated},
            {"budget_reasons", resp.budget_reasons},
            {"query_entities", resp.query_entities}};
}

// The hits returned, in rank order, with the ranks that fused them.
json sources_json(const SearchResponse& resp) {
    json sources = json::array();
    int rank = 0;
    for (const auto& h : resp.result.hits) {
        json e = {{"node_id", h.node_id}, {"rank", ++rank}, {"score", h.score}};
        if (h.explanation) {
            const auto& x = *h.explanation;
            e["fused_rank"] = x.fused_rank;
            e["keyword_rank"] = x.keyword.rank ? json(*x.keyword.rank) : json(nullptr);
            e["vector_rank"] = x.vector.rank ? json(*x.vector.rank) : json(nullptr);
            e["rrf_score"] = x.rrf_score;
        }
        sources.push_back(std::move(e));
    }
    return sources;
}

} // namespace

AuditRecord make_audit_record(const SearchRequest& req, const SearchResponse& resp) {
    AuditRecord r;
    r.ts_ms = now_ms();
    r.query = req.raw_query.empty() ? req.query : req.raw_query;
    r.query_hash = resp.query_hash;
    r.mode = to_string(resp.settings.mode);
    r.elapsed_ms = resp.elapsed_ms;
    r.vault_revision = resp.vault_revision;

    json profile = profile_json(req, resp, request_json(req, resp));
    // What each leg returned, compact and compressed in the row's candidates column; the profile
    // keeps its envelope (candidate_codec.cpp). A rerun ranks it again.
    auto pools = encode_candidate_pools(resp.candidates);
    if (!pools.column.empty()) {
        profile["candidates"] = json::parse(pools.envelope);
        r.candidates = std::move(pools.column);
    }
    r.query_profile = profile.dump(-1, ' ', false, kReplace);
    r.sources = sources_json(resp).dump(-1, ' ', false, kReplace);
    r.settings = json(to_settings_map(resp.settings)).dump(-1, ' ', false, kReplace);
    return r;
}

std::string candidate_pools_json(const CandidatePools& pools) {
    return pools_to_json(pools).dump(-1, ' ', false, kReplace);
}

// A row that is not a search (an agent's primitive, store, why_not or explain call) has no
// request, settings or pools to replay: said in words, never as a parse error.
static Status not_a_search(const AuditRecord& record) {
    if (search_mode_from_string(record.mode))
        return Status::ok();
    return Status::invalid(
        "audit row " + std::to_string(record.id) + " is " +
        (record.caller.client.empty() ? std::string("a")
                                      : "an agent's (" + record.caller.client + ")") +
        " " + record.mode + " call, not a search: only searches can be replayed, diffed or rerun");
}

Result<CandidatePools> candidates_from_audit(const AuditRecord& record) {
    MEMLENS_TRY(not_a_search(record));
    auto p = json::parse(record.query_profile, nullptr, false);
    if (p.is_discarded() || !p.is_object())
        return Status::corruption("audit row " + std::to_string(record.id) +
                                  ": query_profile is not a JSON object");
    if (!p.contains("candidates"))
        return Status::not_found("audit row " + std::to_string(record.id) +
                                 " keeps no candidate pools (it was logged before memlens "
                                 "kept them); replay it instead");
    auto pools = decode_candidate_pools(p["candidates"], record.candidates);
    if (!pools)
        return Status::corruption("audit row " + std::to_string(record.id) + ": " +
                                  pools.status().message());
    return pools;
}

namespace {

// The node ids of a row's sources ([{"node_id": …, …}, …]) read as the text is lexed, without
// building it: a blast radius reads ten thousand rows' sources.
class SourceIds : public nlohmann::json_sax<json> {
public:
    explicit SourceIds(std::vector<std::string>& ids)
        : ids_(ids) {}
    bool null() override { return value(); }
    bool boolean(bool) override { return value(); }
    bool number_integer(number_integer_t) override { return value(); }
    bool number_unsigned(number_unsigned_t) override { return value(); }
    bool number_float(number_float_t, const string_t&) override { return value(); }
    bool string(string_t& s) override {
        if (depth_ == 2 && key_is_node_id_) {
            if (found_) // a repeated key: the last one counts, as in a parsed object
                ids_.back() = std::move(s);
            else
                ids_.push_back(std::move(s));
            found_ = true;
            key_is_node_id_ = false;
            return true;
        }
        return value();
    }
    bool binary(binary_t&) override { return value(); }
    bool start_object(std::size_t) override {
        if (depth_ == 0)
            return fail("sources is not a JSON array");
        if (depth_ == 1) // a source
            found_ = false;
        else
            not_an_id();
        ++depth_;
        return true;
    }
    bool key(string_t& k) override {
        key_is_node_id_ = depth_ == 2 && k == "node_id";
        return true;
    }
    bool end_object() override {
        --depth_;
        if (depth_ == 1 && !found_)
            return fail("a source without a node_id");
        return true;
    }
    bool start_array(std::size_t) override {
        if (depth_ == 1)
            return fail("a source that is not an object");
        not_an_id();
        ++depth_;
        return true;
    }
    bool end_array() override {
        --depth_;
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
        return fail("sources is not JSON");
    }
    const std::string& error() const { return error_; }

private:
    bool value() {
        if (depth_ == 0)
            return fail("sources is not a JSON array");
        if (depth_ == 1)
            return fail("a source that is not an object");
        not_an_id();
        return true;
    }
    // A node_id that is not a string, after one that was: the last key counts, so the source
    // has no id after all.
    void not_an_id() {
        if (depth_ == 2 && key_is_node_id_ && found_) {
            ids_.pop_back();
            found_ = false;
        }
        key_is_node_id_ = false;
    }
    bool fail(const char* what) {
        if (error_.empty())
            error_ = what;
        return false;
    }
    std::vector<std::string>& ids_;
    int depth_ = 0;
    bool key_is_node_id_ = false;
    bool found_ = false;
    std::string error_;
};

} // namespace

namespace {

// The sources column as memlens writes it, read without a general JSON lexer: an array of flat
// objects whose keys and strings are plain printable ASCII (no escape), whose numbers have at
// most 32 characters and whose other values are true, false or null, each with one string
// node_id. Anything else (an escape, a byte over 0x7f, a nested value, a second node_id, an
// object without one, a damaged text) is not decided here: nullopt, and the SAX reader below
// says what it is. The fuzzer holds both to a full parse (fuzz/fuzz_audit_sources.cpp).
class PlainSources {
public:
    explicit PlainSources(const std::string& text)
        : p_(text.data())
        , end_(text.data() + text.size()) {}

    // True with the ids appended; false: not plain (ids as they were).
    bool read(std::vector<std::string>& ids) {
        const std::size_t before = ids.size();
        if (!array(ids)) {
            ids.resize(before);
            return false;
        }
        return true;
    }

private:
    void space() {
        while (p_ < end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\t' || *p_ == '\r'))
            ++p_;
    }
    bool eat(char c) {
        space();
        if (p_ == end_ || *p_ != c)
            return false;
        ++p_;
        return true;
    }
    bool peek(char c) {
        space();
        return p_ < end_ && *p_ == c;
    }
    // A string of printable ASCII without escapes; p_ on its opening quote.
    bool plain_string(std::string_view& out) {
        if (!eat('"'))
            return false;
        const char* start = p_;
        while (p_ < end_ && *p_ != '"') {
            const auto c = static_cast<unsigned char>(*p_);
            if (c < 0x20 || c > 0x7e || c == '\\')
                return false;
            ++p_;
        }
        if (p_ == end_)
            return false;
        out = std::string_view(start, static_cast<std::size_t>(p_ - start));
        ++p_;
        return true;
    }
    static bool digit(char c) { return c >= '0' && c <= '9'; }
    // JSON's number grammar, at most 32 characters.
    bool number() {
        const char* start = p_;
        if (p_ < end_ && *p_ == '-')
            ++p_;
        if (p_ == end_ || !digit(*p_))
            return false;
        if (*p_ == '0')
            ++p_;
        else
            while (p_ < end_ && digit(*p_))
                ++p_;
        if (p_ < end_ && *p_ == '.') {
            ++p_;
            if (p_ == end_ || !digit(*p_))
                return false;
            while (p_ < end_ && digit(*p_))
                ++p_;
        }
        if (p_ < end_ && (*p_ == 'e' || *p_ == 'E')) {
            ++p_;
            if (p_ < end_ && (*p_ == '+' || *p_ == '-'))
                ++p_;
            if (p_ == end_ || !digit(*p_))
                return false;
            while (p_ < end_ && digit(*p_))
                ++p_;
        }
        return p_ - start <= 32;
    }
    bool literal(std::string_view word) {
        if (static_cast<std::size_t>(end_ - p_) < word.size() ||
            std::string_view(p_, word.size()) != word)
            return false;
        p_ += word.size();
        return true;
    }
    // A value other than node_id's.
    bool other_value() {
        space();
        if (p_ == end_)
            return false;
        std::string_view ignored;
        switch (*p_) {
        case '"':
            return plain_string(ignored);
        case 't':
            return literal("true");
        case 'f':
            return literal("false");
        case 'n':
            return literal("null");
        default:
            return number();
        }
    }
    bool object(std::vector<std::string>& ids) {
        if (!eat('{'))
            return false;
        std::optional<std::string_view> id;
        do {
            std::string_view key;
            if (!plain_string(key) || !eat(':'))
                return false;
            if (key == "node_id") {
                std::string_view value;
                if (id || !peek('"') || !plain_string(value))
                    return false;
                id = value;
            } else if (!other_value()) {
                return false;
            }
        } while (eat(','));
        if (!eat('}') || !id)
            return false;
        ids.emplace_back(*id);
        return true;
    }
    bool array(std::vector<std::string>& ids) {
        if (!eat('['))
            return false;
        if (!eat(']')) {
            do {
                if (!object(ids))
                    return false;
            } while (eat(','));
            if (!eat(']'))
                return false;
        }
        space();
        return p_ == end_;
    }

    const char* p_;
    const char* end_;
};

} // namespace

Status logged_node_ids(const std::string& sources, std::vector<std::string>& ids) {
    if (PlainSources(sources).read(ids))
        return Status::ok();
    SourceIds reader(ids);
    if (!json::sax_parse(sources, &reader))
        return Status::corruption(reader.error().empty() ? "sources is not JSON" : reader.error());
    return Status::ok();
}

Result<RerunInputs>
rerun_inputs_from_audit(const AuditRecord& record, bool keep_packed,
                        const std::function<void(std::string_view)>& packed_node_id) {
    MEMLENS_TRY(not_a_search(record));
    const std::string where = "audit row " + std::to_string(record.id);
    auto p = json::parse(record.query_profile, nullptr, false);
    if (p.is_discarded() || !p.is_object())
        return Status::corruption(where + ": query_profile is not a JSON object");
    if (!p.contains("candidates"))
        return Status::not_found(where + " keeps no candidate pools (it was logged before memlens "
                                         "kept them); replay it instead");
    RerunInputs in;
    const json& envelope = p["candidates"];
    const auto packed_size = format2_size(envelope);
    if (keep_packed && !record.candidates.empty() && packed_size) {
        in.packed_column = record.candidates;
        in.packed_size = *packed_size;
        if (Status st =
                scan_format2_pools(in.packed_column, in.packed_size, in.pools, packed_node_id);
            !st)
            return Status::corruption(where + ": " + st.message());
    } else {
        auto pools = decode_candidate_pools(envelope, record.candidates);
        if (!pools)
            return Status::corruption(where + ": " + pools.status().message());
        in.pools = std::move(pools).value();
    }
    if (!p.contains("request") || !p["request"].is_object())
        return Status::corruption(where + ": query_profile has no request");
    try {
        in.request = request_from_json(record, p["request"]);
    } catch (const json::exception& e) {
        return Status::corruption(where + ": query_profile's request: " + e.what());
    }
    if (const auto f = p.find("forgotten"); f != p.end())
        in.forgotten = json_string_array(*f);
    auto settings = settings_from_audit(record);
    if (!settings)
        return settings.status();
    in.settings = std::move(settings).value();
    if (Status st = logged_node_ids(record.sources, in.logged_ids); !st)
        return Status::corruption(where + ": " + st.message());
    return in;
}

Result<SearchRequest> request_from_audit(const AuditRecord& record) {
    MEMLENS_TRY(not_a_search(record));
    auto p = json::parse(record.query_profile, nullptr, false);
    if (p.is_discarded() || !p.is_object() || !p.contains("request") || !p["request"].is_object())
        return Status::corruption("audit row " + std::to_string(record.id) +
                                  ": query_profile has no request");
    try {
        return request_from_json(record, p["request"]);
    } catch (const json::exception& e) {
        return Status::corruption("audit row " + std::to_string(record.id) +
                                  ": malformed request: " + e.what());
    }
}

namespace {

SearchRequest request_from_json(const AuditRecord& record, const json& j) {
    SearchRequest req;
    // The raw bytes, as they were hashed, unless the searched text was an analysed form of them.
    if (j.value("analysed", false)) {
        req.query = j.value("query", std::string());
        req.raw_query = record.query;
    } else {
        req.query = record.query;
    }
    req.limit = j.value("limit", 0);
    req.exact = j.value("exact", false);
    req.now_ms = j.value("now_ms", std::int64_t{0});
    if (j.contains("mode"))
        req.mode = search_mode_from_string(j["mode"].get<std::string>());
    if (j.contains("fusion"))
        req.fusion = fusion_kind_from_string(j["fusion"].get<std::string>());
    if (j.contains("profile"))
        req.profile = j["profile"].get<std::string>();
    if (j.contains("mmr_lambda"))
        req.mmr_lambda = j["mmr_lambda"].get<double>();
    if (j.contains("recency_boost"))
        req.recency_boost = j["recency_boost"].get<double>();
    if (j.contains("include_summaries"))
        req.include_summaries = j["include_summaries"].get<bool>();
    if (j.contains("about_since_ms") && j["about_since_ms"].is_number_integer())
        req.about_since_ms = j["about_since_ms"].get<std::int64_t>();
    if (j.contains("about_until_ms") && j["about_until_ms"].is_number_integer())
        req.about_until_ms = j["about_until_ms"].get<std::int64_t>();
    if (j.contains("scope") && j["scope"].is_object()) {
        const json& s = j["scope"];
        req.scope.namespaces = string_list(s, "namespaces");
        req.scope.topics = string_list(s, "topics");
        req.scope.content_types = string_list(s, "content_types");
        req.scope.source_kinds = string_list(s, "source_kinds");
        req.scope.tags = string_list(s, "tags");
        if (s.contains("since_ms") && s["since_ms"].is_number())
            req.scope.since_ms = s["since_ms"].get<std::int64_t>();
        if (s.contains("until_ms") && s["until_ms"].is_number())
            req.scope.until_ms = s["until_ms"].get<std::int64_t>();
    }
    if (j.contains("budget") && j["budget"].is_object()) {
        const json& b = j["budget"];
        req.budget.max_units = b.value("max_units", 0);
        req.budget.max_chars = b.value("max_chars", std::int64_t{0});
        req.budget.max_ms = b.value("max_ms", 0.0);
    }
    return req;
}

} // namespace

Result<RetrievalSettings> settings_from_audit(const AuditRecord& record) {
    MEMLENS_TRY(not_a_search(record));
    // A log's rows carry a few settings texts between them (a blast radius reads thousands of
    // rows; agents and the GUI may each run with their own): the last few texts this thread
    // parsed are kept with their settings.
    struct Parsed {
        std::string text;
        RetrievalSettings settings;
    };
    constexpr std::size_t kKept = 8;
    thread_local std::vector<Parsed> kept;
    thread_local std::size_t next = 0; // the entry replaced next, once all are in use
    for (const Parsed& p : kept)
        if (p.text == record.settings)
            return p.settings;
    auto j = json::parse(record.settings, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return Status::corruption("audit row " + std::to_string(record.id) +
                                  ": settings are not a JSON object");
    std::map<std::string, std::string> m;
    for (auto it = j.begin(); it != j.end(); ++it)
        if (it.value().is_string())
            m.emplace(it.key(), it.value().get<std::string>());
    auto settings = retrieval_settings_from_map(m);
    if (settings) {
        if (kept.size() < kKept) {
            kept.push_back({record.settings, *settings});
        } else {
            kept[next] = {record.settings, *settings};
            next = (next + 1) % kKept;
        }
    }
    return settings;
}

AuditRecord make_tool_audit_record(const AuditCaller& caller, std::string query,
                                   const std::vector<std::string>& node_ids, double elapsed_ms,
                                   std::int64_t vault_revision, std::optional<std::string> error) {
    AuditRecord r;
    r.ts_ms = now_ms();
    r.query = std::move(query);
    r.query_hash = hash_hex(fnv1a64(r.query));
    r.mode = caller.tool;
    r.elapsed_ms = elapsed_ms;
    r.vault_revision = vault_revision;
    json sources = json::array();
    int rank = 0;
    for (const std::string& id : node_ids)
        sources.push_back({{"node_id", id}, {"rank", ++rank}});
    r.sources = sources.dump(-1, ' ', false, kReplace);
    // A client's arguments are kept whole up to kMaxAuditArgumentBytes; longer ones (a refused
    // 10 MB store) are kept as the start of their text, saying how long they were.
    json arguments = caller.arguments.size() > kMaxAuditArgumentBytes
                         ? json(cut_utf8(caller.arguments, kMaxAuditArgumentBytes))
                         : json::parse(caller.arguments, nullptr, false);
    if (arguments.is_discarded())
        arguments = caller.arguments; // kept as text rather than lost
    r.query_profile =
        json{{"tool", caller.tool}, {"arguments", arguments}}.dump(-1, ' ', false, kReplace);
    r.settings = "{}";
    r.error = std::move(error);
    r.caller = caller;
    return r;
}

} // namespace memlens
