// unknown_node_ids and entity_known (retrieval.h): whether an id a caller passes names anything.
#include "retrieval/id_list.h"

#include <memlens/db.h>
#include <memlens/retrieval.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <set>

namespace memlens {

Result<std::vector<std::string>> unknown_node_ids(const Vault& vault,
                                                  const std::vector<std::string>& ids) {
    check_off_ui_thread("unknown_node_ids");
    std::vector<std::string> unknown;
    if (ids.empty())
        return unknown;
    auto st = vault.db().prepare(
        "SELECT value FROM json_each(?1) WHERE value IN (SELECT id FROM mem_tree_chunks) OR "
        "value IN (SELECT id FROM mem_tree_summaries WHERE deleted = 0)");
    if (!st)
        return st.status().with_context("unknown ids");
    st->bind(1, detail::json_id_list(ids));
    std::set<std::string> known;
    MEMLENS_TRY(
        st->each_row([&] { known.insert(st->column_text(0)); }).with_context("unknown ids"));
    for (const auto& id : ids)
        if (!known.contains(id))
            unknown.push_back(id);
    return unknown;
}

Result<bool> entity_known(const Vault& vault, std::string_view entity_id) {
    check_off_ui_thread("entity_known");
    auto st =
        vault.db().prepare("SELECT 1 FROM mem_tree_entity_index WHERE entity_id = ?1 LIMIT 1");
    if (!st)
        return st.status().with_context("entity_known");
    st->bind(1, std::string(entity_id));
    auto row = st->step();
    if (!row)
        return row.status().with_context("entity_known");
    return *row;
}

Result<std::vector<std::string>>
stored_message_chunks(const Vault& vault, std::string_view source_id, std::int64_t ts_ms,
                      std::string_view text, const std::optional<std::string>& message_id) {
    check_off_ui_thread("stored_message_chunks");
    std::vector<std::string> out;
    auto st = message_id
                  ? vault.db().prepare("SELECT id FROM mem_tree_chunks WHERE source_id = ?1 AND "
                                       "message_id = ?2 ORDER BY seq_in_source")
                  : vault.db().prepare("SELECT id FROM mem_tree_chunks WHERE source_id = ?1 AND "
                                       "timestamp_ms = ?3 AND content != '' AND "
                                       "substr(?2, 1, length(content)) = content "
                                       "ORDER BY seq_in_source LIMIT 1");
    if (!st)
        return st.status().with_context("stored message");
    st->bind(1, source_id);
    if (message_id)
        st->bind(2, *message_id);
    else
        st->bind(2, text).bind(3, ts_ms);
    MEMLENS_TRY(
        st->each_row([&] { out.push_back(st->column_text(0)); }).with_context("stored message"));
    return out;
}

} // namespace memlens
