// memlens-cli drill: the drill_down primitive.
#include "cli.h"
#include "vault_args.h"

#include <memlens/retrieval.h>

namespace memlens::cli {
namespace {

int run_drill(const Args& a) {
    auto node = a.get("node");
    if (!node)
        return fail("drill", "--node ID is required");
    auto depth = a.get_int("depth", 0, 64);
    if (!depth)
        return fail("drill", depth.status());
    auto vault = open_vault_read_only(a);
    if (!vault)
        return fail("drill", vault.status());
    auto whole = whole_ids(**vault, {*node});
    if (!whole)
        return fail("drill", whole.status());
    DrillDownOptions o;
    o.node_id = whole->front();
    o.max_depth = *depth ? static_cast<int>(**depth) : 1;
    o.query = get_query(a);
    auto limit = get_limit(a);
    if (!limit)
        return fail("drill", limit.status());
    if (*limit > 0)
        o.limit = *limit;
    auto embedder = embedder_for_query(**vault, a);
    if (!embedder)
        return fail("drill", embedder.status());
    std::optional<DegradedRanking> degraded;
    auto r = drill_down(**vault, o, embedder->get(), &degraded);
    if (!r)
        return fail("drill", r.status());
    print_hits(a, *r);
    // drill's --json is a bare array of hits (no response object to carry "degraded"), so a
    // fallback is reported on stderr in both modes.
    report_degraded("drill", degraded);
    return 0;
}

MEMLENS_CLI_COMMAND(Spec{
    "drill",
    "the children of a summary, one or more levels down (drill_down)",
    "Usage: memlens-cli drill --vault DIR --node ID [--depth N] [--query TEXT] [--limit N]\n"
    "         [--json]\n\n"
    "Breadth-first below summary ID, --depth levels (default 1). A leaf or unknown id gives\n"
    "nothing. With --query the visited nodes are ranked by cosine similarity, then --limit\n"
    "cuts the list. N is 0..64; --limit at most " +
        std::to_string(kMaxQueryLimit) +
        ". When the query cannot be embedded, BFS\n"
        "order stands and stderr says 'degraded ranking: <reason>'.",
    {"vault", "node", "depth", "query", "limit"},
    {},
    run_drill});

} // namespace
} // namespace memlens::cli
