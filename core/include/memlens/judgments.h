// Judgments: which hits were right for a query, graded by a person or an agent, and the metrics
// they give a ranking (docs/judgments.md). One implementation behind the GUI's grades,
// `memlens-cli judge | metrics`, `eval locomo --save-judgments` and the MCP tool
// memory_feedback.
//
// A judged query is a text with an id (a TREC qrels topic id), asked as of a time and with the
// persons its asker knew when those were recorded (a benchmark's question is asked at the end of
// its conversation). A judgment is a grade 0..3 of one node for one query by one judge ("person"
// or an agent's name); a judge grading the same node again replaces its grade.
//
// Writes take the vault's write lock in one transaction (another process may be importing:
// they wait behind it as a store does) and are refused on a read-only vault with a message that
// says so; reads run in one snapshot. Thread-safety: as Vault's; call off the UI thread.
#pragma once

#include <memlens/phrase.h>
#include <memlens/status.h>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

class Vault;
class SearchEngine;
struct BlastReport;

inline constexpr int kMinGrade = 0;
inline constexpr int kMaxGrade = 3;
// A grade at or above this is relevant (recall, precision, MRR); NDCG uses the grade itself.
inline constexpr int kRelevantGrade = 1;
// The judge a person's grades are stored under (an agent's are under its own name).
inline constexpr std::string_view kPersonJudge = "person";
// The judge eval locomo stores a benchmark's evidence under.
inline constexpr std::string_view kBenchmarkJudge = "benchmark";
// The grade eval locomo gives a benchmark's evidence turns.
inline constexpr int kBenchmarkGrade = 2;
// The most bytes of a judge's name, a query id and a reason.
inline constexpr std::size_t kMaxJudgeBytes = 200;
inline constexpr std::size_t kMaxReasonBytes = 2000;

// "not relevant", "related", "relevant", "answers it": the grade in words, for every front end
// (the GUI translates the phrase; grade_name is its English text).
PhraseText grade_phrase(int grade);
std::string_view grade_name(int grade);

struct JudgedQuery {
    std::string id;
    std::string text;
    // Asked as of this time (relative phrases resolve from it); nullopt: the time of asking.
    std::optional<std::int64_t> now_ms;
    // The persons its asker knew (QueryOptions::known_persons); empty: none given.
    std::vector<std::string> persons;
};

struct Judgment {
    std::string query_id;
    std::string node_id;
    int grade = 0;
    std::string judge{kPersonJudge};
    std::string reason;
    std::optional<std::int64_t> audit_id; // the logged query the grade was given from, if any
    std::int64_t time_ms = 0;             // when it was given (set by set_judgment)
};

// ---- The store ----------------------------------------------------------------------------

// The judged query with this text (the first by id when several have it), or a new one whose id
// is "q-" and 12 hexadecimal digits of the text's hash. InvalidArgument for a blank text.
Result<JudgedQuery> judged_query_for_text(Vault& vault, std::string_view text);
// The judged query with this text (the first by id), or nullopt; reads only.
Result<std::optional<JudgedQuery>> find_judged_query(const Vault& vault, std::string_view text);
// Adds or replaces a judged query by id. InvalidArgument for a blank or over-long id, a blank
// text, or an id holding whitespace (a qrels topic id is one word).
Status put_judged_query(Vault& vault, const JudgedQuery& q);

// Stores a grade. InvalidArgument naming the field: a grade outside kMinGrade..kMaxGrade, a
// blank judge, a reason over kMaxReasonBytes; NotFound naming the id for an unknown query or
// node (a node is a chunk or a summary of the vault; a short chunk id is resolved first).
// Returns the judgment as stored (its node id resolved, its time set).
Result<Judgment> set_judgment(Vault& vault, Judgment j);
// A grade of a hit a logged query returned (the MCP tool memory_feedback, the GUI's results):
// the judged query is the audit row's text (found, or added asked as of the row's time), and
// the judgment names the row. NotFound naming the id for an audit row that does not exist;
// InvalidArgument when the row did not return the node (a short chunk id is resolved first).
Result<Judgment> judge_logged_hit(Vault& vault, std::int64_t audit_id, std::string_view node_id,
                                  int grade, std::string_view reason, std::string_view judge);
// The newest logged search (a row of memory_search, or of a person's query: not another tool's)
// whose text is `query` and which returned `node_id`; only `client`'s rows when it is given.
// NotFound saying so when there is none.
Result<std::int64_t> find_logged_search(const Vault& vault, std::string_view query,
                                        std::string_view node_id,
                                        std::optional<std::string_view> client = std::nullopt);
// Several queries and grades in one transaction: all of them or, on the first error (as
// put_judged_query's and set_judgment's), none. Used by import_qrels and eval locomo.
Status put_judgments(Vault& vault, const std::vector<JudgedQuery>& queries,
                     std::vector<Judgment> grades);
// Removes one judge's grade; Ok when there was none.
Status clear_judgment(Vault& vault, std::string_view query_id, std::string_view node_id,
                      std::string_view judge = kPersonJudge);

// Every judged query, by id.
Result<std::vector<JudgedQuery>> judged_queries(const Vault& vault);
// Judgments, by query, node and judge: all of them, or one query's.
Result<std::vector<Judgment>> judgments(const Vault& vault,
                                        std::optional<std::string_view> query_id = std::nullopt);
// Every grade one node received, by query and judge.
Result<std::vector<Judgment>> node_judgments(const Vault& vault, std::string_view node_id);
// judgments(), grouped by query id.
Result<std::map<std::string, std::vector<Judgment>>> judgments_by_query(const Vault& vault);
// The grade that counts for each node judged for the query: a person's when there is one, else
// the latest other judge's.
std::map<std::string, int> effective_grades(const std::vector<Judgment>& of_one_query);

