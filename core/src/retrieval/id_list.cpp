#include "retrieval/id_list.h"

#include <nlohmann/json.hpp>

namespace memlens::detail {

std::string json_id_list(const std::vector<std::string>& ids) {
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& id : ids)
        arr.push_back(id);
    return arr.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace memlens::detail
