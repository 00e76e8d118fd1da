// Finds the temporal phrases of a query and resolves each to a window (docs/ranking.md,
// "Temporal phrases"). A single left-to-right pass over the tokens; no regex.
#pragma once

#include "analysis/absolute_date.h"
#include "analysis/query_tokens.h"

#include <memlens/query_context.h>

#include <optional>
#include <string_view>
#include <vector>

namespace memlens::analysis {

std::vector<TemporalPhrase> scan_temporal_phrases(std::string_view text,
                                                  const std::vector<QueryToken>& tokens,
                                                  std::int64_t now_ms,
                                                  const DateReading& reading = {});

// The intersection of the resolved phrases. When they conflict (empty intersection), the
// absolute ones alone decide, since dates written out do not depend on an assumed "now"; when
// those conflict too, there is no window.
std::optional<TemporalWindow> combine_window(const std::vector<TemporalPhrase>& phrases);

} // namespace memlens::analysis
