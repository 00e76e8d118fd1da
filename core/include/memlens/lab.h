// The ranking lab: "what if" on one logged query, two rankings side by side, the blast radius
// of a settings change over the whole log, and the ablation matrix (docs/lab.md).
//
// Everything here re-ranks the candidate pools an audit row keeps (CandidatePools, search.h)
// through fusion, scores, graph context, MMR and budgets (SearchEngine::rerun): no leg runs,
// nothing is embedded, nothing is logged. A setting that acts inside a leg (its limit, the beam,
// BM25F) cannot be shown that way: it is reported as needing a new retrieval, never silently
// ignored.
//
// Threads: like SearchEngine, one thread at a time, never the UI thread. Errors: Status; a row
// without stored pools is NotFound with a message that offers a replay instead.
#pragma once

#include <memlens/audit.h>
#include <memlens/search.h>
#include <memlens/settings.h>
#include <memlens/status.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

class Database;

// Every key of retrieval_setting_keys(), with its reach (settings.h).
using LabSettingKey = SettingKey;
const std::vector<LabSettingKey>& lab_setting_keys();
// nullopt for a key retrieval_setting_keys() does not list.
std::optional<SettingReach> setting_reach(std::string_view key);

// `base` with "KEY=VALUE" assignments (or a map of them) applied. InvalidArgument naming an
// unknown key (and the nearest known one) or a value the key does not accept.
Result<RetrievalSettings> apply_setting_overrides(const RetrievalSettings& base,
                                                  const std::map<std::string, std::string>& values);
Result<std::map<std::string, std::string>>
parse_setting_assignments(const std::vector<std::string>& assignments);

// One logged search, ready to re-rank.
struct LabRow {
    // The row's columns but the four parsed into the fields below (query_profile, sources,
    // settings, candidates: left empty, a log of ten thousand rows would keep them twice).
    AuditRecord record;
    SearchRequest request;
    RetrievalSettings settings; // what it ran with
    // The rows of a LabLog keep their pools packed (the stored column and its inflated size, a
    // few KB where the decoded lists take ~45 KB) and `pools` holds all but the two lists;
    // lab_row_pools gives them whole. A row from load_lab_row has them decoded.
    CandidatePools pools;
    std::string packed_column;
    std::size_t packed_size = 0;
    std::vector<std::string> logged_ids; // its hits, in order
    // A LabLog's row: its packed record's distinct candidates, in the record's order, and its
    // hits, as positions in LabLog::candidate_ids (the re-ranking reads no id, only these).
    std::vector<std::uint32_t> nodes;
    std::vector<std::uint32_t> logged_nodes;
};

// A row's pools, whole: `row.pools`, or decoded from its packed form.
Result<CandidatePools> lab_row_pools(const LabRow& row);

// InvalidArgument for a row that is not a search (an agent's primitive, a failed call);
// NotFound for a row logged before rows kept their candidate pools, saying so and offering
// `memlens-cli audit replay ID` (a new retrieval) instead.
// keep_packed: a format-2 row keeps its pools packed (what load_lab_log does).
Result<LabRow> lab_row_from_record(const AuditRecord& record, bool keep_packed = false);
Result<LabRow> load_lab_row(const Database& db, std::int64_t id);

// The pools as `settings` would have had them from the same retrieval: the legs' RRF weights
// recomputed (mode, search.weight.*), the keyword factors applied after the leg (author_boost,
// day_boost, question_factor) recomputed and the keyword pool put in their order again. The
// keys it cannot show are added to `unreachable`: a leg that did not run and now would, a
// factor that was off when the row was logged (which candidates it touches is unknown), and
// every key of reach Retrieval that changed.
CandidatePools pools_for_settings(const LabRow& row, const RetrievalSettings& settings,
                                  std::vector<std::string>* unreachable = nullptr);

// Overlap of two rankings. Jaccard@k: |A ∩ B| / |A ∪ B| of their first k (1 when both are
// empty). Rank-biased overlap (extrapolated, persistence p): 1 for identical lists, 0 for
// disjoint ones, weighing the top more.
inline constexpr double kRboPersistence = 0.9; // what every view and report uses
double jaccard_at_k(const std::vector<std::string>& a, const std::vector<std::string>& b,
                    std::size_t k);
double rank_biased_overlap(const std::vector<std::string>& a, const std::vector<std::string>& b,
                           double p = kRboPersistence);

