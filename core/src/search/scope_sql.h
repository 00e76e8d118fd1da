// Scoping (vault, sources, time, tags) as SQL conditions, shared by the keyword leg (inside its
// FTS5 query) and the vector leg (to build its `allowed` mask), so both legs scope identically.
#pragma once

#include "search/statement_cache.h"

#include <memlens/search.h>

namespace memlens::search {

// Column expressions of a chunk row aliased `c`. An OpenHuman workspace lacks memlens's own
// columns; there every chunk is in namespace "default", of content type "text", not superseded.
struct ChunkColumns {
    std::string rid, ns, content_type, superseded, group_id, doc_id, version_ms, message_id,
        supersedes, author;
    static ChunkColumns for_vault(bool native);
};

// Topic names as the scope matches them: lowercase, without "topic:", "hashtag:" or "#".
std::vector<std::string> normalized_topics(const std::vector<std::string>& topics);

// The condition "the JSON array of tags in `tags_json_column` holds one of the tags bound to its
// one parameter (a JSON array)", ignoring ASCII case: SearchScope::tags and memory_list's tags.
std::string tag_condition(const std::string& tags_json_column);

// Appends " AND …" conditions on chunks aliased `c`.
void append_chunk_scope(SqlQuery& q, const SearchScope& scope, bool hide_superseded,
                        const ChunkColumns& cols);

// Appends " AND …" conditions on summaries aliased `s` (deleted ones are always excluded).
// Namespaces, content types and tags belong to chunks: a scope that names one excludes
// summaries, which mix many chunks; false is returned then and nothing is appended.
bool append_summary_scope(SqlQuery& q, const SearchScope& scope, bool hide_superseded);

} // namespace memlens::search
