#include "ingest/node_writer.h"

#include "json/dump.h"

#include <memlens/time_util.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

namespace memlens {

namespace {

std::string ids_json(const std::vector<std::string>& v) {
    return dump_json(nlohmann::json(v));
}

} // namespace

Result<NodeWriter> NodeWriter::prepare(const Database& db, std::string model_signature) {
    NodeWriter w;
    w.db_ = &db;
    w.signature_ = std::move(model_signature);
    auto max_chunk = db.query_int("SELECT coalesce(max(rid), 0) FROM mem_tree_chunks");
    if (!max_chunk)
        return max_chunk.status();
    auto max_summary = db.query_int("SELECT coalesce(max(rid), 0) FROM mem_tree_summaries");
    if (!max_summary)
        return max_summary.status();
    w.next_chunk_rid_ = *max_chunk + 1;
    w.next_summary_rid_ = *max_summary + 1;

    struct Prep {
        Statement* target;
        const char* sql;
    };
    const Prep all[] = {
        {&w.chunk_,
         "INSERT INTO mem_tree_chunks(id, source_kind, source_id, path_scope, source_ref, owner, "
         "timestamp_ms, time_range_start_ms, time_range_end_ms, tags_json, content, token_count, "
         "seq_in_source, created_at_ms, lifecycle_status, content_sha256, rid, author, group_id, "
         "namespace, content_type, doc_id, version_ms, supersedes, message_id, "
         "parent_summary_id) "
         "VALUES (?1, ?2, ?3, ?3, ?4, ?5, ?6, ?6, ?6, ?7, ?8, ?9, ?10, ?11, ?23, ?12, ?13, "
         "?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22)"},
        {&w.chunk_fts_, "INSERT INTO mem_tree_chunks_fts(rowid, content, context, near, far) "
                        "VALUES (?, ?, ?, ?, ?)"},
        {&w.chunk_emb_,
         "INSERT OR REPLACE INTO mem_tree_chunk_embeddings(chunk_id, model_signature, vector, dim, "
         "created_at) VALUES (?, ?, ?, ?, ?)"},
        {&w.score_,
         "INSERT OR REPLACE INTO mem_tree_score(chunk_id, total, token_count_signal, "
         "unique_words_signal, entity_density, computed_at_ms) VALUES (?, ?, ?, ?, ?, ?)"},
        {&w.entity_,
         "INSERT OR IGNORE INTO mem_tree_entity_index(entity_id, node_id, node_kind, entity_kind, "
         "surface, score, timestamp_ms, tree_id, is_user) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)"},
        {&w.edge_, "INSERT INTO mem_tree_entity_edges(entity_a, entity_b, weight, updated_ms) "
                   "VALUES (?, ?, ?, ?) ON CONFLICT(entity_a, entity_b) DO UPDATE SET "
                   "weight = weight + excluded.weight, "
                   "updated_ms = max(updated_ms, excluded.updated_ms)"},
        {&w.summary_,
         "INSERT INTO mem_tree_summaries(id, tree_id, tree_kind, level, parent_id, child_ids_json, "
         "content, token_count, entities_json, topics_json, time_range_start_ms, "
         "time_range_end_ms, score, sealed_at_ms, deleted, doc_id, version_ms, rid) "
         "VALUES (?1, ?2, 'source', ?3, NULL, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, 0, ?13, ?14, "
         "?15)"},
        {&w.summary_fts_, "INSERT INTO mem_tree_summaries_fts(rowid, content) VALUES (?, ?)"},
        {&w.summary_emb_,
         "INSERT OR REPLACE INTO mem_tree_summary_embeddings(summary_id, model_signature, vector, "
         "dim, created_at) VALUES (?, ?, ?, ?, ?)"},
        {&w.link_chunk_,
         "UPDATE mem_tree_chunks SET parent_summary_id = ?1, lifecycle_status = 'sealed' "
         "WHERE id IN (SELECT value FROM json_each(?2)) AND parent_summary_id IS NULL"},
        {&w.link_summary_, "UPDATE mem_tree_summaries SET parent_id = ?1 "
                           "WHERE id IN (SELECT value FROM json_each(?2)) AND parent_id IS NULL"},
        {&w.tree_,
         "INSERT INTO mem_tree_trees(id, kind, scope, root_id, max_level, status, created_at_ms) "
         "VALUES (?, 'source', ?, NULL, 0, 'active', ?) ON CONFLICT(id) DO NOTHING"},
        {&w.tree_root_,
         "UPDATE mem_tree_trees SET root_id = CASE WHEN ?3 >= max_level THEN ?2 ELSE root_id END, "
         "max_level = max(max_level, ?3), "
         "last_sealed_at_ms = ?4 WHERE id = ?1"},
    };
    for (const auto& p : all) {
        auto st = db.prepare(p.sql);
        if (!st)
            return st.status();
        *p.target = std::move(st).value();
    }
    return w;
}

Status NodeWriter::insert_chunk(const ChunkRow& r) {
    // Bounded: a single source of a million messages must not wait in memory whole.
    constexpr std::size_t kMaxPendingChunks = 4096;
    if (pending_chunks_.size() >= kMaxPendingChunks)
        MEMLENS_TRY(flush_chunks());
    const std::int64_t rid = next_chunk_rid_++;
    MEMLENS_TRY(buffer_fts({rid, false, r.content, r.fts_context, r.fts_near, r.fts_far}));
    PendingChunk c{r, rid, now_ms(), std::nullopt};
    c.row.fts_context.clear();
    c.row.fts_near.clear();
    c.row.fts_far.clear();
    pending_chunk_index_.emplace(c.row.id, pending_chunks_.size());
    pending_chunks_.push_back(std::move(c));
    return Status::ok();
}

Status NodeWriter::write_chunk(const PendingChunk& c) {
    const ChunkRow& r = c.row;
    chunk_.reset();
    chunk_.bind(1, r.id)
        .bind(2, r.source_kind)
        .bind(3, r.source_id)
        .bind(4, r.source_ref)
        .bind(5, r.owner)
        .bind(6, r.timestamp_ms)
        .bind(7, r.tags_json)
        .bind(8, r.content)
        .bind(9, r.token_count)
        .bind(10, r.seq_in_source)
        .bind(11, c.created_ms)
        .bind(12, r.content_sha256)
        .bind(13, c.rid)
        .bind(14, r.author)
        .bind(15, r.group_id)
        .bind(16, r.ns)
        .bind(17, r.content_type)
        .bind(18, r.doc_id)
        .bind(19, r.version_ms)
        .bind(20, r.supersedes)
        .bind(21, r.message_id)
        .bind(22, c.parent)
        .bind(23, c.parent ? "sealed" : "admitted");
    return chunk_.exec();
}

Status NodeWriter::flush_chunks() {
    for (const auto& c : pending_chunks_)
        MEMLENS_TRY(write_chunk(c));
    pending_chunks_.clear();
    pending_chunk_index_.clear();
    // In the order they were indexed: the entity list's trigger keeps the newest surface, and
    // of two mentions at the same time the one written last.
    for (const auto& e : pending_entities_) {
        entity_.reset();
        entity_.bind(1, e.entity_id)
            .bind(2, e.node_id)
            .bind(3, e.leaf ? "leaf" : "summary")
            .bind(4, e.kind)
            .bind(5, e.surface)
            .bind(6, e.score)
            .bind(7, e.ts_ms)
            .bind(8, e.tree_id);
        MEMLENS_TRY(entity_.exec());
    }
    pending_entities_.clear();
    return Status::ok();
}

Status NodeWriter::buffer_fts(PendingFts row) {
    // Bounded so that a million-chunk import does not hold all its text twice.
    constexpr std::size_t kMaxPendingBytes = std::size_t{32} << 20;
    pending_fts_bytes_ +=
        row.content.size() + row.context.size() + row.near.size() + row.far.size();
    pending_fts_.push_back(std::move(row));
    if (pending_fts_bytes_ >= kMaxPendingBytes)
        return flush_fts();
    return Status::ok();
}

Status NodeWriter::flush_edges() {
    for (const auto& [pair, e] : pending_edges_) {
        edge_.reset();
        edge_.bind(1, pair.first).bind(2, pair.second).bind(3, e.weight).bind(4, e.updated_ms);
        MEMLENS_TRY(edge_.exec());
    }
    pending_edges_.clear();
    return Status::ok();
}

Status NodeWriter::flush_fts() {
    for (const auto& r : pending_fts_) {
        if (r.summary) {
            summary_fts_.reset();
            summary_fts_.bind(1, r.rid).bind(2, r.content);
            MEMLENS_TRY(summary_fts_.exec());
        } else {
            chunk_fts_.reset();
            chunk_fts_.bind(1, r.rid)
                .bind(2, r.content)
                .bind(3, r.context)
                .bind(4, r.near)
                .bind(5, r.far);
            MEMLENS_TRY(chunk_fts_.exec());
        }
    }
    pending_fts_.clear();
    pending_fts_bytes_ = 0;
    return Status::ok();
}

Status NodeWriter::insert_chunk_embedding(const std::string& chunk_id, const Vector& v) {
    auto blob = encode_vector(v);
    chunk_emb_.reset();
    chunk_emb_.bind(1, chunk_id)
        .bind(2, signature_)
        .bind_blob(3, blob)
        .bind(4, static_cast<std::int64_t>(v.size()))
        .bind(5, now_ms());
    return chunk_emb_.exec();
}

Status NodeWriter::insert_score(const std::string& chunk_id, double total, double token_signal,
                                double unique_words, double entity_density) {
    score_.reset();
    score_.bind(1, chunk_id)
        .bind(2, total)
        .bind(3, token_signal)
        .bind(4, unique_words)
        .bind(5, entity_density)
        .bind(6, now_ms());
    return score_.exec();
}

Result<std::vector<std::string>>
NodeWriter::index_entities(const std::string& node_id, bool is_leaf, const std::string& tree_id,
                           std::int64_t ts_ms, const std::vector<ExtractedEntity>& entities) {
    std::set<std::string> distinct;
    for (const auto& e : entities) {
        if (!distinct.insert(e.canonical_id).second)
            continue;
        pending_entities_.push_back(
            {e.canonical_id, node_id, is_leaf, e.kind, e.surface, e.score, ts_ms, tree_id});
    }
    // Edges come from leaves only: a summary holds the union of its children's entities, and
    // counting it again would make every pair of a busy week look related.
    std::vector<std::string> ids(distinct.begin(), distinct.end()); // sorted
    if (is_leaf && ids.size() > 1) {
        for (std::size_t i = 0; i < ids.size(); ++i) {
            for (std::size_t j = i + 1; j < ids.size(); ++j) {
                auto& e = pending_edges_[{ids[i], ids[j]}];
                ++e.weight;
                e.updated_ms = std::max(e.updated_ms, ts_ms);
                edges_touched_.insert(ids[i] + '\x1f' + ids[j]);
            }
        }
    }
    return ids;
}

Status NodeWriter::insert_summary(const SummaryRow& r) {
    const std::int64_t rid = next_summary_rid_++;
    summary_.reset();
    summary_.bind(1, r.id)
        .bind(2, r.tree_id)
        .bind(3, r.level)
        .bind(4, ids_json(r.child_ids))
        .bind(5, r.content)
        .bind(6, static_cast<std::int64_t>((r.content.size() + 3) / 4))
        .bind(7, ids_json(r.entities))
        .bind(8, ids_json(r.topics))
        .bind(9, r.start_ms)
        .bind(10, r.end_ms)
        .bind(11, r.score)
        .bind(12, r.sealed_at_ms)
        .bind(13, r.doc_id)
        .bind(14, r.version_ms)
        .bind(15, rid);
    MEMLENS_TRY(summary_.exec());
    return buffer_fts({rid, true, r.content, {}, {}, {}});
}

Status NodeWriter::insert_summary_embedding(const std::string& summary_id, const Vector& v) {
    auto blob = encode_vector(v);
    summary_emb_.reset();
    summary_emb_.bind(1, summary_id)
        .bind(2, signature_)
        .bind_blob(3, blob)
        .bind(4, static_cast<std::int64_t>(v.size()))
        .bind(5, now_ms());
    return summary_emb_.exec();
}

Status NodeWriter::link_children(const std::vector<std::string>& child_ids, int child_level,
                                 const std::string& parent_id) {
    std::vector<std::string> written;
    if (child_level == 0) {
        for (const auto& id : child_ids) {
            auto it = pending_chunk_index_.find(id);
            if (it == pending_chunk_index_.end()) {
                written.push_back(id);
                continue;
            }
            auto& parent = pending_chunks_[it->second].parent;
            if (!parent)
                parent = parent_id;
        }
        if (written.empty())
            return Status::ok();
    }
    Statement& st = child_level == 0 ? link_chunk_ : link_summary_;
    st.reset();
    st.bind(1, parent_id).bind(2, ids_json(child_level == 0 ? written : child_ids));
    return st.exec();
}

Status NodeWriter::upsert_tree(const std::string& tree_id, const std::string& scope,
                               std::int64_t now) {
    tree_.reset();
    tree_.bind(1, tree_id).bind(2, scope).bind(3, now);
    return tree_.exec();
}

Status NodeWriter::update_tree_root(const std::string& tree_id, const std::string& root_id,
                                    int level, std::int64_t sealed_at_ms) {
    tree_root_.reset();
    tree_root_.bind(1, tree_id).bind(2, root_id).bind(3, level).bind(4, sealed_at_ms);
    return tree_root_.exec();
}

} // namespace memlens
