// supersededBy of seed 004's graph context: the newer version of the same document, or an
// explicit `supersedes` link from a later item (docs/explanations.md states the rule).
#pragma once

#include "search/hydrate.h"
#include "search/statement_cache.h"

#include <map>
#include <string>
#include <vector>

namespace memlens::search {

// node id → ids that supersede it, for the given candidate rows. Batched: one read per rule.
Result<std::map<std::string, std::vector<std::string>>>
find_superseded_by(StatementCache& stmts, const std::map<std::string, NodeRow>& rows, bool native);

} // namespace memlens::search
