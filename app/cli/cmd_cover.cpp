// memlens-cli cover: the cover_window primitive.
#include "cli.h"
#include "vault_args.h"

#include <memlens/retrieval.h>

namespace memlens::cli {
namespace {

// cover_window has no cap of its own; a window's chunks are few enough for this one.
constexpr std::int64_t kMaxCoverLimit = 100'000;

int run_cover(const Args& a) {
    auto since = a.get_time("since");
    if (!since)
        return fail("cover", since.status());
    auto until = a.get_time("until");
    if (!until)
        return fail("cover", until.status());
    if (!*since || !*until)
        return fail("cover", "--since and --until are required");
    auto vault = open_vault_read_only(a);
    if (!vault)
        return fail("cover", vault.status());
    CoverWindowOptions o;
    o.since_ms = **since;
    o.until_ms = **until;
    o.source_id = a.get("source-id");
    auto kind = a.get_choice("source-kind", source_kind_names());
    if (!kind)
        return fail("cover", kind.status());
    o.source_kind = *kind;
    auto limit = a.get_int("limit", 0, kMaxCoverLimit);
    if (!limit)
        return fail("cover", limit.status());
    o.limit = static_cast<std::size_t>(limit->value_or(0));
    auto r = cover_window(**vault, o);
    if (!r)
        return fail("cover", r.status());
    print_response(a, *r);
    return 0;
}

MEMLENS_CLI_COMMAND(Spec{
    "cover",
    "the fewest nodes that cover every chunk of a time window (cover_window)",
    "Usage: memlens-cli cover --vault DIR --since TIME --until TIME [--source-id ID]\n"
    "         [--source-kind KIND] [--limit N] [--json]\n\n"
    "Summaries whose whole subtree lies in the window stand in for it; other in-window chunks\n"
    "come back raw. Grouped by source, then by start time. --limit defaults to " +
        std::to_string(kDefaultCoverLimit) + " (at most\n" + std::to_string(kMaxCoverLimit) +
        "). KIND is chat, email or document.",
    {"vault", "since", "until", "source-id", "source-kind", "limit"},
    {},
    run_cover});

} // namespace
} // namespace memlens::cli
