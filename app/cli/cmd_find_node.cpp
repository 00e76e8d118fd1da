// memlens-cli find-node: the nodes a reference or some words name (node_ref.h), the way every
// verb that takes an id reads it.
#include "cli.h"
#include "vault_args.h"

#include <memlens/memories.h>
#include <memlens/node_ref.h>

#include <iostream>

namespace memlens::cli {
namespace {

int run_find_node(const Args& a) {
    auto vault = open_vault_read_only(a);
    if (!vault)
        return fail("find-node", vault.status());
    auto limit = a.get_int("limit", 1, static_cast<std::int64_t>(kMaxNodeMatches));
    if (!limit)
        return fail("find-node", limit.status());
    const std::size_t n = *limit ? static_cast<std::size_t>(**limit) : 20;
    auto text = a.get("text");
    if (text && !a.positional.empty())
        return fail("find-node", "give a REF or --text WORDS, not both");
    if (!text && a.positional.size() != 1)
        return fail("find-node", "expected one REF (or --text WORDS), got " +
                                     std::to_string(a.positional.size()));
    auto found = text ? find_nodes_by_text(**vault, *text, n)
                      : find_node_refs(**vault, a.positional.front(), n);
    if (!found)
        return fail("find-node", found.status());
    if (a.json()) {
        std::cout << to_json(*found) << '\n';
        return 0;
    }
    if (found->empty()) {
        std::cout << "nothing is named '" << (text ? *text : a.positional.front())
                  << "' in this vault\n";
        return 0;
    }
    std::vector<std::string> ids;
    for (const NodeMatch& m : *found)
        ids.push_back(m.id);
    auto short_ids = short_chunk_ids(**vault, ids);
    for (std::size_t i = 0; i < found->size(); ++i) {
        const NodeMatch& m = (*found)[i];
        std::cout << node_label(m) << "  (id " << (short_ids ? (*short_ids)[i] : m.id) << ", by "
                  << to_string(m.how) << ")\n    " << m.snippet << '\n';
    }
    return 0;
}

MEMLENS_CLI_COMMAND(Spec{
    "find-node",
    "the nodes a reference or some words name: what every verb that takes an id accepts",
    "Usage: memlens-cli find-node --vault DIR [--limit N] [--json] REF\n"
    "       memlens-cli find-node --vault DIR --text WORDS [--limit N] [--json]\n\n"
    "REF is what 'why-not', 'drill', 'leaves', 'get', 'update' and 'forget' accept in place of\n"
    "an id: a chunk or summary id, the start of a chunk id (10 digits or more), a source\n"
    "reference (a LoCoMo turn D1:4, a message id, a file and line notes.md#L12), or\n"
    "'SOURCE REF' when several sources have that reference ('conv-26 D1:4'). When a REF names\n"
    "several nodes, those verbs refuse it and list them; this lists them all (newest first).\n"
    "--text lists the chunks holding every word of WORDS, best match first. N is 1.." +
        std::to_string(kMaxNodeMatches) +
        " (default 20).\n"
        "--json prints [{\"id\", \"how\" (id, short_id, source_ref, message_id, text), \"kind\",\n"
        "\"level\", \"source\", \"source_ref\", \"author\", \"time\", \"label\", \"snippet\"}].",
    {"vault", "limit", "text"},
    {},
    run_find_node});

} // namespace
} // namespace memlens::cli
