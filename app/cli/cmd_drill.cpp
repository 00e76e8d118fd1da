// memlens-cli drill: seed 000's drill_down.
#include "cli.h"
#include "vault_args.h"

#include <memlens/retrieval.h>

namespace memlens::cli {
namespace {

int run_drill(const Args& a) {
    auto node = a.get("node");
    if (!node)
        return fail("drill", "--node ID is required");
    auto depth = a.get_int("depth");
    if (!depth)
        return fail("drill", depth.status());
    if (*depth && (**depth < 0 || **depth > 64))
        return fail("drill", "--depth must be between 0 and 64");
    auto vault = open_vault_read_only(a);
    if (!vault)
        return fail("drill", vault.status());
    DrillDownOptions o;
    o.node_id = *node;
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
    auto r = drill_down(**vault, o, embedder->get());
    if (!r)
        return fail("drill", r.status());
    print_hits(a, *r);
    return 0;
}

MEMLENS_CLI_COMMAND(Spec{
    "drill",
    "the children of a summary, one or more levels down (drill_down)",
    "Usage: memlens-cli drill --vault DIR --node ID [--depth N] [--query TEXT] [--limit N]\n"
    "         [--json]\n\n"
    "Breadth-first below summary ID, --depth levels (default 1). A leaf or unknown id gives\n"
    "nothing. With --query the visited nodes are ranked by cosine similarity, then --limit\n"
    "cuts the list.",
    {"vault", "node", "depth", "query", "limit"},
    {},
    run_drill});

} // namespace
} // namespace memlens::cli
