// memlens-cli leaves: the fetch_leaves primitive.
#include "cli.h"
#include "vault_args.h"

#include <memlens/retrieval.h>

namespace memlens::cli {
namespace {

int run_leaves(const Args& a) {
    std::vector<std::string> ids;
    for (const auto& v : a.get_all("ids")) {
        for (auto& part : split_list(v))
            ids.push_back(std::move(part));
    }
    if (ids.empty())
        return fail("leaves", "--ids ID[,ID...] is required");
    auto vault = open_vault_read_only(a);
    if (!vault)
        return fail("leaves", vault.status());
    auto whole = whole_ids(**vault, ids);
    if (!whole)
        return fail("leaves", whole.status());
    auto r = fetch_leaves(**vault, *whole);
    if (!r)
        return fail("leaves", r.status());
    print_hits(a, *r);
    return 0;
}

MEMLENS_CLI_COMMAND(Spec{
    "leaves",
    "whole chunks by id, for citation (fetch_leaves)",
    "Usage: memlens-cli leaves --vault DIR --ids ID[,ID...] [--json]\n\n"
    "The first 20 ids, in the order given; unknown ids are skipped. Each hit carries the\n"
    "chunk's whole body and its stored importance score.",
    {"vault", "ids"},
    {},
    run_leaves});

} // namespace
} // namespace memlens::cli
