// memlens-cli global: the query_global primitive.
#include "cli.h"
#include "vault_args.h"

#include <memlens/retrieval.h>

namespace memlens::cli {
namespace {

int run_global(const Args& a) {
    auto since = a.get_time("since");
    if (!since)
        return fail("global", since.status());
    auto until = a.get_time("until");
    if (!until)
        return fail("global", until.status());
    if (!*since || !*until)
        return fail("global", "--since and --until are required");
    auto vault = open_vault_read_only(a);
    if (!vault)
        return fail("global", vault.status());
    QueryGlobalOptions o;
    o.since_ms = **since;
    o.until_ms = **until;
    auto kind = a.get_choice("source-kind", source_kind_names());
    if (!kind)
        return fail("global", kind.status());
    o.source_kind = *kind;
    o.query = get_query(a);
    auto limit = get_limit(a);
    if (!limit)
        return fail("global", limit.status());
    o.limit = *limit;
    auto embedder = embedder_for_query(**vault, a);
    if (!embedder)
        return fail("global", embedder.status());
    auto r = query_global(**vault, o, embedder->get());
    if (!r)
        return fail("global", r.status());
    print_response(a, *r);
    if (!a.json())
        report_degraded("global", r->degraded);
    return 0;
}

MEMLENS_CLI_COMMAND(Spec{
    "global",
    "summaries of every source overlapping a time window (query_global)",
    "Usage: memlens-cli global --vault DIR --since TIME --until TIME [--source-kind KIND]\n"
    "         [--query TEXT] [--limit N] [--json]\n\n"
    "TIME is RFC 3339 (2023-05-08T13:56:00Z, 2023-05-08) or epoch milliseconds.\n"
    "--until before --since is an error.",
    {"vault", "since", "until", "source-kind", "query", "limit"},
    {},
    run_global});

} // namespace
} // namespace memlens::cli
