// memlens-cli walk: the deterministic walk (E2GraphRAG routing, no model).
#include "cli.h"
#include "vault_args.h"

#include <memlens/json_writer.h>
#include <memlens/retrieval.h>
#include <memlens/search.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iostream>

namespace memlens::cli {
namespace {

int run_walk(const Args& a) {
    auto query = a.get("query");
    if (!query)
        return fail("walk", "--query TEXT is required");
    auto vault = open_vault_read_only(a);
    if (!vault)
        return fail("walk", vault.status());
    WalkOptions o;
    o.query = *query;
    auto limit = get_limit(a);
    if (!limit)
        return fail("walk", limit.status());
    o.limit = *limit;
    auto hops = a.get_int("hops", 1, kMaxGraphHops);
    if (!hops)
        return fail("walk", hops.status());
    if (*hops)
        o.max_hops = static_cast<int>(**hops);
    auto days = a.get_int("days", 0, kMaxDays);
    if (!days)
        return fail("walk", days.status());
    if (*days)
        o.time_window_days = static_cast<int>(**days);
    SearchEngineOptions eo;
    eo.audit = false; // walk logs no audit row
    auto engine = SearchEngine::open(**vault, eo);
    if (!engine)
        return fail("walk", engine.status());
    WalkTrace trace;
    auto r = (*engine)->walk(o, &trace);
    if (!r)
        return fail("walk", r.status());
    if (a.json()) {
        // Ordered, so node_id stays first as in every other command's output.
        auto j = nlohmann::ordered_json::parse(to_json(*r));
        nlohmann::ordered_json pairs = nlohmann::ordered_json::array();
        for (const auto& [x, y] : trace.related_pairs)
            pairs.push_back({x, y});
        j["walk"] = {{"route", to_wire(trace.route)},
                     {"query_entities", trace.query_entities},
                     {"related_pairs", pairs},
                     {"hops_used", trace.hops_used}};
        std::cout << dump_json(j) << '\n';
        return 0;
    }
    std::cout << "route " << to_wire(trace.route);
    if (!trace.query_entities.empty()) {
        std::cout << "; query entities:";
        for (const auto& e : trace.query_entities)
            std::cout << ' ' << e;
    }
    if (trace.route == WalkRoute::Local)
        std::cout << "; hops " << trace.hops_used;
    std::cout << '\n';
    print_response_table(std::cout, *r);
    report_degraded("walk", r->degraded);
    return 0;
}

MEMLENS_CLI_COMMAND(Spec{
    "walk",
    "answer a question by entity-graph routing, no model (walk / smart_walk)",
    "Usage: memlens-cli walk --vault DIR --query TEXT [--limit K] [--hops H] [--days N]\n"
    "         [--json]\n\n"
    "Extracts the entities the question names. None: dense cosine ranking. Entities that the\n"
    "co-occurrence graph relates within H hops (default " +
        std::to_string(kDefaultGraphHops) + ", at most " + std::to_string(kMaxGraphHops) +
        "): nodes that mention\n"
        "both, most entities first (the hit's score is that count). Otherwise the dense top 2K\n"
        "re-sorted by how many of the entities each hit mentions. K defaults to " +
        std::to_string(kDefaultQueryLimit) + " (at most " + std::to_string(kMaxQueryLimit) +
        ");\n"
        "N is 0..36500. When the dense route cannot embed the query, summaries newest first stand\n"
        "in and the answer says so: \"degraded\": {\"reason\": ...} in --json (null otherwise), a\n"
        "line on stderr in text. A malformed entity registry is an error, as for ingest.",
    {"vault", "query", "limit", "hops", "days"},
    {},
    run_walk});

} // namespace
} // namespace memlens::cli
