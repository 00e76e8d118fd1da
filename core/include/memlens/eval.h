// The LoCoMo retrieval evaluation (docs/ranking.md): each conversation is ingested into
// its own temporary vault through the normal Ingestor, each question runs through the normal
// default query path (make_query_context once, then SearchEngine::search with the vault's
// settings), and turn-level evidence recall@k, session-level recall@k and MRR are reported per
// category, with the keyword leg alone measured in the same run.
//
// Nothing here holds LoCoMo data: the file is read from where the caller says, and the
// temporary vaults are deleted when a conversation is done.
//
// Thread-safety: run_locomo_eval reads files, writes temporary vaults and queries them on the
// calling thread (never the GUI's). Errors (unreadable or malformed file, unknown conversation
// id, ingest or search failures) come back as Status naming what failed; nothing throws or
// prints.
#pragma once

#include <memlens/status.h>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

// ---- Evidence ids ---------------------------------------------------------------------------

// A LoCoMo dialogue id, "D<session>:<turn>".
struct DiaId {
    int session = 0;
    int turn = 0;
    std::string str() const; // canonical: "D3:5" (no leading zeros)
    auto operator<=>(const DiaId&) const = default;
};

// "D3:5", " D30:05 " → {30, 5}. Malformed ids give nullopt: "D", "D:11:26", "D3", "D3:5:1",
// "3:5", "D3:x".
std::optional<DiaId> parse_dia_id(std::string_view text);

// Evidence strings may hold several ids: "D8:6; D9:17" → "D8:6", "D9:17" (split at ';', ',' and
// whitespace; empty parts dropped).
std::vector<std::string> split_evidence(const std::vector<std::string>& evidence);

struct ResolvedEvidence {
    std::vector<std::string> ids; // canonical ids of turns that exist, first mention first
    std::size_t malformed = 0;    // parts that are not dia ids at all
    std::size_t unresolvable = 0; // well-formed ids with no such turn (past a session's end)
};

// Resolves a question's evidence against the canonical ids of the conversation's turns.
// "D30:05" resolves to D30:5 when that turn exists. Duplicates are counted once.
ResolvedEvidence resolve_evidence(const std::vector<std::string>& evidence,
                                  const std::set<std::string>& turns);

// ---- Metric arithmetic ----------------------------------------------------------------------

struct QuestionScore {
    std::map<int, double> turn_recall;    // k → |evidence ∩ top-k turns| / |evidence|
    std::map<int, double> session_recall; // k → |evidence sessions ∩ top-k sessions| / |…|
    double reciprocal_rank = 0.0;         // 1 / rank of the first evidence turn, 0 if none
};

// `ranked` is the dia id of each retrieved leaf in rank order (canonical ids; "" for a leaf
// with no dia id, which takes a rank and matches nothing). `evidence` holds resolved canonical
// ids and must not be empty.
QuestionScore score_question(const std::vector<std::string>& evidence,
                             const std::vector<std::string>& ranked, const std::vector<int>& ks);

// Means over questions, per category ("cat1" … "cat5") and over all ("all").
class RecallAccumulator {
public:
    explicit RecallAccumulator(std::vector<int> ks);
    void add(int category, const QuestionScore& score);

    std::map<std::string, std::map<int, double>> turn_recall() const;
    std::map<std::string, std::map<int, double>> session_recall() const;
    double mrr() const;
    std::map<std::string, std::size_t> counts() const; // questions per key, "all" included

private:
    struct Sums {
        std::size_t n = 0;
        std::map<int, double> turn;
        std::map<int, double> session;
        double rr = 0.0;
    };
    void add_to(Sums& s, const QuestionScore& q) const;
    std::vector<int> ks_;
    std::map<std::string, Sums> sums_;
};

// ---- The LoCoMo file's questions -----------------------------------------------------------

struct LocomoQuestion {
    std::string question;
    std::vector<std::string> evidence; // as written in the file
    int category = 0;
};

struct LocomoConversation {
    std::string sample_id;
    std::vector<LocomoQuestion> questions;
};

// The "qa" lists of a LoCoMo file (the turns come from import_locomo). InvalidArgument naming
// the file and JSON path when the shape is wrong; IoError when it cannot be read.
Result<std::vector<LocomoConversation>> load_locomo_questions(const std::filesystem::path& file);
Result<std::vector<LocomoConversation>> parse_locomo_questions(std::string_view content,
                                                               const std::string& origin);

// ---- The run -------------------------------------------------------------------------------

