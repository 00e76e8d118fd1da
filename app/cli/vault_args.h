// Shared plumbing of the retrieval commands: open --vault read-only, read the common flags,
// print hits as JSON (json_writer.h) or as a readable table.
#pragma once

#include "cli.h"

#include <memlens/embedder.h>
#include <memlens/types.h>
#include <memlens/vault.h>

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace memlens::cli {

// --vault DIR (or the first positional), opened read-only: these commands never write.
Result<std::unique_ptr<Vault>> open_vault_read_only(const Args& a);

// The ids as the vault knows them: each short id (memories.h, "Short ids": the start of a
// chunk's id that a brief answer gives) made whole; an ambiguous start is an error naming it.
Result<std::vector<std::string>> whole_ids(const Vault& vault, std::vector<std::string> ids);

// --limit N as a size; 0 when absent. InvalidArgument when negative or not a number.
Result<std::size_t> get_limit(const Args& a);

// --query TEXT, when given and not blank.
std::optional<std::string> get_query(const Args& a);

// The vault's configured embedder when a --query asks for a rerank, else null. A vault whose
// embedder cannot be built is an error (better than a silent unranked answer).
Result<std::unique_ptr<Embedder>> embedder_for_query(const Vault& vault, const Args& a);

// One hit a line: rank, kind, level, scope, time range, score (and cosine), id, snippet.
void print_hit_table(std::ostream& out, const std::vector<RetrievalHit>& hits);
// The table plus "N of TOTAL (truncated)".
void print_response_table(std::ostream& out, const QueryResponse& r);

// Prints the response as --json asks, or as a table.
void print_response(const Args& a, const QueryResponse& r);
void print_hits(const Args& a, const std::vector<RetrievalHit>& hits);

} // namespace memlens::cli
