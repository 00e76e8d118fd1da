// Nodes by the names people know them by. A chunk or summary id is 32 hexadecimal digits that
// nobody remembers; a person knows a memory by where it came from (a LoCoMo turn "D1:4", a
// message id, a file and line "notes.md#L12", "chat.jsonl:7") or by a few of its words. Every
// front end that takes a node (Why Not in the GUI, `memlens-cli why-not` and the other verbs that
// take ids, MCP why_not and the tools that take ids) resolves what it is given here, so a
// reference means the same everywhere.
//
// Thread-safety: as Vault's (one thread at a time per connection); call off the UI thread. A
// source reference is matched by scanning the chunk table (it has no index of its own: a person
// types one now and then, and every store would pay for the index): about 0.3 s at a million
// chunks.
#pragma once

#include <memlens/status.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

class Vault;

// How a node matched what was typed.
enum class NodeMatchKind {
    Id,        // its whole id
    ShortId,   // the one chunk id that starts with it (memories.h, kShortIdChars)
    SourceRef, // its source reference: a LoCoMo turn id, a file and line
    MessageId, // the importer's or the agent's id for the message it came from
    Text,      // every word typed is in its text (find_nodes_by_text)
};

// Its wire word: "id", "short_id", "source_ref", "message_id", "text".
const char* to_string(NodeMatchKind kind);

struct NodeMatch {
    std::string id;
    NodeMatchKind how = NodeMatchKind::Id;
    bool summary = false;
    int level = 0;         // a summary's level; 0 for a chunk
    std::string source_id; // a chunk's source; a summary's tree scope
    std::optional<std::string> source_ref;
    std::string author; // "" when none
    std::int64_t time_ms = 0;
    std::string snippet; // the start of its text, on one line
};

// "turn D1:4 · John · 2023-05-08 · locomo:conv-26" for a chunk (the source reference, or
// "memory" when it has none), "summary L2 · topic:phoenix · 2023-05-08" for a summary.
std::string node_label(const NodeMatch& m);

// The most nodes one reference or text search lists.
inline constexpr std::size_t kMaxNodeMatches = 50;

// Every node `ref` names, at most `limit` (1..kMaxNodeMatches): its id; the one chunk whose id
// starts with it (kShortIdChars digits or more; InvalidArgument when several do); else the
// chunks whose source reference or message id is exactly `ref`, newest first; else, when `ref`
// is "SOURCE REF" (a space between), the chunks with that reference in a source whose id is
// SOURCE or ends with ":SOURCE" ("conv-26 D1:4" for the turn D1:4 of locomo:conv-26). Empty
// when nothing matches (the caller says the node is unknown, naming `ref`).
Result<std::vector<NodeMatch>> find_node_refs(const Vault& vault, std::string_view ref,
                                              std::size_t limit = 20);

// Chunks whose text holds every word of `words` (FTS5 over their own text, so operators in it
// are words), best match first, at most `limit`: the picker behind a typed reference that
// names no node. InvalidArgument when `words` has none that can be searched.
Result<std::vector<NodeMatch>> find_nodes_by_text(const Vault& vault, std::string_view words,
                                                  std::size_t limit = 20);

// The one node `ref` names (find_node_refs): its id; `ref` unchanged when nothing matches, so
// the caller's "unknown id" names it; InvalidArgument listing up to five of the nodes when it
// names several ("D1:4 names 10 memories: turn D1:4 · Caroline · … (id 3f9a0c1b2d), …; give
// one of these ids, or the source too, as in 'conv-26 D1:4'").
Result<std::string> resolve_node_ref(const Vault& vault, std::string_view ref);

// [{"id","how","kind" ("chunk"|"summary"),"level","source","source_ref","author","time"
// (RFC 3339),"label","snippet"}] — `memlens-cli find-node --json`.
std::string to_json(const std::vector<NodeMatch>& matches);

} // namespace memlens
