// The one reader of a JSON array of strings: the *_json list columns of the schema
// (child_ids_json, entities_json, topics_json, tags_json) and the lists inside an audit row.
// Anything else (NULL, malformed text, not an array) reads as an empty list and non-string
// members are skipped: an inspector shows what it can rather than failing a read of an
// otherwise good row. Pure functions, thread-safe.
#pragma once

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace memlens {

std::vector<std::string> parse_string_array(std::string_view json);
// The same for a value already parsed.
std::vector<std::string> json_string_array(const nlohmann::json& value);

} // namespace memlens
