// The one way the core turns a JSON value into text: a byte that is not UTF-8 (a tag or a
// name from a user's file) becomes U+FFFD instead of making nlohmann's dump() throw.
// indent < 0 gives one compact line. Pure, thread-safe.
#pragma once

#include <string>

namespace memlens {

template <typename Json> std::string dump_json(const Json& value, int indent = -1) {
    return value.dump(indent, ' ', false, Json::error_handler_t::replace);
}

} // namespace memlens
