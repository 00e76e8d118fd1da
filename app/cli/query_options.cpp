// The query options `query` and `why-not` share (query_options.h).
#include "query_options.h"

#include <memlens/memories.h>
#include <memlens/retrieval.h>
#include <memlens/scoring.h>

namespace memlens::cli {

namespace {

// What the query options accept (the one rule of cli.h; the README lists them).
constexpr std::int64_t kMaxChars = 1'000'000'000; // --max-chars
constexpr double kMaxMs = 86'400'000.0;           // --max-ms: a day
constexpr double kMaxRecency = 1000.0;            // --recency, as search.recency_boost

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
    const auto max_limit = static_cast<std::int64_t>(kMaxSearchLimit);
    auto limit = a.get_int("limit", 0, max_limit);
    if (!limit)
        return limit.status();
    req.limit = static_cast<int>(limit->value_or(0));
    auto lambda = a.get_double("mmr-lambda", 0.0, 1.0);
    if (!lambda)
        return lambda.status();
    req.mmr_lambda = *lambda;
    auto recency = a.get_double("recency", 0.0, kMaxRecency);
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
    auto units = a.get_int("max-units", 0, max_limit);
    if (!units)
        return units.status();
    auto chars = a.get_int("max-chars", 0, kMaxChars);
    if (!chars)
        return chars.status();
    auto ms = a.get_double("max-ms", 0.0, kMaxMs);
    if (!ms)
        return ms.status();
    req.budget.max_units = static_cast<int>(units->value_or(0));
    req.budget.max_chars = chars->value_or(0);
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
    return {"mode",      "fusion",    "profile",      "limit",       "mmr-lambda", "recency",
            "namespace", "topics",    "content-type", "source-kind", "since",      "until",
            "max-units", "max-chars", "max-ms",       "now",         "tag"};
}

std::vector<std::string> query_flag_names() {
    return {"exact", "summaries", "no-audit"};
}

std::string query_options_usage() {
    return "  --mode " + join(names_of(kSearchModes), "|") + "   --fusion " +
           join(names_of(kFusionKinds), "|") + "\n" + "  --profile NAME (" +
           join(WeightProfile::names({}), ", ") + " or the vault's own)\n" + "  --limit N (0.." +
           std::to_string(kMaxSearchLimit) +
           ")  --mmr-lambda X (0..1)  --recency X (boost 0..1000, 0 = off)\n"
           "  --summaries  --exact (exact vector scan instead of the beam descent)\n"
           "Scoping (both legs): --namespace A,B  --topics A,B  --content-type A,B\n"
           "  --source-kind chat|email|document  --since TIME  --until TIME\n"
           "  --tag T (repeatable: memories stored with one of the tags; chunks only)\n"
           "Budgets: --max-units N (0.." +
           std::to_string(kMaxSearchLimit) +
           ")  --max-chars N (0..1000000000)  --max-ms X (0..86400000)\n"
           "  (the answer says truncated)\n";
}

} // namespace memlens::cli
