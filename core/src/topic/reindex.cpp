// reindex_topic_index (topic_tree.h): the topic tree and its index file written again.
#include <memlens/db.h>
#include <memlens/embedder.h>
#include <memlens/topic_tree.h>
#include <memlens/vault.h>

#include <chrono>

namespace memlens {

Result<ReindexReport> reindex_topic_index(const Vault& vault, bool recluster) {
    const auto t0 = std::chrono::steady_clock::now();
    if (vault.read_only())
        return Status(StatusCode::Unsupported, vault.db_path().string() +
                                                   " is open read-only: the topic index is not "
                                                   "rewritten");
    auto embedder = make_embedder_for(vault);
    if (!embedder)
        return embedder.status();
    const Database& db = vault.db();
    auto tx = Transaction::begin(db);
    if (!tx)
        return tx.status().with_context(vault.db_path().string());
    auto index = TopicIndex::load(db, (*embedder)->signature(), {}, recluster);
    if (!index)
        return index.status();
    ReindexReport r;
    r.was_current = index->mapped();
    MEMLENS_TRY(index->save(db));
    MEMLENS_TRY(tx->commit().with_context(vault.db_path().string()));
    // Only now, with the new token committed, does the new file replace topic-index.bin.
    MEMLENS_TRY(TopicIndex::publish_file(db).with_context(
        "the new index is committed but not renamed; memlens maps it under its pending name"));
    auto file = TopicIndex::file_status(db);
    if (!file)
        return file.status();
    r.vectors = index->size();
    r.topics = index->topics().size();
    r.rebuilt = index->load_info().rebuilt;
    r.file = std::move(file).value();
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

} // namespace memlens
