// One table maps each settings key to its field, in both directions; the defaults are the
// member initialisers of RetrievalSettings.
#include <memlens/db.h>
#include <memlens/settings.h>
#include <memlens/text.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <functional>
#include <set>

namespace memlens {

namespace {

std::string format_double(double v) {
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return ec == std::errc() ? std::string(buf, end) : std::to_string(v);
}

bool parse_double(const std::string& text, double& out) {
    const char* first = text.data();
    const char* last = text.data() + text.size();
    auto [p, ec] = std::from_chars(first, last, out);
    return ec == std::errc() && p == last && std::isfinite(out);
}

bool parse_int(const std::string& text, int& out) {
    const char* last = text.data() + text.size();
    auto [p, ec] = std::from_chars(text.data(), last, out);
    return ec == std::errc() && p == last;
}

bool parse_bool(const std::string& text, bool& out) {
    if (text == "1" || text == "true" || text == "on" || text == "yes") {
        out = true;
        return true;
    }
    if (text == "0" || text == "false" || text == "off" || text == "no") {
        out = false;
        return true;
    }
    return false;
}

struct Field {
    SettingKey key;
    std::function<std::string(const RetrievalSettings&)> get;
    // false when the text does not parse or is out of range
    std::function<bool(RetrievalSettings&, const std::string&)> set;
    // What a refusal says the key accepts ("a number from 0 to 100"); empty: the help says it.
    std::string accepts;
};

// The profile weights' range, as the legs' weights: a weight past it only overflows a score.
constexpr double kMaxProfileWeight = 100.0;

SettingKey plain_key(std::string key, std::string help) {
    SettingKey k;
    k.key = std::move(key);
    k.help = std::move(help);
    return k;
}

// A number's or an integer's key: accepted from lo to hi, explored (the lab's slider) from lo to
// at most 3 unless explore() says otherwise.
SettingKey ranged_key(std::string key, std::string help, SettingType type, double lo, double hi) {
    SettingKey k = plain_key(std::move(key), std::move(help));
    k.type = type;
    k.min = lo;
    k.max = hi;
    k.explore_min = lo;
    k.explore_max = std::min(hi, std::max(lo, 0.0) + 3.0);
    return k;
}

Field double_field(std::string key, std::string help, double RetrievalSettings::*m, double lo,
                   double hi) {
    return {ranged_key(std::move(key), std::move(help), SettingType::Number, lo, hi),
            [m](const RetrievalSettings& s) { return format_double(s.*m); },
            [m, lo, hi](RetrievalSettings& s, const std::string& t) {
                double v = 0;
                if (!parse_double(t, v) || v < lo || v > hi)
                    return false;
                s.*m = v;
                return true;
            },
            "a number from " + format_double(lo) + " to " + format_double(hi)};
}

Field int_field(std::string key, std::string help, int RetrievalSettings::*m, int lo, int hi) {
    return {ranged_key(std::move(key), std::move(help), SettingType::Integer, lo, hi),
            [m](const RetrievalSettings& s) { return std::to_string(s.*m); },
            [m, lo, hi](RetrievalSettings& s, const std::string& t) {
                int v = 0;
                if (!parse_int(t, v) || v < lo || v > hi)
                    return false;
                s.*m = v;
                return true;
            },
            "an integer from " + std::to_string(lo) + " to " + std::to_string(hi)};
}

// The part of a number's range worth exploring, where the accepted range is far wider.
Field explore(Field f, double lo, double hi) {
    f.key.explore_min = lo;
    f.key.explore_max = hi;
    return f;
}

// A key whose value is one of a closed set of words.
SettingKey choice_key(std::string key, std::string help, std::vector<std::string> choices) {
    SettingKey k = plain_key(std::move(key), std::move(help));
    k.type = SettingType::Choice;
    k.choices = std::move(choices);
    return k;
}

template <typename Enum, std::size_t N>
std::vector<std::string> words(const std::array<Enum, N>& all) {
    std::vector<std::string> out;
    for (Enum e : all)
        out.emplace_back(to_string(e));
    return out;
}

// A setting that acts inside a leg (SettingReach::Retrieval).
Field in_leg(Field f) {
    f.key.reach = SettingReach::Retrieval;
    return f;
}

// The legs that run, how they are fused and weighted, and the factors on their scores.
void add_fusion_fields(std::vector<Field>& f) {
    f.push_back({choice_key("search.mode", "legs that run: hybrid | keyword | semantic",
                            words(kSearchModes)),
                 [](const RetrievalSettings& s) { return std::string(to_string(s.mode)); },
                 [](RetrievalSettings& s, const std::string& t) {
                     auto v = search_mode_from_string(t);
                     if (v)
                         s.mode = *v;
                     return v.has_value();
                 },
                 "one of hybrid, keyword, semantic"});
    f.push_back({choice_key("search.fusion",
                            "rrf (weighted reciprocal rank) | profile (WeightProfile fold)",
                            words(kFusionKinds)),
                 [](const RetrievalSettings& s) { return std::string(to_string(s.fusion)); },
                 [](RetrievalSettings& s, const std::string& t) {
                     auto v = fusion_kind_from_string(t);
                     if (v)
                         s.fusion = *v;
                     return v.has_value();
                 },
                 "rrf or profile"});
    f.push_back(
        {plain_key("search.profile", "WeightProfile: balanced | semantic | lexical | graph_first"),
         [](const RetrievalSettings& s) { return s.profile.name; },
         [](RetrievalSettings& s, const std::string& t) {
             if (t.empty())
                 return false;
             s.profile = WeightProfile::by_name(t);
             s.profile.name = t;
             return true;
         },
         "a profile name"});
    f.push_back(explore(
        int_field("search.rrf_k", "RRF smoothing constant k", &RetrievalSettings::rrf_k, 1, 100000),
        1, 200));
    f.push_back(double_field("search.weight.vector", "RRF weight of the vector leg",
                             &RetrievalSettings::vector_weight, 0.0, 100.0));
    f.push_back(explore(double_field("search.weight.vector_lexical",
                                     "RRF weight of the vector leg over built-in hash vectors",
                                     &RetrievalSettings::lexical_vector_weight, 0.0, 100.0),
                        0, 0.2));
    f.push_back(double_field("search.weight.keyword", "RRF weight of the keyword (FTS5) leg",
                             &RetrievalSettings::keyword_weight, 0.0, 100.0));
    f.push_back(double_field("search.recency_boost", "rrf × (1 + boost / (1 + age_days)); 0 = off",
                             &RetrievalSettings::recency_boost, 0.0, 1000.0));
    f.push_back(double_field("search.entity_boost",
                             "rrf × (1 + boost × graph signal of the query's entities); 0 = off",
                             &RetrievalSettings::entity_boost, 0.0, 1000.0));
    f.push_back(double_field(
        "search.author_boost",
        "keyword leg: bm25 × (1 + boost) for chunks by an author the query names; 0 = off",
        &RetrievalSettings::author_boost, 0.0, 100.0));
    f.push_back(double_field(
        "search.day_boost",
        "keyword leg: bm25 × (1 + boost) for chunks of the one day a query names; 0 = off",
        &RetrievalSettings::day_boost, 0.0, 100.0));
    f.push_back(double_field("search.question_factor",
                             "keyword leg: bm25 × factor for chunks that end with '?'; 1 = off",
                             &RetrievalSettings::question_factor, 0.0, 1.0));
    f.push_back(explore(double_field("search.freshness_half_life_days",
                                     "half-life of the freshness signal (profile fusion)",
                                     &RetrievalSettings::freshness_half_life_days, 0.0, 1e6),
                        1, 365));
    f.push_back(explore(int_field("search.limit", "hits returned when a query asks for 0",
                                  &RetrievalSettings::limit, 1, 100),
                        1, 50));
}

// The keyword leg: what it brings to fusion and how BM25F scores a chunk.
void add_keyword_fields(std::vector<Field>& f) {
    f.push_back(explore(in_leg(int_field("search.leg_limit", "candidates each leg brings to fusion",
                                         &RetrievalSettings::leg_limit, 1, 10000)),
                        10, 500));
    f.push_back(
        explore(in_leg(int_field("search.max_query_terms", "keyword tokens kept from a long query",
                                 &RetrievalSettings::max_query_terms, 1, 1000)),
                1, 128));
    f.push_back(in_leg(double_field("search.fts.context_weight",
                                    "bm25 weight of the chunk context column (content = 1)",
                                    &RetrievalSettings::fts_context_weight, 0.0, 100.0)));
    f.push_back(in_leg(double_field("search.fts.near_weight",
                                    "bm25 weight of the neighbouring items (±1) of a chunk",
                                    &RetrievalSettings::fts_near_weight, 0.0, 100.0)));
    f.push_back(in_leg(double_field("search.fts.far_weight",
                                    "bm25 weight of the items two away (±2) from a chunk",
                                    &RetrievalSettings::fts_far_weight, 0.0, 100.0)));
    f.push_back(in_leg(double_field("search.bm25.k1", "BM25F term saturation of the keyword leg",
                                    &RetrievalSettings::bm25_k1, 0.0, 100.0)));
    f.push_back(in_leg(double_field("search.bm25.b",
                                    "BM25F length normalisation of a chunk's content and context",
                                    &RetrievalSettings::bm25_b, 0.0, 1.0)));
    f.push_back(in_leg(double_field("search.bm25.b_neighbours",
                                    "BM25F length normalisation of the near and far columns",
                                    &RetrievalSettings::bm25_b_neighbours, 0.0, 1.0)));
    f.push_back(
        in_leg(double_field("search.coverage_power",
                            "keyword leg: BM25F × (matched / present query terms)^power; 0 = off",
                            &RetrievalSettings::coverage_power, 0.0, 100.0)));
    SettingKey summaries =
        plain_key("search.include_summaries", "search summary nodes as well as leaf chunks");
    summaries.type = SettingType::Flag;
    f.push_back(in_leg({summaries,
                        [](const RetrievalSettings& s) {
                            return std::string(s.include_summaries ? "true" : "false");
                        },
                        [](RetrievalSettings& s, const std::string& t) {
                            return parse_bool(t, s.include_summaries);
                        },
                        "true or false"}));
}

// MMR, the vector leg's beam, supersession and the graph context rule.
void add_selection_fields(std::vector<Field>& f) {
    // RRF's final scores are about 1 / (k + rank) per leg (0.016 for a first rank at k = 60).
    f.push_back(explore(double_field("search.min_score",
                                     "no-match threshold: hits scoring below it are not returned; "
                                     "0 = off",
                                     &RetrievalSettings::min_score, 0.0, 1000.0),
                        0, 0.05));
    f.push_back(double_field("search.mmr_lambda",
                             "MMR trade-off: 1 = relevance only, 0 = diversity only",
                             &RetrievalSettings::mmr_lambda, 0.0, 1.0));
    f.push_back(double_field("search.mmr_redundancy_floor",
                             "cosine below which MMR sees two hits as not redundant",
                             &RetrievalSettings::mmr_redundancy_floor, 0.0, 0.99));
    f.push_back(
        explore(in_leg(int_field("search.beam.width", "topics kept per level of the beam descent",
                                 &RetrievalSettings::beam_width, 1, 4096)),
                1, 2048));
    f.push_back(explore(
        in_leg(int_field("search.beam.max_depth", "levels the beam descent goes down at most",
                         &RetrievalSettings::beam_max_depth, 1, 64)),
        1, 16));
    f.push_back(
        explore(in_leg(int_field("search.beam.max_leaf_items", "members scored per reached topic",
                                 &RetrievalSettings::beam_max_leaf_items, 1, 1000000)),
                16, 4096));
    f.push_back(in_leg(double_field(
        "search.beam.min_recall",
        "the beam runs where its file measured at least this recall of the exact top 10",
        &RetrievalSettings::beam_min_recall, 0.0, 1.0)));
    f.push_back(explore(
        in_leg(int_field(
            "search.exact_scan_threshold",
            "unmeasured indexes and scopes of at most this many vectors are scanned exactly",
            &RetrievalSettings::exact_scan_threshold, 0, 100000000)),
        0, 1000000));
    f.push_back({choice_key("search.superseded", "superseded hits: mark | demote | hide",
                            words(kSupersededHandlings)),
                 [](const RetrievalSettings& s) { return std::string(to_string(s.superseded)); },
                 [](RetrievalSettings& s, const std::string& t) {
                     auto v = superseded_handling_from_string(t);
                     if (v)
                         s.superseded = *v;
                     return v.has_value();
                 },
                 "one of mark, demote, hide"});
    f.push_back(double_field("search.superseded.demote_factor",
                             "score multiplier of a superseded hit under demote",
                             &RetrievalSettings::superseded_demote_factor, 0.0, 1.0));
    f.push_back(explore(int_field("search.graph.min_shared_entities",
                                  "shared entities that make two hits about the same thing",
                                  &RetrievalSettings::graph_min_shared_entities, 1, 100),
                        1, 6));
    f.push_back(explore(double_field("search.graph.min_similarity",
                                     "cosine two related hits need (graph context rule)",
                                     &RetrievalSettings::graph_min_similarity, -1.0, 1.0),
                        0, 1));
}

// Every setting, in display order.
const std::vector<Field>& fields() {
    static const std::vector<Field> kFields = [] {
        std::vector<Field> f;
        add_fusion_fields(f);
        add_keyword_fields(f);
        add_selection_fields(f);
        return f;
    }();
    return kFields;
}

const char* const kProfileSignals[] = {"graph", "vector", "keyword", "freshness"};

double& profile_weight(WeightProfile& p, int i) {
    switch (i) {
    case 0:
        return p.graph;
    case 1:
        return p.vector;
    case 2:
        return p.keyword;
    default:
        return p.freshness;
    }
}

} // namespace

const char* to_string(SearchMode m) {
    switch (m) {
    case SearchMode::Keyword:
        return "keyword";
    case SearchMode::Semantic:
        return "semantic";
    case SearchMode::Hybrid:
        break;
    }
    return "hybrid";
}

const char* to_string(FusionKind f) {
    return f == FusionKind::Profile ? "profile" : "rrf";
}

const char* to_string(SupersededHandling h) {
    switch (h) {
    case SupersededHandling::Mark:
        return "mark";
    case SupersededHandling::Hide:
        return "hide";
    case SupersededHandling::Demote:
        break;
    }
    return "demote";
}

std::optional<SearchMode> search_mode_from_string(std::string_view s) {
    if (s == "hybrid")
        return SearchMode::Hybrid;
    if (s == "keyword")
        return SearchMode::Keyword;
    if (s == "semantic")
        return SearchMode::Semantic;
    return std::nullopt;
}

std::optional<FusionKind> fusion_kind_from_string(std::string_view s) {
    if (s == "rrf")
        return FusionKind::Rrf;
    if (s == "profile")
        return FusionKind::Profile;
    return std::nullopt;
}

std::optional<SupersededHandling> superseded_handling_from_string(std::string_view s) {
    if (s == "mark")
        return SupersededHandling::Mark;
    if (s == "demote")
        return SupersededHandling::Demote;
    if (s == "hide")
        return SupersededHandling::Hide;
    return std::nullopt;
}

const char* to_string(SettingType t) {
    switch (t) {
    case SettingType::Number:
        return "number";
    case SettingType::Integer:
        return "integer";
    case SettingType::Choice:
        return "choice";
    case SettingType::Flag:
        return "flag";
    case SettingType::Text:
        break;
    }
    return "text";
}

const char* to_string(SettingReach r) {
    return r == SettingReach::Rerank ? "rerank" : "retrieval";
}

const std::vector<SettingKey>& retrieval_setting_keys() {
    static const std::vector<SettingKey> kKeys = [] {
        std::vector<SettingKey> k;
        const RetrievalSettings defaults;
        for (const auto& f : fields()) {
            k.push_back(f.key);
            k.back().default_value = f.get(defaults);
        }
        for (const char* sig : kProfileSignals) {
            k.push_back(
                ranged_key(std::string("profile.<name>.") + sig,
                           std::string("weight of the ") + sig + " signal in profile <name>",
                           SettingType::Number, 0.0, kMaxProfileWeight));
            k.back().explore_max = 1.0;
        }
        return k;
    }();
    return kKeys;
}

Result<RetrievalSettings>
retrieval_settings_from_map(const std::map<std::string, std::string>& values) {
    RetrievalSettings s;
    for (const auto& f : fields()) {
        auto it = values.find(f.key.key);
        if (it == values.end())
            continue;
        if (!f.set(s, it->second))
            return Status::invalid("setting " + f.key.key + ": expected " +
                                   (f.accepts.empty() ? f.key.help : f.accepts) + ", not '" +
                                   cut_utf8(it->second, 80) + "'");
    }
    // A profile is one of the table's or one the same settings define (WeightProfile::names):
    // a name nothing defines would silently rank with balanced's weights under its own name.
    if (const auto known = WeightProfile::names(values);
        std::find(known.begin(), known.end(), s.profile.name) == known.end()) {
        std::string list;
        for (const auto& n : known)
            list += (list.empty() ? "" : ", ") + n;
        return Status::invalid("setting search.profile: unknown profile '" +
                               cut_utf8(s.profile.name, 80) + "' (known: " + list +
                               "; a profile of your own is defined by profile.<name>.<signal> "
                               "settings)");
    }
    // Profile weights are read after the name, so they apply to the profile actually chosen.
    for (int i = 0; i < 4; ++i) {
        const std::string key = "profile." + s.profile.name + "." + kProfileSignals[i];
        auto it = values.find(key);
        if (it == values.end())
            continue;
        double v = 0;
        if (!parse_double(it->second, v) || v < 0.0 || v > kMaxProfileWeight)
            return Status::invalid("setting " + key + ": expected a number from 0 to " +
                                   format_double(kMaxProfileWeight) + ", not '" +
                                   cut_utf8(it->second, 80) + "'");
        profile_weight(s.profile, i) = v;
    }
    return s;
}

Result<RetrievalSettings> load_retrieval_settings(const Vault& vault) {
    check_off_ui_thread("load_retrieval_settings");
    auto r = retrieval_settings_from_map(vault.all_settings());
    if (!r)
        return r.status().with_context(vault.dir().string());
    return r;
}

Result<std::vector<std::string>> save_retrieval_settings(Vault& vault,
                                                         const RetrievalSettings& settings) {
    check_off_ui_thread("save_retrieval_settings");
    MEMLENS_TRY(vault.check_writable());
    auto current = load_retrieval_settings(vault);
    if (!current)
        return current.status();
    const auto now = to_settings_map(*current);
    const auto next = to_settings_map(settings);
    std::vector<std::string> keys;
    for (const auto& [key, value] : next) {
        auto it = now.find(key);
        if (it == now.end() || it->second != value)
            keys.push_back(key);
    }
    if (keys.empty())
        return keys;
    auto tx = Transaction::begin(vault.db());
    if (!tx)
        return tx.status();
    for (const auto& key : keys)
        MEMLENS_TRY(vault.set_setting(key, next.at(key)));
    MEMLENS_TRY(tx->commit());
    return keys;
}

std::map<std::string, std::string> to_settings_map(const RetrievalSettings& s) {
    std::map<std::string, std::string> out;
    for (const auto& f : fields())
        out.emplace(f.key.key, f.get(s));
    WeightProfile p = s.profile;
    for (int i = 0; i < 4; ++i)
        out.emplace("profile." + p.name + "." + kProfileSignals[i],
                    format_double(profile_weight(p, i)));
    return out;
}

std::vector<std::string> changed_setting_keys(const std::map<std::string, std::string>& a,
                                              const std::map<std::string, std::string>& b) {
    std::set<std::string> keys;
    for (const auto& [k, v] : a)
        keys.insert(k);
    for (const auto& [k, v] : b)
        keys.insert(k);
    std::vector<std::string> out;
    for (const auto& k : keys) {
        auto ia = a.find(k);
        auto ib = b.find(k);
        if (ia == a.end() || ib == b.end() || ia->second != ib->second)
            out.push_back(k);
    }
    return out;
}

} // namespace memlens
