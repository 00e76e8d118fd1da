#include "retrieval/candidate.h"

#include "retrieval/content_body.h"
#include "retrieval/stored_vectors.h"
#include "scoring/rerank_order.h"

#include <memlens/query_context.h>

#include <algorithm>

namespace memlens::detail {

Candidate candidate_from_summary(SummaryRow&& row) {
    Candidate c;
    RetrievalHit& h = c.hit;
    h.node_id = std::move(row.id);
    h.node_kind = NodeKind::Summary;
    h.tree_id = std::move(row.tree_id);
    h.tree_kind = tree_kind_from_wire(row.tree_kind).value_or(TreeKind::Source);
    h.tree_scope = std::move(row.tree_scope);
    h.level = static_cast<std::uint32_t>(std::max(row.level, 0));
    h.content = std::move(row.content);
    h.entities = std::move(row.entities);
    h.topics = std::move(row.topics);
    h.time_range_start_ms = row.start_ms;
    h.time_range_end_ms = row.end_ms;
    h.score = row.score;
    h.child_ids = std::move(row.child_ids);
    c.content_path = std::move(row.content_path);
    return c;
}

Candidate candidate_from_chunk(ChunkRow&& row, double score) {
    Candidate c;
    RetrievalHit& h = c.hit;
    h.node_id = std::move(row.id);
    h.node_kind = NodeKind::Leaf;
    h.tree_id = std::move(row.tree_id);
    h.tree_kind = TreeKind::Source; // a leaf belongs to its source tree even before it seals
    h.tree_scope = std::move(row.scope);
    h.level = 0;
    h.content = std::move(row.content);
    h.topics = std::move(row.tags);
    h.time_range_start_ms = row.start_ms;
    h.time_range_end_ms = row.end_ms;
    h.score = score;
    h.source_ref = std::move(row.source_ref);
    h.author = std::move(row.author);
    c.content_path = std::move(row.content_path);
    return c;
}

Status attach_vectors(const Database& db, const std::string& signature,
                      std::vector<Candidate>& candidates) {
    std::vector<std::string> leaf_ids, summary_ids;
    for (const auto& c : candidates)
        (c.hit.node_kind == NodeKind::Leaf ? leaf_ids : summary_ids).push_back(c.hit.node_id);
    auto leaves = load_vectors(db, NodeKind::Leaf, signature, leaf_ids);
    if (!leaves)
        return leaves.status();
    auto summaries = load_vectors(db, NodeKind::Summary, signature, summary_ids);
    if (!summaries)
        return summaries.status();
    for (auto& c : candidates) {
        auto& map = c.hit.node_kind == NodeKind::Leaf ? *leaves : *summaries;
        if (auto it = map.find(c.hit.node_id); it != map.end())
            c.embedding = it->second;
    }
    return Status::ok();
}

bool has_query(const std::optional<std::string>& query) {
    return query && query->find_first_not_of(" \t\r\n\f\v") != std::string::npos;
}

DegradedRanking embedding_failed(const Status& status) {
    return {"embedding failed: " +
            (status.is_ok() ? std::string("the embedder gave an empty vector") : status.message())};
}

Status order_candidates(const Database& db, std::vector<Candidate>& candidates,
                        const std::optional<std::string>& query, Embedder* embedder,
                        bool newest_first, std::optional<DegradedRanking>& degraded) {
    degraded.reset();
    if (query)
        MEMLENS_TRY(check_query_length(*query));
    if (newest_first) {
        std::stable_sort(candidates.begin(), candidates.end(),
                         [](const Candidate& a, const Candidate& b) {
                             return a.hit.time_range_end_ms > b.hit.time_range_end_ms;
                         });
    }
    if (!has_query(query) || embedder == nullptr || candidates.empty())
        return Status::ok();
    auto qv = embedder->embed_one(*query);
    if (!qv || qv->empty()) {
        // An embedding failure keeps the incoming order; the response says so.
        degraded = embedding_failed(qv.status());
        return Status::ok();
    }
    MEMLENS_TRY(attach_vectors(db, embedder->signature(), candidates));

    std::vector<std::int64_t> end_ms;
    std::vector<Vector> vectors;
    end_ms.reserve(candidates.size());
    vectors.reserve(candidates.size());
    for (auto& c : candidates) {
        end_ms.push_back(c.hit.time_range_end_ms);
        vectors.push_back(std::move(c.embedding));
    }
    const auto r = rerank_order(end_ms, *qv, vectors);
    std::vector<Candidate> sorted;
    sorted.reserve(candidates.size());
    for (std::size_t i : r.order) {
        sorted.push_back(std::move(candidates[i]));
        sorted.back().embedding = std::move(vectors[i]);
        sorted.back().hit.rerank_similarity = r.similarity[i];
    }
    candidates = std::move(sorted);
    return Status::ok();
}

std::vector<RetrievalHit> finish(const Vault& vault, std::vector<Candidate>&& candidates,
                                 std::size_t limit) {
    if (candidates.size() > limit)
        candidates.resize(limit);
    std::vector<RetrievalHit> hits;
    hits.reserve(candidates.size());
    for (auto& c : candidates) {
        c.hit.content = read_body(vault, c.content_path, std::move(c.hit.content));
        hits.push_back(std::move(c.hit));
    }
    return hits;
}

} // namespace memlens::detail
