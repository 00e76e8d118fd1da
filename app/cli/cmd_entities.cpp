// memlens-cli entities: the search_entities primitive.
#include "cli.h"
#include "vault_args.h"

#include <memlens/entities.h>
#include <memlens/json_writer.h>
#include <memlens/query_context.h>
#include <memlens/retrieval.h>
#include <memlens/time_util.h>

#include <cstdio>
#include <iostream>

namespace memlens::cli {
namespace {

int run_entities(const Args& a) {
    auto query = a.get("query");
    if (!query)
        return fail("entities", "--query TEXT is required");
    if (Status s = check_query_length(*query); !s)
        return fail("entities", s.with_context("--query"));
    auto vault = open_vault_read_only(a);
    if (!vault)
        return fail("entities", vault.status());
    // The kinds come from the core: the extraction's and the registry's own (which must load,
    // as it must for ingest).
    auto registry = EntityRegistry::load((*vault)->entities_dir());
    if (!registry)
        return fail("entities", registry.status().with_context("entity registry"));
    SearchEntitiesOptions o;
    o.query = *query;
    auto kinds = a.get_choices("kinds", registry->kinds());
    if (!kinds)
        return fail("entities", kinds.status());
    o.kinds = std::move(kinds).value();
    auto limit = get_limit(a);
    if (!limit)
        return fail("entities", limit.status());
    o.limit = *limit;
    auto r = search_entities(**vault, o);
    if (!r)
        return fail("entities", r.status());
    if (a.json()) {
        write_json(std::cout, *r);
        return 0;
    }
    for (const auto& m : *r) {
        char buf[48];
        std::snprintf(buf, sizeof buf, "%6llu  ", static_cast<unsigned long long>(m.mention_count));
        std::cout << buf << m.canonical_id << "  (" << m.kind << ", \"" << m.surface << "\", last "
                  << format_rfc3339(m.last_seen_ms) << ")\n";
    }
    std::cout << r->size() << " entities\n";
    return 0;
}

MEMLENS_CLI_COMMAND(Spec{
    "entities",
    "find canonical entity ids by name (search_entities)",
    "Usage: memlens-cli entities --vault DIR --query TEXT [--kinds person,topic,...]\n"
    "         [--limit N] [--json]\n\n"
    "Entity ids and surface forms containing TEXT (case-insensitive; % and _ match\n"
    "literally), most mentioned first. --limit defaults to " +
        std::to_string(kDefaultEntitySearchLimit) + " (at most " + std::to_string(kMaxQueryLimit) +
        "). TEXT is at most\n"
        "16384 bytes. --kinds takes the extraction's kinds (person, organization, topic, email, "
        "...)\n"
        "and the kinds of the vault's entity registry.",
    {"vault", "query", "kinds", "limit"},
    {},
    run_entities});

} // namespace
} // namespace memlens::cli
