// supersededBy of a hit's graph context: the newer version of the same document, or an
// explicit `supersedes` link from a later item (docs/explanations.md states the rule).
#pragma once

#include "search/hydrate.h"
#include "search/statement_cache.h"

#include <map>
#include <string>
#include <vector>

namespace memlens::search {

// Every explicit link of the vault (`supersedes` → the chunks naming it, oldest first), read
// once per loaded index: the link column has no index, so a per-query lookup would scan the
// chunks whenever a replacement lives in another source.
class SupersedesLinks {
public:
    static Result<SupersedesLinks> load(StatementCache& stmts, bool native);
    const std::vector<std::string>* find(const std::string& target) const;

private:
    std::map<std::string, std::vector<std::string>> by_target_;
};

// node id → ids that supersede it, for the given candidate rows. Batched: one read per rule.
Result<std::map<std::string, std::vector<std::string>>>
find_superseded_by(StatementCache& stmts, const SupersedesLinks& links,
                   const std::map<std::string, NodeRow>& rows);

} // namespace memlens::search
