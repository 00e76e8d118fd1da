#include "retrieval/doc_versions.h"

#include "retrieval/id_list.h"

#include <algorithm>
#include <limits>
#include <set>

namespace memlens::detail {

Result<std::unordered_map<std::string, std::int64_t>>
newest_doc_versions(const Database& db, const std::vector<std::string>& doc_ids) {
    std::unordered_map<std::string, std::int64_t> out;
    if (doc_ids.empty())
        return out;
    auto st = db.prepare("SELECT doc_id, MAX(COALESCE(version_ms, -9223372036854775807)) "
                         "FROM mem_tree_summaries WHERE deleted = 0 AND doc_id IN "
                         "(SELECT value FROM json_each(?1)) GROUP BY doc_id");
    if (!st)
        return st.status();
    st->bind(1, json_id_list(doc_ids));
    MEMLENS_TRY(st->each_row([&] { out.emplace(st->column_text(0), st->column_int64(1)); }));
    return out;
}

Status drop_stale_versions(const Database& db, const VaultColumns& cols,
                           std::vector<SummaryRow>& rows) {
    if (!cols.summary_doc_version)
        return Status::ok();
    std::set<std::string> docs;
    for (const auto& r : rows) {
        if (r.doc_id)
            docs.insert(*r.doc_id);
    }
    if (docs.empty())
        return Status::ok();
    auto newest = newest_doc_versions(db, {docs.begin(), docs.end()});
    if (!newest)
        return newest.status();
    std::erase_if(rows, [&](const SummaryRow& r) {
        if (!r.doc_id)
            return false;
        auto it = newest->find(*r.doc_id);
        const std::int64_t v = r.version_ms.value_or(-std::numeric_limits<std::int64_t>::max());
        return it != newest->end() && v < it->second;
    });
    return Status::ok();
}

} // namespace memlens::detail
