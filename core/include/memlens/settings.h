// Every retrieval setting of the hybrid search, with its default, in one place.
//
// Settings live in the vault's ml_settings table as text ("search.rrf_k" = "60"). The member
// initialisers of RetrievalSettings ARE the defaults; retrieval_setting_keys() lists each key
// with a one-line help text, and the same table drives parsing and printing, so a key cannot
// exist in one direction only. An audit row stores to_settings_map() of the settings a query
// ran with, which is what makes a replay exact.
//
// Thread-safety: plain values. Errors: a value that does not parse is InvalidArgument naming
// the key; unknown keys are ignored (other parts of memlens keep their own keys in the table).
#pragma once

#include <memlens/scoring.h>
#include <memlens/status.h>

#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

class Vault;

// Which legs run: keyword = {vector 0, fts 1}, semantic =
// {vector 1, fts 0}, hybrid = the configured leg weights.
enum class SearchMode { Hybrid, Keyword, Semantic };
// How the candidates of the legs become one score: weighted RRF, or the
// WeightProfile fold over the same candidates (docs/explanations.md).
enum class FusionKind { Rrf, Profile };
// What happens to a hit a newer version replaced: listed in graph_context only (mark), its
// score multiplied by superseded_demote_factor (demote), or removed (hide).
enum class SupersededHandling { Mark, Demote, Hide };

// Every value, in the order a front-end lists them (the first is the default).
inline constexpr std::array<SearchMode, 3> kSearchModes = {SearchMode::Hybrid, SearchMode::Keyword,
                                                           SearchMode::Semantic};
inline constexpr std::array<FusionKind, 2> kFusionKinds = {FusionKind::Rrf, FusionKind::Profile};
inline constexpr std::array<SupersededHandling, 3> kSupersededHandlings = {
    SupersededHandling::Mark, SupersededHandling::Demote, SupersededHandling::Hide};

const char* to_string(SearchMode m);
const char* to_string(FusionKind f);
const char* to_string(SupersededHandling h);
std::optional<SearchMode> search_mode_from_string(std::string_view s);
std::optional<FusionKind> fusion_kind_from_string(std::string_view s);
std::optional<SupersededHandling> superseded_handling_from_string(std::string_view s);

struct RetrievalSettings {
    SearchMode mode = SearchMode::Hybrid;
    FusionKind fusion = FusionKind::Rrf;
    // The WeightProfile of the profile fusion: a named profile (docs/explanations.md), with any
    // weight overridden by "profile.<name>.graph|vector|keyword|freshness".
    WeightProfile profile = WeightProfile::by_name("balanced");

    // Weighted RRF: term = weight / (k + rank), ranks 1-based.
    int rrf_k = 60;
    double vector_weight = 1.0;
    // The vector leg's RRF weight when the vault's vectors come from the built-in hash embedder
    // ("memlens-hash-" signatures): its features are the query's own words without idf, so it
    // votes on the same evidence as the keyword leg, only worse (docs/ranking.md: at weight 1.0
    // it costs LoCoMo recall@5 0.21). At 0.01 its largest term (0.01 / 61) is below the gap
    // between any two of the keyword leg's top 18 ranks: it keeps that order, reorders only
    // further down and appends what the keyword leg missed (typos, word forms, no terms).
    double lexical_vector_weight = 0.01;
    double keyword_weight = 1.0;
    // final = rrf × (1 + recency_boost × 1/(1 + age_days)); 0 = off.
    double recency_boost = 0.0;
    // RRF fusion: final = rrf × recency × (1 + entity_boost × graph signal). A hit by or about
    // the people and things the query names is more likely the one asked about; the graph
    // signal (in [0, 1], docs/explanations.md) says how directly it involves them. 0 = off.
    double entity_boost = 0.0;
    // Keyword leg: bm25 × (1 + author_boost) for the chunks whose author the query names
    // ("What did Melanie paint?"); the name's own bm25 is ~0 in a conversation, where a
    // participant's name is in half the rows. Measured on LoCoMo dev (docs/ranking.md): 0.25
    // gains recall where the question is about what its subject said; 0 = off.
    double author_boost = 0.25;
    // Keyword leg: bm25 × (1 + day_boost) for the chunks of the one day a query names ("on 9
    // November, 2022", "yesterday": a window at most a day long); its date words alone match
    // every row of that month or year. 0 = off.
    double day_boost = 0.5;
    // Keyword leg: bm25 × question_factor for chunks that end with '?': a message that asks is
    // a reaction to information, not the information, though it echoes its words. 1 = off.
    double question_factor = 0.8;
    double freshness_half_life_days = kDefaultFreshnessHalfLifeDays;

    int limit = 10; // hits returned when a request says 0; requests are capped at kMaxSearchLimit
                    // (search.h)
    int leg_limit = 100; // candidates each leg contributes to fusion
    int max_query_terms =
        64; // keyword tokens kept from a long query (FTS5 cost grows with OR terms)
    // bm25 column weights of a chunk's FTS row, "content" being 1.0: its context (author, tags,
    // session, date), and the text of its near (±1) and far (±2) neighbours in its thread.
    double fts_context_weight = 0.5;
    // Neighbouring items (±1, ±2): measured best on LoCoMo turn retrieval (docs/ranking.md).
    double fts_near_weight = 0.5;
    double fts_far_weight = 0.2;
    // The keyword leg ranks by BM25F (each column normalised by its own average length, with
    // its own b) times a coverage factor (matched / present query terms)^coverage_power; see
    // docs/ranking.md for why and what each one measured. b applies to a chunk's own columns
    // (content, context): chat turns are short and similar in length, so length says little.
    // b_neighbours applies to near and far, whose length is mostly whether there are
    // neighbours at all.
    double bm25_k1 = 1.2;
    double bm25_b = 0.3;
    double bm25_b_neighbours = 0.9;
    double coverage_power = 0.5;
    bool include_summaries = false; // search summary nodes beside leaf chunks

