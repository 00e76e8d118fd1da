// The unified hit shape every retrieval primitive returns, and the explanation that the hybrid
// pipeline attaches to each hit (docs/explanations.md).
//
// Plain value structs: they cross threads by copy.
#pragma once

#include <memlens/phrase.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

enum class NodeKind { Leaf, Summary };
enum class TreeKind { Source, Topic, Global, Flavoured };

// Stable lowercase wire strings ("leaf" / "summary"; "source" / "topic" / ...).
const char* to_wire(NodeKind kind);
const char* to_wire(TreeKind kind);
std::optional<NodeKind> node_kind_from_wire(std::string_view s);
std::optional<TreeKind> tree_kind_from_wire(std::string_view s);

// One query term in one column of the keyword leg's BM25F, for one hit (docs/explanations.md
// §1, "Term table"). A hit's table lists every query term × every column of its FTS table
// (chunks: content, context, near, far; summaries: content), terms that matched nowhere
// included (matched false, contribution 0). Contract: the contributions of a hit's entries add
// up to its LegExplanation::bm25 (to floating-point rounding).
struct TermEvidence {
    std::string term;     // the query's keyword token (FTS5 matches its porter stem)
    std::string column;   // "content" (its own text), "context" (author, tags, session, date),
                          // "near" / "far" (the turns one / two away in its thread)
    bool matched = false; // tf > 0
    int tf = 0;           // instances of the term in this column of this row
    double idf = 0.0;     // max(1e-6, ln((N − n + 0.5) / (n + 0.5))) over the whole table
    double column_weight = 0.0; // search.fts.*_weight (content 1)
    double b = 0.0;             // the column's length normalisation strength
    int column_length = 0;      // tokens in this column of this row
    double average_length = 0.0;
    double length_norm = 1.0; // 1 − b + b × column_length / average_length
    double weighted_tf = 0.0; // column_weight × tf / length_norm (0 when tf is 0)
    // This column's share of the term's BM25F part: −idf × tf~ (k1 + 1) / (tf~ + k1), tf~ the
    // term's weighted_tf summed over the columns, split in proportion to weighted_tf. Negative
    // like bm25 (more negative = more evidence); 0 when the term is not in this column.
    double contribution = 0.0;
};

// One leg of the hybrid search as seen by one hit. rank is 1-based; absent when the leg did
// not return the hit (then rrf_term is 0).
struct LegExplanation {
    std::optional<int> rank;
    // What the leg ranks by: bm25 × author_factor (more negative = better), or the cosine.
    double raw_score = 0.0;
    double weight = 0.0;
    double rrf_term = 0.0; // weight / (k + rank), or 0
    // Keyword leg: raw_score = bm25 × coverage_factor × author_factor × time_factor ×
    // question_factor (docs/explanations.md).
    // bm25 is the BM25F score (negative); coverage the share of the query's terms (those the
    // vault holds) the hit matches; coverage_factor = coverage^search.coverage_power;
    // author_factor = 1 + search.author_boost when the query names the hit's author, else 1;
    // time_factor = 1 + search.day_boost when the query names one day and the hit is of it;
    // question_factor = search.question_factor when the hit ends with '?', else 1.
    // The vector leg leaves them at bm25 0 and factors 1 (and does not show them on the wire).
    double author_factor = 1.0;
    double bm25 = 0.0;
    double coverage = 1.0;
    double coverage_factor = 1.0;
    double time_factor = 1.0;
    double question_factor = 1.0;
    // Keyword leg, for the hits a query returns that the leg ranked: the term table whose
    // contributions add up to bm25 (docs/explanations.md §1). Empty otherwise: the vector leg,
    // a hit the keyword leg did not rank, a pushed-out candidate, a hit whose row no longer
    // matches (a rerun on a changed vault).
    std::vector<TermEvidence> terms;
    // Vector leg: ranked by an exact scan (true) or reached by the beam descent (false).
    bool exact = false;
};

struct RecencyExplanation {
    double boost = 0.0;
    double factor = 0.0; // 1 / (1 + age_days)
    double age_days = 0.0;
};

// The four signals of hybrid_score, each in [0, 1].
struct SignalSet {
    double graph = 0.0;
    double vector = 0.0;
    double keyword = 0.0;
    double freshness = 0.0;
};

// A pick: its state at the step that picked it. A candidate MMR left out (step -1): its state
// at the last step, the one that filled the last slot, which it lost to lost_to.
struct MmrExplanation {
    int step = -1;          // pick order, 0-based; -1 = not picked by MMR
    double relevance = 0.0; // normalised relevance fed to MMR
    // Redundancy to the picks before that step: the largest cosine (clamped to [0, 1]) rescaled
    // above search.mmr_redundancy_floor, max(0, (cos − floor) / (1 − floor)).
    double max_similarity = 0.0;
    std::optional<std::string> penalized_by; // node id of the earlier pick that caused it
    double cosine = 0.0;    // the cosine to penalized_by, before the floor (0 without one)
    double mmr_score = 0.0; // λ·relevance − (1−λ)·max_similarity
    // Left out: the pick of the last step and its MMR score, which mmr_score did not beat.
    std::optional<std::string> lost_to;
    double lost_to_score = 0.0;
};

struct GraphContext {
    std::vector<std::string> superseded_by; // newer memories that replace this one
    // The candidates of the same query this one replaces (their superseded_by names it).
    std::vector<std::string> supersedes;
    // Neither lists a pair that one of the two supersedes: a newer version is not support for
    // or a conflict with the one it replaces.
    std::vector<std::string> conflicts;
    std::vector<std::string> supported_by;
};