// Which of a moved hit's own numbers changed, the one that moved it first (LabMove::signal).
//   Fusion: its legs' RRF sum, so its fused rank. Recency, EntityBoost, Supersession: that
//   factor of its score. Profile: the profile fold's score. Mmr: the same fused score, another
//   MMR step. Budget: a budget cut it or left it out, or no longer does. None: its own numbers
//   did not change, hits around it moved.
enum class MoveSignal { None, Fusion, Recency, EntityBoost, Supersession, Profile, Mmr, Budget };

// Its wire word: "none", "fusion", "recency", "entity boost", "supersession", "profile", "mmr",
// "budget".
constexpr const char* to_string(MoveSignal s) {
    switch (s) {
    case MoveSignal::Fusion:
        return "fusion";
    case MoveSignal::Recency:
        return "recency";
    case MoveSignal::EntityBoost:
        return "entity boost";
    case MoveSignal::Supersession:
        return "supersession";
    case MoveSignal::Profile:
        return "profile";
    case MoveSignal::Mmr:
        return "mmr";
    case MoveSignal::Budget:
        return "budget";
    case MoveSignal::None:
        break;
    }
    return "none";
}

// One hit of either ranking and how it moved from the left (before) to the right (after).
struct LabMove {
    std::string node_id;
    std::optional<int> before_rank; // 1-based
    std::optional<int> after_rank;
    Movement movement = Movement::Same;
    int places = 0; // before − after: positive moved up; 0 for same, new and gone
    double before_score = 0.0;
    double after_score = 0.0;
    MoveSignal signal = MoveSignal::None; // none for a hit in the same place
    // The changed settings that move it this way on their own (the row re-ranked with only that
    // one changed). Empty when only several together do, or when signal is "none".
    std::vector<std::string> moved_by;
    // In words, with the numbers under it: "up 3 (#7 → #4): fused rank 9 → 5 (RRF 0.0161 →
    // 0.0323); moved by search.rrf_k".
    std::string line;
    Phrase phrase; // the same line, to render in the reader's language
    // The words after the move itself ("RRF 0.0161 → 0.0323, fused rank 9 → 5"), without
    // "moved by": what a table beside Move, Before, After and Moved by columns shows.
    Phrase why;
    std::optional<Explanation> before; // the hit's explanation on each side, when it is a hit
    std::optional<Explanation> after;
};

struct LabComparison {
    SearchResponse before;
    SearchResponse after;
    std::vector<LabMove> moves; // the after ranking's order, then the hits that are gone
    std::size_t k = 10;         // the list length the overlap is measured at
    double jaccard = 1.0;       // jaccard_at_k(before, after, k)
    double rbo = 1.0;
    bool changed = false;                     // the hit lists differ (ids or order)
    bool lost_first = false;                  // the before's first hit is not the after's first
    std::vector<std::string> changed_keys;    // settings that differ between the two sides
    std::vector<std::string> needs_retrieval; // of those, the ones re-ranking cannot show
};

// Moves between two rankings of one row, each hit's signal read from its two explanations
// (moved_by stays empty: what_if fills it).
LabComparison compare_responses(SearchResponse before, SearchResponse after);

// The row re-ranked with its logged settings (before: the logged ranking, on an unchanged
// vault) and with `settings` (after), each move attributed to the changed settings that cause
// it alone (one more re-rank per changed key, at most 8 keys).
Result<LabComparison> what_if(SearchEngine& engine, const LabRow& row,
                              const RetrievalSettings& settings,
                              const std::atomic_bool* cancel = nullptr);
// The same with the query's budget changed too (a request's choice, not a setting): its changed
// fields are named "budget.max_units" / "budget.max_chars" among the changed keys and the moves'
// causes.
Result<LabComparison> what_if(SearchEngine& engine, const LabRow& row,
                              const RetrievalSettings& settings, const SearchBudget& budget,
                              const std::atomic_bool* cancel = nullptr);
// Two configurations of one row, side by side; moves attributed as what_if does.
Result<LabComparison> compare_configs(SearchEngine& engine, const LabRow& row,
                                      const RetrievalSettings& left, const RetrievalSettings& right,
                                      const std::atomic_bool* cancel = nullptr);
// The right side with the query's budget changed too.
Result<LabComparison> compare_configs(SearchEngine& engine, const LabRow& row,
                                      const RetrievalSettings& left, const RetrievalSettings& right,
                                      const SearchBudget& right_budget,
                                      const std::atomic_bool* cancel = nullptr);

// ---- Blast radius ---------------------------------------------------------------------------

