// The one place the benchmarks run a query the way a user does, through SearchEngine::query: the
// text, optionally a mode, and the vault's own settings for everything else (the default
// request, analysis and audit row included).
#pragma once

#include <memlens/search.h>
#include <memlens/settings.h>

#include <optional>
#include <string>

namespace memlens::bench {

Result<SearchResponse> run_user_query(SearchEngine& engine, const std::string& text,
                                      std::optional<SearchMode> mode = std::nullopt);

} // namespace memlens::bench
