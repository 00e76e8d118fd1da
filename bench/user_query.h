// The one place the benchmarks run a query the way a user does: the text, optionally a mode, and
// the vault's own settings for everything else (the default request, audit row included).
#pragma once

#include <memlens/search.h>
#include <memlens/settings.h>

#include <optional>
#include <string>

namespace memlens::bench {

Result<SearchResponse> run_user_query(SearchEngine& engine, const std::string& text,
                                      std::optional<SearchMode> mode = std::nullopt);

} // namespace memlens::bench
