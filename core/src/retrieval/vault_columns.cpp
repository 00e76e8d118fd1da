#include "retrieval/vault_columns.h"

#include <memlens/vault.h>

#include <set>

namespace memlens::detail {

namespace {

std::set<std::string> columns_of(const Database& db, const char* table) {
    std::set<std::string> out;
    auto st = db.prepare(std::string("PRAGMA main.table_info(") + table + ")");
    if (!st)
        return out;
    while (true) {
        auto row = st->step();
        if (!row || !*row)
            break;
        out.insert(st->column_text(1));
    }
    return out;
}

} // namespace

VaultColumns vault_columns(const Vault& vault) {
    VaultColumns c;
    if (vault.format() == VaultFormat::Native)
        return c;
    const auto chunks = columns_of(vault.db(), "mem_tree_chunks");
    const auto summaries = columns_of(vault.db(), "mem_tree_summaries");
    c.chunk_superseded = chunks.count("superseded") != 0;
    c.chunk_lifecycle = chunks.count("lifecycle_status") != 0;
    c.chunk_content_path = chunks.count("content_path") != 0;
    c.chunk_parent_link = chunks.count("parent_summary_id") != 0;
    c.chunk_author = chunks.count("author") != 0;
    c.chunk_parent_time = false; // another writer's schema and indexes
    c.summary_doc_version = summaries.count("doc_id") != 0 && summaries.count("version_ms") != 0;
    c.summary_content_path = summaries.count("content_path") != 0;
    return c;
}

std::string live_chunk_condition(const VaultColumns& cols) {
    std::string cond = "1";
    if (cols.chunk_superseded)
        cond += " AND c.superseded = 0";
    if (cols.chunk_lifecycle)
        cond += " AND c.lifecycle_status <> 'dropped'";
    return cond;
}

} // namespace memlens::detail