// Why a fused candidate is not among the hits (None: it is a hit). Mmr: its relevance alone
// would have won the last step; its redundancy to penalized_by lost it. Limit: it would not have
// won even without that. MaxUnits / MaxChars: MMR picked it, a budget cut it. MinScore: its
// final score is below the vault's no-match threshold (search.min_score); MMR never saw it.
enum class Exclusion { None, Mmr, Limit, MaxUnits, MaxChars, MinScore };

// Its wire word: "mmr", "limit", "max_units", "max_chars", "min_score"; "" for None (null in
// JSON).
constexpr const char* to_string(Exclusion e) {
    switch (e) {
    case Exclusion::MinScore:
        return "min_score";
    case Exclusion::Mmr:
        return "mmr";
    case Exclusion::Limit:
        return "limit";
    case Exclusion::MaxUnits:
        return "max_units";
    case Exclusion::MaxChars:
        return "max_chars";
    case Exclusion::None:
        break;
    }
    return "";
}

// A pick that a budget then left out.
constexpr bool is_budget_cut(Exclusion e) {
    return e == Exclusion::MaxUnits || e == Exclusion::MaxChars;
}

// A candidate the supersession penalty kept out of the hits: an older version that a newer
// memory superseded, which without the penalty would have scored above the last hit returned
// (SearchResponse::superseded_out).
struct SupersededOut {
    std::string node_id;
    std::vector<std::string> superseded_by; // the newer memories
    std::optional<int> keyword_rank;        // 1-based, in each leg
    std::optional<int> vector_rank;
    int fused_rank = 0;
    double penalty = 1.0;           // the factor its score was multiplied by
    double score = 0.0;             // with the penalty
    double unpenalized_score = 0.0; // without it
};

struct Explanation {
    // One line naming what decided the hit's position ("#2: keyword rank 2 (phoenix, budget in
    // the neighbouring turns; none in its own text); vector leg did not rank it; RRF 0.01613").
    // Written from the numbers below after the list is final; names a cause (recency, graph
    // context, supersession) only when it changed the hit's order against a neighbour.
    std::string verdict;
    // The same line as a phrase to render in the reader's language (empty when the
    // explanation was read back from JSON: then show `verdict`).
    Phrase verdict_phrase;
    std::string fusion = "rrf"; // "rrf" | "profile"
    int rrf_k = 60;
    LegExplanation keyword;
    LegExplanation vector;
    double rrf_score = 0.0;
    RecencyExplanation recency;
    // RRF fusion: the entity factor is 1 + entity_boost × signal_values.graph (1 when off or
    // under profile fusion, whose graph weight already counts the signal).
    double entity_boost = 0.0;
    double entity_factor = 1.0;
    SignalSet signal_values; // "signals" on the wire (Qt reserves the word)
    SignalSet weights;
    SignalSet contributions;
    double superseded_penalty = 1.0; // multiplier applied to a superseded hit (1 = none)
    double final_score = 0.0;
    MmrExplanation mmr;
    GraphContext graph_context;
    std::vector<std::string> topic_path; // topic keys the beam descent took to this hit
    bool budget_cut = false;
    Exclusion excluded_by = Exclusion::None; // why a fused candidate is not a hit

    std::optional<double> rerank_similarity; // cosine computed by a primitive's rerank
    int fused_rank = 0;                      // 1-based position before MMR
};

struct RetrievalHit {
    std::string node_id;
    NodeKind node_kind = NodeKind::Leaf;
    std::string tree_id;
    TreeKind tree_kind = TreeKind::Source;
    std::string tree_scope;
    std::uint32_t level = 0;
    std::string content;
    std::vector<std::string> entities;
    std::vector<std::string> topics;
    std::int64_t time_range_start_ms = 0;
    std::int64_t time_range_end_ms = 0;
    double score = 0.0;
    std::vector<std::string> child_ids;
    std::optional<std::string> source_ref;
    std::optional<std::string> author; // a chunk's author or speaker, when it has one

    // memlens additions, shown to the user: the cosine a rerank computed and the full
    // explanation from the hybrid pipeline.
    std::optional<double> rerank_similarity;
    std::optional<Explanation> explanation;
};

// A ranking that was meant to use the embedder and could not (the embedder failed or gave no
// vector), so the primitive's documented fallback order stands: reported, never silent.
// On the wire: "degraded": {"reason": ...}, or null when the ranking is as designed.
struct DegradedRanking {
    std::string reason; // "embedding failed: <the embedder's error>"
};

struct QueryResponse {
    std::vector<RetrievalHit> hits;
    std::size_t total = 0;  // match count before the limit
    bool truncated = false; // total > hits.size(), or a budget cut
    std::optional<DegradedRanking> degraded;

    static QueryResponse make(std::vector<RetrievalHit> hits, std::size_t total_matches) {
        QueryResponse r;
        r.total = total_matches;
        r.truncated = total_matches > hits.size();
        r.hits = std::move(hits);
        return r;
    }
    static QueryResponse empty() { return {}; }
};

struct EntityMatch {
    std::string canonical_id;
    std::string kind;
    std::string surface;
    std::uint64_t mention_count = 0;
    // The times of the oldest and the newest chunk naming it (a summary's own time is not a
    // mention's); 0 when no chunk does.
    std::int64_t first_seen_ms = 0;
    std::int64_t last_seen_ms = 0;
};

// The WeightProfile fold: the four weighted signals and the final weighted sum. episodic_relevance
// is always 0 and kept for wire compatibility.
struct RetrievalScoreBreakdown {
    double keyword_relevance = 0.0;
    double vector_similarity = 0.0;
    double graph_relevance = 0.0;
    double episodic_relevance = 0.0;
    double freshness = 0.0;
    double final_score = 0.0;
    SignalSet contributions;
};

struct GraphEdge {
    std::string subject;
    std::string object;
    std::int64_t weight = 0;
};

} // namespace memlens
