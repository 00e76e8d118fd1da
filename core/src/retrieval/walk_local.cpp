#include "retrieval/walk_local.h"

#include "retrieval/candidate.h"
#include "retrieval/doc_versions.h"
#include "retrieval/id_list.h"
#include "retrieval/walk_dense.h"

#include <memlens/retrieval.h>
#include <memlens/vault.h>

#include <algorithm>
#include <unordered_map>

namespace memlens::detail {

// Each entity's newest mentions, one entity at a time: through the index on (entity_id,
// timestamp_ms DESC, node_id) each is a read of at most kEntityLookupCap entries, where one
// ranking of every mention of all of them (ROW_NUMBER over the partition) read each person's
// tens of thousands of mentions at a million chunks.
Result<std::map<std::string, std::vector<Mention>>>
mentions_of(const Database& db, const std::vector<std::string>& entities, const Window& window) {
    std::string sql = "SELECT node_id, node_kind, timestamp_ms FROM mem_tree_entity_index "
                      "WHERE entity_id = ?1";
    if (window)
        sql += " AND timestamp_ms >= ?2 AND timestamp_ms <= ?3";
    sql += " ORDER BY timestamp_ms DESC, node_id LIMIT ?4";
    auto st = db.prepare(sql);
    if (!st)
        return st.status();
    std::map<std::string, std::vector<Mention>> out;
    for (const auto& entity : entities) {
        st->reset();
        st->bind(1, entity);
        if (window)
            st->bind(2, window->first).bind(3, window->second);
        st->bind(4, static_cast<std::int64_t>(kEntityLookupCap));
        MEMLENS_TRY(st->each_row([&] {
            out[entity].push_back(
                {st->column_text(0), st->column_text_view(1) == "summary", st->column_int64(2)});
        }));
    }
    return out;
}

std::map<std::string, LocalCandidate>
local_candidates(const std::vector<PairDistance>& pairs, int hops,
                 const std::map<std::string, std::vector<Mention>>& mentions) {
    std::map<std::string, LocalCandidate> out;
    static const std::vector<Mention> kNone;
    for (const auto& p : pairs) {
        if (p.hops > hops)
            continue;
        auto ia = mentions.find(p.a);
        auto ib = mentions.find(p.b);
        const auto& left = ia == mentions.end() ? kNone : ia->second;
        const auto& right = ib == mentions.end() ? kNone : ib->second;
        std::unordered_map<std::string, std::int64_t> right_ts;
        for (const auto& m : right)
            right_ts.emplace(m.node_id, m.ts);
        for (const auto& m : left) {
            auto it = right_ts.find(m.node_id);
            if (it == right_ts.end())
                continue;
            auto& c = out[m.node_id];
            c.summary = m.summary;
            c.matched.insert(p.a);
            c.matched.insert(p.b);
            c.latest_ts = std::max({c.latest_ts, m.ts, it->second});
        }
    }
    return out;
}

Result<QueryResponse> resolve_local(const Vault& vault,
                                    const std::map<std::string, LocalCandidate>& candidates,
                                    std::size_t k) {
    std::vector<std::pair<std::string, const LocalCandidate*>> ordered;
    for (const auto& [id, c] : candidates)
        ordered.emplace_back(id, &c);
    std::sort(ordered.begin(), ordered.end(), [](const auto& x, const auto& y) {
        if (x.second->matched.size() != y.second->matched.size())
            return x.second->matched.size() > y.second->matched.size();
        if (x.second->latest_ts != y.second->latest_ts)
            return x.second->latest_ts > y.second->latest_ts;
        return x.first < y.first;
    });
    const Database& db = vault.db();
    const auto cols = vault_columns(vault);
    std::vector<std::string> summary_ids, leaf_ids;
    for (const auto& [id, c] : ordered)
        (c->summary ? summary_ids : leaf_ids).push_back(id);
    auto summaries = load_summaries(db, cols, summary_ids);
    if (!summaries)
        return summaries.status();
    std::erase_if(*summaries, [](const SummaryRow& s) { return s.deleted; });
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

    std::vector<Candidate> out;
    for (const auto& [id, c] : ordered) {
        const double score = static_cast<double>(c->matched.size());
        if (c->summary) {
            if (auto it = summary_by_id.find(id); it != summary_by_id.end()) {
                out.push_back(candidate_from_summary(std::move(*it->second)));
                out.back().hit.score = score;
            }
        } else if (auto it = chunk_by_id.find(id); it != chunk_by_id.end()) {
            out.push_back(candidate_from_chunk(std::move(*it->second), score));
        }
    }
    const std::size_t total = out.size();
    if (out.size() > k)
        out.resize(k);
    MEMLENS_TRY(fill_leaf_entities(db, out));
    return QueryResponse::make(finish(vault, std::move(out), k), total);
}

} // namespace memlens::detail