struct BlastOptions {
    AuditFilter filter;       // which logged rows (an agent, a time range, a text)
    std::size_t max_rows = 0; // newest first; 0 = every row the filter keeps
    // Progress (rows done, rows in all) on the calling thread, at most every 1% of rows.
    std::function<void(std::size_t, std::size_t)> progress;
    const std::atomic_bool* cancel = nullptr;
};

struct BlastQuery {
    std::int64_t id = 0;
    std::int64_t ts_ms = 0;
    std::string query;
    std::string client; // an agent's client, or empty
    std::size_t k = 0;  // the logged hit count the overlap is measured at
    double jaccard = 1.0;
    double rbo = 1.0;
    bool changed = false;
    bool lost_first = false;
    std::string logged_first;            // the logged first hit (empty: the row had none)
    std::string new_first;               // the first hit under the candidate settings
    std::optional<int> logged_first_now; // where the logged first hit is now (nullopt: gone)
    std::vector<std::string> ids;        // the new ranking
    std::vector<std::string> logged_ids; // the logged one
};

struct BlastBin {
    double from = 0.0; // Jaccard@k in [from, to); the last bin is exactly 1
    double to = 0.0;
    std::size_t count = 0;
};

struct BlastReport {
    double load_ms = 0.0;             // reading and parsing the rows (0 for a preloaded LabLog)
    double rerank_ms = 0.0;           // re-ranking them
    std::size_t rows = 0;             // log rows the filter kept
    std::size_t queries = 0;          // of those, searches re-ranked
    std::size_t skipped_no_pools = 0; // searches logged without their pools (replay them)
    std::size_t skipped_other = 0;    // not searches: primitives, stores, failed calls
    std::size_t skipped_damaged = 0;  // searches whose stored columns do not parse
    std::size_t changed = 0;
    std::size_t lost_first = 0;
    std::vector<BlastBin> overlap_histogram; // 11 bins: [0, 0.1) … [0.9, 1), 1
    double ms = 0.0;                         // load_ms + rerank_ms
    std::vector<std::string> changed_keys;   // candidate vs. the vault's settings
    // Changed keys re-ranking cannot show, and how many rows each could not be shown for.
    std::map<std::string, std::size_t> needs_retrieval;
    std::vector<BlastQuery> results; // newest first
};

// The log's rows read and parsed once, for any number of blast radii over them (the lab keeps
// one per vault: parsing a row's pools costs more than re-ranking them).
struct LabLog {
    // The searches with pools, newest first, each kept packed (a row logged in format 1 is
    // packed as format 2 on the way in).
    std::vector<LabRow> rows;
    std::size_t rows_seen = 0;        // log rows the filter kept
    std::size_t skipped_no_pools = 0; // searches logged without their pools
    std::size_t skipped_other = 0;    // not searches
    std::size_t skipped_damaged = 0;  // searches whose stored columns do not parse
    double load_ms = 0.0;
    // Every candidate and hit of the rows, distinct, sorted.
    std::vector<std::string> candidate_ids;
};
Result<LabLog> load_lab_log(const Database& db, const AuditFilter& filter, std::size_t max_rows = 0,
                            const std::function<void(std::size_t, std::size_t)>& progress = {},
                            const std::atomic_bool* cancel = nullptr);

// Every logged search the filter keeps, re-ranked from its pools with the vault's settings
// overlaid with `overrides` (the row's own per-query choices — mode, λ, recency, profile,
// limit — still win, as they did when it ran), against the ranking it logged. No override:
// the vault's own settings, which change nothing for rows logged under them. Cancelled when
// `cancel` is set.
Result<BlastReport> blast_radius(SearchEngine& engine,
                                 const std::map<std::string, std::string>& overrides,
                                 const BlastOptions& options = {});
// The same over a preloaded log (options.filter and max_rows are not read: the log was loaded
// with them). Reads every candidate's brief once (SearchEngine::node_briefs), then ranks each
// row from its pools and the briefs in the rerun's arithmetic without explanations, on two
// threads; progress is reported from the calling thread.
Result<BlastReport> blast_radius(SearchEngine& engine, const LabLog& log,
                                 const std::map<std::string, std::string>& overrides,
                                 const BlastOptions& options = {});
// The settings blast_radius re-ranks one row with.
RetrievalSettings blast_settings_for(const LabRow& row, const RetrievalSettings& candidate);

// ---- Ablation -------------------------------------------------------------------------------

// One column of the matrix: a configuration built up from the legs, one signal at a time.
struct AblationColumn {
    std::string name; // "keyword only", "vector only", "RRF", "+ recency", "+ graph context",
                      // "+ MMR", "+ entity boost"
    std::string adds; // in words: what this column turns on
    RetrievalSettings settings;
    std::vector<std::string> ids; // its hits, in order
    bool available = true;        // false: a leg this column needs did not run for the row
    std::string unavailable_reason;
};

