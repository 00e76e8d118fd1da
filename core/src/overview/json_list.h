// The *_json list columns of the reference schema (entities_json, topics_json, child_ids_json)
// hold JSON arrays of strings. A malformed value reads as an empty list: an inspector shows what
// it can rather than refusing a whole listing over one bad row.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace memlens::overview_detail {

std::vector<std::string> parse_string_list(std::string_view json);

} // namespace memlens::overview_detail
