// The stages of one hybrid query, shared by SearchEngine and hybrid_search().
#pragma once

#include "search/statement_cache.h"
#include "search/supersession.h"
#include "search/vector_leg.h"

#include <memlens/search.h>

#include <atomic>

namespace memlens {
class EntityRegistry;
}

namespace memlens::search {

struct SearchContext {
    const Vault& vault;
    Embedder& embedder;
    const TopicIndex& index;
    StatementCache& stmts;
    const IndexMasks& masks;
    const SupersedesLinks& links;
    const EntityRegistry* registry = nullptr;
    // A second connection for the keyword leg's upper half of the rowid range, and where the
    // halves meet (KeywordLegInput); null / 0 ranks in one statement.
    StatementCache* keyword_helper = nullptr;
    std::int64_t keyword_split_rowid = 0;
};

// The vault's settings (or request.settings) with the request's overrides applied.
Result<RetrievalSettings> effective_settings(const Vault& vault, const SearchRequest& request);

Result<SearchResponse> run_search(SearchContext& ctx, const SearchRequest& request,
                                  const std::atomic_bool* cancel);

} // namespace memlens::search
