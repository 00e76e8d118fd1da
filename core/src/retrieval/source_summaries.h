// The summary set shared by query_source and query_global: level ≥ 1, non-deleted summaries of
// the selected source trees, optionally only those overlapping a time window.
#pragma once

#include "retrieval/summary_rows.h"

#include <memlens/db.h>
#include <memlens/status.h>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace memlens::detail {

struct SourceSelection {
    std::optional<std::string> source_id;   // priority 1: the tree (source, source_id)
    std::optional<std::string> source_kind; // priority 2: trees of that kind
    std::optional<std::pair<std::int64_t, std::int64_t>> window; // keep end >= a && start <= b
};

// Trees that never sealed (max_level 0 and no root) are skipped. Latest-wins applies to
// versioned documents.
Result<std::vector<SummaryRow>>
collect_source_summaries(const Database& db, const VaultColumns& cols, const SourceSelection& sel);

} // namespace memlens::detail
