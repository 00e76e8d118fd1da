// Memories: the chunks of a vault in an agent's terms (docs/agents.md, "Edit, list, get,
// tags"). One implementation behind memory_update / memory_list / memory_get of the MCP server
// and `memlens-cli update | list | get`: a memory is a chunk, named by its node id.
//
// Reads (list_memories, get_memories) run on the caller's connection, each in one read
// snapshot, and never write. update_memory writes through the Ingestor (ingest.h): one
// transaction, the vault's write lock, the revision bumped.
// Thread-safety: as Vault's (one thread at a time per connection); call off the UI thread.
// Native vaults only: an OpenHuman workspace has none of the columns a memory reads.
#pragma once

#include <memlens/status.h>

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

class Vault;
class Embedder;

// The most tags one memory carries, and the most one filter names.
inline constexpr std::size_t kMaxMemoryTags = 32;
// memory_list's page size: default and most.
inline constexpr int kDefaultMemoryListLimit = 20;
inline constexpr int kMaxMemoryListLimit = 100;
// The most ids one memory_get names.
inline constexpr std::size_t kMaxMemoryGetIds = 20;

// Ok, or InvalidArgument naming `what` and the position of the first bad tag: more than
// kMaxMemoryTags, blank, not UTF-8, holding NUL, or longer than kMaxIngestNameBytes.
Status check_memory_tags(const std::vector<std::string>& tags, std::string_view what = "tags");

// Short ids. A chunk's id is 32 hexadecimal digits, which cost a model some 18 tokens each
// time it reads one; a brief answer names a chunk by the shortest start of its id, of at least
// kShortIdChars digits, that no other chunk's id starts with, and every id a tool or command
// takes may be given so (resolve_node_id). Ten digits keep an id one reads today from
// naming another memory by accident: at a million chunks, a made-up ten-digit start is some
// chunk's one time in a million, and then an ambiguous one is refused, not guessed.
inline constexpr std::size_t kShortIdChars = 10;

// The short ids of these chunk ids, in order; an id that is not a chunk's hexadecimal id (a
// summary's, or a workspace's own form) stays whole.
Result<std::vector<std::string>> short_chunk_ids(const Vault& vault,
                                                 const std::vector<std::string>& ids);

// The node `id` names: itself when it is a chunk's or a summary's id; else the one chunk whose
// id starts with it, when it is kShortIdChars or more hexadecimal digits. InvalidArgument
// naming it when several chunks' ids start with it; returned unchanged when none does, so the
// caller's own "unknown id" error names it.
Result<std::string> resolve_node_id(const Vault& vault, std::string_view id);

struct Memory {
    std::string id; // the chunk's node id
    std::string text;
    std::string author; // "" when none was given
    std::int64_t time_ms = 0;
    std::string source; // source id, e.g. chat:agent
    std::string source_kind;
    std::vector<std::string> tags;
    std::optional<std::string> message_id;
    bool superseded = false;
    // Chunks whose `supersedes` names this one (its id, or its message id), oldest first.
    std::vector<std::string> superseded_by;
    // The chunk this one supersedes (its `supersedes` as the ingest resolved it), if any.
    std::optional<std::string> supersedes;
};

struct MemoryListOptions {
    std::optional<std::string> source;    // exactly this source id
    std::optional<std::string> author;    // this author, ignoring ASCII case
    std::vector<std::string> tags;        // carrying one of these (SearchScope::tags' rule)
    std::optional<std::int64_t> since_ms; // stored at or after, inclusive
    std::optional<std::int64_t> until_ms; // stored at or before, inclusive
    std::string cursor;                   // MemoryPage::next_cursor of the page before; "" first
    int limit = kDefaultMemoryListLimit;  // 1..kMaxMemoryListLimit
    bool include_superseded = false;      // also memories a newer version replaced
};

struct MemoryPage {
    std::vector<Memory> memories; // newest first: by time, then by the order they were written
    // Where the next page starts; nullopt on the last page. The cursor names a position (a
    // time and a row), not an offset: memories written or removed meanwhile, by this process
    // or another, neither repeat nor shift the pages after it.
    std::optional<std::string> next_cursor;
};

// Memories matching every given filter, newest first. InvalidArgument naming the option:
// a limit outside its range, until before since, bad tags, a cursor list_memories did not
// write. Unsupported on a workspace.
Result<MemoryPage> list_memories(const Vault& vault, const MemoryListOptions& opts);

// The memories with these ids, in the order asked (a repeated id once). NotFound naming the
// first id that is no memory (a summary's id says so); InvalidArgument for no ids or more than
// kMaxMemoryGetIds.
Result<std::vector<Memory>> get_memories(const Vault& vault, const std::vector<std::string>& ids);

struct MemoryUpdate {
    std::string id;   // the memory to replace
    std::string text; // its new text
    // Left out: the old memory's own. The source is always the old one's.
    std::optional<std::string> author;
    std::optional<std::vector<std::string>> tags;
    std::optional<std::int64_t> time_ms; // default: now
};

struct MemoryUpdateReport {
    std::string old_id;
    std::vector<std::string> new_ids; // the new version's chunks (one unless the text is long)
};

// A new version of a memory, written through the ingest into the old one's source with
// `supersedes` naming it (its message id when it has one, so every chunk of that message is
// superseded). NotFound naming the id when it is no memory; InvalidArgument when a newer
// version superseded it already (naming that one) or the text or tags are refused. Checked
// again inside the ingest's transaction, so another process forgetting or updating the memory
// meanwhile makes this one fail rather than write a version of nothing. `fold_here` as
// IngestOptions::fold_here (false: the caller's TopicFolder folds).
Result<MemoryUpdateReport> update_memory(Vault& vault, Embedder& embedder, const MemoryUpdate& u,
                                         const std::atomic_bool* cancel = nullptr,
                                         bool fold_here = true);

// The JSON every front end prints (`--json` and the MCP tools' structuredContent): a memory
// {"id","text","author","time" (RFC 3339),"source","source_kind","tags","superseded",
// "superseded_by","supersedes","message_id"}; a page {"memories":[…],"next_cursor"}; an update
// {"old_id","new_ids"}.
std::string to_json(const Memory& m);
std::string to_json(const MemoryPage& page);
std::string to_json(const std::vector<Memory>& memories);
std::string to_json(const MemoryUpdateReport& r);

} // namespace memlens
