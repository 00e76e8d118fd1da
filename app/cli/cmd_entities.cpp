// memlens-cli entities: the search_entities primitive, alias proposals and merges.
#include "cli.h"
#include "vault_args.h"

#include <memlens/entities.h>
#include <memlens/entity_merge.h>
#include <memlens/json_writer.h>
#include <memlens/query_context.h>
#include <memlens/retrieval.h>
#include <memlens/time_util.h>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>

namespace memlens::cli {
namespace {

int run_proposals(const Args& a) {
    if (a.positional.size() != 1)
        return fail("entities", "proposals takes no argument besides --vault DIR");
    auto dir = a.get("vault");
    if (!dir)
        return fail("entities", "--vault DIR is required");
    auto vault = Vault::open(*dir, true);
    if (!vault)
        return fail("entities", vault.status());
    auto r = propose_entity_merges(**vault);
    if (!r)
        return fail("entities", r.status());
    if (a.json()) {
        nlohmann::json out = nlohmann::json::array();
        for (const auto& p : *r)
            out.push_back({{"from", p.from},
                           {"into", p.into},
                           {"from_surface", p.from_surface},
                           {"into_surface", p.into_surface},
                           {"reason", p.reason},
                           {"edit_distance", p.edit_distance},
                           {"from_mentions", p.from_mentions},
                           {"into_mentions", p.into_mentions},
                           {"shared_chunks", p.shared_chunks},
                           {"into_speaks_there", p.into_speaks_there},
                           {"from_sources", p.from_sources},
                           {"score", p.score}});
        std::cout << dump_json(out) << "\n";
        return 0;
    }
    for (const auto& p : *r) {
        std::cout << p.from << " -> " << p.into << "  (" << p.reason;
        if (p.reason != "same_name")
            std::cout << ", distance " << p.edit_distance;
        std::cout << "; " << p.from_mentions << " vs " << p.into_mentions << " mentions, "
                  << p.shared_chunks << " shared chunks"
                  << (p.into_speaks_there ? ", speaker where it is mentioned" : "") << ")\n";
    }
    std::cout << r->size() << " proposals\n";
    return 0;
}

int run_merge(const Args& a) {
    if (a.positional.size() != 3)
        return fail("entities", "merge takes two entity ids: merge FROM INTO");
    auto dir = a.get("vault");
    if (!dir)
        return fail("entities", "--vault DIR is required");
    auto vault = Vault::open(*dir, false);
    if (!vault)
        return fail("entities", vault.status());
    auto r = merge_entities(**vault, a.positional[1], a.positional[2]);
    if (!r)
        return fail("entities", r.status());
    if (a.json()) {
        nlohmann::json out = {{"from", r->from},
                              {"into", r->into},
                              {"aliases_added", r->aliases_added},
                              {"registry_file", r->registry_file.string()},
                              {"mentions_moved", r->mentions_moved},
                              {"mentions_dropped", r->mentions_dropped},
                              {"edges_before", r->edges_before},
                              {"edges_after", r->edges_after}};
        std::cout << dump_json(out) << "\n";
        return 0;
    }
    std::cout << "merged " << r->from << " into " << r->into << ": " << r->mentions_moved
              << " mentions moved, " << r->mentions_dropped << " already named " << r->into << "; "
              << r->edges_after << " edges (" << r->edges_before << " before); alias"
              << (r->aliases_added.size() == 1 ? "" : "es") << " " << join(r->aliases_added, ", ")
              << " in " << r->registry_file.string() << "\n";
    return 0;
}

int run_entities(const Args& a) {
    if (!a.positional.empty() && a.positional.front() == "proposals")
        return run_proposals(a);
    if (!a.positional.empty() && a.positional.front() == "merge")
        return run_merge(a);
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
        std::cout << buf << m.canonical_id << "  (" << m.kind << ", \"" << m.surface << "\", first "
                  << format_rfc3339(m.first_seen_ms) << ", last " << format_rfc3339(m.last_seen_ms)
                  << ")\n";
    }
    std::cout << r->size() << " entities\n";
    return 0;
}

MEMLENS_CLI_COMMAND(Spec{
    "entities",
    "find canonical entity ids by name (search_entities)",
    "Usage: memlens-cli entities --vault DIR --query TEXT [--kinds person,topic,...]\n"
    "         [--limit N] [--json]\n"
    "       memlens-cli entities proposals --vault DIR [--json]\n"
    "       memlens-cli entities merge --vault DIR FROM INTO [--json]\n\n"
    "proposals lists short forms, misspellings and topic twins of known persons (\"Mel\",\n"
    "\"Mell\" for Melanie) with their evidence: shared chunks, whether the person speaks where\n"
    "the variant is mentioned. merge re-points FROM's mentions to INTO and writes FROM's\n"
    "surfaces as aliases into INTO's registry file, all or nothing (docs/entities.md).\n\n"
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
