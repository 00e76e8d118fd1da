// cover_window's eligible set: the summaries whose whole envelope lies in the window, with what
// latest-wins needs to know about their parents, and the subtree walk over them.
#pragma once

#include "retrieval/summary_rows.h"

#include <memlens/db.h>
#include <memlens/retrieval.h>
#include <memlens/status.h>

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace memlens::detail {

struct Eligible {
    // An outline (SummarySelect::outline): the child_ids of summaries above level 1 (below()
    // walks them), none of a level-1 summary's (its chunks, a thousand or more: cover_window
    // reads the few it needs with load_child_lists), no content, entities or topics
    // (cover_window reads the summaries it returns whole).
    SummaryRow row;
    std::optional<std::string> parent_doc_id;
    std::optional<std::int64_t> parent_version_ms;
    bool removed = false; // dropped by latest-wins
};

// Non-deleted level >= 1 summaries of source trees with start >= since and end <= until (and
// the source_id's tree only, when given), ordered by scope, start, level desc, id.
Result<std::vector<Eligible>> eligible_summaries(const Database& db, const VaultColumns& cols,
                                                 const CoverWindowOptions& opts);

// The eligible summaries below `index` (not itself), walking child_ids within the set.
std::vector<std::size_t> below(const std::vector<Eligible>& eligible,
                               const std::unordered_map<std::string, std::size_t>& by_id,
                               std::size_t index);

// Latest-wins: a summary of an older version than its document's newest is removed
// with everything below it; of two roots of the same winning version the first (in the set's
// order) stays. A root is a summary whose parent is not part of the same document version.
Status apply_latest_wins(const Database& db, std::vector<Eligible>& eligible,
                         const std::unordered_map<std::string, std::size_t>& by_id);

} // namespace memlens::detail
