#include "retrieval/id_list.h"

#include <nlohmann/json.hpp>

namespace memlens::detail {

std::string json_id_list(const std::vector<std::string>& ids) {
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& id : ids)
        arr.push_back(id);
    return arr.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::vector<std::string> parse_string_array(std::string_view json) {
    std::vector<std::string> out;
    if (json.empty())
        return out;
    auto parsed = nlohmann::json::parse(json, nullptr, /*allow_exceptions=*/false);
    if (!parsed.is_array())
        return out;
    out.reserve(parsed.size());
    for (const auto& v : parsed) {
        if (v.is_string())
            out.push_back(v.get<std::string>());
    }
    return out;
}

} // namespace memlens::detail