// ---- TREC qrels ---------------------------------------------------------------------------

struct QrelsReport {
    std::size_t queries = 0;   // queries read (imported) or written (exported)
    std::size_t judgments = 0; // grades read or written
};

// Reads `queries` (one "id<TAB>text" per line) and `qrels` ("id 0 node grade" per line, TREC's
// topic, iteration, document and relevance, separated by spaces or tabs) and stores them in one
// transaction under `judge`: all of them or, on the first error, none. InvalidArgument naming
// the file and line: a malformed line, a grade outside 0..3, a qrels topic the queries file
// lacks, invalid UTF-8; NotFound naming file, line and id for a node the vault does not hold.
Result<QrelsReport> import_qrels(Vault& vault, const std::filesystem::path& qrels,
                                 const std::filesystem::path& queries,
                                 std::string_view judge = kPersonJudge);
// Writes every judged query and each node's effective grade in those formats, each file whole
// (a temporary file renamed over it) or not at all.
Result<QrelsReport> export_qrels(const Vault& vault, const std::filesystem::path& qrels,
                                 const std::filesystem::path& queries);

// ---- Metrics ------------------------------------------------------------------------------

// One query's figures at a cut-off k, over `ranked` (the returned nodes in order).
struct RankingMetrics {
    double ndcg = 0.0;            // DCG@k / ideal DCG@k; gain = grade, discount log2(rank + 1)
    double recall = 0.0;          // relevant nodes in the first k / relevant nodes judged
    double precision = 0.0;       // relevant nodes in the first k / k
    double reciprocal_rank = 0.0; // 1 / rank of the first relevant node in the first k, else 0
};
// Nodes without a grade count as grade 0. Call only for a query with a relevant judgment.
RankingMetrics score_ranking(const std::vector<std::string>& ranked,
                             const std::map<std::string, int>& grades, int k);

struct Interval {
    double mean = 0.0;
    double low = 0.0; // the 2.5th and 97.5th percentile of the bootstrap's means
    double high = 0.0;
};
// The mean with a 95 % percentile bootstrap interval: `resamples` resamplings of the values
// with replacement, drawn from a generator seeded with `seed` (the same values give the same
// interval). Empty values give zeros.
Interval bootstrap_mean(const std::vector<double>& values, int resamples = 2000,
                        std::uint64_t seed = 1);

struct QueryFigures {
    std::string query_id;
    std::string text;
    std::size_t relevant = 0;        // nodes judged relevant
    std::vector<std::string> ranked; // the first k nodes returned
    RankingMetrics metrics;
};

struct MetricsOptions {
    int k = 10;
    std::map<std::string, std::string> settings; // changed retrieval settings (settings.h keys)
    const std::atomic_bool* cancel = nullptr;
};

struct MetricsReport {
    int k = 10;
    std::map<std::string, std::string> settings;
    std::vector<QueryFigures> queries; // judged queries with a relevant node, by id
    std::vector<std::string> unjudged; // ids of judged queries with no relevant node (not scored)
    Interval ndcg, recall, precision, mrr;
};

// Asks every judged query through SearchEngine::query (limit k, the vault's settings with
// `settings` over them, unaudited, as of its recorded time and persons) and scores each.
// InvalidArgument for k outside 1..kMaxMetricsK or an unknown setting; the search's errors
// name the query.
inline constexpr int kMaxMetricsK = 100;
Result<MetricsReport> compute_metrics(const Vault& vault, SearchEngine& engine,
                                      const MetricsOptions& opts);

// Per query, a changed ranking against a base one (same queries, same k): the deltas of each
// metric, and whether NDCG improved, got worse or stayed within 1e-9.
enum class MetricChange { Improved, Worse, Unchanged };
std::string_view to_string(MetricChange c); // "improved", "worse", "unchanged"
struct QueryDelta {
    std::string query_id;
    std::string text;
    RankingMetrics base, changed;
    double ndcg_delta = 0.0;
    MetricChange change = MetricChange::Unchanged;
};
// Sorted: the largest gains first, then the unchanged, then the largest losses.
std::vector<QueryDelta> metric_deltas(const MetricsReport& base, const MetricsReport& changed);
// An NDCG delta in words: improved above 1e-9, worse below −1e-9, else unchanged.
MetricChange change_of(double ndcg_delta);

// A lab blast radius (lab.h) measured against the judgments: each re-ranked logged search whose
// question is a judged query with a relevant node, its NDCG@k as logged and as re-ranked (the
// first k of each, against the grades that count), and the means and counts over them.
struct BlastJudged {
    std::int64_t audit_id = 0;
    std::string query_id;
    std::string text;
    double ndcg_logged = 0.0;
    double ndcg_new = 0.0;
    MetricChange change = MetricChange::Unchanged;
};
struct BlastMetrics {
    int k = 10;
    std::size_t improved = 0, worse = 0, unchanged = 0;
    double mean_logged = 0.0; // over `searches`
    double mean_new = 0.0;
    std::vector<BlastJudged> searches; // in the blast's order (newest first)
};
Result<BlastMetrics> blast_metrics(const Vault& vault, const BlastReport& blast, int k = 10);

// {"queries","k","ndcg@k","recall@k","precision@k","mrr", each with "…_interval":[low,high],
// "settings", "unjudged", "per_query":[{"id","text","relevant","ndcg","recall","precision",
// "reciprocal_rank","ranked"}]} and, when `deltas` is given, "deltas":[{"id","text","change",
// "ndcg_delta","base":{…},"changed":{…}}] with "improved"/"worse"/"unchanged" counts.
std::string to_json(const MetricsReport& r, const std::vector<QueryDelta>* deltas = nullptr);

} // namespace memlens
