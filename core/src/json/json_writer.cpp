#include "json/dump.h"

#include <memlens/json_writer.h>
#include <memlens/time_util.h>

#include <nlohmann/json.hpp>

#include <cmath>

namespace memlens {

namespace {

// Insertion order keeps node_id first, as a reader of the CLI output expects.
using nlohmann::ordered_json;

ordered_json number(double v) {
    return std::isfinite(v) ? ordered_json(v) : ordered_json(nullptr);
}

ordered_json optional_number(const std::optional<double>& v) {
    return v ? number(*v) : ordered_json(nullptr);
}

ordered_json strings(const std::vector<std::string>& values) {
    ordered_json out = ordered_json::array();
    for (const auto& v : values)
        out.push_back(v);
    return out;
}

ordered_json term_json(const TermEvidence& t) {
    return ordered_json{{"term", t.term},
                        {"column", t.column},
                        {"matched", t.matched},
                        {"tf", t.tf},
                        {"idf", number(t.idf)},
                        {"column_weight", number(t.column_weight)},
                        {"b", number(t.b)},
                        {"column_length", t.column_length},
                        {"average_length", number(t.average_length)},
                        {"length_norm", number(t.length_norm)},
                        {"weighted_tf", number(t.weighted_tf)},
                        {"contribution", number(t.contribution)}};
}

// The fields every leg has.
ordered_json leg_common_json(const LegExplanation& leg) {
    return ordered_json{{"rank", leg.rank ? ordered_json(*leg.rank) : ordered_json(nullptr)},
                        {"raw_score", number(leg.raw_score)},
                        {"weight", number(leg.weight)},
                        {"rrf_term", number(leg.rrf_term)}};
}

ordered_json keyword_leg_json(const LegExplanation& leg) {
    ordered_json j = leg_common_json(leg);
    j["author_factor"] = number(leg.author_factor);
    j["bm25"] = number(leg.bm25);
    j["coverage"] = number(leg.coverage);
    j["coverage_factor"] = number(leg.coverage_factor);
    j["time_factor"] = number(leg.time_factor);
    j["question_factor"] = number(leg.question_factor);
    ordered_json terms = ordered_json::array();
    for (const auto& t : leg.terms)
        terms.push_back(term_json(t));
    j["terms"] = std::move(terms);
    return j;
}

// The vector leg carries vector fields only: its similarity, how it was found, where it lives.
ordered_json vector_leg_json(const LegExplanation& leg, const Explanation& e) {
    ordered_json j = leg_common_json(leg);
    j["similarity"] = leg.rank ? number(leg.raw_score) : ordered_json(nullptr);
    j["search"] = leg.rank ? ordered_json(leg.exact ? "exact" : "beam") : ordered_json(nullptr);
    j["topic_path"] = strings(e.topic_path);
    return j;
}

ordered_json weights_json(const SignalSet& s) {
    return ordered_json{{"graph", number(s.graph)},
                        {"vector", number(s.vector)},
                        {"keyword", number(s.keyword)},
                        {"freshness", number(s.freshness)}};
}

ordered_json explanation_json(const Explanation& e) {
    ordered_json mmr = {
        {"step", e.mmr.step},
        {"relevance", number(e.mmr.relevance)},
        {"max_similarity", number(e.mmr.max_similarity)},
        {"penalized_by",
         e.mmr.penalized_by ? ordered_json(*e.mmr.penalized_by) : ordered_json(nullptr)},
        {"cosine", number(e.mmr.cosine)},
        {"mmr_score", number(e.mmr.mmr_score)},
        {"lost_to", e.mmr.lost_to ? ordered_json(*e.mmr.lost_to) : ordered_json(nullptr)},
        {"lost_to_score", number(e.mmr.lost_to_score)}};
    return ordered_json{
        {"verdict", e.verdict},
        {"fusion", e.fusion},
        {"rrf_k", e.rrf_k},
        {"legs",
         {{"keyword", keyword_leg_json(e.keyword)}, {"vector", vector_leg_json(e.vector, e)}}},
        {"rrf_score", number(e.rrf_score)},
        {"recency",
         {{"boost", number(e.recency.boost)},
          {"factor", number(e.recency.factor)},
          {"age_days", number(e.recency.age_days)}}},
        {"entity", {{"boost", number(e.entity_boost)}, {"factor", number(e.entity_factor)}}},
        {"signals",
         {{"graph_relevance", number(e.signal_values.graph)},
          {"vector_similarity", number(e.signal_values.vector)},
          {"keyword_relevance", number(e.signal_values.keyword)},
          {"freshness", number(e.signal_values.freshness)}}},
        {"weights", weights_json(e.weights)},
        {"contributions", weights_json(e.contributions)},
        {"superseded_penalty", number(e.superseded_penalty)},
        {"final_score", number(e.final_score)},
        {"mmr", mmr},
        {"graph_context",
         {{"superseded_by", strings(e.graph_context.superseded_by)},
          {"supersedes", strings(e.graph_context.supersedes)},
          {"conflicts", strings(e.graph_context.conflicts)},
          {"supported_by", strings(e.graph_context.supported_by)}}},
        {"topic_path", strings(e.topic_path)},
        {"budget_cut", e.budget_cut},
        {"excluded_by", e.excluded_by == Exclusion::None ? ordered_json(nullptr)
                                                         : ordered_json(to_string(e.excluded_by))},
        {"rerank_similarity", optional_number(e.rerank_similarity)},
        {"fused_rank", e.fused_rank},
    };
}

ordered_json hit_json(const RetrievalHit& h) {
    ordered_json j = {
        {"node_id", h.node_id},
        {"node_kind", to_wire(h.node_kind)},
        {"tree_id", h.tree_id},
        {"tree_kind", to_wire(h.tree_kind)},
        {"tree_scope", h.tree_scope},
        {"level", h.level},
        {"content", h.content},
        {"entities", strings(h.entities)},
        {"topics", strings(h.topics)},
        {"time_range_start", format_rfc3339(h.time_range_start_ms)},
        {"time_range_end", format_rfc3339(h.time_range_end_ms)},
        {"score", number(h.score)},
        {"child_ids", strings(h.child_ids)},
        {"source_ref", h.source_ref ? ordered_json(*h.source_ref) : ordered_json(nullptr)},
    };
    if (h.author)
        j["author"] = *h.author;
    if (h.rerank_similarity)
        j["rerank_similarity"] = number(*h.rerank_similarity);
    if (h.explanation)
        j["explanation"] = explanation_json(*h.explanation);
    return j;
}

ordered_json hits_json(const std::vector<RetrievalHit>& hits) {
    ordered_json out = ordered_json::array();
    for (const auto& h : hits)
        out.push_back(hit_json(h));
    return out;
}

ordered_json degraded_json(const std::optional<DegradedRanking>& d) {
    return d ? ordered_json{{"reason", d->reason}} : ordered_json(nullptr);
}

ordered_json entity_json(const EntityMatch& m) {
    auto time = [](std::int64_t ms) {
        return ms != 0 ? ordered_json(format_rfc3339(ms)) : ordered_json(nullptr);
    };
    return ordered_json{{"canonical_id", m.canonical_id},
                        {"kind", m.kind},
                        {"surface", m.surface},
                        {"mention_count", m.mention_count},
                        {"first_seen_ms", m.first_seen_ms},
                        {"first_seen", time(m.first_seen_ms)},
                        {"last_seen_ms", m.last_seen_ms},
                        {"last_seen", time(m.last_seen_ms)}};
}

ordered_json edge_json(const GraphEdge& e) {
    return ordered_json{{"subject", e.subject}, {"object", e.object}, {"weight", e.weight}};
}

// Hits carry text from users' files; a stray invalid byte must not make the output fail.
std::string dump(const ordered_json& j, int indent) {
    return dump_json(j, indent);
}

} // namespace

std::string to_json(const RetrievalHit& hit, int indent) {
    return dump(hit_json(hit), indent);
}

std::string to_json(const std::vector<RetrievalHit>& hits, int indent) {
    return dump(hits_json(hits), indent);
}

std::string to_json(const QueryResponse& r, int indent) {
    ordered_json j = {{"hits", hits_json(r.hits)}, {"total", r.total}, {"truncated", r.truncated}};
    j["degraded"] = degraded_json(r.degraded);
    return dump(j, indent);
}

std::string to_json(const std::vector<SupersededOut>& out, int indent) {
    ordered_json a = ordered_json::array();
    for (const auto& s : out)
        a.push_back(
            {{"node_id", s.node_id},
             {"superseded_by", strings(s.superseded_by)},
             {"keyword_rank",
              s.keyword_rank ? ordered_json(*s.keyword_rank) : ordered_json(nullptr)},
             {"vector_rank", s.vector_rank ? ordered_json(*s.vector_rank) : ordered_json(nullptr)},
             {"fused_rank", s.fused_rank},
             {"penalty", number(s.penalty)},
             {"score", number(s.score)},
             {"unpenalized_score", number(s.unpenalized_score)}});
    return dump(a, indent);
}

std::string to_json(const std::optional<DegradedRanking>& degraded, int indent) {
    return dump(degraded_json(degraded), indent);
}

std::string to_json(const Explanation& explanation, int indent) {
    return dump(explanation_json(explanation), indent);
}

std::string to_json(const EntityMatch& match, int indent) {
    return dump(entity_json(match), indent);
}

std::string to_json(const std::vector<EntityMatch>& matches, int indent) {
    ordered_json out = ordered_json::array();
    for (const auto& m : matches)
        out.push_back(entity_json(m));
    return dump(out, indent);
}

std::string to_json(const RetrievalScoreBreakdown& b, int indent) {
    ordered_json j = {{"keyword_relevance", number(b.keyword_relevance)},
                      {"vector_similarity", number(b.vector_similarity)},
                      {"graph_relevance", number(b.graph_relevance)},
                      {"episodic_relevance", number(b.episodic_relevance)},
                      {"freshness", number(b.freshness)},
                      {"final_score", number(b.final_score)},
                      {"contributions", weights_json(b.contributions)}};
    return dump(j, indent);
}

std::string to_json(const GraphEdge& edge, int indent) {
    return dump(edge_json(edge), indent);
}

std::string to_json(const std::vector<GraphEdge>& edges, int indent) {
    ordered_json out = ordered_json::array();
    for (const auto& e : edges)
        out.push_back(edge_json(e));
    return dump(out, indent);
}

} // namespace memlens
