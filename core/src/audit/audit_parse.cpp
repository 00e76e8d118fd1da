// The reader of the JSON columns that make_audit_record() (audit_record.cpp) writes: every
// key read here is one that file writes, with the same name.
#include "json/string_array.h"

#include <memlens/audit.h>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <limits>

namespace memlens {

namespace {

using nlohmann::json;

Status bad_column(const AuditRecord& r, const char* column, const std::string& what) {
    return Status::corruption("audit row " + std::to_string(r.id) + ": " + column + " " + what);
}

std::optional<int> optional_int(const json& j, const char* key) {
    if (!j.contains(key) || j[key].is_null())
        return std::nullopt;
    // A rank is a whole number in int's range; anything else (1e100 would not convert) is a
    // damaged row, reported as such by the caller's catch.
    const json& v = j[key];
    if (!v.is_number_integer() || v.get<std::int64_t>() < std::numeric_limits<int>::min() ||
        v.get<std::int64_t>() > std::numeric_limits<int>::max())
        throw json::type_error::create(302, std::string(key) + " is not a whole number", &v);
    return static_cast<int>(v.get<std::int64_t>());
}

std::vector<std::string> strings_of(const json& j, const char* key) {
    return j.contains(key) ? json_string_array(j[key]) : std::vector<std::string>{};
}

LegReport parsed_leg(const json& legs, const char* name) {
    LegReport l;
    if (!legs.contains(name) || !legs[name].is_object())
        return l;
    const json& j = legs[name];
    l.ran = j.value("ran", false);
    l.skipped_reason = j.value("skipped", std::string());
    l.count = j.value("count", std::size_t{0});
    l.top_score = j.value("top_score", 0.0);
    l.weight = j.value("weight", 0.0);
    l.ms = j.value("ms", 0.0);
    l.fts_query = j.value("fts_query", std::string());
    l.exact = j.value("exact", false);
    l.scored = j.value("scored", std::size_t{0});
    l.reached_topics = strings_of(j, "reached_topics");
    return l;
}

SearchScope parsed_scope(const json& j) {
    SearchScope s;
    if (!j.is_object())
        return s;
    s.namespaces = strings_of(j, "namespaces");
    s.topics = strings_of(j, "topics");
    s.content_types = strings_of(j, "content_types");
    s.source_kinds = strings_of(j, "source_kinds");
    s.tags = strings_of(j, "tags");
    if (j.contains("since_ms") && !j["since_ms"].is_null())
        s.since_ms = j["since_ms"].get<std::int64_t>();
    if (j.contains("until_ms") && !j["until_ms"].is_null())
        s.until_ms = j["until_ms"].get<std::int64_t>();
    return s;
}

// Throws json::exception on a value of the wrong type; the caller names the column.
void read_profile(const json& p, ParsedAuditRow& out) {
    if (p.contains("mode"))
        out.mode = search_mode_from_string(p["mode"].get<std::string>()).value_or(out.mode);
    if (p.contains("fusion"))
        out.fusion = fusion_kind_from_string(p["fusion"].get<std::string>()).value_or(out.fusion);
    out.profile = p.value("profile", std::string());
    if (p.contains("weights") && p["weights"].is_object()) {
        out.vector_weight = p["weights"].value("vector", 0.0);
        out.keyword_weight = p["weights"].value("keyword", 0.0);
    }
    if (p.contains("profile_weights") && p["profile_weights"].is_object()) {
        const json& w = p["profile_weights"];
        out.profile_weights = {w.value("graph", 0.0), w.value("vector", 0.0),
                               w.value("keyword", 0.0), w.value("freshness", 0.0)};
    }
    if (p.contains("filters"))
        out.filters = parsed_scope(p["filters"]);
    const json legs = p.contains("legs") ? p["legs"] : json::object();
    out.keyword = parsed_leg(legs, "keyword");
    out.vector = parsed_leg(legs, "vector");
    out.limit = p.value("limit", 0);
    out.mmr_lambda = p.value("mmr_lambda", 0.0);
    out.fused = p.value("fused", std::size_t{0});
    out.returned = p.value("returned", std::size_t{0});
    out.truncated = p.value("truncated", false);
    out.budget_reasons = strings_of(p, "budget_reasons");
    out.query_entities = strings_of(p, "query_entities");
}

AuditSource read_source(const json& e) {
    AuditSource s;
    s.node_id = e.at("node_id").get<std::string>();
    s.rank = e.value("rank", 0);
    s.score = e.value("score", 0.0);
    s.fused_rank = optional_int(e, "fused_rank");
    s.keyword_rank = optional_int(e, "keyword_rank");
    s.vector_rank = optional_int(e, "vector_rank");
    if (e.contains("rrf_score") && !e["rrf_score"].is_null())
        s.rrf_score = e["rrf_score"].get<double>();
    return s;
}

} // namespace

Result<ParsedAuditRow> parse_audit_row(const AuditRecord& record) {
    ParsedAuditRow out;
    out.record = record;
    auto request = request_from_audit(record);
    if (!request)
        return request.status();
    out.request = std::move(request).value();
    auto settings = settings_from_audit(record);
    if (!settings)
        return settings.status();
    out.settings = std::move(settings).value();

    const json profile = json::parse(record.query_profile, nullptr, false);
    if (!profile.is_object())
        return bad_column(record, "query_profile", "is not a JSON object");
    try {
        read_profile(profile, out);
    } catch (const json::exception& e) {
        return bad_column(record, "query_profile", std::string("is malformed: ") + e.what());
    }

    const json sources = json::parse(record.sources, nullptr, false);
    if (!sources.is_array())
        return bad_column(record, "sources", "is not a JSON array");
    try {
        for (const json& e : sources)
            out.sources.push_back(read_source(e));
    } catch (const json::exception& e) {
        return bad_column(record, "sources", std::string("is malformed: ") + e.what());
    }
    return out;
}

std::vector<std::string> audit_node_ids(const AuditRecord& record) {
    std::vector<std::string> ids;
    const json sources = json::parse(record.sources, nullptr, false);
    if (!sources.is_array())
        return ids;
    for (const json& s : sources)
        if (s.is_object() && s.contains("node_id") && s["node_id"].is_string())
            ids.push_back(s["node_id"].get<std::string>());
    return ids;
}

} // namespace memlens
