// Candidate rows in two batched reads (chunks, then summaries), never one query per hit.
#pragma once

#include "search/scope_sql.h"
#include "search/statement_cache.h"

#include <memlens/search.h>
#include <memlens/types.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace memlens::search {

// A node as the pipeline needs it: the unified hit plus what supersession and the graph rule
// look at.
struct NodeRow {
    RetrievalHit hit;
    bool is_summary = false;
    std::string source_id;
    std::string group_id;
    bool superseded_flag = false;
    std::optional<std::string> doc_id;
    std::optional<std::int64_t> version_ms;
    std::optional<std::string> message_id;
    std::int64_t seq = 0;
};

// Rows for the ids that exist; ids found in neither table are left out.
Result<std::map<std::string, NodeRow>>
hydrate_nodes(StatementCache& stmts, const std::vector<std::string>& ids, const ChunkColumns& cols);

// Only what a re-rank of stored pools reads of a node (NodeBrief, without its vector), for the
// ids that exist, added to `out`: the same values hydrate_nodes gives, from two narrow reads
// (no join, no text copied), which a blast radius makes for a hundred thousand candidates.
Status hydrate_briefs(StatementCache& stmts, const std::vector<std::string>& ids,
                      const ChunkColumns& cols, std::map<std::string, NodeBrief>& out);

} // namespace memlens::search
