#pragma once

#include <vector>

namespace memlens::schema {

// SQL of each migration; migration i (0-based) brings user_version from i to i + 1.
const std::vector<const char*>& migrations();
int latest_version();

} // namespace memlens::schema
