// memlens-cli health: memories no logged search returned, and magnets (health.h).
#include "cli.h"
#include "vault_args.h"

#include <memlens/health.h>
#include <memlens/time_util.h>

#include <cstdio>
#include <iostream>

namespace memlens::cli {
namespace {

void print_rows(const char* title, const std::vector<CoverageRow>& rows) {
    std::printf("%s\n", title);
    for (const auto& r : rows)
        std::printf("  %-32s %8zu memories  %8zu never returned (%.0f%%)\n",
                    one_line(r.label, 32).c_str(), r.chunks, r.never_returned,
                    r.chunks ? 100.0 * static_cast<double>(r.never_returned) /
                                   static_cast<double>(r.chunks)
                             : 0.0);
}

int run_health(const Args& a) {
    HealthOptions o;
    auto since = a.get_time("since");
    auto until = a.get_time("until");
    for (const Status& s : {since.status(), until.status()})
        if (!s)
            return fail("health", s);
    o.since_ms = *since;
    o.until_ms = *until;
    auto v = open_vault_read_only(a);
    if (!v)
        return fail("health", v.status());
    auto r = vault_health(**v, o);
    if (!r)
        return fail("health", r.status());
    if (a.json()) {
        std::cout << to_json(*r) << '\n';
        return 0;
    }
    std::printf("%zu logged searches (%zu distinct questions) over %zu memories: %zu never "
                "returned (%.0f%%)\n",
                r->searches, r->distinct_queries, r->chunks, r->never_returned,
                r->chunks ? 100.0 * static_cast<double>(r->never_returned) /
                                static_cast<double>(r->chunks)
                          : 0.0);
    if (r->newest_ms)
        std::printf("ages count back from the newest memory, %s\n",
                    format_rfc3339(r->newest_ms).c_str());
    print_rows("by age:", r->by_age);
    print_rows("by source (most never returned first):", r->by_source);
    if (r->magnets.empty()) {
        std::printf("no magnets: no memory came back for many unrelated questions\n");
        return 0;
    }
    std::printf("magnets (returned for many unrelated questions):\n");
    for (const auto& m : r->magnets) {
        std::printf("  %s  %zu questions (%.0f%%; %.0f%% of their pairs share no word)  %s\n",
                    m.node_id.c_str(), m.queries, 100.0 * m.share, 100.0 * m.unrelated_share,
                    one_line(m.text, 60).c_str());
        for (std::size_t i = 0; i < m.sample_queries.size() && i < 3; ++i)
            std::printf("      \"%s\"\n", one_line(m.sample_queries[i], 80).c_str());
    }
    return 0;
}

MEMLENS_CLI_COMMAND(Spec{
    "health",
    "memories no logged search returned, and magnets returned for everything",
    "Usage: memlens-cli health --vault DIR [--since TIME] [--until TIME] [--json]\n\n"
    "Reads the audit log's searches (those logged between --since and --until) and says which\n"
    "memories none of them returned, by age (counted back from the newest memory) and by\n"
    "source, and which memories came back for many unrelated questions: at least 5 distinct\n"
    "questions and 5% of all of them, most pairs of which share no word (a magnet: a hub of\n"
    "the ranking that crowds out better answers), with the questions.",
    {"vault", "since", "until"},
    {},
    run_health});

} // namespace
} // namespace memlens::cli
