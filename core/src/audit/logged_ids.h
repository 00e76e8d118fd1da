// The node ids of an audit row's sources column ([{"node_id": …, …}, …]), read as the text is
// scanned (audit_record.cpp): a blast radius reads ten thousand rows' sources, the vault's
// health every row of the log. The text as memlens writes it is read by a plain scanner;
// anything else by nlohmann's SAX lexer, which says what is wrong. Used by
// rerun_inputs_from_audit and fuzzed against a full parse (fuzz/fuzz_audit_sources.cpp).
#pragma once

#include <memlens/status.h>

#include <string>
#include <vector>

namespace memlens {

// The retrieval_log rows that are searches that answered: a person's query (no tool) or an
// agent's memory_search, not another tool's call and not a failed one. SQL for a WHERE clause.
inline constexpr const char* kAnsweredSearchRows =
    "error IS NULL AND (tool IS NULL OR tool = 'memory_search')";

// Appends the ids in order. Text that is not JSON, not an array of objects, or a source without
// a string node_id (the last node_id key counts, as in a parsed object) is a Corruption naming
// which; ids may then hold a part.
Status logged_node_ids(const std::string& sources, std::vector<std::string>& ids);

} // namespace memlens
