#include "retrieval/candidate.h"

#include <memlens/retrieval.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <unordered_map>

namespace memlens {

Result<std::vector<RetrievalHit>> fetch_leaves(const Vault& vault,
                                               const std::vector<std::string>& chunk_ids) {
    check_off_ui_thread("fetch_leaves");
    // Extra ids are dropped, not refused: the caller sees hits.size() < ids.size().
    const std::vector<std::string> ids(
        chunk_ids.begin(), chunk_ids.begin() + static_cast<std::ptrdiff_t>(
                                                   std::min(chunk_ids.size(), kFetchBatchLimit)));
    const auto cols = detail::vault_columns(vault);
    // One read for chunks and their score rows together.
    auto rows = detail::load_chunks(vault.db(), cols, ids, true, false);
    if (!rows)
        return rows.status().with_context("fetch_leaves");
    std::unordered_map<std::string, const detail::ChunkRow*> by_id;
    for (const auto& r : *rows)
        by_id.emplace(r.id, &r);

    std::vector<detail::Candidate> out;
    out.reserve(ids.size());
    for (const auto& id : ids) {
        auto it = by_id.find(id);
        if (it == by_id.end())
            continue;
        detail::ChunkRow copy = *it->second; // an id asked for twice is answered twice
        const double score = copy.score_total;
        out.push_back(detail::candidate_from_chunk(std::move(copy), score));
    }
    const std::size_t n = out.size();
    return detail::finish(vault, std::move(out), n);
}

} // namespace memlens
