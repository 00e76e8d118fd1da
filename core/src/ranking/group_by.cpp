#include <memlens/group_ranking.h>

namespace memlens {

const char* to_string(GroupBy by) {
    return by == GroupBy::Session ? "session" : "source";
}

std::optional<GroupBy> group_by_from_string(std::string_view s) {
    if (s == "session")
        return GroupBy::Session;
    if (s == "source")
        return GroupBy::Source;
    return std::nullopt;
}

} // namespace memlens
