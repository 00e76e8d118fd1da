// Score calibration over the judged queries (judgments.h, docs/judgments.md): how the scores of
// relevant and of other hits are spread, and what a no-match threshold on the final score
// (search.min_score, settings.h) would keep: the precision of what is returned, the recall
// left, and the share of queries that would answer "no match".
//
// Thread-safety: compute_calibration runs searches (not on the UI thread); the rest are plain
// functions of a report. Errors: as compute_metrics (judgments.h).
#pragma once

#include <memlens/judgments.h>
#include <memlens/status.h>

#include <atomic>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace memlens {

class SearchEngine;
class Vault;

// One hit of a judged query, as the search returned it with the threshold off.
struct CalibrationSample {
    std::string query_id;
    std::string node_id;
    int rank = 0;             // 1-based among the query's hits
    double final_score = 0.0; // what ranks the hit and what search.min_score is compared with
    // The keyword leg's score, negated so that higher is better (bm25 × factors, which BM25
    // writes negative), when the leg ranked the hit.
    std::optional<double> keyword_score;
    std::optional<double> vector_score; // the cosine, when the vector leg ranked the hit
    int grade = 0;                      // the grade that counts; 0 when ungraded
    bool judged = false;                // it has a grade
    bool relevant() const { return grade >= kRelevantGrade; }
};

struct CalibrationReport {
    int k = 10;
    std::map<std::string, std::string> settings; // the overrides it ran with
    double min_score = 0.0; // the threshold these settings hold (the vault's unless overridden)
    // Judged queries with a relevant node, and each one's count of relevant nodes.
    std::map<std::string, std::size_t> relevant_per_query;
    std::vector<std::string> unjudged;      // judged queries without a relevant node (not counted)
    std::vector<CalibrationSample> samples; // each query's first k hits, query by query
};

// Asks every judged query as compute_metrics does (limit k, the vault's settings with
// opts.settings over them, unaudited, as of its recorded time and persons) with the no-match
// threshold off, so that every score shows, and keeps each hit's scores and grade.
Result<CalibrationReport> compute_calibration(const Vault& vault, SearchEngine& engine,
                                              const MetricsOptions& opts);

// What a threshold keeps of the report's hits: those scoring at least it. A threshold also lets
// a candidate that MMR left out move up into a freed place; these figures do not count such a
// candidate (memlens-cli metrics --setting search.min_score=T measures the real ranking).
struct ThresholdFigures {
    double threshold = 0.0;
    std::size_t returned = 0;          // hits kept over all queries
    std::size_t relevant_returned = 0; // of them relevant
    // relevant_returned / returned (0 when nothing is returned).
    double precision = 0.0;
    // Mean over the queries of relevant hits kept / relevant nodes judged: recall@k at 0.
    double recall = 0.0;
    std::size_t no_match_queries = 0; // queries with no hit left
    double no_match_share = 0.0;      // of all queries counted
    // Of those, queries that had a relevant hit before the threshold took it away.
    std::size_t answered_lost = 0;
};
ThresholdFigures figures_at(const CalibrationReport& r, double threshold);

// Which score a histogram counts.
enum class CalibrationScore { Final, Keyword, Vector };
const char* to_string(CalibrationScore s); // "final", "keyword", "vector"

// Equal-width bins over [low, high] of the samples that have that score: relevant hits and the
// others (graded 0 or ungraded) counted apart, and of each the hits a no-match threshold on the
// final score would hold back (within the same bins). No sample with the score: empty bins,
// low = high = 0.
struct ScoreHistogram {
    CalibrationScore score = CalibrationScore::Final;
    double low = 0.0;
    double high = 0.0;
    std::vector<std::size_t> relevant;
    std::vector<std::size_t> other;
    std::vector<std::size_t> relevant_below; // of relevant, below the threshold
    std::vector<std::size_t> other_below;
    double bin_width() const;
};
ScoreHistogram score_histogram(const CalibrationReport& r, CalibrationScore score, int bins,
                               double threshold = 0.0);

// Thresholds worth showing: 0 and every distinct final score of the samples, ascending.
std::vector<double> candidate_thresholds(const CalibrationReport& r);
// At most `max_thresholds` of them (at least 2), evenly chosen, the lowest (0) and the highest
// always among them: the sweep a table shows.
std::vector<double> sweep_thresholds(const CalibrationReport& r, std::size_t max_thresholds);

// Stores `threshold` as the vault's no-match threshold (search.min_score; 0 turns it off), the
// other settings as they are; save_retrieval_settings's errors (read-only, busy).
Status save_no_match_threshold(Vault& vault, double threshold);

// {"queries","k","settings","min_score","unjudged","samples",
//  "at_min_score":{threshold figures},"histograms":{"final"|"keyword"|"vector":{"low","high",
//  "relevant":[…],"other":[…]}},"thresholds":[{threshold figures}, …]} — the sweep over
// candidate_thresholds (at most `max_thresholds` of them, evenly chosen, ends kept).
std::string to_json(const CalibrationReport& r, int bins = 20, std::size_t max_thresholds = 50);

} // namespace memlens
