// The one query-length rule of every entry point (query_context.h, kMaxQueryBytes).
#include <memlens/query_context.h>

namespace memlens {

Status check_query_length(std::string_view text) {
    if (text.size() <= kMaxQueryBytes)
        return Status::ok();
    return Status::invalid("query is " + std::to_string(text.size()) + " bytes; at most " +
                           std::to_string(kMaxQueryBytes) + " are accepted");
}

} // namespace memlens
