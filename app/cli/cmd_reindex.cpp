// memlens-cli reindex --vault DIR: write the topic tree and its index file again from the
// vault's vectors, for a vault whose topic-index.bin was deleted or copied without it.
#include "cli.h"

#include <memlens/db.h>
#include <memlens/embedder.h>
#include <memlens/topic_tree.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <iostream>

namespace memlens::cli {
namespace {

int run_reindex(const Args& a) {
    auto dir = a.get("vault");
    if (!dir)
        return fail("reindex", "--vault DIR is required");
    auto v = Vault::open(*dir, false);
    if (!v)
        return fail("reindex", v.status());
    auto r = reindex_topic_index(**v, a.flag("recluster"));
    if (!r)
        return fail("reindex", r.status());
    const TopicFileStatus* file = &r->file;
    const double seconds = r->seconds;
    if (a.json()) {
        nlohmann::json j = {{"vault", *dir},
                            {"vectors", r->vectors},
                            {"topics", r->topics},
                            {"rebuilt", r->rebuilt},
                            {"was_current", r->was_current},
                            {"file", file->path},
                            {"file_bytes", file->bytes},
                            {"seconds", seconds}};
        std::cout << dump_json(j) << '\n';
    } else {
        std::cout << "wrote " << file->path << ": " << r->vectors << " vectors, " << r->topics
                  << " topics" << (r->rebuilt ? " (clustered afresh)" : "") << ", " << seconds
                  << " s\n";
    }
    return 0;
}

MEMLENS_CLI_COMMAND(Spec{"reindex",
                         "write the topic tree and topic-index.bin again",
                         "Usage: memlens-cli reindex --vault DIR [--recluster] [--json]\n\n"
                         "Reads the vault's vectors for its embedder, keeps the stored topic tree\n"
                         "when it still fits them (clusters afresh otherwise), and writes the\n"
                         "tree and DIR/topic-index.bin, the file memlens maps at open instead of\n"
                         "reading every vector. An import keeps both current; run this after\n"
                         "deleting the file or copying a vault without it.\n\n"
                         "--recluster  ignore the stored tree and cluster the vectors afresh with\n"
                         "             this build's tree shape (64 children a topic, leaves of 32)",
                         {"vault"},
                         {"recluster"},
                         run_reindex});

} // namespace
} // namespace memlens::cli
