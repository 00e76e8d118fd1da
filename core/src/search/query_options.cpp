#include <memlens/query_options.h>
#include <memlens/search.h>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace memlens {

namespace {

std::string number_text(double v) {
    if (std::isfinite(v) && std::floor(v) == v && std::fabs(v) < 1e15)
        return std::to_string(static_cast<long long>(v));
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return ec == std::errc() ? std::string(buf, end) : std::to_string(v);
}

const SettingKey& setting_key(std::string_view key) {
    const auto& keys = retrieval_setting_keys();
    return *std::find_if(keys.begin(), keys.end(),
                         [&](const SettingKey& k) { return k.key == key; });
}

// An option that overrides a vault setting for one query: the setting's type and range.
QueryOption overriding(QueryOptionId id, std::string name, std::string key, std::string help) {
    const SettingKey& k = setting_key(key);
    return {id,
            std::move(name),
            k.type,
            k.min,
            k.max,
            "left out: the vault's " + key,
            std::move(help),
            std::move(key)};
}

} // namespace

const std::vector<QueryOption>& query_options() {
    static const std::vector<QueryOption> kOptions = [] {
        std::vector<QueryOption> o;
        o.push_back({QueryOptionId::Limit, "limit", SettingType::Integer, 0.0,
                     static_cast<double>(kMaxSearchLimit), "0 = the vault's search.limit",
                     "hits to return", "search.limit"});
        o.push_back(overriding(QueryOptionId::MmrLambda, "mmr_lambda", "search.mmr_lambda",
                               "MMR trade-off: 1 = relevance only, 0 = diversity only"));
        o.push_back(overriding(QueryOptionId::Recency, "recency", "search.recency_boost",
                               "rrf × (1 + recency / (1 + age_days))"));
        o.push_back({QueryOptionId::MaxUnits, "max_units", SettingType::Integer, 0.0,
                     static_cast<double>(kMaxSearchLimit), "0 = no budget",
                     "return at most this many hits, after MMR", ""});
        o.push_back({QueryOptionId::MaxChars, "max_chars", SettingType::Integer, 0.0,
                     1'000'000'000.0, "0 = no budget",
                     "characters of hit text in all; the last hit is cut to fit", ""});
        o.push_back({QueryOptionId::MaxMs, "max_ms", SettingType::Number, 0.0, 86'400'000.0,
                     "a day; 0 = no budget",
                     "milliseconds: the vector leg is skipped once the keyword leg has used them",
                     ""});
        return o;
    }();
    return kOptions;
}

const QueryOption& query_option(QueryOptionId id) {
    return query_options()[static_cast<std::size_t>(id)];
}

std::string cli_option_name(const QueryOption& option) {
    std::string s = option.name;
    std::replace(s.begin(), s.end(), '_', '-');
    return s;
}

std::string range_text(const QueryOption& o) {
    return number_text(o.min) + ".." + number_text(o.max);
}

Status check_query_option(QueryOptionId id, double value) {
    const QueryOption& o = query_option(id);
    if (std::isfinite(value) && value >= o.min && value <= o.max)
        return Status::ok();
    return Status::invalid(o.name + " " + number_text(value) + " is outside " + range_text(o) +
                           " (" + o.unset + ")");
}

} // namespace memlens
