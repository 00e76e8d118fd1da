// memlens-cli graph: the entity graph (co_occurring_entities, neighbors, hop distance).
#include "cli.h"
#include "vault_args.h"

#include <memlens/graph.h>
#include <memlens/json_writer.h>
#include <memlens/retrieval.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iostream>
#include <limits>

namespace memlens::cli {
namespace {

// The graph primitives have no cap of their own (graph.h); an edge list longer than this is
// not something to read.
constexpr std::int64_t kMaxEdges = 100'000;

int print_edges(const Args& a, const std::vector<GraphEdge>& edges) {
    if (a.json()) {
        write_json(std::cout, edges);
        return 0;
    }
    for (const auto& e : edges)
        std::cout << e.weight << '\t' << e.subject << " -- " << e.object << '\n';
    std::cout << edges.size() << " edges\n";
    return 0;
}

int run_graph(const Args& a) {
    auto limit_arg = a.get_int("limit", 0, kMaxEdges);
    if (!limit_arg)
        return fail("graph", limit_arg.status());
    const auto limit = static_cast<std::size_t>(limit_arg->value_or(0));
    auto hops = a.get_int("hops", 1, kMaxGraphHops);
    if (!hops)
        return fail("graph", hops.status());
    auto min_weight = a.get_int("min-weight", 1, std::numeric_limits<std::int32_t>::max());
    if (!min_weight)
        return fail("graph", min_weight.status());
    auto entity = a.get("entity");
    auto to = a.get("to");
    if (to && !entity)
        return fail("graph", "--to needs --entity");
    auto vault = open_vault_read_only(a);
    if (!vault)
        return fail("graph", vault.status());

    if (entity && to) {
        const int h = *hops ? static_cast<int>(**hops) : kMaxGraphHops;
        auto d = hop_distance(**vault, *entity, *to, h);
        if (!d)
            return fail("graph", d.status());
        if (a.json()) {
            nlohmann::json j = {{"from", *entity},
                                {"to", *to},
                                {"max_hops", h},
                                {"hops", *d ? nlohmann::json(**d) : nlohmann::json(nullptr)}};
            std::cout << dump_json(j) << '\n';
        } else if (*d) {
            std::cout << *entity << " -> " << *to << ": " << **d << " hops\n";
        } else {
            std::cout << *entity << " -> " << *to << ": not within " << h << " hops\n";
        }
        return 0;
    }
    auto edges = entity ? co_occurring_entities(**vault, *entity, limit)
                        : strongest_edges(**vault, *min_weight ? **min_weight : 1, limit);
    if (!edges)
        return fail("graph", edges.status());
    return print_edges(a, *edges);
}

MEMLENS_CLI_COMMAND(Spec{
    "graph",
    "the entity co-occurrence graph: neighbours, hop distance, strongest edges",
    "Usage: memlens-cli graph --vault DIR --entity ID [--limit N] [--json]\n"
    "       memlens-cli graph --vault DIR --entity ID --to ID [--hops H] [--json]\n"
    "       memlens-cli graph --vault DIR [--min-weight W] [--limit N] [--json]\n\n"
    "With --entity: the entities that share nodes with it, heaviest first (weight = number\n"
    "of shared nodes). With --to as well: the hop distance between the two (at most H, default\n"
    "and maximum " +
        std::to_string(kMaxGraphHops) +
        "). With neither: the heaviest edges of the whole graph. --limit defaults\n"
        "to 100 (at most 100000); W is 1 or more.",
    {"vault", "entity", "to", "hops", "limit", "min-weight"},
    {},
    run_graph});

} // namespace
} // namespace memlens::cli
