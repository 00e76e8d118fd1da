#include <memlens/retrieval.h>

#include <algorithm>

namespace memlens {

std::size_t clamp_query_limit(std::size_t limit) {
    return limit == 0 ? kDefaultQueryLimit : std::min(limit, kMaxQueryLimit);
}

} // namespace memlens
