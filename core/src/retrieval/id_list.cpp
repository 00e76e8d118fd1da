#include "retrieval/id_list.h"

#include "json/dump.h"

#include <nlohmann/json.hpp>

namespace memlens::detail {

std::string json_id_list(const std::vector<std::string>& ids) {
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& id : ids)
        arr.push_back(id);
    return dump_json(arr);
}

} // namespace memlens::detail
