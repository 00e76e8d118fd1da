// The query options `query` and `why-not` share (query_options.h).
#include "query_options.h"

#include <memlens/memories.h>
#include <memlens/query_options.h>
#include <memlens/retrieval.h>
#include <memlens/scoring.h>

namespace memlens::cli {

namespace {

// A numeric option (query_options.h: its flag and range), or nullopt when not given.
Result<std::optional<double>> read_number(const Args& a, QueryOptionId id) {
    const QueryOption& o = query_option(id);
    const std::string flag = cli_option_name(o);
    if (o.type == SettingType::Integer) {
        auto v =
            a.get_int(flag, static_cast<std::int64_t>(o.min), static_cast<std::int64_t>(o.max));
        if (!v)
            return v.status();
        return *v ? std::optional<double>(static_cast<double>(**v)) : std::nullopt;
    }
    auto v = a.get_double(flag, o.min, o.max);
    if (!v)
        return v.status();
    return *v;
}

// "--max-chars N (0..1000000000)", from the table.
std::string usage_of(QueryOptionId id) {
    const QueryOption& o = query_option(id);
    return "--" + cli_option_name(o) + (o.type == SettingType::Integer ? " N (" : " X (") +
           range_text(o) + ")";
}

} // namespace

Status read_query_options(const Args& a, QueryOptions& req) {
    auto mode = a.get_choice("mode", names_of(kSearchModes));
    if (!mode)
        return mode.status();
    if (*mode)
        req.mode = search_mode_from_string(**mode);
    auto fusion = a.get_choice("fusion", names_of(kFusionKinds));
    if (!fusion)
        return fusion.status();
    if (*fusion)
        req.fusion = fusion_kind_from_string(**fusion);
    auto limit = read_number(a, QueryOptionId::Limit);
    if (!limit)
        return limit.status();
    req.limit = static_cast<int>(limit->value_or(0));
    auto lambda = read_number(a, QueryOptionId::MmrLambda);
    if (!lambda)
        return lambda.status();
    req.mmr_lambda = *lambda;
    auto recency = read_number(a, QueryOptionId::Recency);
    if (!recency)
        return recency.status();
    req.recency_boost = *recency;
    if (a.flag("summaries"))
        req.include_summaries = true;
    req.exact = a.flag("exact");
    for (const auto& v : a.get_all("namespace"))
        for (auto& s : split_list(v))
            req.scope.namespaces.push_back(s);
    for (const auto& v : a.get_all("topics"))
        for (auto& s : split_list(v))
            req.scope.topics.push_back(s);
    req.scope.tags = a.get_all("tag"); // one tag each: a tag may hold a comma
    MEMLENS_TRY(check_memory_tags(req.scope.tags, "--tag"));
    for (const auto& v : a.get_all("content-type"))
        for (auto& s : split_list(v))
            req.scope.content_types.push_back(s);
    auto kinds = a.get_choices("source-kind", source_kind_names());
    if (!kinds)
        return kinds.status();
    req.scope.source_kinds = std::move(kinds).value();
    auto since = a.get_time("since");
    if (!since)
        return since.status();
    req.scope.since_ms = *since;
    auto until = a.get_time("until");
    if (!until)
        return until.status();
    req.scope.until_ms = *until;
    auto now = a.get_time("now");
    if (!now)
        return now.status();
    req.now_ms = now->value_or(0);
    auto units = read_number(a, QueryOptionId::MaxUnits);
    if (!units)
        return units.status();
    auto chars = read_number(a, QueryOptionId::MaxChars);
    if (!chars)
        return chars.status();
    auto ms = read_number(a, QueryOptionId::MaxMs);
    if (!ms)
        return ms.status();
    req.budget.max_units = static_cast<int>(units->value_or(0));
    req.budget.max_chars = static_cast<std::int64_t>(chars->value_or(0));
    req.budget.max_ms = ms->value_or(0.0);
    req.audit = !a.flag("no-audit");
    return Status::ok();
}

Status read_query_profile(const Args& a, const Vault& vault, QueryOptions& req) {
    auto profile = a.get_choice("profile", WeightProfile::names(vault.all_settings()));
    if (!profile)
        return profile.status();
    req.profile = *profile;
    return Status::ok();
}

std::vector<std::string> query_option_names() {
    std::vector<std::string> names = {"mode",   "fusion",       "profile",     "namespace",
                                      "topics", "content-type", "source-kind", "since",
                                      "until",  "now",          "tag"};
    for (const auto& o : query_options())
        names.push_back(cli_option_name(o));
    return names;
}

std::vector<std::string> query_flag_names() {
    return {"exact", "summaries", "no-audit"};
}

std::string query_options_usage() {
    return "  --mode " + join(names_of(kSearchModes), "|") + "   --fusion " +
           join(names_of(kFusionKinds), "|") + "\n" + "  --profile NAME (" +
           join(WeightProfile::names({}), ", ") + " or the vault's own)\n" + "  " +
           usage_of(QueryOptionId::Limit) + "  " + usage_of(QueryOptionId::MmrLambda) + "  " +
           usage_of(QueryOptionId::Recency) +
           " (recency boost, 0 = off)\n"
           "  --summaries  --exact (exact vector scan instead of the beam descent)\n"
           "Scoping (both legs): --namespace A,B  --topics A,B  --content-type A,B\n"
           "  --source-kind chat|email|document  --since TIME  --until TIME\n"
           "  --tag T (repeatable: memories stored with one of the tags; chunks only)\n"
           "Budgets: " +
           usage_of(QueryOptionId::MaxUnits) + "  " + usage_of(QueryOptionId::MaxChars) + "  " +
           usage_of(QueryOptionId::MaxMs) +
           "\n"
           "  (the answer says truncated)\n";
}

} // namespace memlens::cli
