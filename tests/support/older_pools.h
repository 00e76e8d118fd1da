// Audit rows as an older memlens wrote them, for the suites that check they still read.
#pragma once

#include <memlens/db.h>
#include <memlens/search.h>
#include <memlens/status.h>

#include <cstdint>

namespace memlens::test {

// Rewrites audit row `id` as memlens wrote it before schema 5: `pools` in format 1 inside
// query_profile's "candidates", and no candidates column.
Status store_pools_as_format1(const Database& db, std::int64_t id, const CandidatePools& pools);

} // namespace memlens::test
