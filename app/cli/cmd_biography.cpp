// memlens-cli biography: one memory's life in the audit log (biography.h).
#include "cli.h"
#include "vault_args.h"

#include <memlens/biography.h>
#include <memlens/search.h>
#include <memlens/time_util.h>

#include <cstdio>
#include <iostream>

namespace memlens::cli {
namespace {

std::string rank_or_dash(const std::optional<int>& r) {
    return r ? std::to_string(*r) : std::string("-");
}

int run_biography(const Args& a) {
    if (a.positional.size() != 1)
        return fail("biography", "expected one node id (a short chunk id is enough)");
    auto v = open_vault_read_only(a);
    if (!v)
        return fail("biography", v.status());
    SearchEngineOptions eo;
    eo.audit = false;
    auto engine = SearchEngine::open(**v, eo);
    if (!engine)
        return fail("biography", engine.status());
    auto b = node_biography(**v, a.positional.front(), engine->get());
    if (!b)
        return fail("biography", b.status());
    if (a.json()) {
        std::cout << to_json(*b) << '\n';
        return 0;
    }
    std::printf("%s  %s  %s%s\n  %s\n", b->node_id.c_str(), format_rfc3339(b->time_ms).c_str(),
                b->source_id.c_str(), b->is_summary ? "  (summary)" : "",
                one_line(b->text, 100).c_str());
    if (b->supersedes)
        std::printf("supersedes %s\n", b->supersedes->c_str());
    if (b->superseded)
        std::printf("superseded by %s\n", b->superseded_by.empty()
                                              ? "a newer version"
                                              : join(b->superseded_by, ", ").c_str());
    std::printf("returned by %zu of %zu logged searches\n", b->appearances.size(),
                b->logged_searches);
    for (const auto& ap : b->appearances) {
        std::printf("  %s  #%-3d kw %-4s vec %-4s  %-14s  %s\n", format_rfc3339(ap.ts_ms).c_str(),
                    ap.source.rank, rank_or_dash(ap.source.keyword_rank).c_str(),
                    rank_or_dash(ap.source.vector_rank).c_str(),
                    ap.client.empty() ? "person" : one_line(ap.client, 14).c_str(),
                    one_line(ap.query, 60).c_str());
        if (!ap.verdict.empty())
            std::printf("      %s\n", one_line(ap.verdict, 110).c_str());
        if (!ap.conflicts.empty())
            std::printf("      conflicts with %s\n", join(ap.conflicts, ", ").c_str());
    }
    for (const auto& j : b->judgments)
        std::printf("graded %d (%s) for %s by %s%s%s\n", j.grade,
                    std::string(grade_name(j.grade)).c_str(), j.query_id.c_str(), j.judge.c_str(),
                    j.reason.empty() ? "" : ": ", one_line(j.reason, 60).c_str());
    return 0;
}

MEMLENS_CLI_COMMAND(Spec{
    "biography",
    "one memory's life: every logged search that returned it, its grades, its versions",
    "Usage: memlens-cli biography --vault DIR NODE_ID [--json]\n\n"
    "Every logged search that returned the node, oldest first: when, the question, who asked\n"
    "(an agent's client, or a person), its rank and the legs' ranks; for the newest 20 the\n"
    "verdict a rerun of the row gives and the hits it conflicted with. Then the grades it\n"
    "received (memlens-cli judge) and what superseded it or what it supersedes.",
    {"vault"},
    {},
    run_biography});

} // namespace
} // namespace memlens::cli
