#include "json/string_array.h"

#include <nlohmann/json.hpp>

namespace memlens {

namespace {

// The arrays ingest writes are plain: ["id","id",...] with no escapes. Scanning those by hand
// is several times faster than a DOM parse, which matters when cover_window reads the child
// lists of every summary in a long window. Anything else goes to the full parser.
bool scan_plain_array(std::string_view json, std::vector<std::string>& out) {
    std::size_t i = 0;
    const auto skip_ws = [&] {
        while (i < json.size() &&
               (json[i] == ' ' || json[i] == '\n' || json[i] == '\t' || json[i] == '\r'))
            ++i;
    };
    skip_ws();
    if (i >= json.size() || json[i] != '[')
        return false;
    ++i;
    skip_ws();
    if (i < json.size() && json[i] == ']')
        return json.find_first_not_of(" \n\t\r", i + 1) == std::string_view::npos;
    while (i < json.size()) {
        if (json[i] != '"')
            return false;
        const std::size_t end = json.find_first_of("\"\\", i + 1);
        if (end == std::string_view::npos || json[end] == '\\')
            return false;
        out.emplace_back(json.substr(i + 1, end - i - 1));
        i = end + 1;
        skip_ws();
        if (i < json.size() && json[i] == ',') {
            ++i;
            skip_ws();
            continue;
        }
        if (i < json.size() && json[i] == ']')
            return json.find_first_not_of(" \n\t\r", i + 1) == std::string_view::npos;
        return false;
    }
    return false;
}

} // namespace

std::vector<std::string> parse_string_array(std::string_view json) {
    std::vector<std::string> out;
    if (json.empty())
        return out;
    if (scan_plain_array(json, out))
        return out;
    out.clear();
    return json_string_array(nlohmann::json::parse(json, nullptr, /*allow_exceptions=*/false));
}

std::vector<std::string> json_string_array(const nlohmann::json& value) {
    std::vector<std::string> out;
    if (!value.is_array())
        return out;
    out.reserve(value.size());
    for (const auto& v : value)
        if (v.is_string())
            out.push_back(v.get<std::string>());
    return out;
}

} // namespace memlens
