#include "user_query.h"

namespace memlens::bench {

Result<SearchResponse> run_user_query(SearchEngine& engine, const std::string& text,
                                      std::optional<SearchMode> mode) {
    SearchRequest req;
    req.query = text;
    req.mode = mode;
    return engine.search(req);
}

} // namespace memlens::bench
