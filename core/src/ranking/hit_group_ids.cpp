// The group each hit belongs to, for the session and source adapters.
#include "json/dump.h"

#include <memlens/group_ranking.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <map>

namespace memlens {
namespace {

const std::string& fallback_group(const RetrievalHit& hit) {
    return hit.tree_scope.empty() ? hit.node_id : hit.tree_scope;
}

// chunk id → group_id for the leaf hits, one query for all of them.
Result<std::map<std::string, std::string>> chunk_groups(const Vault& vault,
                                                        const std::vector<RetrievalHit>& hits) {
    std::map<std::string, std::string> out;
    nlohmann::json ids = nlohmann::json::array();
    for (const auto& h : hits)
        if (h.node_kind == NodeKind::Leaf)
            ids.push_back(h.node_id);
    if (ids.empty() || vault.format() != VaultFormat::Native)
        return out; // a workspace has no group_id column: tree scopes stand in
    auto st = vault.db().prepare("SELECT id, group_id FROM mem_tree_chunks WHERE group_id IS NOT "
                                 "NULL AND group_id <> '' AND id IN (SELECT value FROM "
                                 "json_each(?1))");
    if (!st)
        return st.status();
    st->bind(1, dump_json(ids));
    MEMLENS_TRY(st->each_row([&] { out[st->column_text(0)] = st->column_text(1); }));
    return out;
}

} // namespace

Result<std::vector<std::string>> hit_group_ids(const Vault& vault,
                                               const std::vector<RetrievalHit>& hits, GroupBy by) {
    check_off_ui_thread("hit_group_ids");
    std::vector<std::string> out;
    out.reserve(hits.size());
    if (by == GroupBy::Source) {
        for (const auto& h : hits)
            out.push_back(fallback_group(h));
        return out;
    }
    auto groups = chunk_groups(vault, hits);
    if (!groups)
        return groups.status();
    for (const auto& h : hits) {
        const auto it = groups->find(h.node_id);
        out.push_back(it != groups->end() && h.node_kind == NodeKind::Leaf ? it->second
                                                                           : fallback_group(h));
    }
    return out;
}

} // namespace memlens
