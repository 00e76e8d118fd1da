// memlens-cli why-not: why a query did not return a node (SearchEngine::why_not): the first
// stage that dropped it, in one line, and the numbers under it.
#include "cli.h"
#include "query_options.h"
#include "vault_args.h"

#include <memlens/query_context.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <iostream>

namespace memlens::cli {
namespace {

int run_why_not(const Args& a) {
    auto dir = a.get("vault");
    if (!dir)
        return fail("why-not", "--vault DIR is required");
    auto text = a.get("query");
    if (!text)
        return fail("why-not", "--query TEXT is required (the query to explain)");
    if (Status s = check_query_length(*text); !s)
        return fail("why-not", s);
    if (a.positional.size() != 1)
        return fail("why-not", "expected one NODE (an id or a source reference), got " +
                                   std::to_string(a.positional.size()));
    QueryOptions opts;
    if (Status s = read_query_options(a, opts); !s)
        return fail("why-not", s);
    opts.audit = false;
    auto vault = Vault::open(*dir, true); // it writes nothing: no audit row
    if (!vault)
        return fail("why-not", vault.status());
    if (Status s = read_query_profile(a, **vault, opts); !s)
        return fail("why-not", s);
    SearchEngineOptions eo;
    eo.audit = false;
    auto engine = SearchEngine::open(**vault, eo);
    if (!engine)
        return fail("why-not", engine.status());
    auto node = whole_ids(**vault, {a.positional.front()});
    if (!node)
        return fail("why-not", node.status());
    auto answer = (*engine)->why_not(*text, node->front(), opts);
    if (!answer)
        return fail("why-not", answer.status());
    if (a.json()) {
        std::cout << why_not_json(*answer) << '\n';
        return 0;
    }
    std::cout << answer->verdict << '\n';
    for (const auto& f : answer->facts)
        std::cout << "  " << f.name << ": " << f.value << '\n';
    return 0;
}

MEMLENS_CLI_COMMAND(Spec{
    "why-not",
    "why a query did not return a node: the first stage that dropped it, with its numbers",
    "Usage: memlens-cli why-not --vault DIR --query TEXT [options] [--json] NODE\n\n"
    "Runs the query once more (the same options as 'query'; no audit row is written) and\n"
    "follows NODE through its stages: the first one that dropped it\n"
    "is named in one line, with the numbers it decided by (docs/explanations.md, \"Why not?\").\n"
    "Stages, in order: unknown_node, no_searchable_terms, scope, superseded, no_keyword_match\n"
    "(with the missing terms), keyword_rank, no_vector, beam (both topic paths), vector_rank,\n"
    "fused_rank, mmr, budget; \"returned\" when the query does return it (with its rank).\n"
    "NODE is a chunk or summary id, the start of a chunk id (10 digits or more), or a source\n"
    "reference: a LoCoMo turn (D1:4), a message id, a file and line (notes.md#L12); with the\n"
    "source before it when several sources have it ('conv-26 D1:4'). 'find-node' lists the\n"
    "nodes a reference or some words name.\n"
    "Options (each overrides the vault's setting for this query only):\n" +
        query_options_usage() +
        "Other: --now TIME (recency and freshness reference)\n\n"
        "--json prints {\"node_id\", \"query\", \"stage\", \"verdict\", \"facts\": [{\"name\", "
        "\"value\"}],\n"
        "\"missing_terms\", \"matched_terms\", \"node_topic_path\", \"reached_topic_paths\",\n"
        "\"explanation\" (when it was a fused candidate)}. Exit status: 0 answered (also when it\n"
        "was returned); 1 an error (missing vault, bad option, malformed node id).",
    [] {
        auto names = query_option_names();
        names.insert(names.end(), {"vault", "query"});
        return names;
    }(),
    query_flag_names(), run_why_not});

} // namespace
} // namespace memlens::cli