struct AblationRow {
    std::string node_id;
    std::optional<int> logged_rank;
    std::vector<std::optional<int>> ranks; // per column, 1-based; nullopt: not in its hits
};

struct AblationMatrix {
    std::int64_t id = 0;
    std::string query;
    std::vector<AblationColumn> columns;
    // The logged hits first, in their order, then every other hit of any column.
    std::vector<AblationRow> rows;
    // Which column first gives the logged ranking exactly (nullopt: none does).
    std::optional<std::size_t> first_logged_column;
};

// The columns, cumulative left to right: keyword only and vector only (each leg alone, every
// later signal off), RRF (both legs at the row's weights; recency, supersession demotion, MMR
// and entity boost off), then each signal turned on at the row's value. The last column is the
// row's own settings, so it gives the logged ranking on an unchanged vault; "RRF" gives it too
// when the row ran with every later signal off.
Result<AblationMatrix> ablate(SearchEngine& engine, const LabRow& row,
                              const std::atomic_bool* cancel = nullptr);

// The same columns over many logged searches: which signal settles the rankings of a whole log.
struct AblationLogColumn {
    std::string name;
    std::size_t rows = 0;         // rows it could rank (its legs ran)
    std::size_t same_ranking = 0; // ranked exactly as logged
    std::size_t same_first = 0;   // the logged first hit first
    double mean_jaccard = 0.0;    // Jaccard@k against the logged hits, averaged over `rows`
    std::size_t first_logged = 0; // rows whose logged ranking this column is the first to give
};

struct AblationLog {
    std::vector<AblationLogColumn> columns; // the seven of ablate(), in order
    std::size_t queries = 0;
    std::size_t none_logged = 0; // rows no column ranks as logged (the vault changed since)
    // The log's rows it could not rank, by why (LabLog's counts): every reader says what it
    // skipped, so a damaged row is never silently left out of a verdict.
    std::size_t skipped_no_pools = 0;
    std::size_t skipped_other = 0;
    std::size_t skipped_damaged = 0;
    double ms = 0.0;
};

// Ranks every row of the log by each column, from its pools and the nodes' briefs (as the
// blast radius does).
Result<AblationLog> ablate_log(SearchEngine& engine, const LabLog& log,
                               const std::atomic_bool* cancel = nullptr);

} // namespace memlens

namespace memlens {

// ---- A generated query log -------------------------------------------------------------------

struct QueryLogOptions {
    std::size_t count = 300; // queries asked (and logged)
    std::uint64_t seed = 1;
    // Progress (asked, in all) on the calling thread.
    std::function<void(std::size_t, std::size_t)> progress;
    const std::atomic_bool* cancel = nullptr;
};

struct QueryLogSummary {
    std::size_t asked = 0;
    std::size_t logged = 0; // rows the audit writer wrote (flushed before this returns)
    std::int64_t first_id = 0;
    std::int64_t last_id = 0;
};

// Seeded questions in a vault's own vocabulary: its most mentioned people, topics and projects
// (20, 20 and 8, by their commonest written form) in six shapes ("what did Priya decide about
// Phoenix", "Phoenix rollout budget", ...). The lab's query log and memlens-bench's workloads
// ask these; the same vault and seed give the same questions.
class QuestionGenerator {
public:
    // InvalidArgument when the vault names no people or topics to ask about.
    static Result<QuestionGenerator> open(const Vault& vault, std::uint64_t seed);
    std::string next();
    const std::vector<std::string>& persons() const { return persons_; }
    const std::vector<std::string>& projects() const { return projects_; }

private:
    QuestionGenerator() = default;
    std::vector<std::string> persons_, topics_, projects_;
    std::uint64_t state_ = 0; // splitmix64
    std::uint64_t draw();
    const std::string& pick(const std::vector<std::string>& from) {
        return from[draw() % from.size()];
    }
};

// Asks `count` seeded questions in the vault's own vocabulary (its most mentioned people,
// topics and projects) through engine.query, so that each is logged as an agent or a person
// would log it: most from two generated agents' sessions (caller set), some from the GUI,
// some with their own mode, λ, limit or character budget. The demo vault builds its log this
// way, so the lab has a history to work on. Unsupported, naming why, when the engine does not
// log (a read-only vault, audit off).
Result<QueryLogSummary> generate_query_log(SearchEngine& engine, const QueryLogOptions& options);

} // namespace memlens
