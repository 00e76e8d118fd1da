// The shared group-ranking policy (docs/ranking.md): ONE way to rank sessions, sources or documents
// from the hits that belong to them, driven by the query context's intent (never by a second
// look at the query string). docs/ranking.md explains every constant and why it has its value.
//
// Thread-safety: aggregate_groups and group_ranking_items are pure. hit_group_ids and
// rank_hit_groups read the vault on the calling thread (never the GUI's). Errors: SQLite
// failures come back as Status; empty input gives an empty result.
#pragma once

#include <memlens/query_context.h>
#include <memlens/status.h>
#include <memlens/types.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

class Vault;

// Every constant of the policy, in one place. "aggregate" values apply to the count and sum
// intents, whose answers need several pieces of evidence from one group.
struct GroupRankingConstants {
    double best_weight = 1.0;
    double aggregate_best_weight = 0.75;
    // Items 2..5 of a group, in score order: rank-decayed support.
    std::array<double, 4> support_weights{0.30, 0.18, 0.10, 0.05};
    std::array<double, 4> aggregate_support_weights{0.45, 0.28, 0.16, 0.08};
    // An item supports its group only when it scores at least
    // max(support_floor_ratio × the group's top score, support_floor).
    double support_floor_ratio = 0.35;
    double support_floor = 0.15;
    // Coverage: distinct supporting documents, capped.
    double doc_bonus = 0.03;
    double aggregate_doc_bonus = 0.06;
    int doc_cap = 4;
    // Distinct query entities the group's supporting items mention, capped.
    double entity_bonus = 0.08;
    int entity_cap = 3;
    // Distinct query terms the group's supporting items contain, capped.
    double term_bonus = 0.015;
    int term_cap = 6;
    // Graph support summed over supporting items, capped, then weighted.
    double graph_weight = 0.20;
    double graph_cap = 1.5;
};

inline constexpr GroupRankingConstants kGroupRanking{};

// One piece of evidence: a hit and the group it belongs to.
struct GroupRankingItem {
    std::string group_id;
    std::string doc_id;                        // the hit's node id
    double base_score = 0.0;                   // the retrieval stage's score, higher = better
    std::vector<std::string> matched_terms;    // query terms the hit contains
    std::vector<std::string> matched_entities; // query entities the hit mentions
    double graph_support = 0.0;                // the hit's graph signal, in [0, 1]
    std::int64_t time_ms = 0;                  // when it happened (sequence order)
};

// How a group's score was made: total = best + support + coverage + entities + terms + graph.
struct GroupScoreParts {
    double best = 0.0;
    double support = 0.0;
    double coverage = 0.0;
    double entities = 0.0;
    double terms = 0.0;
    double graph = 0.0;
    double total = 0.0;
};

struct GroupMember {
    std::size_t index = 0;   // position of the item in the input
    double normalized = 0.0; // base_score / the best base_score of the whole input
    bool supporting = false; // counted by the policy (the top item, or above the floor)
};

struct RankedGroup {
    std::string group_id;
    int rank = 0; // 1-based
    double score = 0.0;
    GroupScoreParts parts;
    // The group's evidence: score order (score desc, doc id asc), or time order (time asc, doc
    // id asc) for the sequence intent. A doc id repeated in a group is kept once (its best).
    std::vector<GroupMember> members;
};

// Where an input item ended up.
struct ItemGroup {
    std::string group_id;
    int group_rank = 0;
    double group_score = 0.0;
    bool duplicate = false; // the same doc id scored higher elsewhere in its group
};

struct GroupRankingResult {
    std::vector<RankedGroup> groups; // score desc, then group id asc
    std::vector<ItemGroup> by_item;  // by_item[i] belongs to input item i
};

// The policy (docs/ranking.md): scores are normalised by the best base score of the input;
// per group, best × (0.75 for count/sum) + rank-decayed support of items 2..5 above the floor
// + capped coverage, entity, term and graph bonuses. Deterministic: equal inputs give equal
// output, ties broken by group id and doc id, never by input order.
GroupRankingResult aggregate_groups(const std::vector<GroupRankingItem>& items, QueryIntent intent);

// ---- Adapters: hits → items ----------------------------------------------------------------

enum class GroupBy { Session, Source };
const char* to_string(GroupBy by);
// "session" | "source"
std::optional<GroupBy> group_by_from_string(std::string_view s);

// The group of each hit, in hit order. Session: the chunk's group_id (a LoCoMo session, a
// JSONL thread or day, a document), read in one batched query; a summary, a chunk without
// one, or a workspace vault (no group_id column) falls back to the tree scope. Source: the
// hit's tree scope.
Result<std::vector<std::string>> hit_group_ids(const Vault& vault,
                                               const std::vector<RetrievalHit>& hits, GroupBy by);

// Hits with their group ids → items: base_score = hit.score; matched_terms = the augmented
// query's keyword tokens whose stem occurs in the content; matched_entities = the context's
// entities that the hit lists or whose value occurs in the content as a whole word;
// graph_support = the explanation's graph signal; time_ms = the hit's start time.
std::vector<GroupRankingItem> group_ranking_items(const std::vector<RetrievalHit>& hits,
                                                  const std::vector<std::string>& group_ids,
                                                  const QueryContext& ctx);

// What `memlens-cli query --group-by` calls: hit_group_ids + group_ranking_items +
// aggregate_groups with the context's intent.
Result<GroupRankingResult> rank_hit_groups(const Vault& vault,
                                           const std::vector<RetrievalHit>& hits, GroupBy by,
                                           const QueryContext& ctx);

} // namespace memlens
