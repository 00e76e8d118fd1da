// memlens-cli source: the query_source primitive.
#include "cli.h"
#include "vault_args.h"

#include <memlens/retrieval.h>

namespace memlens::cli {
namespace {

int run_source(const Args& a) {
    auto vault = open_vault_read_only(a);
    if (!vault)
        return fail("source", vault.status());
    QuerySourceOptions o;
    o.source_id = a.get("source-id");
    auto kind = a.get_choice("source-kind", source_kind_names());
    if (!kind)
        return fail("source", kind.status());
    o.source_kind = *kind;
    o.query = get_query(a);
    auto days = a.get_int("days", 0, kMaxDays);
    if (!days)
        return fail("source", days.status());
    if (*days)
        o.time_window_days = static_cast<int>(**days);
    auto limit = get_limit(a);
    if (!limit)
        return fail("source", limit.status());
    o.limit = *limit;
    auto embedder = embedder_for_query(**vault, a);
    if (!embedder)
        return fail("source", embedder.status());
    auto r = query_source(**vault, o, embedder->get());
    if (!r)
        return fail("source", r.status());
    print_response(a, *r);
    if (!a.json())
        report_degraded("source", r->degraded);
    return 0;
}

MEMLENS_CLI_COMMAND(Spec{
    "source",
    "summaries of one source, one kind of source, or all sources (query_source)",
    "Usage: memlens-cli source --vault DIR [--source-id ID | --source-kind chat|email|document]\n"
    "         [--days N] [--query TEXT] [--limit N] [--json]\n\n"
    "Level >= 1 summaries of the selected source trees, newest first, or ranked by cosine\n"
    "similarity to --query (the vault's embedder). --days keeps summaries overlapping the last\n"
    "N days (0..36500). --limit defaults to " +
        std::to_string(kDefaultQueryLimit) + " (at most " + std::to_string(kMaxQueryLimit) +
        "); 'total' counts matches before it.\n"
        "When the query cannot be embedded, newest-first order stands and the answer says so:\n"
        "\"degraded\": {\"reason\": ...} in --json (null otherwise), a line on stderr in text.",
    {"vault", "source-id", "source-kind", "days", "query", "limit"},
    {},
    run_source});

} // namespace
} // namespace memlens::cli
