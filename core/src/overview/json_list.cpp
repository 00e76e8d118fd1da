#include "overview/json_list.h"

#include <nlohmann/json.hpp>

namespace memlens::overview_detail {

std::vector<std::string> parse_string_list(std::string_view json) {
    std::vector<std::string> out;
    auto parsed = nlohmann::json::parse(json, nullptr, /*allow_exceptions=*/false);
    if (!parsed.is_array())
        return out;
    out.reserve(parsed.size());
    for (const auto& item : parsed) {
        if (item.is_string())
            out.push_back(item.get<std::string>());
    }
    return out;
}

} // namespace memlens::overview_detail
