#include "json/dump.h"

#include <memlens/overview.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <set>

namespace memlens {

namespace {

constexpr int kMaxLevels = 64; // sealing stops at 32 levels; a cycle in bad data must not hang

// id → parent for every id of `ids` found by `sql` (which reads a bound JSON array).
Result<std::map<std::string, std::string>> parents(const Database& db, const char* sql,
                                                   const std::set<std::string>& ids) {
    std::map<std::string, std::string> out;
    if (ids.empty())
        return out;
    auto st = db.prepare(sql);
    if (!st)
        return st.status();
    st->bind(1, dump_json(nlohmann::json(ids)));
    MEMLENS_TRY(st->each_row([&] {
        if (!st->column_is_null(1))
            out.emplace(st->column_text(0), st->column_text(1));
    }));
    return out;
}

} // namespace

Result<std::map<std::string, std::vector<std::string>>>
node_ancestry(const Vault& vault, const std::vector<std::string>& node_ids) {
    check_off_ui_thread("node_ancestry");
    const Database& db = vault.db();
    std::map<std::string, std::vector<std::string>> chains;
    std::set<std::string> ids(node_ids.begin(), node_ids.end());
    for (const auto& id : ids)
        chains[id];

    // First step: a summary's parent_id, or a chunk's parent_summary_id.
    auto summaryParents = parents(db,
                                  "SELECT id, parent_id FROM mem_tree_summaries "
                                  "WHERE id IN (SELECT value FROM json_each(?1))",
                                  ids);
    if (!summaryParents)
        return summaryParents.status();
    auto chunkParents = parents(db,
                                "SELECT id, parent_summary_id FROM mem_tree_chunks "
                                "WHERE id IN (SELECT value FROM json_each(?1))",
                                ids);
    if (!chunkParents)
        return chunkParents.status();
    std::map<std::string, std::string> step = std::move(*summaryParents);
    step.insert(chunkParents->begin(), chunkParents->end());

    // frontier: the id whose parent we look up next → the chains that end there
    std::map<std::string, std::vector<std::string>> frontier;
    for (const auto& [id, parent] : step) {
        chains[id].push_back(parent);
        frontier[parent].push_back(id);
    }
    for (int level = 0; level < kMaxLevels && !frontier.empty(); ++level) {
        std::set<std::string> lookup;
        for (const auto& entry : frontier)
            lookup.insert(entry.first);
        auto next = parents(db,
                            "SELECT id, parent_id FROM mem_tree_summaries "
                            "WHERE id IN (SELECT value FROM json_each(?1))",
                            lookup);
        if (!next)
            return next.status();
        std::map<std::string, std::vector<std::string>> advanced;
        for (const auto& [id, parent] : *next) {
            for (const auto& origin : frontier[id]) {
                chains[origin].push_back(parent);
                advanced[parent].push_back(origin);
            }
        }
        frontier = std::move(advanced);
    }
    return chains;
}

} // namespace memlens
