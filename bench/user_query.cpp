#include "user_query.h"

namespace memlens::bench {

Result<SearchResponse> run_user_query(SearchEngine& engine, const std::string& text,
                                      std::optional<SearchMode> mode) {
    // The entry point every front-end calls: checks, analysis, search, audit row.
    QueryOptions opts;
    opts.mode = mode;
    auto answer = engine.query(text, opts);
    if (!answer)
        return answer.status();
    return std::move(answer->response);
}

} // namespace memlens::bench
