#include <memlens/scoring.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>

namespace memlens {

namespace {

struct NamedProfile {
    const char* name;
    double graph, vector, keyword, freshness;
};

// The profile table (docs/explanations.md); each row sums to 1.
constexpr std::array<NamedProfile, 4> kProfiles = {{
    {"balanced", 0.35, 0.35, 0.15, 0.15},
    {"semantic", 0.15, 0.65, 0.20, 0.00},
    {"lexical", 0.25, 0.15, 0.60, 0.00},
    {"graph_first", 0.55, 0.30, 0.15, 0.00},
}};

std::optional<double> parse_weight(const std::string& text) {
    double v = 0.0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v) || v < 0.0)
        return std::nullopt;
    return v;
}

} // namespace

WeightProfile WeightProfile::by_name(std::string_view name) {
    for (const auto& p : kProfiles) {
        if (name == p.name)
            return WeightProfile{p.name, p.graph, p.vector, p.keyword, p.freshness};
    }
    return by_name("balanced");
}

std::vector<std::string> WeightProfile::names(const std::map<std::string, std::string>& settings) {
    std::vector<std::string> out;
    for (const auto& p : kProfiles)
        out.emplace_back(p.name);
    std::vector<std::string> own;
    for (const auto& [key, value] : settings) {
        if (!key.starts_with("profile."))
            continue;
        const auto dot = key.rfind('.');
        std::string name = key.substr(8, dot > 8 ? dot - 8 : 0);
        if (!name.empty() && std::find(out.begin(), out.end(), name) == out.end() &&
            std::find(own.begin(), own.end(), name) == own.end())
            own.push_back(std::move(name));
    }
    std::sort(own.begin(), own.end());
    out.insert(out.end(), own.begin(), own.end());
    return out;
}

// A vault may tune a named profile or define its own: "profile.<name>.<signal>" settings
// override the named weights (or balanced's, for a name of the vault's own). Settings that do
// not parse as a non-negative number are ignored rather than zeroing a signal by accident.
WeightProfile WeightProfile::from_vault(const Vault& vault, std::string_view name) {
    check_off_ui_thread("WeightProfile::from_vault");
    WeightProfile p = by_name(name);
    const std::string prefix = "profile." + std::string(name) + ".";
    bool overridden = false;
    const auto apply = [&](const char* signal, double& weight) {
        if (auto text = vault.setting(prefix + signal)) {
            if (auto v = parse_weight(*text)) {
                weight = *v;
                overridden = true;
            }
        }
    };
    apply("graph", p.graph);
    apply("vector", p.vector);
    apply("keyword", p.keyword);
    apply("freshness", p.freshness);
    if (overridden)
        p.name = std::string(name);
    return p;
}

} // namespace memlens
