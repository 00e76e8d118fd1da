#include "retrieval/walk_dense.h"

#include "retrieval/doc_versions.h"
#include "retrieval/id_list.h"
#include "retrieval/source_summaries.h"
#include "retrieval/stored_vectors.h"

#include <memlens/embedder.h>
#include <memlens/vault.h>

#include <queue>

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace memlens::detail {

namespace {

struct Scored {
    double sim = 0.0;
    std::int64_t end_ms = 0;
    std::string id;
    NodeKind kind = NodeKind::Leaf;
};

// "a ranks before b"
bool better(const Scored& a, const Scored& b) {
    if (a.sim != b.sim)
        return a.sim > b.sim;
    if (a.end_ms != b.end_ms)
        return a.end_ms > b.end_ms;
    return a.id < b.id;
}

struct WorstOnTop {
    bool operator()(const Scored& a, const Scored& b) const { return better(a, b); }
};

class TopN {
public:
    explicit TopN(std::size_t n)
        : n_(n) {}
    void offer(Scored s) {
        ++seen_;
        if (n_ == 0)
            return;
        if (heap_.size() < n_) {
            heap_.push(std::move(s));
        } else if (better(s, heap_.top())) {
            heap_.pop();
            heap_.push(std::move(s));
        }
    }
    std::vector<Scored> take() {
        std::vector<Scored> out;
        while (!heap_.empty()) {
            out.push_back(heap_.top());
            heap_.pop();
        }
        std::sort(out.begin(), out.end(), better);
        return out;
    }
    // A node compared but not to be returned (a chunk another writer marked dropped).
    void pass_over() { ++seen_; }
    std::size_t seen() const { return seen_; }

private:
    std::size_t n_;
    std::size_t seen_ = 0;
    std::priority_queue<Scored, std::vector<Scored>, WorstOnTop> heap_;
};

Status scan(const Database& db, const std::string& sql, const std::string& signature,
            const std::optional<std::pair<std::int64_t, std::int64_t>>& window, NodeKind kind,
            std::span<const float> query, TopN& top) {
    auto st = db.prepare(sql);
    if (!st)
        return st.status();
    st->bind(1, signature);
    if (window)
        st->bind(2, window->first).bind(3, window->second);
    Vector v;
    MEMLENS_TRY(st->each_row([&] {
        if (!blob_to_floats(st->column_blob(1), v) || v.size() != query.size())
            return;
        const double sim = cosine(query, v);
        if (!std::isfinite(sim))
            return;
        if (st->column_int64(3) != 0)
            top.pass_over();
        else
            top.offer({sim, st->column_int64(2), st->column_text(0), kind});
    }));
    return Status::ok();
}

// Every stored vector of `signature` of a summary of level 1 and up that is not deleted and of a
// chunk not superseded, read from vault.db. A chunk another writer marked dropped is compared
// (and counted, as the topic index compares it) but never offered.
Status scan_stored(const Database& db, const VaultColumns& cols, const std::string& signature,
                   std::span<const float> query,
                   const std::optional<std::pair<std::int64_t, std::int64_t>>& window, TopN& top) {
    std::string summaries_sql =
        "SELECT e.summary_id, e.vector, s.time_range_end_ms, 0 FROM mem_tree_summary_embeddings e "
        "JOIN mem_tree_summaries s ON s.id = e.summary_id WHERE e.model_signature = ?1 "
        "AND s.deleted = 0 AND s.level >= 1";
    std::string chunks_sql =
        std::string("SELECT e.chunk_id, e.vector, c.time_range_end_ms, ") +
        (cols.chunk_lifecycle ? "c.lifecycle_status = 'dropped'" : "0") +
        " FROM mem_tree_chunk_embeddings e JOIN mem_tree_chunks c ON c.id = e.chunk_id "
        "WHERE e.model_signature = ?1" +
        (cols.chunk_superseded ? " AND c.superseded = 0" : "");
    if (window) {
        summaries_sql += " AND s.time_range_end_ms >= ?2 AND s.time_range_start_ms <= ?3";
        chunks_sql += " AND c.time_range_end_ms >= ?2 AND c.time_range_start_ms <= ?3";
    }
    MEMLENS_TRY(scan(db, summaries_sql, signature, window, NodeKind::Summary, query, top));
    return scan(db, chunks_sql, signature, window, NodeKind::Leaf, query, top);
}

// The nearest vectors `search` finds, keeping the nodes scan_stored() would read: summaries of
// level 1 and up that are not deleted, live chunks. Asked for 2n first (the search adds the
// nodes as close as the last, so equal vectors are ordered below by their end, as the scan
// orders them); while fewer than n of them are kept and the search had more, asked again for
// four times as many. `compared` is what the search says it compared.
Status offer_nearest(const Database& db, const VaultColumns& cols, const DenseSearch& search,
                     std::span<const float> query, std::size_t n,
                     const std::optional<std::pair<std::int64_t, std::int64_t>>& window, TopN& top,
                     std::size_t& compared) {
    auto st_summaries =
        db.prepare("SELECT s.id, s.time_range_end_ms FROM mem_tree_summaries s WHERE s.id IN "
                   "(SELECT value FROM json_each(?1)) AND s.deleted = 0 AND s.level >= 1");
    if (!st_summaries)
        return st_summaries.status();
    auto st_chunks = db.prepare("SELECT c.id, c.time_range_end_ms FROM mem_tree_chunks c WHERE "
                                "c.id IN (SELECT value FROM json_each(?1)) AND " +
                                live_chunk_condition(cols));
    if (!st_chunks)
        return st_chunks.status();
    for (std::size_t asked = 2 * n;; asked *= 4) {
        auto found = search(query, asked, window);
        if (!found)
            return found.status();
        compared = found->compared;
        std::vector<std::string> ids;
        ids.reserve(found->nearest.size());
        for (const auto& [id, sim] : found->nearest)
            ids.push_back(id);
        const std::string list = json_id_list(ids);
        std::unordered_map<std::string, std::pair<NodeKind, std::int64_t>> eligible;
        for (auto* st : {&*st_summaries, &*st_chunks}) {
            const NodeKind kind = st == &*st_summaries ? NodeKind::Summary : NodeKind::Leaf;
            st->reset();
            st->bind(1, list);
            MEMLENS_TRY(st->each_row([&] {
                eligible[st->column_text(0)] = {kind, st->column_int64(1)};
            }));
        }
        TopN round(n);
        for (const auto& [id, sim] : found->nearest) {
            auto it = eligible.find(id);
            if (it != eligible.end() && std::isfinite(sim))
                round.offer({sim, it->second.second, id, it->second.first});
        }
        auto kept = round.take();
        if (kept.size() == n || found->nearest.size() < asked || asked >= compared) {
            for (auto& s : kept)
                top.offer(std::move(s));
            return Status::ok();
        }
    }
}

Result<DenseResult>
newest_summaries(const Vault& vault, std::size_t n,
                 const std::optional<std::pair<std::int64_t, std::int64_t>>& w) {
    SourceSelection sel;
    sel.window = w;
    const auto cols = vault_columns(vault);
    auto rows = collect_source_summaries(vault.db(), cols, sel);
    if (!rows)
        return rows.status();
    DenseResult r;
    r.total = rows->size();
    for (auto& row : *rows) {
        if (r.candidates.size() == n)
            break;
        r.candidates.push_back(candidate_from_summary(std::move(row)));
    }
    return r;
}

} // namespace

Result<DenseResult> dense_top(const Vault& vault, const std::string& query, Embedder* embedder,
                              std::size_t n,
                              const std::optional<std::pair<std::int64_t, std::int64_t>>& window,
                              const DenseSearch* search) {
    if (embedder == nullptr)
        return newest_summaries(vault, n, window);
    auto qv = embedder->embed_one(query);
    if (!qv || qv->empty()) {
        auto fallback = newest_summaries(vault, n, window);
        if (fallback)
            fallback->degraded = embedding_failed(qv.status());
        return fallback;
    }

    const Database& db = vault.db();
    const auto cols = vault_columns(vault);
    TopN top(n);
    std::size_t compared = 0;
    if (search != nullptr)
        MEMLENS_TRY(offer_nearest(db, cols, *search, *qv, n, window, top, compared));
    else
        MEMLENS_TRY(scan_stored(db, cols, embedder->signature(), *qv, window, top));

    DenseResult r;
    r.total = search != nullptr ? compared : top.seen();
    const auto best = top.take();
    std::vector<std::string> summary_ids, leaf_ids;
    for (const auto& s : best)
        (s.kind == NodeKind::Summary ? summary_ids : leaf_ids).push_back(s.id);
    auto summaries = load_summaries(db, cols, summary_ids);
    if (!summaries)
        return summaries.status();
    MEMLENS_TRY(drop_stale_versions(db, cols, *summaries));
    auto chunks = load_chunks(db, cols, leaf_ids, false, true);
    if (!chunks)
        return chunks.status();
    std::unordered_map<std::string, SummaryRow*> summary_by_id;
    for (auto& s : *summaries)
        summary_by_id.emplace(s.id, &s);
    std::unordered_map<std::string, ChunkRow*> chunk_by_id;
    for (auto& c : *chunks)
        chunk_by_id.emplace(c.id, &c);
    for (const auto& s : best) {
        Candidate c;
        if (s.kind == NodeKind::Summary) {
            auto it = summary_by_id.find(s.id);
            if (it == summary_by_id.end())
                continue;
            c = candidate_from_summary(std::move(*it->second));
        } else {
            auto it = chunk_by_id.find(s.id);
            if (it == chunk_by_id.end())
                continue;
            c = candidate_from_chunk(std::move(*it->second), 0.0);
        }
        c.hit.score = s.sim;
        c.hit.rerank_similarity = s.sim;
        r.candidates.push_back(std::move(c));
    }
    return r;
}

Status fill_leaf_entities(const Database& db, std::vector<Candidate>& candidates) {
    std::vector<std::string> ids;
    for (const auto& c : candidates) {
        if (c.hit.node_kind == NodeKind::Leaf)
            ids.push_back(c.hit.node_id);
    }
    if (ids.empty())
        return Status::ok();
    auto st = db.prepare("SELECT node_id, entity_id FROM mem_tree_entity_index WHERE node_id IN "
                         "(SELECT value FROM json_each(?1)) ORDER BY node_id, entity_id");
    if (!st)
        return st.status();
    st->bind(1, json_id_list(ids));
    std::unordered_map<std::string, std::vector<std::string>> by_node;
    MEMLENS_TRY(st->each_row([&] { by_node[st->column_text(0)].push_back(st->column_text(1)); }));
    for (auto& c : candidates) {
        if (c.hit.node_kind != NodeKind::Leaf)
            continue;
        if (auto it = by_node.find(c.hit.node_id); it != by_node.end())
            c.hit.entities = it->second;
    }
    return Status::ok();
}

} // namespace memlens::detail
