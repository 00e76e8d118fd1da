// memlens-cli reindex --vault DIR: write the topic tree and its index file again from the
// vault's vectors, for a vault whose topic-index.bin was deleted or copied without it.
#include "cli.h"

#include <memlens/db.h>
#include <memlens/embedder.h>
#include <memlens/topic_tree.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <chrono>
#include <iostream>

namespace memlens::cli {
namespace {

int run_reindex(const Args& a) {
    auto dir = a.get("vault");
    if (!dir)
        return fail("reindex", "--vault DIR is required");
    const auto t0 = std::chrono::steady_clock::now();
    auto v = Vault::open(*dir, false);
    if (!v)
        return fail("reindex", v.status());
    auto embedder = make_embedder_for(**v);
    if (!embedder)
        return fail("reindex", embedder.status());
    const Database& db = (*v)->db();
    auto tx = Transaction::begin(db);
    if (!tx)
        return fail("reindex", tx.status().with_context((*v)->db_path().string()));
    auto index = TopicIndex::load(db, (*embedder)->signature(), {}, a.flag("recluster"));
    if (!index)
        return fail("reindex", index.status());
    const bool was_mapped = index->mapped();
    if (Status s = index->save(db); !s.is_ok())
        return fail("reindex", s);
    if (Status s = tx->commit(); !s.is_ok())
        return fail("reindex", s.with_context((*v)->db_path().string()));
    // Only now, with the new token committed, does the new file replace topic-index.bin.
    if (Status s = TopicIndex::publish_file(db); !s.is_ok())
        return fail("reindex", s.with_context("the new index is committed but not renamed; "
                                              "memlens maps it under its pending name"));
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    // The path and size as the index itself names them (topic_file_path), not rebuilt here.
    auto file = TopicIndex::file_status(db);
    if (!file)
        return fail("reindex", file.status());
    if (a.json()) {
        nlohmann::json j = {{"vault", *dir},
                            {"vectors", index->size()},
                            {"topics", index->topics().size()},
                            {"rebuilt", index->load_info().rebuilt},
                            {"was_current", was_mapped},
                            {"file", file->path},
                            {"file_bytes", file->bytes},
                            {"seconds", seconds}};
        std::cout << dump_json(j) << '\n';
    } else {
        std::cout << "wrote " << file->path << ": " << index->size() << " vectors, "
                  << index->topics().size() << " topics"
                  << (index->load_info().rebuilt ? " (clustered afresh)" : "") << ", " << seconds
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
