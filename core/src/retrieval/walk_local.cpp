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

Result<std::map<std::string, std::vector<Mention>>>
mentions_of(const Database& db, const std::vector<std::string>& entities, const Window& window) {
    std::string sql = "SELECT entity_id, node_id, node_kind, timestamp_ms FROM ("
                      " SELECT entity_id, node_id, node_kind, timestamp_ms, ROW_NUMBER() OVER ("
                      "  PARTITION BY entity_id ORDER BY timestamp_ms DESC, node_id) AS rn"
                      " FROM mem_tree_entity_index WHERE entity_id IN "
                      "(SELECT value FROM json_each(?1))";
    if (window)
        sql += " AND timestamp_ms >= ?2 AND timestamp_ms <= ?3";
    sql += ") WHERE rn <= ?4";
    auto st = db.prepare(sql);
    if (!st)
        return st.status();
    st->bind(1, json_id_list(entities));
    if (window)
        st->bind(2, window->first).bind(3, window->second);
    st->bind(4, static_cast<std::int64_t>(kEntityLookupCap));
    std::map<std::string, std::vector<Mention>> out;
    MEMLENS_TRY(st->each_row([&] {
        out[st->column_text(0)].push_back(
            {st->column_text(1), st->column_text_view(2) == "summary", st->column_int64(3)});
    }));
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
