// What `memlens-cli query --group-by` calls: hits → groups → the shared policy.
#include <memlens/group_ranking.h>

namespace memlens {

Result<GroupRankingResult> rank_hit_groups(const Vault& vault,
                                           const std::vector<RetrievalHit>& hits, GroupBy by,
                                           const QueryContext& ctx) {
    auto groups = hit_group_ids(vault, hits, by);
    if (!groups)
        return groups.status();
    return aggregate_groups(group_ranking_items(hits, *groups, ctx), ctx.intent);
}

} // namespace memlens