    // The no-match threshold: a candidate whose final score is below it is not returned, and the
    // response counts what it held back (SearchResponse::below_min_score); when nothing is left
    // the answer is "no match" and says why. 0 = off. Chosen on judged queries (judgments.h,
    // calibration; docs/judgments.md): the score's scale depends on the fusion.
    double min_score = 0.0;

    double mmr_lambda = 0.7;
    // MMR counts two hits as redundant only above this cosine, rescaled to [0, 1] above it:
    // redundancy = max(0, (cos − floor) / (1 − floor)). Below it, two items that share a
    // speaker or a few words are different evidence, not repeats. 0 = plain cosine. At 0.7
    // MMR still separates copies (re-sent messages, a re-ingested paragraph: cosine > 0.9).
    double mmr_redundancy_floor = 0.7;

    // Vector leg: beam descent over the topic tree, or an exact scan. An index file of
    // TopicIndex::kBeamMeasuredFrom vectors or more measures the beam's recall of the exact top
    // 10 when it is written (TopicIndex::beam_recall): the beam runs where that recall, at
    // beam_width, is at least beam_min_recall. An index without a measurement (smaller, written
    // before it, or built in memory) is scanned exactly up to exact_scan_threshold vectors; so
    // is a scope of at most that many.
    // Measured on generated chunks with the built-in embedder (docs/performance.md): at
    // 100,000 the beam finds 0.994 of the exact top 10 in 0.8 ms, the exact scan takes 16 ms.
    int beam_width = 512;
    int beam_max_depth = 8;
    int beam_max_leaf_items = 256;
    double beam_min_recall = 0.95;
    int exact_scan_threshold = 200000;

    SupersededHandling superseded = SupersededHandling::Demote;
    double superseded_demote_factor = 0.5;

    // Graph context rule (docs/explanations.md): two hits are about the same thing when they
    // share at least this many entities and their cosine is at least graph_min_similarity.
    int graph_min_shared_entities = 2;
    double graph_min_similarity = 0.5;

    bool operator==(const RetrievalSettings&) const = default;
};

// What changing a setting needs before its effect can be seen: whether it acts inside a leg (what
// the leg returns depends on it) or after the legs. A column of the settings table
// (retrieval_setting_keys), which the lab reads instead of a list of its own.
enum class SettingReach {
    Rerank,    // acts after retrieval: re-ranking the stored pools shows it
    Retrieval, // acts inside a leg (limits, beam, BM25F, scope): only a new retrieval shows it
};
const char* to_string(SettingReach r);

// What a setting's value is: the table says it once, and every front end builds its control,
// parser and schema from it (a spin box and slider, a --flag, a JSON schema).
enum class SettingType { Number, Integer, Choice, Flag, Text };
const char* to_string(SettingType t);

struct SettingKey {
    std::string key;
    std::string help;
    SettingReach reach = SettingReach::Rerank;
    SettingType type = SettingType::Text;
    // Number and Integer: the values accepted, and the part of them worth exploring (a slider's
    // range in the lab; the field beside it takes every accepted value).
    double min = 0.0;
    double max = 0.0;
    double explore_min = 0.0;
    double explore_max = 0.0;
    std::vector<std::string> choices; // Choice: every accepted word, the default first
    std::string default_value;        // as to_settings_map() writes it
};

// Every key, in display order ("profile.<name>.*" keys are listed for the active profile).
const std::vector<SettingKey>& retrieval_setting_keys();

// Defaults overlaid with the values in `values`. "search.profile" picks the profile;
// "profile.<that name>.graph" (etc.) override its weights.
Result<RetrievalSettings>
retrieval_settings_from_map(const std::map<std::string, std::string>& values);

// The vault's ml_settings read into RetrievalSettings.
Result<RetrievalSettings> load_retrieval_settings(const Vault& vault);

// Writes `settings` into the vault's ml_settings: each key of to_settings_map() whose value
// differs from what the vault holds now (load_retrieval_settings), in one transaction, so the
// vault then loads exactly `settings` and keeps no copies of defaults it never changed. Returns
// the keys written, in key order. Unsupported (Vault::check_writable, naming the folder) for a
// vault opened read-only or a workspace, before anything is written; Busy when
// another writer holds the lock. Not on the UI thread.
Result<std::vector<std::string>> save_retrieval_settings(Vault& vault,
                                                         const RetrievalSettings& settings);

// Every key with its value (the active profile's weights included), as text that
// retrieval_settings_from_map() reads back to the same settings.
std::map<std::string, std::string> to_settings_map(const RetrievalSettings& s);

// Keys whose values differ between two maps of to_settings_map() (either side missing counts).
std::vector<std::string> changed_setting_keys(const std::map<std::string, std::string>& a,
                                              const std::map<std::string, std::string>& b);

} // namespace memlens
