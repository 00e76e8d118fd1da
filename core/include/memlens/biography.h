// A memory's biography (docs/judgments.md, "A memory's biography"): every logged search that
// returned one node, with who asked, its rank and the legs' ranks each time (and, for the newest
// appearances, the verdict a rerun of the row gives and the conflicts it saw), the grades it
// received, and what superseded it or what it supersedes. One implementation behind
// `memlens-cli biography` and the GUI's Biography dialog.
//
// Reads only; the log is scanned once for rows whose returned ids name the node. Thread-safety:
// as Vault's (and the engine's, when one is given); call off the UI thread.
#pragma once

#include <memlens/audit.h>
#include <memlens/judgments.h>
#include <memlens/status.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace memlens {

class SearchEngine;
class Vault;

struct Appearance {
    std::int64_t audit_id = 0;
    std::int64_t ts_ms = 0;
    std::string query;
    std::string client; // the agent's client ("" when a person asked in the GUI or the CLI)
    std::string tool;   // the MCP tool ("" for a person's search)
    AuditSource source; // its rank, score and the legs' ranks that time
    // From a rerun of the row (only for the newest `verdicts` appearances of a search row, and
    // only with an engine): the verdict line, and the other hits it conflicted with.
    std::string verdict;
    std::vector<std::string> conflicts;
};

struct Biography {
    std::string node_id;
    bool is_summary = false;
    std::string text; // its first 300 bytes (whole characters)
    std::int64_t time_ms = 0;
    std::string source_id;
    std::size_t logged_searches = 0;     // every logged search, to read the appearances against
    std::vector<Appearance> appearances; // oldest first
    std::vector<Judgment> judgments;     // of every query, by query
    bool superseded = false;
    std::vector<std::string> superseded_by;
    std::optional<std::string> supersedes;
};

// NotFound naming the id for a node the vault does not hold (a short chunk id is resolved
// first). With `engine`, the newest `verdicts` search appearances are rerun for their verdicts.
Result<Biography> node_biography(const Vault& vault, std::string_view node_id,
                                 SearchEngine* engine = nullptr, std::size_t verdicts = 20);

// {"node_id","is_summary","text","time","source","logged_searches","superseded",
//  "superseded_by","supersedes","appearances":[{"audit_id","time","query","client","tool",
//  "rank","score","keyword_rank","vector_rank","fused_rank","verdict","conflicts"}],
//  "judgments":[{"query_id","grade","grade_name","judge","reason","time"}]}
std::string to_json(const Biography& b);

} // namespace memlens
