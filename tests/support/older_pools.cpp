#include "older_pools.h"

#include "../../core/src/audit/candidate_codec.h"

namespace memlens::test {

Status store_pools_as_format1(const Database& db, std::int64_t id, const CandidatePools& pools) {
    auto st = db.prepare("UPDATE retrieval_log SET candidates = NULL, query_profile = "
                         "json_set(query_profile, '$.candidates', json(?2)) WHERE id = ?1");
    if (!st)
        return st.status();
    st->bind(1, id).bind(2, encode_candidate_pools_format1(pools));
    return st->exec();
}

} // namespace memlens::test
