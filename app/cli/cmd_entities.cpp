// memlens-cli entities: seed 000's search_entities.
#include "cli.h"
#include "vault_args.h"

#include <memlens/json_writer.h>
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
    auto vault = open_vault_read_only(a);
    if (!vault)
        return fail("entities", vault.status());
    SearchEntitiesOptions o;
    o.query = *query;
    for (const auto& k : a.get_all("kinds")) {
        for (auto& part : split_list(k))
            o.kinds.push_back(std::move(part));
    }
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
    "literally), most mentioned first. --limit defaults to 5 (at most 100).",
    {"vault", "query", "kinds", "limit"},
    {},
    run_entities});

} // namespace
} // namespace memlens::cli
