// Lists of ids cross into SQL as one bound JSON array read with json_each, so a batch of any
// size is a single statement with a single parameter: nothing is spliced into SQL text.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace memlens::detail {

// '["a","b"]' for binding to `IN (SELECT value FROM json_each(?))`.
std::string json_id_list(const std::vector<std::string>& ids);

} // namespace memlens::detail