struct EvalFigures {
    std::map<std::string, std::map<int, double>> turn_recall; // "all"/"catN" → k → mean
    std::map<std::string, std::map<int, double>> session_recall;
    double mrr = 0.0;
    double ms_per_query = 0.0; // mean wall time of analysis + search per question
    // Of the hits in the first ten places, over all questions: the share the vector leg ranked
    // at all, and the share only the vector leg ranked (the keyword leg did not find them).
    double vector_share_top10 = 0.0;
    double vector_only_share_top10 = 0.0;
};

// A question whose evidence is not all in the default path's first ten places, and for each
// evidence turn left out where it stood and what lost it (eval locomo --misses).
struct EvalMissedTurn {
    std::string turn;                // "D3:5"
    std::string node_id;             // its chunk
    std::optional<int> fused_rank;   // among the returned turns (up to the largest k), 1-based
    std::optional<int> keyword_rank; // in the keyword leg's pool
    std::optional<int> vector_rank;  // in the vector leg's pool
    std::string stage;               // why_not's stage at a limit of ten (to_string(WhyNotStage))
    std::string verdict;             // why_not's verdict, in words
};

struct EvalMiss {
    std::string conversation;
    int category = 0;
    std::string question;
    std::vector<std::string> found; // evidence turns in the first ten places
    std::vector<EvalMissedTurn> missed;
};

struct ConversationFigures {
    std::string sample_id;
    std::size_t turns = 0;
    std::size_t questions = 0;
    std::size_t skipped = 0;
    std::map<int, double> turn_recall;         // default path, all categories
    std::map<int, double> keyword_turn_recall; // keyword leg alone
    double ingest_seconds = 0.0;
};

struct LocomoEvalReport {
    std::vector<int> ks;
    std::size_t questions = 0; // evaluated
    std::size_t skipped = 0;   // no resolvable evidence
    std::map<std::string, std::size_t> category_counts;
    EvalFigures hybrid;  // the default query path
    EvalFigures keyword; // mode keyword, same contexts, same run
    std::vector<ConversationFigures> conversations;
    std::vector<EvalMiss> misses; // with LocomoEvalOptions::misses only
};

struct EvalProgress {
    std::string conversation;
    std::string phase; // "ingest" | "query"
    std::size_t done = 0;
    std::size_t total = 0;
};

struct LocomoEvalOptions {
    std::filesystem::path data;
    std::vector<std::string> conversations; // sample ids; empty = every conversation
    std::vector<int> ks{1, 5, 10, 25, 50};  // each in 1..100
    std::filesystem::path work_dir;         // temporary vaults go here; empty = system temp
    // Vault settings ("search.mmr_lambda" = "1") written into each fresh vault before its
    // questions run, so an ablation is the same default query path with one setting changed.
    // A key or value retrieval_settings_from_map rejects fails the run before any ingest.
    std::map<std::string, std::string> settings;
    // Merge every entity proposal (propose_entity_merges) into its person after the ingest, as
    // a user accepting them all would, to measure what the merges change.
    bool accept_entity_proposals = false;
    // Collect LocomoEvalReport::misses: each evidence turn not in the first ten places, asked
    // once more through SearchEngine::why_not at a limit of ten.
    bool misses = false;
    // When set, each conversation's vault is kept in this folder (one subfolder per
    // conversation, which must not exist yet) instead of a temporary one, with every question
    // it asks stored as a judged query (asked as of the conversation's end, with its speakers)
    // and each evidence turn's first chunk graded 2 ("relevant") by the judge "benchmark"
    // (judgments.h): `memlens-cli metrics` then measures that vault's rankings.
    std::filesystem::path save_judgments;
    std::function<void(const EvalProgress&)> progress;
    const std::atomic_bool* cancel = nullptr;
};

// For each conversation: a fresh vault, the Ingestor with the vault's default embedder, then
// every question with resolvable evidence through make_query_context (now = the conversation's
// last turn, persons = its speakers) and SearchEngine::search with the default request (the
// vault's settings, limit = max k; no audit rows: the vault is thrown away), once as is and
// once in keyword mode. Summary hits map to no turn and take no rank.
Result<LocomoEvalReport> run_locomo_eval(const LocomoEvalOptions& options);

// {"questions": N, "skipped": M, "turn_recall": {"all": {"1": x, …}, "cat1": {…}, …},
//  "session_recall": {…}, "mrr": x, "keyword_only": {"turn_recall": {…},
//  "session_recall": {…}, "mrr": x}, "ms_per_query": x}
std::string locomo_eval_json(const LocomoEvalReport& report, int indent = 2);

// One JSON object per line, one line per miss: {"conversation", "category", "question",
// "found": [turn…], "missed": [{"turn", "node_id", "fused_rank", "keyword_rank",
// "vector_rank", "stage", "verdict"}]} (a rank is null where the turn had none).
std::string eval_misses_jsonl(const std::vector<EvalMiss>& misses);

} // namespace memlens
