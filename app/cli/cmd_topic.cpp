// memlens-cli topic: the query_topic primitive.
#include "cli.h"
#include "vault_args.h"

#include <memlens/retrieval.h>

namespace memlens::cli {
namespace {

int run_topic(const Args& a) {
    auto entity = a.get("entity");
    if (!entity)
        return fail("topic", "--entity ID is required (see 'memlens-cli entities')");
    auto since = a.get_time("since");
    if (!since)
        return fail("topic", since.status());
    auto until = a.get_time("until");
    if (!until)
        return fail("topic", until.status());
    auto vault = open_vault_read_only(a);
    if (!vault)
        return fail("topic", vault.status());
    QueryTopicOptions o;
    o.entity_id = *entity;
    o.since_ms = *since;
    o.until_ms = *until;
    o.query = get_query(a);
    auto limit = get_limit(a);
    if (!limit)
        return fail("topic", limit.status());
    o.limit = *limit;
    auto embedder = embedder_for_query(**vault, a);
    if (!embedder)
        return fail("topic", embedder.status());
    auto r = query_topic(**vault, o, embedder->get());
    if (!r)
        return fail("topic", r.status());
    print_response(a, *r);
    if (!a.json())
        report_degraded("topic", r->degraded);
    return 0;
}

MEMLENS_CLI_COMMAND(Spec{
    "topic",
    "leaves and summaries that mention one entity (query_topic)",
    "Usage: memlens-cli topic --vault DIR --entity ID [--since TIME] [--until TIME]\n"
    "         [--query TEXT] [--limit N] [--json]\n\n"
    "ID is a canonical entity id such as person:caroline or topic:phoenix. The newest " +
        std::to_string(kTopicLookupCap) +
        "\n"
        "mentions are resolved into hits, newest first or ranked by --query.",
    {"vault", "entity", "since", "until", "query", "limit"},
    {},
    run_topic});

} // namespace
} // namespace memlens::cli
